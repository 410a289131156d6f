/** GET products?active=1 (spec §7): every active product of the place. */
import { queryOptions } from '@tanstack/react-query';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { api } from '../lib/api-client.ts';

export const getProducts = (place: string) => api.get<StoreProduct[]>('products?active=1', { place });

export const productsQueryOptions = (place: string) =>
  queryOptions({ queryKey: ['products', place], queryFn: () => getProducts(place), staleTime: 5 * 60_000 });
