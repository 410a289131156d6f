/**
 * `/{place}/staff/bookings` (WAITER and above; designed): a day or a week of bookings, filtered by hall and status,
 * with the domain's actions per booking (confirm, seat, no-show, cancel after a confirm). New bookings and status
 * changes arrive live on the staff stream; new ones are highlighted and announced. Bookings still awaiting the
 * guest's e-mail confirmation (or the deposit) are shown apart — a dashed card, their own badge and the time they
 * are held until — and the day's people total counts only confirmed and seated ones (pending ones are listed as
 * "N awaiting confirmation"): an unconfirmed booking releases its table by itself.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  BOOKING_STATUSES,
  isBookingStatus,
  isPendingBooking,
  type BookingStatus,
} from '@trapeza/domain/booking';
import type { StaffBooking } from '@trapeza/domain/contracts/bookings';
import { DateTimeField } from '../../../components/ui/date-time-field.tsx';
import { useStaffBookings } from '../hooks/use-staff-bookings.ts';
import { staffErrorCode } from '../api/staff-request.ts';
import { bookingActions, datesOf, type StaffBookingAction } from '../lib/bookings-view.ts';
import type { StaffBookingsScope } from '../api/bookings.ts';
import styles from './staff.module.css';
import { Select } from '../../../components/ui/select.tsx';

/** The statuses that still hold a table: the default filter. */
const ACTIVE: readonly BookingStatus[] = ['pending_confirmation', 'pending_payment', 'confirmed', 'seated'];
type StatusFilter = 'active' | 'all' | BookingStatus;

export interface BookingsViewProps {
  place: string;
  token: string;
  lang: string;
  /** The venue's today, 'YYYY-MM-DD'. */
  today: string;
  onUnauthorized: () => void;
  /** For tests: a fake EventSource. */
  createEventSource?: (url: string) => EventSource;
}

