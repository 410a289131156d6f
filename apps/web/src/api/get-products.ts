/** GET products?active=1 (spec §7): every active product of the place. */
import { queryOptions } from '@tanstack/react-query';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { api } from '../lib/api-client.ts';
import { orderTokenFor } from '../stores/session-store.ts';

export const getProducts = (place: string) => api.get<StoreProduct[]>('products?active=1', { place });

/** Keyed by the order token too: the API answers a table guest's menu differently (spec §4 visibility). */
export const productsQueryOptions = (place: string) =>
  queryOptions({
    queryKey: ['products', place, orderTokenFor(place)],
    queryFn: () => getProducts(place),
    staleTime: 5 * 60_000,
  });
