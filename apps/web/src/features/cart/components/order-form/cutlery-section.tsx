/**
 * Cutlery (where the venue's setting turns it on for the order type): yes or no as choice cards, and with yes the
 * number of sets on the quantity stepper (components/ui), one to the order bodies' maximum.
 */
import { useTranslation } from 'react-i18next';
import { MAX_CUTLERY_COUNT } from '@trapeza/domain/pricing/fees';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { ChoiceCard, ChoiceCardGroup } from '../../../../components/ui/choice-card.tsx';
import { Stepper } from '../../../../components/ui/stepper.tsx';
import s from './order-form.module.css';

export function CutlerySection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { register, setValue } = m.form;
  const count =
    Number.isFinite(m.values.cutleryCount) && m.values.cutleryCount > 0 ? m.values.cutleryCount : 1;
  return (
    <ChoiceCardGroup legend={t('cart.fields.cutlery')} layout="grid" error={m.errorText('cutlery')}>
      <ChoiceCard value="yes" label={t('cart.fields.cutleryYes')} {...register('cutlery')} />
      <ChoiceCard value="no" label={t('cart.fields.cutleryNo')} {...register('cutlery')} />
      {m.values.cutlery === 'yes' && (
        <div className={s.countRow}>
          <span aria-hidden="true">{t('cart.fields.cutleryCount')}</span>
          <Stepper
            label={t('cart.fields.cutleryCount')}
            decreaseLabel={t('cart.fields.cutleryFewer')}
            increaseLabel={t('cart.fields.cutleryMore')}
            value={count}
            min={1}
            max={MAX_CUTLERY_COUNT}
            onChange={(n) => setValue('cutleryCount', n, { shouldDirty: true })}
          />
        </div>
      )}
    </ChoiceCardGroup>
  );
}
