/**
 * Saved cards on the profile (issue 7): the One Touch instruments loaded at login (users/payment-instruments), each
 * with a delete button. POST epay/deleteUserPaymentInstrument answers a new user token (spec §7): it replaces the
 * stored one, and 'Успешно изтрит инструмент за плащане' is shown (spec §8).
 *
 * "Link my ePay account" (issue 25 #10): epay/linkOneTouchAccount answers ePay's page where the guest allows the
 * venue's app, and the attempt's key, kept in sessionStorage (`onetouch_link_key`) while the guest is at ePay. ePay
 * comes back to `/{place}/profile?onetouch=authok` (or `authcancel`): epay/completeOneTouchLink with the key saves
 * the account's cards, shown here and offered at checkout at once — no first payment needed.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { tokenLifetimeHours } from '../../../lib/auth-session.ts';
import { refreshAccountData, useAccountStore } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { completeOneTouchLink, deletePaymentInstrument, startOneTouchLink } from '../api/payments.ts';
import { paymentsBundle } from '../i18n/loaders.ts';
import { paymentErrorText } from '../lib/payment-error.ts';

/** sessionStorage: the key of the account link in progress, while the guest is on ePay's page. */
const LINK_KEY = 'onetouch_link_key';

export function SavedCards() {
  useFeatureTranslations('payments', paymentsBundle);
  const { t } = useTranslation();
  const venue = useVenue();
  const user = useAccountStore((s) => s.user);
  const instruments = useAccountStore((s) => s.paymentInstruments);
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [linking, setLinking] = useState(false);
  const [search, setSearch] = useSearchParams();
  const returned = search.get('onetouch');
  const completing = useRef(false);
  const signedIn = user !== null;

  // Back from ePay's authorisation page: finish the link once (the key is taken out of storage first).
  useEffect(() => {
    if (!returned || !signedIn || completing.current) return;
    completing.current = true;
    const key = sessionStorage.getItem(LINK_KEY);
    sessionStorage.removeItem(LINK_KEY);
    const outcome: Promise<{ ok: boolean; text: string }> =
      returned === 'authok' && key
        ? completeOneTouchLink(venue.place, key).then(
            () => {
              refreshAccountData();
              return { ok: true, text: t('payments.linked') };
            },
            () => ({ ok: false, text: t('payments.linkFailed') }),
          )
        : Promise.resolve({ ok: false, text: t('payments.linkCancelled') });
    void outcome.then((m) => {
      setMessage(m);
      setSearch(
        (s) => {
          s.delete('onetouch');
          return s;
        },
        { replace: true },
      );
    });
  }, [returned, signedIn, venue.place, setSearch, t]);

  if (!user || !venue.info.functionality_modules.includes('payments')) return null;

  const link = async () => {
    setLinking(true);
    setMessage(null);
    try {
      const answer = await startOneTouchLink(venue.place);
      sessionStorage.setItem(LINK_KEY, answer.payload.key);
      window.location.assign(answer.payload.red);
    } catch (e) {
      setLinking(false);
      setMessage({ ok: false, text: paymentErrorText(e, t) });
    }
  };

  const remove = async (id: number) => {
    setBusy(id);
    setMessage(null);
    try {
      const answer = await deletePaymentInstrument(venue.place, id);
      useSessionStore
        .getState()
        .setAuthToken(answer.payload.uToken, tokenLifetimeHours(answer.payload.uToken));
      useAccountStore.getState().setExtras({
        paymentInstruments: useAccountStore.getState().paymentInstruments.filter((i) => i.id !== id),
      });
      refreshAccountData();
      setMessage({ ok: true, text: t('payments.instrumentDeleted') });
    } catch (e) {
      setMessage({ ok: false, text: paymentErrorText(e, t) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="page page-narrow">
      <section aria-labelledby="saved-cards" className="card-section" data-testid="saved-cards">
        <h2 id="saved-cards">{t('payments.savedCards')}</h2>
        {instruments.length === 0 ? (
          <p className="muted">{t('payments.noSavedCards')}</p>
        ) : (
          <ul className="stack">
            {instruments.map((i) => (
              <li key={i.id} className="field-row">
                <span>
                  {i.name}
                  {i.expires ? ` (${t('payments.expires', { date: i.expires })})` : ''}
                </span>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy !== null}
                  aria-label={t('payments.deleteCard', { name: i.name })}
                  onClick={() => void remove(i.id)}
                >
                  {t('payments.delete')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="muted">{t('payments.linkHint')}</p>
        <button
          type="button"
          className="button button-secondary"
          disabled={linking || returned !== null || busy !== null}
          onClick={() => void link()}
        >
          {t('payments.linkAccount')}
        </button>
        <p
          role={message && !message.ok ? 'alert' : 'status'}
          className={message && !message.ok ? 'alert' : undefined}
        >
          {message?.text}
        </p>
      </section>
    </div>
  );
}
