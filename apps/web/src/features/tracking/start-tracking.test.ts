import { afterEach, describe, expect, test, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { describePage, startTracking } from './start-tracking.ts';

function client() {
  const qc = new QueryClient();
  qc.setQueryData(
    ['categoriesHierarchy', 'bistro'],
    [{ id: 1, slug: 'hrana', children: [{ id: 2, slug: 'salati', children: [] }] }],
  );
  qc.setQueryData(['products', 'bistro'], [{ id: 9, slug: 'shopska', catHierarchyId: 2 }]);
  qc.setQueryData(['place', 'bistro'], { id: 5 });
  return qc;
}

describe('tracking', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    history.replaceState(null, '', '/');
  });

  test('pages resolve to their category and product ids from the cached menu', () => {
    const qc = client();
    expect(describePage('/bistro', qc)).toMatchObject({ place: 'bistro', kind: 'menu' });
    expect(describePage('/bistro/salati', qc)).toMatchObject({ kind: 'category', catHierarchyId: 2 });
    expect(describePage('/bistro/salati/shopska', qc)).toMatchObject({
      kind: 'product',
      catHierarchyId: 2,
      productId: 9,
    });
    expect(describePage('/bistro/about', qc)).toMatchObject({ kind: 'other', place: 'bistro' });
    expect(describePage('/404', qc)).toMatchObject({ place: null });
  });

  test('page time over 2 s is posted on navigation; attribution cookie and local storage are kept', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return new Response('{"ok":true,"stored":true}', { status: 200 });
      }),
    );
    history.replaceState(null, '', '/bistro/salati?utm_source=qr&cid=7');
    const stop = startTracking(client());
    expect(document.cookie).toContain('attribution=');
    expect(localStorage.getItem('prev_cat')).toBe('2');
    vi.advanceTimersByTime(5_000);
    history.pushState(null, '', '/bistro/salati/shopska');
    await Promise.resolve();
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/logs/spent_time_on_page'))).toBe(true));
    const spent = calls.find((c) => c.url.endsWith('/logs/spent_time_on_page'))!.body as Record<
      string,
      number
    >;
    expect(spent.endTime! - spent.startTime!).toBe(5_000);
    expect(spent).toMatchObject({ catHierarchyId: 2, page: '/bistro/salati' });
    expect(localStorage.getItem('prev_prod')).toBe('9');
    expect(calls.some((c) => (c.body as { action_type?: string }).action_type === 'open_product')).toBe(true);
    stop();
  });

  test('no beacon on closing: the page time goes through the app client, kept alive, with the place headers', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response('{"ok":true,"stored":true}', { status: 200 });
      }),
    );
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { sendBeacon: () => false }),
    );
    history.replaceState(null, '', '/bistro/salati');
    const stop = startTracking(client());
    vi.advanceTimersByTime(3_000);
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/logs/spent_time_on_page'))).toBe(true));
    const sent = calls.find((c) => c.url.endsWith('/logs/spent_time_on_page'))!;
    expect(sent.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(sent.init.headers).toMatchObject({ place: 'bistro', 'content-type': 'application/json' });
    const body = JSON.parse(String(sent.init.body)) as Record<string, number>;
    expect(body).toMatchObject({ placeId: 5, catHierarchyId: 2, page: '/bistro/salati' });
    expect(body.endTime! - body.startTime!).toBe(3_000);
    stop();
  });
});
