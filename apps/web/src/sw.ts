/// <reference lib="webworker" />
/**
 * The guest app's service worker (issue 17, item 3), built by vite-plugin-pwa (injectManifest) into dist/sw.js and
 * registered after the first screen is up (features/offline/start-offline.ts). What it keeps:
 *
 * - the app shell: the build's guest scripts and stylesheets, precached (the consoles' chunks are left out: see
 *   vite.config.ts); boot.js is not a file the pages ask for — the server inlines it in each page it renders, which
 *   is kept with the content security policy header that allows it (its hash), so a kept page boots offline;
 * - the venue's pages as last served (`/{place}`, its categories, products, about, …): network first, so a guest
 *   who has a network always gets the page the server renders now; the copy is used only when the network fails,
 *   marked with the time it was served (`data-offline-at` on <html>: "offline — prices as of HH:MM"); a page of a
 *   venue seen before that has no copy of its own gets the venue's app shell (venueShell), which renders it;
 * - the menu API answers the pages read (place, categories, products, settings, ingredients: GET only), network first
 *   as well, keyed by the venue and the guest's order token and language so one venue's or table's answer is never
 *   another's; every other call (orders, the waiter, the bill, the staff's and admin's) is never touched;
 * - images: stale-while-revalidate, a bounded number.
 *
 * Update policy: a new deploy never runs an old app against a new API. The worker takes over at once (skipWaiting,
 * clientsClaim) and pages are network first, so every page loaded with a network is the new app, whose chunks the
 * new precache holds. The kept pages and API answers belong to one build: their caches are named after the build's
 * precache manifest and the ones of any other build are deleted when this worker activates, so a page kept by an
 * old build is never served with a new build's chunks, nor an old API answer to a new app. A page served from the
 * copy (the network was down) reloads itself when the network is back, from the network: the current app.
 *
 * The cached menu is never used to price an order: orders are POSTs, which this worker leaves alone, and the server
 * re-prices every order.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types.js';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const manifest = self.__WB_MANIFEST;

/** A short name of this build (its precache manifest): the kept pages and API answers are this build's only. */
function buildId(): string {
  let hash = 5381;
  for (const e of manifest) {
    const text = typeof e === 'string' ? e : `${e.url}@${e.revision ?? ''}`;
    for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  }
  return hash.toString(36);
}

const BUILD = buildId();
const PAGES = `trapeza-pages-${BUILD}`;
const MENU_API = `trapeza-menu-api-${BUILD}`;
const IMAGES = 'trapeza-images';

void self.skipWaiting();
clientsClaim();
precacheAndRoute(manifest);
cleanupOutdatedCaches();

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((n) => /^trapeza-(pages|menu-api)-/.test(n) && n !== PAGES && n !== MENU_API)
            .map((n) => caches.delete(n)),
        ),
      ),
  );
});

/** Pages worth keeping: a venue's pages as the server renders them (a QR code's address is not one: it is a token). */
function keepablePage(url: URL): boolean {
  return (
    url.origin === self.location.origin &&
    !url.search &&
    !/^\/(?:api|admin|platform|assets|demo|uploads)(?:\/|$)/.test(url.pathname) &&
    !/^\/[^/]+\/(?:t|staff)(?:\/|$)/.test(url.pathname)
  );
}

/** Only a venue's server-rendered page (it carries its first screen's data) is kept; nothing else, no error. */
const keepOnlyVenuePages: WorkboxPlugin = {
  async cacheWillUpdate({ response }) {
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('text/html')) return null;
    const html = await response.clone().text();
    return html.includes('id="first-screen-data"') ? response : null;
  },
};

/** A kept page's HTML served because the network failed, marked with the time the server had served it. */
function servedFromCopy(copy: Response, html: string): Response {
  const served = new Date(copy.headers.get('date') ?? Date.now());
  const at = Number.isNaN(served.getTime()) ? new Date() : served;
  const headers = new Headers(copy.headers);
  headers.delete('content-length');
  return new Response(html.replace(/<html\b/, `<html data-offline-at="${at.toISOString()}"`), {
    status: 200,
    headers,
  });
}

/**
 * A kept page's HTML with the server's HTML taken out of `#root` (main.tsx then renders, rather than hydrates, the
 * address from the page's first-screen data), or undefined when its root is not the server's render.
 */
function withoutServerHtml(html: string): string | undefined {
  const shell = html.replace(
    /<div id="root">[\s\S]*?<\/div>(<script type="application\/json" id="first-screen-data">)/,
    (_m, data: string) => `<div id="root"></div>${data}`,
  );
  // (A copy whose root is empty already — the server left that page to the browser — is a shell as it is.)
  return shell.includes('<div id="root"></div><script type="application/json" id="first-screen-data">')
    ? shell
    : undefined;
}

/**
 * Whether the kept copy has a dialog the server rendered open (the welcome banner) that the guest has closed since,
 * in this browser session: its session cookie (data-closed-cookie) is set now. Served as kept, the copy would show
 * the banner again until the app is live, and the app (which reads the cookie) would not match it. Without the
 * Cookie Store API in the worker (not every browser has it) the cookie cannot be read here: the app decides.
 */
