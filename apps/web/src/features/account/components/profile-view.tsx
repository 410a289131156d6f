/**
 * `/{place}/profile` (spec §2, §3): signed out, the login form as a page (with register and forgotten password);
 * signed in, points and accumulated amount, the next nth-order discount, the profile form and saved addresses.
 */
import { useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@trapeza/domain/money';
import { usePageMeta } from '../../../hooks/use-page-meta.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { useAccountStore } from '../../../stores/account-store.ts';
import type { AuthView } from '../../../stores/auth-ui-store.ts';
import { useAccountTexts } from '../hooks/use-account-texts.ts';
import { AUTH_TITLES, AuthForms } from './auth-forms.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SavedAddresses } from './saved-addresses.tsx';
import styles from './account.module.css';

export function ProfileView() {
  useAccountTexts();
  const { t } = useTranslation();
  const venue = useVenue();
  const user = useAccountStore((s) => s.user);
  const accumulated = useAccountStore((s) => s.accumulatedAmount);
  const discount = useAccountStore((s) => s.registeredDiscount);
  usePageMeta(user ? t('account.profile.title') : t('account.profile.loginTitle'), venue.name);
  if (!user) return <SignedOutProfile />;
  const money = (amount: number) => formatPrice(amount, venue.currency, venue.lang).primary;
  // Points and the accumulated amount are the loyalty module's: not shown while the venue has it off (issue 24).
  const loyalty = venue.info.functionality_modules.includes('loyalty');
  return (
    <div className="page page-narrow">
      <h1>{t('account.profile.title')}</h1>
      <section aria-labelledby="profile-balance" className="card-section">
        <h2 id="profile-balance">{t('account.profile.balance')}</h2>
        {loyalty && (
          <dl className={styles.stats}>
            <div>
              <dt>{t('account.profile.points')}</dt>
              <dd data-testid="profile-points">{user.points}</dd>
            </div>
            <div>
              <dt>{t('account.profile.accumulated')}</dt>
              <dd>{money(accumulated)}</dd>
            </div>
          </dl>
        )}
        {discount && (
          <p>
            {t('account.profile.nextDiscount', {
              n: discount.on_order_number,
              amount:
                discount.discount_type === 'percent'
                  ? `${discount.discount_amount} %`
                  : money(discount.discount_amount),
            })}
          </p>
        )}
        <Link to={`/${venue.place}/profile/orders`}>{t('account.profile.ordersLink')}</Link>
      </section>
      <section className="card-section">
        <ProfileForm
          key={user.id}
          place={venue.place}
          user={user}
          phoneRegex={venue.settings.validate_phone_number_regex}
        />
      </section>
      <SavedAddresses placeId={venue.info.id} />
    </div>
  );
}

function SignedOutProfile() {
  const { t } = useTranslation();
  const [view, setView] = useState<AuthView>('login');
  return (
    <div className="page page-narrow">
      <h1>{t(view === 'login' ? 'account.profile.loginTitle' : AUTH_TITLES[view])}</h1>
      <section className="card-section">
        <AuthForms key={view} view={view} onView={setView} />
      </section>
    </div>
  );
}
