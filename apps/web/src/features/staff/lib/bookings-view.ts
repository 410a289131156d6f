/**
 * The bookings screen's pure parts: the shown range, merging a live booking into the list (replace by id, or drop
 * it when it no longer belongs to the view), ordering, and the staff actions the domain allows.
 */
import { addDays, BOOKING_TRANSITIONS, type BookingStatus } from '@trapeza/domain/booking';
import type { StaffBooking } from '@trapeza/domain/contracts/bookings';
import type { StaffBookingsScope } from '../api/bookings.ts';

export type StaffBookingAction = 'confirmed' | 'seated' | 'no_show' | 'cancelled';
const ACTIONS: readonly StaffBookingAction[] = ['confirmed', 'seated', 'no_show', 'cancelled'];

/** The actions offered for a booking: its domain transitions, in a fixed order. */
export function bookingActions(status: BookingStatus): StaffBookingAction[] {
  const allowed = BOOKING_TRANSITIONS[status] ?? [];
  return ACTIONS.filter((a) => allowed.includes(a));
}

/** The dates of the range, first to last. */
export function datesOf(scope: Pick<StaffBookingsScope, 'date' | 'days'>): string[] {
  return Array.from({ length: scope.days }, (_, i) => addDays(scope.date, i));
}

/** Whether a booking belongs to the view (its date in the range, its hall and status as filtered). */
export function inView(booking: StaffBooking, scope: StaffBookingsScope): boolean {
  const last = addDays(scope.date, scope.days - 1);
  if (booking.date < scope.date || booking.date > last) return false;
  if (scope.hallId !== null && booking.hall?.id !== scope.hallId) return false;
  return scope.statuses.length === 0 || scope.statuses.includes(booking.status);
}

const order = (a: StaffBooking, b: StaffBooking) =>
  a.date.localeCompare(b.date) ||
  a.time.localeCompare(b.time) ||
  (a.hall?.name ?? '').localeCompare(b.hall?.name ?? '') ||
  a.id - b.id;

export function sortBookings(list: readonly StaffBooking[]): StaffBooking[] {
  return [...list].sort(order);
}

/** A booking as the server now has it (an event or a PATCH answer): replaced by id, added, or dropped from view. */
export function mergeBooking(
  list: readonly StaffBooking[],
  booking: StaffBooking,
  scope: StaffBookingsScope,
): StaffBooking[] {
  const rest = list.filter((b) => b.id !== booking.id);
  return inView(booking, scope) ? sortBookings([...rest, booking]) : rest;
}

/** The booking of a `booking.created` / `booking.status_changed` event's data, or null when it is not one. */
export function bookingOfEvent(data: unknown): StaffBooking | null {
  const b = (data as { booking?: Partial<StaffBooking> } | null)?.booking;
  return b && typeof b.id === 'number' && typeof b.date === 'string' && typeof b.status === 'string'
    ? (b as StaffBooking)
    : null;
}