async function closedSinceKept(html: string): Promise<boolean> {
  const name = /<dialog\b[^>]*\bdata-closed-cookie="([\w-]+)"/.exec(html)?.[1];
  if (!name) return false;
  const store = (
    self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }
  ).cookieStore;
  if (!store) return true;
  return (await store.get(name).catch(() => null))?.value === '1';
}

/**
 * A kept page served because the network failed says so, with the time the server had served it; one kept with the
 * welcome banner open, closed since, is served as its app shell (the app renders the page, without the banner).
 */
const markServedFromCopy: WorkboxPlugin = {
  async cachedResponseWillBeUsed({ cachedResponse }) {
    if (!cachedResponse) return cachedResponse;
    const html = await cachedResponse.text();
    const shell = (await closedSinceKept(html)) ? withoutServerHtml(html) : undefined;
    return servedFromCopy(cachedResponse, shell ?? html);
  },
};

/**
 * The app shell of a venue seen before, for one of its pages that was never kept (a category, a product, search,
 * about opened for the first time with no network): a kept page of that venue — its menu page first, else another
 * one carrying the menu — with the server's HTML of that other page taken out of `#root`, so the app renders the
 * requested address itself (main.tsx renders, rather than hydrates, an empty root) from the venue's data the page
 * carries and the menu answers this worker keeps; marked as served from the copy ("offline — prices as of HH:MM",
 * and reloaded from the network once the server answers again). Only this build's kept pages are read (PAGES is the
 * build's own cache), so the shell is always the app this worker precached, never an old app against a new API.
 */
async function venueShell(url: URL): Promise<Response | undefined> {
  const place = url.pathname.split('/')[1];
  if (!place) return undefined;
  const cache = await caches.open(PAGES);
  const home = `/${place}`;
  const pathOf = (request: Request) => new URL(request.url).pathname;
  const kept = (await cache.keys())
    .filter((r) => pathOf(r) === home || pathOf(r).startsWith(`${home}/`))
    .sort((a, b) => Number(pathOf(b) === home) - Number(pathOf(a) === home));
  for (const request of kept) {
    // (By the kept request itself: the page's answer varies by its cookies, which a bare address does not carry.)
    const copy = await cache.match(request);
    if (!copy) continue;
    const html = await copy.text();
    // A page with the menu's data, and nothing of one page only (an order's tracking).
    if (!/id="first-screen-data">\{[^<]*"products":/.test(html) || /"tracking(?:NotFound)?":/.test(html))
      continue;
    const shell = withoutServerHtml(html);
    if (shell) return servedFromCopy(copy, shell);
  }
  return undefined;
}

const venuePages = new NetworkFirst({
  cacheName: PAGES,
  plugins: [
    keepOnlyVenuePages,
    markServedFromCopy,
    new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 14 * 24 * 3600 }),
  ],
});
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && keepablePage(url),
  async (options) => {
    try {
      return await venuePages.handle(options);
    } catch (error) {
      // No network and no copy of this page: the venue's app shell, when the guest has been there.
      const shell = await venueShell(options.url).catch(() => undefined);
      if (shell) return shell;
      throw error;
    }
  },
);

/**
 * The menu answers, keyed by what the server answers them by (spec §7 headers): the brand, the venue, the guest's
 * order token (a table's menu differs) and language, and whether the guest is signed in.
 */
const MENU_CALL = /^\/api\/(?:place|categoriesHierarchy|products|settings|ingredients)$/;
const keyByVenueAndGuest: WorkboxPlugin = {
  cacheKeyWillBeUsed({ request }) {
    const h = request.headers;
    const key = new URL(request.url);
    for (const name of ['client', 'place', 'x-order-token', 'lang', 'accept-language'])
      key.searchParams.set(`__${name}`, h.get(name) ?? '');
    key.searchParams.set('__auth', h.get('authorization') ? '1' : '0');
    return Promise.resolve(key.href);
  },
};
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && MENU_CALL.test(url.pathname),
  new NetworkFirst({
    cacheName: MENU_API,
    plugins: [
      keyByVenueAndGuest,
      {
        cacheWillUpdate: ({ response }) => Promise.resolve(response.status === 200 ? response : null),
      },
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 3600 }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new StaleWhileRevalidate({
    cacheName: IMAGES,
    plugins: [
      { cacheWillUpdate: ({ response }) => Promise.resolve(response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

/**
 * A page loaded before this worker controlled it (the first visit) was not kept on its way: the page asks for it
 * to be kept (features/offline/start-offline.ts), and it is fetched once more, with the guest's cookies.
 */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; url?: string; fresh?: boolean } | null;
  if (data?.type !== 'keep-page' || typeof data.url !== 'string') return;
  const url = new URL(data.url, self.location.origin);
  url.hash = '';
  if (!keepablePage(url)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES);
      // Came through this worker: kept on its way already (unless it has no copy, e.g. the network answered an error).
      if (!data.fresh && (await cache.match(url.href))) return;
      const response = await fetch(url.href, { credentials: 'same-origin' });
      const kept = await keepOnlyVenuePages.cacheWillUpdate!({
        request: new Request(url.href),
        response,
        event,
        state: {},
      });
      if (kept) await cache.put(url.href, kept);
    })().catch(() => undefined),
  );
});