function formatDate(date: string, lang: string, weekday: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(lang, { weekday, day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export function BookingsView({
  place,
  token,
  lang,
  today,
  onUnauthorized,
  createEventSource,
}: BookingsViewProps) {
  const { t } = useTranslation();
  const [date, setDate] = useState(today);
  const [days, setDays] = useState<1 | 7>(1);
  const [hallId, setHallId] = useState<number | null>(null);
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('active');
  const statuses = statusFilter === 'all' ? [] : statusFilter === 'active' ? ACTIVE : [statusFilter];
  const scope: StaffBookingsScope = { date, days, hallId, statuses };
  const data = useStaffBookings(place, token, scope, onUnauthorized, { createEventSource });
  const ids = useId();

  const byDate = new Map<string, StaffBooking[]>();
  for (const b of data.bookings ?? []) byDate.set(b.date, [...(byDate.get(b.date) ?? []), b]);
  const arrival = data.lastArrival;

  return (
    <div>
      <div className={styles.toolbar}>
        <span className={`${styles.pill} ${styles[`conn_${data.status}`]}`}>
          {t(`staff.connection.${data.status}`)}
        </span>
        <div role="group" aria-label={t('staff.bookings.range')} className={styles.filters}>
          <button type="button" className={styles.chip} aria-pressed={days === 1} onClick={() => setDays(1)}>
            {t('staff.bookings.day')}
          </button>
          <button type="button" className={styles.chip} aria-pressed={days === 7} onClick={() => setDays(7)}>
            {t('staff.bookings.week')}
          </button>
        </div>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setDate(addDays(date, -days))}
        >
          {days === 1 ? t('staff.bookings.prevDay') : t('staff.bookings.prevWeek')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setDate(today)}
          disabled={date === today}
        >
          {t('staff.bookings.today')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setDate(addDays(date, days))}
        >
          {days === 1 ? t('staff.bookings.nextDay') : t('staff.bookings.nextWeek')}
        </button>
      </div>
      <div className={styles.toolbar}>
        <DateTimeField
          withTime={false}
          inline
          label={t('staff.bookings.date')}
          value={date}
          onChange={(v) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(v)) setDate(v);
          }}
        />
        <label htmlFor={`${ids}-hall`}>{t('staff.bookings.hall')}</label>
        <Select
          id={`${ids}-hall`}
          value={hallId == null ? '' : String(hallId)}
          onValueChange={(v) => setHallId(v ? Number(v) : null)}
          options={[
            { value: '', label: t('staff.bookings.allHalls') },
            ...data.halls.map((h) => ({ value: String(h.id), label: h.name })),
          ]}
        />
        <label htmlFor={`${ids}-status`}>{t('staff.bookings.status')}</label>
        <Select
          id={`${ids}-status`}
          value={statusFilter}
          onValueChange={(v) => {
            setStatusFilter(
              v === 'all' || v === 'active' || !isBookingStatus(v) ? (v as 'all' | 'active') : v,
            );
          }}
          options={[
            { value: 'active', label: t('staff.bookings.active') },
            { value: 'all', label: t('staff.bookings.allStatuses') },
            ...BOOKING_STATUSES.map((s) => ({ value: s, label: t(`staff.bookings.statuses.${s}`) })),
          ]}
        />
      </div>
      {data.status === 'reconnecting' && (
        <p className={styles.banner} role="status">
          {t('staff.connection.reconnectingLong')}
        </p>
      )}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {arrival
          ? t('staff.bookings.arrived', {
              name: arrival.name,
              date: formatDate(arrival.date, lang, 'short'),
              time: arrival.time,
              people: arrival.people,
            })
          : ''}
      </div>
      {data.loadError && (
        <div className={styles.banner} role="alert">
          {t('staff.bookings.loadFailed')}{' '}
          <button type="button" className="button" onClick={data.retry}>
            {t('staff.common.retry')}
          </button>
        </div>
      )}
      {data.bookings === null && !data.loadError && (
        <p className={styles.muted}>{t('staff.board.loading')}</p>
      )}
      {data.bookings !== null &&
        datesOf(scope).map((d) => {
          const list = byDate.get(d) ?? [];
          if (days === 7 && list.length === 0) return null;
          // Only confirmed and seated parties count: a pending one may still be released.
          const people = list
            .filter((b) => b.status === 'confirmed' || b.status === 'seated')
            .reduce((n, b) => n + b.people, 0);
          const pending = list.filter((b) => isPendingBooking(b.status)).length;
          return (
            <section
              key={d}
              className={styles.group}
              aria-labelledby={`${ids}-${d}`}
              data-testid={`bookings-${d}`}
            >
              <h2 id={`${ids}-${d}`} className={styles.sectionTitle}>
                {formatDate(d, lang)} <span className={styles.count}>{list.length}</span>{' '}
                {list.length > 0 && (
                  <span className={styles.muted}>{t('staff.bookings.peopleTotal', { count: people })}</span>
                )}
                {pending > 0 && (
                  <>
                    {' · '}
                    <span className={styles.muted} data-testid="bookings-pending-count">
                      {t('staff.bookings.pendingTotal', { count: pending })}
                    </span>
                  </>
                )}
              </h2>
              {list.length === 0 ? (
                <p className={styles.muted}>{t('staff.bookings.empty')}</p>
              ) : (
                <div className={styles.cards}>
                  {list.map((b) => (
                    <BookingCard
                      key={b.id}
                      booking={b}
                      lang={lang}
                      fresh={data.fresh.includes(b.id)}
                      onStatus={(to) => data.setBookingStatus(b, to)}
                      onStale={data.retry}
                    />
                  ))}
                </div>
              )}
            </section>
          );
        })}
      {data.bookings !== null && days === 7 && data.bookings.length === 0 && (
        <p className={styles.muted}>{t('staff.bookings.emptyWeek')}</p>
      )}
    </div>
  );
}

