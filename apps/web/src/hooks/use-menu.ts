/** The place's visible menu (categories and products), indexed for the screens. */
import { useMemo } from 'react';
import { usePrefetchQuery, useSuspenseQuery } from '@tanstack/react-query';
import { categoriesHierarchyQueryOptions } from '../api/get-categories-hierarchy.ts';
import { productsQueryOptions } from '../api/get-products.ts';
import { buildMenuIndex, type MenuIndex } from '../lib/menu-index.ts';
import { useVenue } from './use-venue.ts';

export function useMenu(): MenuIndex {
  const venue = useVenue();
  // Two suspense queries, both started before either suspends (useSuspenseQueries costs ~1 KB gzip more).
  usePrefetchQuery(productsQueryOptions(venue.place));
  const { data: tree } = useSuspenseQuery(categoriesHierarchyQueryOptions(venue.place));
  const { data: products } = useSuspenseQuery(productsQueryOptions(venue.place));
  const { orderType, hasToken, hideProductsForOrderingWithToken } = venue.ctx;
  return useMemo(
    () => buildMenuIndex(tree, products, { orderType, hasToken, hideProductsForOrderingWithToken }),
    [tree, products, orderType, hasToken, hideProductsForOrderingWithToken],
  );
}
