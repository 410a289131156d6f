/** POST getPlacesForMap {cityId, tagIds} (spec §7): the brand's places for the landing page. */
import { queryOptions } from '@tanstack/react-query';
import type { StoreMapPlace } from '@trapeza/domain/contracts/places';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type MapPlace = z.infer<typeof StoreMapPlace>;

const getPlacesForMap = (cityId: number | null, tagIds: number[]) =>
  api.post<MapPlace[]>('getPlacesForMap', { cityId, tagIds }, { place: null });

export const placesForMapQueryOptions = (cityId: number | null, tagIds: number[]) =>
  queryOptions({
    queryKey: ['placesForMap', cityId, [...tagIds].sort((a, b) => a - b)],
    queryFn: () => getPlacesForMap(cityId, tagIds),
    placeholderData: (prev) => prev,
  });
