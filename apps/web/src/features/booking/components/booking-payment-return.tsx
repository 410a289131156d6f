/**
 * Back from the provider after a deposit (`/{place}/reservations?booking={id}&payment=ok|cancel`, the address the
 * payments module signs into the form). The return proves nothing (payments.md §4): the booking is shown confirmed
 * only when `GET bookings/{id}?token=` says so, polled with the payment feature's polling (every 2 s up to 2 min; a
 * return marked cancel only briefly). Still waiting after a cancel → "Pay deposit" again.
 */
import { useCallback, useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import type { StoreBooking } from '@trapeza/domain/contracts/bookings';
import { useVenue } from '../../../hooks/use-venue.ts';
import { usePaymentPolling } from '../../payment/hooks/use-payment-polling.ts';
import { getBookingByToken } from '../api/bookings.ts';
import { depositStatusOf } from '../lib/deposit.ts';
import { BookingSummary } from './booking-summary.tsx';
import { PayDepositButton } from './pay-deposit.tsx';
import styles from './booking.module.css';

/** A cancelled return is confirmed by a few quick questions (a cancelled invoice sends nothing until it expires). */
const CANCELLED_TIMEOUT_MS = 6_000;

export function BookingPaymentReturn({
  id,
  token,
  cancelled,
}: {
  id: number;
  token: string;
  cancelled: boolean;
}) {
  const { t } = useTranslation();
  const venue = useVenue();
  const [booking, setBooking] = useState<StoreBooking | null>(null);
  const check = useCallback(
    (signal: AbortSignal) =>
      getBookingByToken(venue.place, venue.lang, id, token, signal).then((b) => {
        setBooking(b);
        return depositStatusOf(b.status);
      }),
    [venue.place, venue.lang, id, token],
  );
  const polling = usePaymentPolling(check, cancelled ? { timeoutMs: CANCELLED_TIMEOUT_MS } : {});

  let body;
  if (polling.checking) {
    body = (
      <p className="lead" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" /> {t('booking.paymentChecking')}
      </p>
    );
  } else if (polling.outcome === 'paid') {
    body = (
      <p className={styles.success} role="status" data-testid="deposit-outcome" data-outcome="paid">
        {t('booking.paymentConfirmed')}
      </p>
    );
  } else if (polling.outcome === 'failed') {
    body = (
      <p role="alert" className="alert" data-testid="deposit-outcome" data-outcome="failed">
        {t('booking.paymentNotHeld')}
      </p>
    );
  } else {
    const stillPending = booking?.status === 'pending_payment';
    body = (
      <div className="stack" data-testid="deposit-outcome" data-outcome={cancelled ? 'cancelled' : 'pending'}>
        <p role="alert" className="alert">
          {cancelled ? t('booking.paymentCancelled') : t('booking.paymentPending')}
        </p>
        <p>
          <button type="button" className="button button-secondary" onClick={polling.restart}>
            {t('booking.checkAgain')}
          </button>
        </p>
        {stillPending && <PayDepositButton id={id} token={token} label={t('booking.payAgain')} />}
      </div>
    );
  }

  return (
    <div className="stack">
      {body}
      {booking && <BookingSummary booking={booking} lang={venue.lang} />}
      <div className={styles.actions}>
        <Link
          to={`/${venue.place}/reservations?${new URLSearchParams({ booking: String(id), token }).toString()}`}
        >
          {t('booking.cancelTitle')}
        </Link>
        <Link to={`/${venue.place}`}>{t('common.backToMenu')}</Link>
      </div>
    </div>
  );
}
