/** The pickup venue (type 3): the client's places offering pickup, one required when there are several. */
import { useTranslation } from 'react-i18next';
import { translateField } from '@trapeza/domain/i18n';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { ChoiceCard, ChoiceCardGroup } from '../../../../components/ui/choice-card.tsx';

export function PickupPlaceSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { lang } = m.ctx.venue;
  return (
    <ChoiceCardGroup legend={t('cart.fields.pickupPlace')} error={m.errorText('pickupPlaceId')}>
      {m.pickupPlaces.map((p) => (
        <ChoiceCard
          key={p.id}
          value={String(p.id)}
          label={translateField(p, 'name', lang) || p.name}
          description={p.address || undefined}
          {...m.form.register('pickupPlaceId')}
        />
      ))}
    </ChoiceCardGroup>
  );
}
