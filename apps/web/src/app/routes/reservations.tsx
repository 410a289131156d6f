/** `/{place}/reservations` (spec §2): table booking, and the cancel link of the confirmation e-mail. */
import { BookingPage } from '../../features/booking/components/booking-page.tsx';

export function Component() {
  return <BookingPage />;
}
