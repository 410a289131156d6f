import { beforeEach, expect, test } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { resetSavedAddressesCache, SAVED_ADDRESSES_KEY, useSavedAddresses } from './use-saved-addresses.ts';

const home = {
  label: 'Home',
  street: 'Vitosha',
  number: '12',
  floor: '3',
  apartment: '7',
  bell: 'Petrovi',
  entrance: 'A',
};

beforeEach(() => {
  localStorage.clear();
  resetSavedAddressesCache();
});

test('addresses are kept per place under {product}_user_addresses (spec §3)', () => {
  expect(SAVED_ADDRESSES_KEY).toBe('trapeza_user_addresses');
  const bistro = renderHook(() => useSavedAddresses(1));
  const hotel = renderHook(() => useSavedAddresses(2));
  act(() => void bistro.result.current.save(home));
  expect(bistro.result.current.addresses).toHaveLength(1);
  expect(hotel.result.current.addresses).toHaveLength(0);
  const stored = JSON.parse(localStorage.getItem('trapeza_user_addresses') ?? '{}') as Record<
    string,
    unknown[]
  >;
  expect(Object.keys(stored)).toEqual(['1']);
  expect(stored['1']?.[0]).toMatchObject(home);
});

test('the same address is kept once; the newest first; remove; every mounted hook sees it', () => {
  const a = renderHook(() => useSavedAddresses(1));
  const b = renderHook(() => useSavedAddresses(1));
  let first!: ReturnType<typeof a.result.current.save>;
  act(() => {
    first = a.result.current.save(home);
  });
  act(() => void a.result.current.save({ ...home, street: ' vitosha ', label: undefined }));
  expect(a.result.current.addresses).toHaveLength(1);
  act(() => void a.result.current.save({ ...home, street: 'Rakovski', number: '5' }));
  expect(b.result.current.addresses.map((x) => x.street)).toEqual(['Rakovski', 'Vitosha']);
  act(() => a.result.current.remove(first.id));
  expect(b.result.current.addresses.map((x) => x.street)).toEqual(['Rakovski']);
});

test('a reload reads what was saved; no place, no addresses', () => {
  const a = renderHook(() => useSavedAddresses(5));
  act(() => void a.result.current.save(home));
  resetSavedAddressesCache();
  expect(renderHook(() => useSavedAddresses(5)).result.current.addresses[0]?.street).toBe('Vitosha');
  expect(renderHook(() => useSavedAddresses(null)).result.current.addresses).toEqual([]);
});
