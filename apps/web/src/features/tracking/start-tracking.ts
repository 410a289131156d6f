/**
 * Guest tracking (spec §4, §7, §9), started once the first screen is up (main.tsx, on idle) and kept out of React:
 * - page time per page, paused after 60 s without activity (activity noticed with a 250 ms debounce), sent as
 *   `POST logs/spent_time_on_page` when over 2 s on leaving the page, by `navigator.sendBeacon` (with placeId, a
 *   text/plain JSON body) when the tab is hidden or closed;
 * - `POST logs/user_action` on key actions: opening a category, a product, search, changing the language, adding to
 *   the cart;
 * - `POST logs/make-system-log` for uncaught client errors (at most 10 per page load, each message once);
 * - prev_cat, prev_prod and location in local storage;
 * - the attribution cookie (utm_source, utm_medium, utm_campaign, call_id, cid, last touch; 30 days).
 * The rules (time-outs, limits, the attribution) are `@trapeza/domain/tracking`'s.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { StoreCategory, StoreProduct } from '@trapeza/domain/contracts/menu';
import type { StorePlaceResponse } from '@trapeza/domain/contracts/places';
import {
  ACTIVITY_DEBOUNCE_MS,
  ATTRIBUTION_COOKIE,
  ATTRIBUTION_COOKIE_MAX_AGE_SECONDS,
  attributionFrom,
  pageTimeEntry,
  recordActivity,
  startPageTimer,
  type PageTimer,
} from '@trapeza/domain/tracking';
import { config } from '../../config.ts';
import { i18next } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { setCookie } from '../../lib/cookies.ts';

/** What a path is: its place and, on a category or product page, their ids (from the cached menu). */
export interface PageInfo {
  path: string;
  place: string | null;
  kind: 'menu' | 'category' | 'product' | 'search' | 'other';
  catHierarchyId: number | null;
  productId: number | null;
}

/** Second segments of /{place}/… that are pages rather than categories (app/router.tsx). */
const PLACE_PAGES = new Set([
  't',
  'search',
  'all',
  'about',
  'gallery',
  'custom-terms',
  'terms',
  'privacy-policy',
  'refund-policy',
  'reservations',
  'payment',
  'feedback',
  'profile',
  'reset-password',
  'staff',
]);
const NOT_PLACES = new Set(['', '404', 'join', 'thankyou', 'close-browser-app', 'admin']);

function findCategory(list: StoreCategory[] | undefined, slug: string): StoreCategory | null {
  for (const c of list ?? []) {
    if (c.slug === slug) return c;
    const found = findCategory(c.children as StoreCategory[] | undefined, slug);
    if (found) return found;
  }
  return null;
}

export function describePage(path: string, queryClient: QueryClient): PageInfo {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const place = segments[0] ?? '';
  const info: PageInfo = { path, place: null, kind: 'other', catHierarchyId: null, productId: null };
  if (NOT_PLACES.has(place)) return info;
  info.place = place;
  if (segments.length === 1) return { ...info, kind: 'menu' };
  if (segments[1] === 'search') return { ...info, kind: 'search' };
  if (PLACE_PAGES.has(segments[1]!) || segments[1]!.startsWith('about-')) return info;
  // Prefix match: the menu queries are keyed by the order token too (api/get-products.ts).
  const cached = <T>(key: string) =>
    queryClient.getQueriesData<T>({ queryKey: [key, place] }).find(([, data]) => data !== undefined)?.[1];
  const tree = cached<StoreCategory[]>('categoriesHierarchy');
  const category = findCategory(tree, segments[1]!);
  if (segments.length === 2) return { ...info, kind: 'category', catHierarchyId: category?.id ?? null };
  const products = cached<StoreProduct[]>('products');
  const product = products?.find((p) => p.slug === segments[2]);
  return {
    ...info,
    kind: 'product',
    catHierarchyId: category?.id ?? product?.catHierarchyId ?? null,
    productId: product?.id ?? null,
  };
}

function placeIdOf(place: string | null, queryClient: QueryClient): number | null {
  if (!place) return null;
  return queryClient.getQueryData<StorePlaceResponse>(['place', place])?.id ?? null;
}

function remember(key: string, value: string | number): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // storage unavailable: nothing to remember
  }
}

/** Sends a log call; logging never disturbs the guest, so failures are dropped. */
function send(path: string, body: unknown, place: string | null): void {
  void api.post(path, body, { place }).catch(() => undefined);
}

let started = false;

