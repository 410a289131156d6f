/** GET place (designed, see contracts/places.ts): the place's public facts; a 404 means an unknown place. */
import { queryOptions } from '@tanstack/react-query';
import type { StorePlaceResponse } from '@trapeza/domain/contracts/places';
import { api } from '../lib/api-client.ts';

export const getPlace = (place: string) => api.get<StorePlaceResponse>('place', { place });

export const placeQueryOptions = (place: string) =>
  queryOptions({ queryKey: ['place', place], queryFn: () => getPlace(place), staleTime: 5 * 60_000 });
