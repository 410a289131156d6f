/** The venue's required agreements: terms and privacy, combined in one box or each on its own. */
import { useTranslation } from 'react-i18next';
import { Link } from '../../../../components/link.tsx';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { ChoiceCard } from '../../../../components/ui/choice-card.tsx';
import { FieldError } from './fields.tsx';

export function AgreementsSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { settings, place } = m.ctx.venue;
  const { register } = m.form;
  if (!settings.agreement_terms_required && !settings.agreement_privacy_required) return null;
  return (
    <>
      {settings.agreement_combined ? (
        <ChoiceCard
          type="checkbox"
          invalid={Boolean(m.errorText('agreeCombined'))}
          label={
            <>
              {t('cart.agreeBefore')} <Link to={`/${place}/terms`}>{t('cart.terms')}</Link> {t('cart.and')}{' '}
              <Link to={`/${place}/privacy-policy`}>{t('cart.privacy')}</Link>
            </>
          }
          {...m.fieldProps('agreeCombined')}
          {...register('agreeCombined')}
        />
      ) : (
        <>
          {settings.agreement_terms_required && (
            <ChoiceCard
              type="checkbox"
              invalid={Boolean(m.errorText('agreeTerms'))}
              label={
                <>
                  {t('cart.agreeBefore')} <Link to={`/${place}/terms`}>{t('cart.terms')}</Link>
                </>
              }
              {...m.fieldProps('agreeTerms')}
              {...register('agreeTerms')}
            />
          )}
          {settings.agreement_privacy_required && (
            <ChoiceCard
              type="checkbox"
              invalid={Boolean(m.errorText('agreePrivacy'))}
              label={
                <>
                  {t('cart.agreeBefore')} <Link to={`/${place}/privacy-policy`}>{t('cart.privacy')}</Link>
                </>
              }
              {...m.fieldProps('agreePrivacy')}
              {...register('agreePrivacy')}
            />
          )}
        </>
      )}
      <FieldError m={m} name="agreeCombined" />
      <FieldError m={m} name="agreeTerms" />
      <FieldError m={m} name="agreePrivacy" />
    </>
  );
}
