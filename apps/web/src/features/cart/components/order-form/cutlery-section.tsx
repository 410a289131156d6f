/** Cutlery (where the venue's setting turns it on for the order type): yes with a count, or no. */
import { useTranslation } from 'react-i18next';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { FieldError } from './fields.tsx';

export function CutlerySection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { register } = m.form;
  return (
    <fieldset className="fieldset">
      <legend>{t('cart.fields.cutlery')}</legend>
      <label className="choice">
        <input type="radio" value="yes" {...register('cutlery')} />
        <span>{t('cart.fields.cutleryYes')}</span>
      </label>
      <label className="choice">
        <input type="radio" value="no" {...register('cutlery')} />
        <span>{t('cart.fields.cutleryNo')}</span>
      </label>
      {m.values.cutlery === 'yes' && (
        <div className="field">
          <label htmlFor={`${m.formId}-cutleryCount`}>{t('cart.fields.cutleryCount')}</label>
          <input
            id={`${m.formId}-cutleryCount`}
            type="number"
            min={1}
            max={100}
            {...register('cutleryCount', { valueAsNumber: true })}
          />
        </div>
      )}
      <FieldError m={m} name="cutlery" />
    </fieldset>
  );
}
