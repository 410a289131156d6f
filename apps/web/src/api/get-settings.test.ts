/**
 * The venue's settings survive a refresh that fails (issue 17 #3, found by the offline journey): the refetch when the
 * network comes back can run a moment before it answers; it must keep what the page holds, not the defaults.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, test, vi } from 'vitest';
import { settingsQueryOptions } from './get-settings.ts';

const VENUE = { agreement_terms_required: { value: '1' }, currency: { value: 'EUR' } };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

test('a failed refetch keeps the settings the page holds', async () => {
  const fetch = vi
    .fn()
    .mockResolvedValueOnce(answer(VENUE))
    .mockRejectedValue(new TypeError('Failed to fetch'));
  vi.stubGlobal('fetch', fetch);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const options = settingsQueryOptions('bistro');
  expect(await client.fetchQuery(options)).toEqual(VENUE);
  // As the 'online' refresh does for the page's queries (features/offline: invalidateQueries).
  await client.invalidateQueries({ refetchType: 'all' });
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(client.getQueryData(options.queryKey)).toEqual(VENUE);
});

test('a first load that fails falls back to the defaults (spec §8: logged, the menu still shows)', async () => {
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  expect(await client.fetchQuery(settingsQueryOptions('bistro'))).toEqual({});
  expect(logged).toHaveBeenCalled();
});
