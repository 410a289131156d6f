/** Saved addresses per place (spec §3): localStorage `{product}_user_addresses`, keyed by placeId. */
import { config } from '../../../config.ts';
import { readJson } from '../../../lib/storage.ts';

export interface SavedAddress {
  street?: string;
  number?: string;
  floor?: string;
  apartment?: string;
  bell?: string;
  entrance?: string;
  postalCode?: string;
  regionId?: number | null;
  lat?: number | null;
  lng?: number | null;
  label?: string;
}

export function savedAddresses(placeId: number): SavedAddress[] {
  const all = readJson<Record<string, unknown>>(`${config.productName}_user_addresses`, {});
  const list = all?.[String(placeId)];
  return Array.isArray(list) ? (list.filter((a) => a && typeof a === 'object') as SavedAddress[]) : [];
}
