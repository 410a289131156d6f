/** Cutlery (where the venue's setting turns it on for the order type): yes with a count, or no. */
import { useTranslation } from 'react-i18next';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { ChoiceCard, ChoiceCardGroup } from '../../../../components/ui/choice-card.tsx';

export function CutlerySection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { register } = m.form;
  return (
    <ChoiceCardGroup legend={t('cart.fields.cutlery')} layout="grid" error={m.errorText('cutlery')}>
      <ChoiceCard value="yes" label={t('cart.fields.cutleryYes')} {...register('cutlery')} />
      <ChoiceCard value="no" label={t('cart.fields.cutleryNo')} {...register('cutlery')} />
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
    </ChoiceCardGroup>
  );
}
