/** A booking's facts as the guest reads them: reservation id, date, hours, people, hall, product, status. */
import { useTranslation } from 'react-i18next';
import type { StoreBooking } from '@trapeza/domain/contracts/bookings';
import { dateForFormat } from '../lib/calendar.ts';
import styles from './booking.module.css';

function formatBookingDate(date: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(dateForFormat(date));
}

export function BookingSummary({ booking, lang }: { booking: StoreBooking; lang: string }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.summary}>
      <dt>{t('booking.reservationId')}</dt>
      <dd data-testid="reservation-id">{booking.reservationId}</dd>
      <dt>{t('booking.date')}</dt>
      <dd>{formatBookingDate(booking.date, lang)}</dd>
      <dt>{t('booking.time')}</dt>
      <dd>
        {booking.time} – {booking.end_time}
      </dd>
      <dt>{t('booking.people')}</dt>
      <dd>{booking.people}</dd>
      {booking.hall && (
        <>
          <dt>{t('booking.hall')}</dt>
          <dd>{booking.hall.name}</dd>
        </>
      )}
      {booking.product && (
        <>
          <dt>{t('booking.product')}</dt>
          <dd>{booking.product.name}</dd>
        </>
      )}
      <dt>{t('booking.status')}</dt>
      <dd data-testid="booking-status">{t(`booking.statuses.${booking.status}`)}</dd>
    </dl>
  );
}
