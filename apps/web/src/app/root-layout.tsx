import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { useScrollRestoration } from '../hooks/use-scroll-restoration.ts';

/**
 * Every page: scroll to top on navigation and restore on back (spec §2). The offline notice (spec §8) is mounted
 * after the first screen (features/offline/start-offline.tsx).
 */
export function RootLayout() {
  useScrollRestoration();
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
