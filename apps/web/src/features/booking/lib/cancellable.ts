/** Whether the guest may still cancel a booking at `now` (the domain rule on the booking's start). */
import type { StoreBooking } from '@trapeza/domain/contracts/bookings';
import { isGuestCancellable, nowOnBookingAxis, stayOf } from '@trapeza/domain/booking';

export function canGuestCancel(booking: StoreBooking, timeZone: string, now = new Date()): boolean {
  const stay = stayOf(booking.date, booking.time, 0);
  if (!stay || booking.canceled) return false;
  return isGuestCancellable(booking.status, stay.start, nowOnBookingAxis(now, timeZone).abs);
}
