/** Delivery or pickup time: as soon as possible, or an open day and time in the venue's time zone. */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { useTranslation } from 'react-i18next';
import type { OrderDayChoice } from '@trapeza/domain/order-time';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { ChoiceCard, ChoiceCardGroup } from '../../../../components/ui/choice-card.tsx';
import { FormSelect } from '../../../../components/ui/form-select.tsx';
import { FieldError } from './fields.tsx';

/** A day choice's label in the guest's language: short weekday and date ('Tue, 03.03'). */
function dayLabel(c: OrderDayChoice, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(Date.UTC(c.day.year, c.day.month - 1, c.day.day));
}

export function OrderTimeSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { lang } = m.ctx.venue;
  const { register } = m.form;
  const { values, formId, dayChoices } = m;
  return (
    <div className="stack">
      <ChoiceCardGroup
        legend={m.type === ORDER_TYPES.DELIVERY ? t('cart.fields.deliveryTime') : t('cart.fields.pickupTime')}
        layout="grid"
      >
        <ChoiceCard value="asap" label={t('cart.fields.asap')} {...register('timeMode')} />
        <ChoiceCard value="exact" label={t('cart.fields.exactTime')} {...register('timeMode')} />
      </ChoiceCardGroup>
      {values.timeMode === 'exact' && (
        <div className="field-row">
          <div className="field">
            <label htmlFor={`${formId}-orderDate`}>{t('cart.fields.orderDate')}</label>
            <FormSelect
              {...m.fieldProps('orderDate')}
              control={m.form.control}
              name="orderDate"
              options={[
                { value: '', label: '—' },
                ...dayChoices.map((d) => ({ value: d.value, label: dayLabel(d, lang) })),
              ]}
            />
            <FieldError m={m} name="orderDate" />
          </div>
          <div className="field">
            <label htmlFor={`${formId}-orderTime`}>{t('cart.fields.orderTime')}</label>
            <FormSelect
              {...m.fieldProps('orderTime')}
              control={m.form.control}
              name="orderTime"
              options={[
                { value: '', label: '—' },
                ...(dayChoices.find((d) => d.value === values.orderDate)?.times ?? []).map((time) => ({
                  value: time,
                  label: time,
                })),
              ]}
            />
            <FieldError m={m} name="orderTime" />
          </div>
        </div>
      )}
      {m.mayBeLate && m.type === ORDER_TYPES.DELIVERY && <p className="muted">{m.mayBeLate}</p>}
    </div>
  );
}
