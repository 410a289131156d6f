/**
 * After `POST bookings`: with e-mail confirmation (the default, issue 23 #5 double opt-in) "confirm your booking":
 * the e-mail is on its way and its link must be opened by the hold time, else the table is released; without it
 * the spec §8 success message (a confirmation e-mail is on its way) with the reservation id; or, when the place
 * takes a deposit online (booking_online_payment), the amount, the time the booking is held and
 * "Pay deposit" (pay-deposit.tsx: POST bookings/{id}/pay, then the provider's page through /{place}/payment). The
 * confirmation e-mail follows the paid deposit.
 */
import { useEffect, useRef } from 'react';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import type { StoreCreateBookingResponse } from '@trapeza/domain/contracts/bookings';
import { formatPrice } from '@trapeza/domain/money';
import { useVenue } from '../../../hooks/use-venue.ts';
import { tokenOfCancelUrl } from '../lib/deposit.ts';
import { BookingSummary } from './booking-summary.tsx';
import { PayDepositButton } from './pay-deposit.tsx';
import styles from './booking.module.css';

export function BookingResult({
  booking,
  onClose,
  onAgain,
}: {
  booking: StoreCreateBookingResponse;
  onClose?: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const venue = useVenue();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const pending = booking.status === 'pending_payment';
  const awaitingConfirmation = booking.status === 'pending_confirmation';
  const heldUntil = booking.payment?.expires_at ?? booking.expires_at;
  const token = tokenOfCancelUrl(booking.cancelUrl);
  const timeOf = (iso: string) =>
    new Intl.DateTimeFormat(venue.lang, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: venue.settings.time_zone,
    }).format(new Date(iso));

  return (
    <div className="stack" data-testid="booking-result">
      <h2 ref={headingRef} tabIndex={-1}>
        {pending
          ? t('booking.pendingTitle')
          : awaitingConfirmation
            ? t('booking.confirmTitle')
            : t('booking.successTitle')}
      </h2>
      {awaitingConfirmation ? (
        <p className={styles.notice} role="status">
          {t('booking.confirmMailSent', { time: heldUntil ? timeOf(heldUntil) : '' })}
        </p>
      ) : pending ? (
        <div className={styles.notice} role="status">
          {booking.payment && (
            <p>
              {t('booking.deposit', {
                amount: formatPrice(booking.payment.amount, venue.currency, venue.lang).primary,
              })}
            </p>
          )}
          {heldUntil && <p>{t('booking.heldUntil', { time: timeOf(heldUntil) })}</p>}
          <p>{booking.payment && token ? t('booking.payOnline') : t('booking.payAtVenue')}</p>
        </div>
      ) : (
        <p className={styles.success} role="status">
          {t('booking.successText')}
        </p>
      )}
      {pending && booking.payment && token && <PayDepositButton id={booking.reservationId} token={token} />}
      <BookingSummary booking={booking} lang={venue.lang} />
      <div className={styles.actions}>
        {onClose ? (
          <button type="button" className="button" onClick={onClose}>
            {t('booking.close')}
          </button>
        ) : (
          <Link className="button" to={`/${venue.place}`}>
            {t('common.backToMenu')}
          </Link>
        )}
        <button type="button" className="button button-secondary" onClick={onAgain}>
          {t('booking.again')}
        </button>
      </div>
    </div>
  );
}
