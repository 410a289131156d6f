import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineBanner } from '../components/ui/offline-banner.tsx';
import { PageLoading } from '../components/ui/page-loading.tsx';

/** Every page: scroll to top on navigation and restore on back (spec §2), and the offline notice (spec §8). */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <OfflineBanner />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
