/** The venue's required agreements: terms and privacy, combined in one box or each on its own. */
import { useTranslation } from 'react-i18next';
import { Link } from '../../../../components/link.tsx';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { FieldError } from './fields.tsx';

export function AgreementsSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { settings, place } = m.ctx.venue;
  const { register } = m.form;
  if (!settings.agreement_terms_required && !settings.agreement_privacy_required) return null;
  return (
    <>
      {settings.agreement_combined ? (
        <label className="choice">
          <input type="checkbox" {...m.fieldProps('agreeCombined')} {...register('agreeCombined')} />
          <span>
            {t('cart.agreeBefore')} <Link to={`/${place}/terms`}>{t('cart.terms')}</Link> {t('cart.and')}{' '}
            <Link to={`/${place}/privacy-policy`}>{t('cart.privacy')}</Link>
          </span>
        </label>
      ) : (
        <>
          {settings.agreement_terms_required && (
            <label className="choice">
              <input type="checkbox" {...m.fieldProps('agreeTerms')} {...register('agreeTerms')} />
              <span>
                {t('cart.agreeBefore')} <Link to={`/${place}/terms`}>{t('cart.terms')}</Link>
              </span>
            </label>
          )}
          {settings.agreement_privacy_required && (
            <label className="choice">
              <input type="checkbox" {...m.fieldProps('agreePrivacy')} {...register('agreePrivacy')} />
              <span>
                {t('cart.agreeBefore')} <Link to={`/${place}/privacy-policy`}>{t('cart.privacy')}</Link>
              </span>
            </label>
          )}
        </>
      )}
      <FieldError m={m} name="agreeCombined" />
      <FieldError m={m} name="agreeTerms" />
      <FieldError m={m} name="agreePrivacy" />
    </>
  );
}
