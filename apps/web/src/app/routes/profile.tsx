/** `/{place}/profile` (spec §2): the guest's profile, or the login form when signed out; my bookings (booking module). */
import { lazy, Suspense } from 'react';
import { ProfileView } from '../../features/account/components/profile-view.tsx';

const MyBookings = lazy(() =>
  import('../../features/booking/components/my-bookings.tsx').then((m) => ({ default: m.MyBookings })),
);

export function Component() {
  return (
    <>
      <ProfileView />
      <Suspense fallback={null}>
        <MyBookings />
      </Suspense>
    </>
  );
}
