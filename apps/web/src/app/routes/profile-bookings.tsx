/** `/{place}/profile/bookings`: my bookings at this venue, with cancel. */
import { MyBookings } from '../../features/booking/components/my-bookings.tsx';

export function Component() {
  return <MyBookings />;
}
