/**
 * The e-mails' link (`/{place}/reservations?booking={id}&token=…`): the booking, and
 * - awaiting the guest's confirmation (double opt-in, issue 23 #5): "Confirm the booking" (`POST
 *   bookings/{id}/confirm {token}`) with the time it is held until — opening the link alone confirms nothing, so a
 *   mail scanner that follows links cannot confirm for the guest;
 * - a cancel button (`POST bookings/{id}/cancel {token}`) while the guest may still cancel.
 * An already cancelled booking is shown as such; an expired one (never confirmed) says to book again; a wrong link
 * says the booking was not found.
 */
import { useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BOOKING_ERROR_MESSAGES } from '@trapeza/domain/booking';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { ApiRequestError, isNotFound } from '../../../lib/api-client.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { bookingByTokenQueryOptions, cancelBookingByToken, confirmBookingByToken } from '../api/bookings.ts';
import { canGuestCancel } from '../lib/cancellable.ts';
import { BookingSummary } from './booking-summary.tsx';
import styles from './booking.module.css';

export function BookingLinkView({ id, token }: { id: number; token: string }) {
  const { t } = useTranslation();
  const venue = useVenue();
  const queryClient = useQueryClient();
  const options = bookingByTokenQueryOptions(venue.place, venue.lang, id, token);
  const booking = useQuery(options);
  const [sending, setSending] = useState<'confirm' | 'cancel' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [justDone, setJustDone] = useState<'confirmed' | 'cancelled' | null>(null);

  if (booking.isPending) return <p role="status">{t('booking.loading')}</p>;
  if (booking.isError) {
    if (isNotFound(booking.error))
      return (
        <div role="alert" className="alert">
          <p>{t('booking.linkInvalid')}</p>
        </div>
      );
    return <ErrorMessage error={booking.error} onRetry={() => void booking.refetch()} />;
  }
  const data = booking.data;

  const act = async (action: 'confirm' | 'cancel') => {
    setSending(action);
    setError(null);
    try {
      const updated = await (action === 'confirm' ? confirmBookingByToken : cancelBookingByToken)(
        venue.place,
        venue.lang,
        id,
        token,
      );
      queryClient.setQueryData(options.queryKey, updated);
      setJustDone(action === 'confirm' ? 'confirmed' : 'cancelled');
    } catch (e) {
      setError(e);
      // The server's view (expired, cancelled meanwhile) replaces the stale one.
      if (e instanceof ApiRequestError && e.status === 409) void booking.refetch();
    } finally {
      setSending(null);
    }
  };

  const code = error instanceof ApiRequestError ? error.body?.code : undefined;
  const notCancellable = code === 'booking_not_cancellable';
  const notConfirmable = code === 'booking_not_confirmable' || data.status === 'expired';
  const awaiting = data.status === 'pending_confirmation' && !notConfirmable;
  const heldUntil = data.expires_at
    ? new Intl.DateTimeFormat(venue.lang, {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: venue.settings.time_zone,
      }).format(new Date(data.expires_at))
    : '';
  return (
    <div className="stack">
      <BookingSummary booking={data} lang={venue.lang} />
      {justDone === 'confirmed' && data.status === 'confirmed' && (
        <p className={styles.success} role="status">
          {t('booking.confirmedNow')}
        </p>
      )}
      {awaiting && (
        <div className={styles.notice}>
          <p>{t('booking.confirmQuestion', { time: heldUntil })}</p>
          <button
            type="button"
            className="button"
            disabled={sending !== null}
            aria-busy={sending === 'confirm'}
            onClick={() => void act('confirm')}
          >
            {sending === 'confirm' ? t('booking.confirming') : t('booking.confirmButton')}
          </button>
        </div>
      )}
      {notConfirmable && !data.canceled && (
        <p className={styles.notice} role="alert">
          {BOOKING_ERROR_MESSAGES.booking_not_confirmable[venue.lang]}
        </p>
      )}
      {data.canceled ? (
        <p className={styles.notice} role="status">
          {justDone === 'cancelled' ? t('booking.cancelledNow') : t('booking.alreadyCancelled')}
        </p>
      ) : notConfirmable ? null : canGuestCancel(data, venue.settings.time_zone) && !notCancellable ? (
        <>
          <p>{t('booking.cancelQuestion')}</p>
          <button
            type="button"
            className={awaiting ? 'button button-secondary' : 'button'}
            disabled={sending !== null}
            onClick={() => void act('cancel')}
          >
            {t('booking.cancelConfirm')}
          </button>
        </>
      ) : (
        <p className={styles.notice}>{BOOKING_ERROR_MESSAGES.booking_not_cancellable[venue.lang]}</p>
      )}
      {error !== null && !notCancellable && !notConfirmable && <ErrorMessage error={error} />}
      <div className={styles.actions}>
        <Link to={`/${venue.place}/reservations`}>{t('booking.again')}</Link>
        <Link to={`/${venue.place}`}>{t('common.backToMenu')}</Link>
      </div>
    </div>
  );
}
