/** The promo code: Apply previews it (POST promo-codes/check), an applied code shows with Remove. */
import { useTranslation } from 'react-i18next';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';

export function PromoSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { values, formId, promoState } = m;
  return (
    <div className="field">
      <label htmlFor={`${formId}-promoInput`}>{t('cart.fields.promo')}</label>
      {values.promoApplied ? (
        <p>
          {t('cart.promoApplied', { code: values.promoApplied })}{' '}
          <button type="button" className="button button-secondary" onClick={m.removePromo}>
            {t('cart.remove')}
          </button>
        </p>
      ) : (
        <div className="field-row">
          <input
            id={`${formId}-promoInput`}
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
      )}
      {promoState.error && (
        <small id={`${formId}-promo-error`} className="field-error" role="alert">
          {promoState.error}
        </small>
      )}
    </div>
  );
}
