/**
 * `/{place}/profile` (spec §2): the guest's profile, or the login form when signed out; saved cards (payments
 * module) and my bookings (booking module).
 */
import { lazy, Suspense } from 'react';
import { ProfileView } from '../../features/account/components/profile-view.tsx';

const MyBookings = lazy(() =>
  import('../../features/booking/components/my-bookings.tsx').then((m) => ({ default: m.MyBookings })),
);
const SavedCards = lazy(() =>
  import('../../features/payment/components/saved-cards.tsx').then((m) => ({ default: m.SavedCards })),
);

export function Component() {
  return (
    <>
      <ProfileView />
      <Suspense fallback={null}>
        <SavedCards />
      </Suspense>
      <Suspense fallback={null}>
        <MyBookings />
      </Suspense>
    </>
  );
}