export function startTracking(queryClient: QueryClient): () => void {
  if (started) return () => undefined;
  started = true;
  const cleanups: (() => void)[] = [];
  const listen = <K extends keyof WindowEventMap>(
    type: K,
    handler: (e: WindowEventMap[K]) => void,
    options: AddEventListenerOptions = { passive: true },
  ) => {
    window.addEventListener(type, handler as EventListener, options);
    cleanups.push(() => window.removeEventListener(type, handler as EventListener, options));
  };

  // Attribution: a visit with campaign parameters is the new last touch (30 days).
  const attribution = attributionFrom(new URLSearchParams(location.search), Date.now());
  if (attribution)
    setCookie(ATTRIBUTION_COOKIE, JSON.stringify(attribution), ATTRIBUTION_COOKIE_MAX_AGE_SECONDS / 3600);

  // Page time.
  let page = describePage(location.pathname, queryClient);
  let timer: PageTimer = startPageTimer(Date.now());
  let flushed = false;

  const entryBody = (now: number) => {
    const entry = pageTimeEntry(timer, now);
    return entry
      ? {
          ...entry,
          catHierarchyId: page.catHierarchyId,
          productId: page.productId,
          page: page.path,
        }
      : null;
  };

  /** Leaving the page inside the app: an ordinary call with the place headers. */
  const flush = () => {
    const body = entryBody(Date.now());
    if (body && page.place) send('logs/spent_time_on_page', body, page.place);
  };

  /** The tab is hidden or closing: a beacon (no headers possible, so placeId in the body). */
  const beacon = () => {
    if (flushed || !page.place) return;
    const body = entryBody(Date.now());
    if (!body) return;
    flushed = true;
    const entry = { ...body, placeId: placeIdOf(page.place, queryClient) };
    const url = `${config.apiBase}/logs/spent_time_on_page`;
    if (!(typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, JSON.stringify(entry)))) {
      // No beacon: the app's client, with a request that outlives the page.
      void api
        .post('logs/spent_time_on_page', entry, { place: page.place, keepalive: true })
        .catch(() => undefined);
    }
  };

  const onPage = () => {
    const next = describePage(location.pathname, queryClient);
    if (next.path === page.path) return;
    if (!flushed) flush();
    page = next;
    timer = startPageTimer(Date.now());
    flushed = false;
    notePage(page);
  };

  const notePage = (p: PageInfo) => {
    if (p.place) remember('location', p.path);
    if (p.catHierarchyId !== null) remember('prev_cat', p.catHierarchyId);
    if (p.productId !== null) remember('prev_prod', p.productId);
    const action = { category: 'open_category', product: 'open_product', search: 'search' } as const;
    if (p.place && (p.kind === 'category' || p.kind === 'product' || p.kind === 'search')) {
      send(
        'logs/user_action',
        { page: p.path, action_type: action[p.kind], categoryId: p.catHierarchyId, productId: p.productId },
        p.place,
      );
    }
  };
  notePage(page);

  // The router moves with history.pushState/replaceState (no event of their own) and popstate.
  const patch = (name: 'pushState' | 'replaceState') => {
    const original = history[name];
    history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      queueMicrotask(onPage);
      return result;
    };
    cleanups.push(() => {
      history[name] = original;
    });
  };
  patch('pushState');
  patch('replaceState');
  listen('popstate', onPage);

  // Activity, debounced: counting resumes; 60 s without any pauses it (the domain timer).
  let debounce = 0;
  const onActivity = () => {
    if (debounce) return;
    debounce = window.setTimeout(() => {
      debounce = 0;
      timer = recordActivity(timer, Date.now());
      if (flushed) {
        // Back on a page whose time was already sent by beacon: count afresh.
        timer = startPageTimer(Date.now());
        flushed = false;
      }
    }, ACTIVITY_DEBOUNCE_MS);
  };
  for (const type of ['pointerdown', 'keydown', 'scroll', 'touchstart', 'wheel', 'mousemove'] as const)
    listen(type, onActivity);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') beacon();
  };
  document.addEventListener('visibilitychange', onVisibility);
  cleanups.push(() => document.removeEventListener('visibilitychange', onVisibility));
  listen('pagehide', beacon);

  // Key actions the app does not navigate for.
  const onLanguage = (lng: string) =>
    page.place &&
    send('logs/user_action', { page: page.path, action_type: 'change_language:' + lng }, page.place);
  i18next.on('languageChanged', onLanguage);
  cleanups.push(() => i18next.off('languageChanged', onLanguage));
  void import('../../stores/cart-store.ts').then(({ useCartStore }) => {
    if (!started) return;
    cleanups.push(
      useCartStore.subscribe((state, prev) => {
        if (!state.lastAdded || state.lastAdded === prev.lastAdded || !page.place) return;
        send(
          'logs/user_action',
          {
            page: page.path,
            action_type: 'add_to_cart',
            categoryId: page.catHierarchyId,
            productId: state.lastAdded.line.product_id,
          },
          page.place,
        );
      }),
    );
  });

  // Client errors: each message once, at most 10 per page load.
  const reported = new Set<string>();
  const report = (kind: string, message: string, detail: Record<string, unknown>) => {
    if (reported.size >= 10 || reported.has(message)) return;
    reported.add(message);
    send(
      'logs/make-system-log',
      {
        action: `client_${kind}`,
        data: { message: message.slice(0, 500), page: location.pathname, ...detail },
      },
      page.place,
    );
  };
  listen('error', (e: ErrorEvent) =>
    report('error', String(e.message || e.error), {
      source: e.filename,
      line: e.lineno,
      column: e.colno,
      stack: e.error instanceof Error ? e.error.stack?.slice(0, 2000) : undefined,
    }),
  );
  listen('unhandledrejection', (e: PromiseRejectionEvent) => {
    const reason: unknown = e.reason;
    // API failures are answered on screen (spec §8) and logged by the server.
    if (reason instanceof Error && reason.name === 'ApiRequestError') return;
    report('unhandled_rejection', reason instanceof Error ? reason.message : String(reason), {
      stack: reason instanceof Error ? reason.stack?.slice(0, 2000) : undefined,
    });
  });

  return () => {
    started = false;
    window.clearTimeout(debounce);
    for (const c of cleanups.splice(0)) c();
  };
}
