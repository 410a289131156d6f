/** The bookings screen's calls (apps/server/src/modules/bookings/README.md, contracts/bookings.ts `Staff…`). */
import type { BookingStatus } from '@trapeza/domain/booking';
import type {
  StaffBooking,
  StaffBookingsResponse,
  StaffBookingUpdate,
} from '@trapeza/domain/contracts/bookings';
import { staffRequest } from './staff-request.ts';

export interface StaffBookingsScope {
  /** First date shown, the venue's 'YYYY-MM-DD'. */
  date: string;
  /** 1 (day) or 7 (week). */
  days: number;
  hallId: number | null;
  /** Empty: every status. */
  statuses: readonly BookingStatus[];
}

/** GET staff/bookings?date&days&hallId&status: the bookings of the range (by date, time, hall) and the halls. */
export function getStaffBookings(place: string, scope: StaffBookingsScope, signal?: AbortSignal) {
  const q = new URLSearchParams({ date: scope.date, days: String(scope.days) });
  if (scope.hallId !== null) q.set('hallId', String(scope.hallId));
  if (scope.statuses.length > 0) q.set('status', scope.statuses.join(','));
  return staffRequest<StaffBookingsResponse>(`staff/bookings?${q.toString()}`, { place, signal });
}

/** PATCH staff/bookings/{id} {status}: confirm, seat, no-show or cancel (the domain's transition table). */
export const changeBookingStatus = (place: string, id: number, status: StaffBookingUpdate['status']) =>
  staffRequest<StaffBooking>(`staff/bookings/${id}`, { place, method: 'PATCH', body: { status } });
