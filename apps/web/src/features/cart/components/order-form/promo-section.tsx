/**
 * The promo code: the code's field and Apply (POST promo-codes/check previews it; the order call checks it again),
 * then the applied code as a pressed chip (components/ui/chip.tsx): a tap on it takes the code off again.
 */
import { useTranslation } from 'react-i18next';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { Chip, ChipGroup } from '../../../../components/ui/chip.tsx';
import s from './order-form.module.css';
import f from '../guest-fields.module.css';

export function PromoSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { values, formId, promoState } = m;
  if (values.promoApplied) {
    return (
      <div className={s.promoApplied}>
        <ChipGroup label={t('cart.fields.promo')}>
          <Chip pressed onPressedChange={(on) => !on && m.removePromo()}>
            {values.promoApplied}
          </Chip>
        </ChipGroup>
        <p role="status" className={s.promoNote}>
          {t('cart.promoApplied', { code: values.promoApplied })} {t('cart.promoTapToRemove')}
        </p>
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={`${formId}-promoInput`}>{t('cart.fields.promo')}</label>
      <div className={f.inputRow}>
        <input
          id={`${formId}-promoInput`}
          autoComplete="off"
          aria-invalid={promoState.error ? true : undefined}
          aria-describedby={promoState.error ? `${formId}-promo-error` : undefined}
          {...m.form.register('promoInput')}
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void m.applyPromo()}
          disabled={values.promoInput.trim() === '' || promoState.checking}
        >
          {promoState.checking ? t('cart.promoChecking') : t('cart.applyPromo')}
        </button>
      </div>
      {promoState.error && (
        <small id={`${formId}-promo-error`} className="field-error" role="alert">
          {promoState.error}
        </small>
      )}
    </div>
  );
}
