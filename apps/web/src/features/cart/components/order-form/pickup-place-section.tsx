/** The pickup venue (type 3): the client's places offering pickup, one required when there are several. */
import { useTranslation } from 'react-i18next';
import { translateField } from '@trapeza/domain/i18n';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { FieldError } from './fields.tsx';

export function PickupPlaceSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { lang } = m.ctx.venue;
  return (
    <fieldset className="fieldset" aria-describedby={`${m.formId}-pickupPlaceId-error`}>
      <legend>{t('cart.fields.pickupPlace')}</legend>
      {m.pickupPlaces.map((p) => (
        <label key={p.id} className="choice">
          <input type="radio" value={String(p.id)} {...m.form.register('pickupPlaceId')} />
          <span>
            {translateField(p, 'name', lang) || p.name}
            {p.address ? <small className="muted"> – {p.address}</small> : null}
          </span>
        </label>
      ))}
      <FieldError m={m} name="pickupPlaceId" />
    </fieldset>
  );
}
