/**
 * The bookings screen's data: the stream position (GET staff/user-needs answers it), then GET staff/bookings for
 * the range and filters, then the staff event stream from that position for `booking.created` and
 * `booking.status_changed` — each merged by id (lib/bookings-view.ts), so a catch-up that overlaps the list shows
 * nothing twice. A 401 anywhere hands back to the login.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BookingHallRef, StaffBooking } from '@trapeza/domain/contracts/bookings';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { getOpenUserNeeds } from '../api/board.ts';
import { changeBookingStatus, getStaffBookings, type StaffBookingsScope } from '../api/bookings.ts';
import {
  bookingOfEvent,
  inView,
  mergeBooking,
  sortBookings,
  type StaffBookingAction,
} from '../lib/bookings-view.ts';
import { openStaffStream, type StreamStatus } from '../lib/staff-stream.ts';

const isUnauthorized = (e: unknown) => e instanceof ApiRequestError && e.status === 401;
const BOOKING_EVENTS = ['booking.created', 'booking.status_changed'] as const;

export interface StaffBookingsOptions {
  /** For tests: a fake EventSource. */
  createEventSource?: (url: string) => EventSource;
}

export function useStaffBookings(
  place: string,
  token: string,
  scope: StaffBookingsScope,
  onUnauthorized: () => void,
  options: StaffBookingsOptions = {},
) {
  const { date, days, hallId } = scope;
  const statusKey = scope.statuses.join(',');
  /** The list belongs to one view (range and filters): another view shows "loading" until its own answer. */
  const viewKey = `${date}|${days}|${hallId ?? ''}|${statusKey}`;
  const [list, setList] = useState<{ key: string; bookings: StaffBooking[] } | null>(null);
  const [halls, setHalls] = useState<BookingHallRef[]>([]);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [loadError, setLoadError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  /** Bookings that arrived live on this screen (highlighted until the view changes or they are acted on). */
  const [fresh, setFresh] = useState<{ key: string; ids: number[] }>({ key: '', ids: [] });
  const [lastArrival, setLastArrival] = useState<StaffBooking | null>(null);
  const unauthorized = useRef(onUnauthorized);
  useEffect(() => {
    unauthorized.current = onUnauthorized;
  }, [onUnauthorized]);
  const createEventSource = useRef(options.createEventSource);
  const scopeRef = useRef(scope);

  useEffect(() => {
    const statuses = statusKey ? (statusKey.split(',') as StaffBookingsScope['statuses']) : [];
    const current: StaffBookingsScope = { date, days, hallId, statuses };
    scopeRef.current = current;
    const merge = (booking: StaffBooking) =>
      setList((l) =>
        l && l.key === viewKey ? { key: viewKey, bookings: mergeBooking(l.bookings, booking, current) } : l,
      );
    let cancelled = false;
    let close: (() => void) | null = null;
    const fail = (e: unknown) => {
      if (cancelled) return;
      if (isUnauthorized(e)) unauthorized.current();
      else setLoadError(true);
    };
    const load = async () => {
      // The position first, then the list: events in between are applied again (harmless), none is lost.
      const { last_event_id } = await getOpenUserNeeds(place);
      const answer = await getStaffBookings(place, current);
      if (!cancelled) {
        setList({ key: viewKey, bookings: sortBookings(answer.bookings) });
        setHalls(answer.halls);
        setLoadError(false);
      }
      return last_event_id;
    };
    load().then((lastEventId) => {
      if (cancelled) return;
      close = openStaffStream({
        place,
        token,
        lastEventId,
        events: BOOKING_EVENTS,
        createEventSource: createEventSource.current,
        onStatus: setStatus,
        onReset: () => void load().catch(fail),
        onEvent: (event) => {
          if (event.type !== 'booking.created' && event.type !== 'booking.status_changed') return;
          const booking = bookingOfEvent(event.data);
          if (!booking) return;
          merge(booking);
          if (event.type === 'booking.created' && inView(booking, current)) {
            setFresh((f) => {
              const ids = f.key === viewKey ? f.ids : [];
              return { key: viewKey, ids: ids.includes(booking.id) ? ids : [...ids, booking.id] };
            });
            setLastArrival(booking);
          }
        },
        beforeReconnect: async () => {
          try {
            await getOpenUserNeeds(place);
            return !cancelled;
          } catch (e) {
            if (isUnauthorized(e)) {
              fail(e);
              return false;
            }
            return !cancelled;
          }
        },
      });
    }, fail);
    return () => {
      cancelled = true;
      close?.();
    };
  }, [place, token, date, days, hallId, statusKey, viewKey, attempt]);

  const retry = useCallback(() => {
    setLoadError(false);
    setAttempt((n) => n + 1);
  }, []);

  const setBookingStatus = useCallback(
    async (booking: StaffBooking, to: StaffBookingAction) => {
      try {
        const updated = await changeBookingStatus(place, booking.id, to);
        setList((l) =>
          l ? { key: l.key, bookings: mergeBooking(l.bookings, updated, scopeRef.current) } : l,
        );
        setFresh((f) => ({ key: f.key, ids: f.ids.filter((id) => id !== booking.id) }));
      } catch (e) {
        if (isUnauthorized(e)) unauthorized.current();
        throw e;
      }
    },
    [place],
  );

  const bookings = list && list.key === viewKey ? list.bookings : null;
  const freshIds = fresh.key === viewKey ? fresh.ids : [];
  return { bookings, halls, status, loadError, retry, fresh: freshIds, lastArrival, setBookingStatus };
}
