/** `/{place}/profile` (spec §2): the guest's profile, or the login form when signed out; a link to my bookings. */
import { Suspense } from 'react';
import { ProfileView } from '../../features/account/components/profile-view.tsx';
import { MyBookingsLink } from '../../features/booking/components/my-bookings.tsx';

export function Component() {
  return (
    <>
      <ProfileView />
      <Suspense fallback={null}>
        <MyBookingsLink />
      </Suspense>
    </>
  );
}
