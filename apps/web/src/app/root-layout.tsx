import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/ui/offline-banner.tsx';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { useScrollRestoration } from '../hooks/use-scroll-restoration.ts';

/** Every page: scroll to top on navigation and restore on back (spec §2), and the offline notice (spec §8). */
export function RootLayout() {
  useScrollRestoration();
  return (
    <>
      <OfflineBanner />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
