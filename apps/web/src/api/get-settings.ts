/** GET settings (spec §7): key → {value}. Load errors other than "no such place" are only logged (spec §8). */
import { queryOptions } from '@tanstack/react-query';
import type { StoreSettingsResponse } from '@trapeza/domain/contracts/menu';
import { api, isNotFound } from '../lib/api-client.ts';

/**
 * `previous`: the settings this page already holds. A refetch that fails keeps them (the error leaves the query's
 * data as it was): the refresh when the network is back (features/offline) can run a moment before the network
 * answers, and the venue's defaults in their place would drop its required agreements and show another currency
 * until the next reload. Only a first load with nothing to keep falls back to the defaults, as spec §8 asks.
 */
async function getSettings(place: string, previous?: StoreSettingsResponse): Promise<StoreSettingsResponse> {
  try {
    return await api.get<StoreSettingsResponse>('settings', { place });
  } catch (error) {
    if (isNotFound(error) || previous) throw error;
    console.error('settings load failed', error);
    return {};
  }
}

export const settingsQueryOptions = (place: string) =>
  queryOptions({
    queryKey: ['settings', place],
    queryFn: ({ client, queryKey }) =>
      getSettings(place, client.getQueryData<StoreSettingsResponse>(queryKey)),
    staleTime: 5 * 60_000,
  });
