/**
 * The routes of spec §2, each code-split (React Router lazy routes). Loaders only start the place's data requests
 * in parallel with the route's code; the pages read the same queries.
 */
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router';
import { categoriesHierarchyQueryOptions } from '../api/get-categories-hierarchy.ts';
import { productsQueryOptions } from '../api/get-products.ts';
import { settingsQueryOptions } from '../api/get-settings.ts';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { RootLayout } from './root-layout.tsx';

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const prefetchPlace = ({ params }: { params: { place?: string } }) => {
    const place = params.place;
    if (place) {
      void queryClient.prefetchQuery(settingsQueryOptions(place));
      void queryClient.prefetchQuery(categoriesHierarchyQueryOptions(place));
      void queryClient.prefetchQuery(productsQueryOptions(place));
    }
    return null;
  };
  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        { path: '/', lazy: () => import('./routes/landing.tsx') },
        { path: '/404', lazy: () => import('./routes/not-found.tsx') },
        { path: '/join', lazy: () => import('./routes/join.tsx') },
        { path: '/thankyou', lazy: () => import('./routes/thank-you.tsx') },
        { path: '/close-browser-app', lazy: () => import('./routes/close-browser-app.tsx') },
        {
          path: '/:place',
          loader: prefetchPlace,
          lazy: () => import('./routes/place-layout.tsx'),
          children: [
            { index: true, lazy: () => import('./routes/place-home.tsx') },
            { path: 't/:token', lazy: () => import('./routes/table-entry.tsx') },
            { path: 'search', lazy: () => import('./routes/search.tsx') },
            { path: 'all', lazy: () => import('./routes/all.tsx') },
            { path: 'about', lazy: () => import('./routes/about.tsx') },
            { path: 'gallery', lazy: () => import('./routes/gallery.tsx') },
            { path: 'custom-terms', lazy: () => import('./routes/custom-terms.tsx') },
            { path: 'terms', lazy: () => import('./routes/terms.tsx') },
            { path: 'privacy-policy', lazy: () => import('./routes/privacy-policy.tsx') },
            { path: 'refund-policy', lazy: () => import('./routes/refund-policy.tsx') },
            // Screens of later issues (booking, payment, feedback, accounts) keep their URLs reserved.
            { path: 'reservations', lazy: () => import('./routes/coming-soon.tsx') },
            { path: 'payment', lazy: () => import('./routes/coming-soon.tsx') },
            { path: 'feedback', lazy: () => import('./routes/coming-soon.tsx') },
            { path: 'profile', lazy: () => import('./routes/coming-soon.tsx') },
            { path: 'profile/orders', lazy: () => import('./routes/coming-soon.tsx') },
            // `/{place}/about-{product}` cannot be a partial segment in React Router; the category route
            // hands slugs starting with `about-` to the about-product page.
            { path: ':catSlug', lazy: () => import('./routes/category.tsx') },
            { path: ':catSlug/:prodSlug', lazy: () => import('./routes/product.tsx') },
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}
