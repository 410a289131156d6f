/** GET getCitiesForMap and GET getTagsForMap (spec §7): the landing page filters. */
import { queryOptions } from '@tanstack/react-query';
import type { StoreCity, StoreTag } from '@trapeza/domain/contracts/places';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type City = z.infer<typeof StoreCity>;
export type Tag = z.infer<typeof StoreTag>;

export const citiesQueryOptions = () =>
  queryOptions({
    queryKey: ['citiesForMap'],
    queryFn: () => api.get<City[]>('getCitiesForMap'),
    staleTime: 10 * 60_000,
  });

export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: ['tagsForMap'],
    queryFn: () => api.get<Tag[]>('getTagsForMap'),
    staleTime: 10 * 60_000,
  });
