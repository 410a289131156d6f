/**
 * The consent banner of purchase tracking (see lib/analytics.ts): shown only when the venue set an analytics tag,
 * on a non-test host, until the guest chooses; the choice is kept in localStorage. Allowing loads the tag.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTag, readConsent, shouldAskConsent, writeConsent } from '../lib/analytics.ts';
import styles from './analytics-consent.module.css';

export function AnalyticsConsent({ tag }: { tag: string }) {
  const { t } = useTranslation();
  const [ask, setAsk] = useState(() => shouldAskConsent(tag, location.hostname, readConsent()));
  if (!ask) return null;
  const choose = (consent: 'granted' | 'denied') => {
    writeConsent(consent);
    if (consent === 'granted') loadTag(tag);
    setAsk(false);
  };
  return (
    <div
      className={styles.banner}
      role="region"
      aria-label={t('cart.consentText')}
      data-testid="analytics-consent"
    >
      <p>{t('cart.consentText')}</p>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => choose('granted')}>
          {t('cart.consentAllow')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => choose('denied')}>
          {t('cart.consentDeny')}
        </button>
      </div>
    </div>
  );
}