function BookingCard({
  booking,
  lang,
  fresh,
  onStatus,
  onStale,
}: {
  booking: StaffBooking;
  lang: string;
  fresh: boolean;
  onStatus: (to: StaffBookingAction) => Promise<void>;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const actions = bookingActions(booking.status);

  const send = async (to: StaffBookingAction) => {
    setBusy(true);
    setError(null);
    try {
      await onStatus(to);
      setConfirmCancel(false);
    } catch (e) {
      const code = staffErrorCode(e);
      if (code === 'booking_invalid_transition' || code === 'booking_not_found') {
        setError(t('staff.bookings.changed'));
        onStale();
      } else setError(t('staff.bookings.failed'));
    } finally {
      setBusy(false);
    }
  };

  const where = [
    booking.hall?.name,
    booking.table ? t('staff.order.table', { number: booking.table.number }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <article
      className={`${styles.card} ${fresh ? styles.fresh : ''} ${isPendingBooking(booking.status) ? styles.pendingCard : ''}`}
      aria-label={`${booking.time} ${booking.name}`}
      data-testid="staff-booking"
    >
      <div className={styles.cardHeader}>
        <h3 className={styles.cardTitle}>
          {booking.time}–{booking.end_time} <span>{booking.name}</span>
        </h3>
        <div className={styles.badges}>
          {fresh && <span className={`${styles.badge} ${styles.badgeNew}`}>{t('staff.bookings.new')}</span>}
          <span
            className={`${styles.badge} ${isPendingBooking(booking.status) ? styles.badgePending : ''}`}
            data-testid="staff-booking-status"
          >
            {t(`staff.bookings.statuses.${booking.status}`)}
          </span>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('staff.bookings.people')}</dt>
          <dd>{booking.people}</dd>
        </div>
        {where && (
          <div>
            <dt>{t('staff.bookings.where')}</dt>
            <dd>{where}</dd>
          </div>
        )}
        {booking.product && (
          <div>
            <dt>{t('staff.bookings.product')}</dt>
            <dd>{booking.product.name}</dd>
          </div>
        )}
        <div>
          <dt>{t('staff.bookings.phone')}</dt>
          <dd>
            <a href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`}>{booking.phone}</a>
          </dd>
        </div>
        {booking.email && (
          <div>
            <dt>{t('staff.bookings.email')}</dt>
            <dd>{booking.email}</dd>
          </div>
        )}
        {isPendingBooking(booking.status) && booking.expires_at && (
          <div>
            <dt>
              {booking.status === 'pending_confirmation'
                ? t('staff.bookings.heldUntilConfirmation')
                : t('staff.bookings.heldUntil')}
            </dt>
            <dd>
              {new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(
                new Date(booking.expires_at),
              )}
            </dd>
          </div>
        )}
        {booking.comment && (
          <div>
            <dt>{t('staff.bookings.comment')}</dt>
            <dd>{booking.comment}</dd>
          </div>
        )}
      </dl>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {confirmCancel ? (
        <div className={styles.actions} role="group" aria-label={t('staff.bookings.cancelQuestion')}>
          <p>{t('staff.bookings.cancelQuestion')}</p>
          <button
            type="button"
            className={`button ${styles.dangerSolid}`}
            disabled={busy}
            onClick={() => void send('cancelled')}
          >
            {t('staff.bookings.cancelYes')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => setConfirmCancel(false)}
          >
            {t('staff.bookings.keep')}
          </button>
        </div>
      ) : (
        actions.length > 0 && (
          <div className={styles.actions}>
            {actions.map((a) =>
              a === 'cancelled' ? (
                <button
                  key={a}
                  type="button"
                  className={`button button-secondary ${styles.danger}`}
                  disabled={busy}
                  onClick={() => setConfirmCancel(true)}
                >
                  {t('staff.bookings.actions.cancelled')}
                </button>
              ) : (
                <button key={a} type="button" className="button" disabled={busy} onClick={() => void send(a)}>
                  {t(`staff.bookings.actions.${a}`)}
                </button>
              ),
            )}
          </div>
        )
      )}
    </article>
  );
}
