/** GET settings (spec §7): key → {value}. Load errors other than "no such place" are only logged (spec §8). */
import { queryOptions } from '@tanstack/react-query';
import type { StoreSettingsResponse } from '@trapeza/domain/contracts/menu';
import { api, isNotFound } from '../lib/api-client.ts';

export async function getSettings(place: string): Promise<StoreSettingsResponse> {
  try {
    return await api.get<StoreSettingsResponse>('settings', { place });
  } catch (error) {
    if (isNotFound(error)) throw error;
    console.error('settings load failed', error);
    return {};
  }
}

export const settingsQueryOptions = (place: string) =>
  queryOptions({ queryKey: ['settings', place], queryFn: () => getSettings(place), staleTime: 5 * 60_000 });
