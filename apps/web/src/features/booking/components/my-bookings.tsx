/**
 * "My bookings" on `/{place}/profile`: the signed-in guest's bookings at the place (`GET users/bookings`) with cancel
 * (`POST users/bookings/{id}/cancel`, after a confirm). A section below the profile rather than a route of its own:
 * every route costs the entry chunk a few bytes.
 */
import { useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StoreBooking } from '@trapeza/domain/contracts/bookings';
import { BOOKING_ERROR_MESSAGES } from '@trapeza/domain/booking';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { useAccountStore } from '../../../stores/account-store.ts';
import { cancelUserBooking, userBookingsQueryOptions } from '../api/bookings.ts';
import { bookingBundle } from '../i18n/loaders.ts';
import { canGuestCancel } from '../lib/cancellable.ts';
import { BookingSummary } from './booking-summary.tsx';
import styles from './booking.module.css';

export function MyBookings() {
  useFeatureTranslations('booking', bookingBundle);
  const { t } = useTranslation();
  const venue = useVenue();
  const user = useAccountStore((s) => s.user);
  const active = venue.info.functionality_modules.includes('booking');
  const bookings = useQuery({
    ...userBookingsQueryOptions(venue.place, venue.lang, user?.id ?? 0),
    enabled: user !== null,
  });
  if (user === null) return null;
  return (
    <div className="page page-narrow">
      <section className="card-section" aria-labelledby="my-bookings-title">
        <h2 id="my-bookings-title">{t('booking.myTitle')}</h2>
        {bookings.isPending ? (
          <p role="status">{t('booking.loading')}</p>
        ) : bookings.isError ? (
          <ErrorMessage error={bookings.error} onRetry={() => void bookings.refetch()} />
        ) : bookings.data.length === 0 ? (
          <p>{t('booking.myEmpty')}</p>
        ) : (
          <ul className={styles.list}>
            {bookings.data.map((b) => (
              <MyBookingItem key={b.reservationId} booking={b} userId={user.id} />
            ))}
          </ul>
        )}
        {active && (
          <p>
            <Link to={`/${venue.place}/reservations`}>{t('booking.again')}</Link>
          </p>
        )}
      </section>
    </div>
  );
}

function MyBookingItem({ booking, userId }: { booking: StoreBooking; userId: number }) {
  const { t } = useTranslation();
  const venue = useVenue();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const cancel = async () => {
    setSending(true);
    setError(null);
    try {
      const updated = await cancelUserBooking(venue.place, venue.lang, booking.reservationId);
      queryClient.setQueryData(userBookingsQueryOptions(venue.place, venue.lang, userId).queryKey, (list) =>
        list?.map((b) => (b.reservationId === updated.reservationId ? updated : b)),
      );
      setConfirming(false);
    } catch (e) {
      setError(e);
    } finally {
      setSending(false);
    }
  };

  const notCancellable = error instanceof ApiRequestError && error.body?.code === 'booking_not_cancellable';
  return (
    <li className="card-section" data-testid="my-booking">
      <BookingSummary booking={booking} lang={venue.lang} />
      {canGuestCancel(booking, venue.settings.time_zone) &&
        !notCancellable &&
        (confirming ? (
          <div className={styles.actions}>
            <p>{t('booking.cancelQuestion')}</p>
            <button type="button" className="button" disabled={sending} onClick={() => void cancel()}>
              {t('booking.cancelConfirm')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              {t('booking.keep')}
            </button>
          </div>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
            {t('booking.cancel')}
          </button>
        ))}
      {notCancellable && (
        <p className="alert">{BOOKING_ERROR_MESSAGES.booking_not_cancellable[venue.lang]}</p>
      )}
      {error !== null && !notCancellable && <ErrorMessage error={error} />}
    </li>
  );
}
