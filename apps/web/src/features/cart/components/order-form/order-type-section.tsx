/** The order type: a choice among the offered types, or the one a table or room session fixes. */
import { useTranslation } from 'react-i18next';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { ChoiceCard, ChoiceCardGroup } from '../../../../components/ui/choice-card.tsx';

export function OrderTypeSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { tableSession } = m.ctx;
  // The order types one a row: whole words ("Сервиране на място") on a phone, where two a row cut them in two.
  if (m.offered.length > 1) {
    return (
      <ChoiceCardGroup legend={t('cart.orderType')} error={m.errorText('orderType')}>
        {m.offered.map((o) => (
          <ChoiceCard
            key={o}
            value={String(o)}
            label={t(`cart.types.${o}`)}
            {...m.form.register('orderType')}
          />
        ))}
      </ChoiceCardGroup>
    );
  }
  return (
    m.type != null && (
      <p className="muted">
        {t(`cart.types.${m.type}`)}
        {tableSession?.room_number
          ? ` – ${t('cart.room', { room: tableSession.room_number })}`
          : tableSession?.table
            ? ` – ${t('cart.table', { table: tableSession.table })}`
            : ''}
      </p>
    )
  );
}
