/** GET ingredients (spec §7): names and prices of the ingredients products refer to. */
import { queryOptions } from '@tanstack/react-query';
import type { StoreIngredient } from '@trapeza/domain/contracts/menu';
import { api } from '../lib/api-client.ts';

export const getIngredients = (place: string) => api.get<StoreIngredient[]>('ingredients', { place });

export const ingredientsQueryOptions = (place: string) =>
  queryOptions({
    queryKey: ['ingredients', place],
    queryFn: () => getIngredients(place),
    staleTime: 5 * 60_000,
  });
