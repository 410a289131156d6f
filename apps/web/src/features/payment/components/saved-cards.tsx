/**
 * Saved cards on the profile (issue 7): the One Touch instruments loaded at login (users/payment-instruments), each
 * with a delete button. POST epay/deleteUserPaymentInstrument answers a new user token (spec §7): it replaces the
 * stored one, and 'Успешно изтрит инструмент за плащане' is shown (spec §8).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { tokenLifetimeHours } from '../../../lib/auth-session.ts';
import { refreshAccountData, useAccountStore } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { deletePaymentInstrument } from '../api/payments.ts';
import { paymentsBundle } from '../i18n/loaders.ts';
import { paymentErrorText } from '../lib/payment-error.ts';

export function SavedCards() {
  useFeatureTranslations('payments', paymentsBundle);
  const { t } = useTranslation();
  const venue = useVenue();
  const user = useAccountStore((s) => s.user);
  const instruments = useAccountStore((s) => s.paymentInstruments);
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!user || !venue.info.functionality_modules.includes('payments')) return null;

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
