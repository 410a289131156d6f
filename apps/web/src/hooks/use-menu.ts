/** The place's visible menu (categories and products), indexed for the screens. */
import { useMemo } from 'react';
import { useSuspenseQueries } from '@tanstack/react-query';
import { categoriesHierarchyQueryOptions } from '../api/get-categories-hierarchy.ts';
import { productsQueryOptions } from '../api/get-products.ts';
import { buildMenuIndex, type MenuIndex } from '../lib/menu-index.ts';
import { useVenue } from './use-venue.ts';

export function useMenu(): MenuIndex {
  const venue = useVenue();
  const [{ data: tree }, { data: products }] = useSuspenseQueries({
    queries: [categoriesHierarchyQueryOptions(venue.place), productsQueryOptions(venue.place)],
  });
  const { orderType, hasToken, hideProductsForOrderingWithToken } = venue.ctx;
  return useMemo(
    () => buildMenuIndex(tree, products, { orderType, hasToken, hideProductsForOrderingWithToken }),
    [tree, products, orderType, hasToken, hideProductsForOrderingWithToken],
  );
}
