/**
 * The confirmation e-mail's link (`/{place}/reservations?booking={id}&token=…`): the booking and a confirm button
 * that cancels it (`GET bookings/{id}?token=`, `POST bookings/{id}/cancel {token}`). An already cancelled booking is
 * shown as such; a wrong link says the booking was not found.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BOOKING_ERROR_MESSAGES } from '@trapeza/domain/booking';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { ApiRequestError, isNotFound } from '../../../lib/api-client.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { bookingByTokenQueryOptions, cancelBookingByToken } from '../api/bookings.ts';
import { canGuestCancel } from '../lib/cancellable.ts';
import { BookingSummary } from './booking-summary.tsx';
import styles from './booking.module.css';

export function BookingLinkView({ id, token }: { id: number; token: string }) {
  const { t } = useTranslation();
  const venue = useVenue();
  const queryClient = useQueryClient();
  const options = bookingByTokenQueryOptions(venue.place, venue.lang, id, token);
  const booking = useQuery(options);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [justCancelled, setJustCancelled] = useState(false);

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

  const cancel = async () => {
    setSending(true);
    setError(null);
    try {
      const updated = await cancelBookingByToken(venue.place, venue.lang, id, token);
      queryClient.setQueryData(options.queryKey, updated);
      setJustCancelled(true);
    } catch (e) {
      setError(e);
    } finally {
      setSending(false);
    }
  };

  const notCancellable = error instanceof ApiRequestError && error.body?.code === 'booking_not_cancellable';
  return (
    <div className="stack">
      <BookingSummary booking={data} lang={venue.lang} />
      {data.canceled ? (
        <p className={styles.notice} role="status">
          {justCancelled ? t('booking.cancelledNow') : t('booking.alreadyCancelled')}
        </p>
      ) : canGuestCancel(data, venue.settings.time_zone) && !notCancellable ? (
        <>
          <p>{t('booking.cancelQuestion')}</p>
          <button type="button" className="button" disabled={sending} onClick={() => void cancel()}>
            {t('booking.cancelConfirm')}
          </button>
        </>
      ) : (
        <p className={styles.notice}>{BOOKING_ERROR_MESSAGES.booking_not_cancellable[venue.lang]}</p>
      )}
      {error !== null && !notCancellable && <ErrorMessage error={error} />}
      <div className={styles.actions}>
        <Link to={`/${venue.place}/reservations`}>{t('booking.again')}</Link>
        <Link to={`/${venue.place}`}>{t('common.backToMenu')}</Link>
      </div>
    </div>
  );
}
