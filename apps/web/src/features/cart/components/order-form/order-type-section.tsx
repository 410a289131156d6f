/** The order type: a choice among the offered types, or the one a table or room session fixes. */
import { useTranslation } from 'react-i18next';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { FieldError } from './fields.tsx';

export function OrderTypeSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { tableSession } = m.ctx;
  if (m.offered.length > 1) {
    return (
      <fieldset className="fieldset">
        <legend>{t('cart.orderType')}</legend>
        {m.offered.map((o) => (
          <label key={o} className="choice">
            <input type="radio" value={String(o)} {...m.form.register('orderType')} />
            <span>{t(`cart.types.${o}`)}</span>
          </label>
        ))}
        <FieldError m={m} name="orderType" />
      </fieldset>
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
