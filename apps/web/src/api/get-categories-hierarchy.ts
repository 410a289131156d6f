/** GET categoriesHierarchy?active=1 (spec §7): the category tree of the place. */
import { queryOptions } from '@tanstack/react-query';
import type { StoreCategory } from '@trapeza/domain/contracts/menu';
import { api } from '../lib/api-client.ts';
import { orderTokenFor } from '../stores/session-store.ts';

export const getCategoriesHierarchy = (place: string) =>
  api.get<StoreCategory[]>('categoriesHierarchy?active=1', { place });

export const categoriesHierarchyQueryOptions = (place: string) =>
  queryOptions({
    // Keyed by the order token too: the API answers a table guest's menu differently (spec §4 visibility).
    queryKey: ['categoriesHierarchy', place, orderTokenFor(place)],
    queryFn: () => getCategoriesHierarchy(place),
    staleTime: 5 * 60_000,
  });
