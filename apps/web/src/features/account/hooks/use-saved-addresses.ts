/**
 * Saved delivery addresses (spec §3 "Saved addresses: keyed by placeId, kept locally under
 * {product}_user_addresses"): `{ [placeId]: SavedAddress[] }` in localStorage `trapeza_user_addresses`. Managed
 * on the profile page; the delivery form offers them: `const { addresses, save } = useSavedAddresses(placeId)`.
 * Every mounted hook sees changes at once (one in-memory snapshot, also synced from other tabs).
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { config } from '../../../config.ts';
import { readJson, writeJson } from '../../../lib/storage.ts';

/** The delivery address fields of the order form (spec §3), plus an optional name and map point. */
interface SavedAddress {
  id: string;
  /** A name the guest gives it ("Home"); optional. */
  label?: string;
  street: string;
  number: string;
  floor: string;
  apartment: string;
  bell: string;
  entrance: string;
  postalCode?: string;
  regionId?: number | null;
  lat?: number | null;
  lng?: number | null;
}
export type SavedAddressInput = Omit<SavedAddress, 'id'>;
type AddressBook = Record<string, SavedAddress[]>;

export const SAVED_ADDRESSES_KEY = `${config.productName}_user_addresses`;
/** Designed: a short list stays usable in a picker. */
const MAX_SAVED_ADDRESSES = 10;
const EMPTY: readonly SavedAddress[] = [];

let snapshot: AddressBook | null = null;
const listeners = new Set<() => void>();

function read(): AddressBook {
  snapshot ??= readJson<AddressBook>(SAVED_ADDRESSES_KEY, {});
  return snapshot;
}

function write(book: AddressBook): void {
  snapshot = book;
  writeJson(SAVED_ADDRESSES_KEY, book);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== null && e.key !== SAVED_ADDRESSES_KEY) return;
    snapshot = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const sameAddress = (a: SavedAddressInput, b: SavedAddressInput) =>
  (['street', 'number', 'floor', 'apartment', 'bell', 'entrance'] as const).every(
    (k) => a[k].trim().toLowerCase() === b[k].trim().toLowerCase(),
  );

/** Street and number on one line, for lists and pickers. */
export function addressLine(a: SavedAddressInput): string {
  return `${a.street.trim()} ${a.number.trim()}`.trim();
}

export interface SavedAddresses {
  addresses: readonly SavedAddress[];
  /** Adds an address (or returns the identical one already kept); the newest first, at most 10. */
  save: (address: SavedAddressInput) => SavedAddress;
  remove: (id: string) => void;
}

export function useSavedAddresses(placeId: number | null | undefined): SavedAddresses {
  const book = useSyncExternalStore(subscribe, read, read);
  const key = placeId == null ? null : String(placeId);
  const addresses = key ? (book[key] ?? EMPTY) : EMPTY;

  const save = useCallback(
    (address: SavedAddressInput) => {
      if (!key) throw new Error('useSavedAddresses: no place');
      const current = read()[key] ?? [];
      const existing = current.find((a) => sameAddress(a, address));
      if (existing) return existing;
      const saved: SavedAddress = { ...address, id: newId() };
      write({ ...read(), [key]: [saved, ...current].slice(0, MAX_SAVED_ADDRESSES) });
      return saved;
    },
    [key],
  );
  const remove = useCallback(
    (id: string) => {
      if (!key) return;
      const current = read()[key] ?? [];
      write({ ...read(), [key]: current.filter((a) => a.id !== id) });
    },
    [key],
  );
  return useMemo(() => ({ addresses, save, remove }), [addresses, save, remove]);
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** For tests: drop the in-memory copy so the next read comes from localStorage. */
export function resetSavedAddressesCache(): void {
  snapshot = null;
}
