/**
 * The first screen of a `/{place}` page without API round trips (issues "Menu browsing", Speed, and 17 "Every guest
 * entry as fast as the menu page"): the page's index.html carries
 * - the answers of GET settings, place, categoriesHierarchy?active=1 and products?active=1 for the place in the URL
 *   (the menu left out on a page that shows no product: about, legal, an order's tracking, the invalid-QR page) (and
 *   GET ingredients on a category or product URL: the product page and the cards' quick add read it), asked
 *   through the API itself (same tenancy, order-token context from the guest's cookies, 5 s menu cache), as escaped
 *   JSON in `<script type="application/json" id="first-screen-data">` — the web app seeds its query cache with it
 *   before the first render (apps/web/src/lib/first-screen-data.ts);
 * - the stylesheets and `<link rel="modulepreload">` for the chunks the page renders first (the place layout and, on
 *   a category or product URL, that route), read from the build manifest, so the browser fetches them in parallel
 *   with the entry instead of one after another; on a server-rendered page the stylesheets are inlined in `<style>`
 *   (inlinedStylesheets: no round trip before the first paint);
 * - the first screen's HTML inside `<div id="root">` for the place home, a category, a product, the about and legal
 *   pages, search and "all" (with or without an order token, login or language cookie), rendered by the web build's
 *   server entry (apps/web/src/entry-server.tsx → dist/server/entry-server.js) from that same data, with the page's
 *   own `<title>` and `<html lang>`, and the venue's welcome banner already open where it greets unless the guest closed
 *   it in this browser session (the `welcome_seen_<place>` session cookie); the browser hydrates it. The stylesheets of lazily loaded parts the server
 *   rendered (the footer, the table bar, …) are linked too — found by the CSS classes the HTML uses — so nothing
 *   shifts when their chunks arrive. The page is left to the browser when the server build is missing or the render
 *   fails;
 * - the guest's table: a table or room QR scan (`/{place}/t/{token}`) is verified here and answered with the menu at
 *   that table, the order-token cookie written in the same response (the app then shows the menu's URL); an invalid
 *   QR code answers its "scan again" page with 404; an order-token cookie is checked against the session it names
 *   (guestState below). What only the browser knows (the cart and the signed-in user kept in its storage) shows
 *   after hydration, in places that keep their size.
 * The page is the brand's (web-brand.ts resolves it from the Host): its name, logo, colour and the brand itself are in
 * the HTML (brandShell), and a place the brand does not have answers 404. Any API error answers the brand's plain
 * index.html: the app then shows what it shows today.
 */
import { sessionTokenOrderType } from '@trapeza/domain/order-status';
import { decodeWireMoney } from '@trapeza/domain/contracts/wire-money';
import { parseSettings, type RawSettings } from '@trapeza/domain/settings';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cookieLifetimeHours,
  isTokenExpired,
  ORDER_TOKEN_COOKIE,
  welcomeSeenCookie,
} from '@trapeza/domain/tokens';
import type { PageBrand } from './web-brand.ts';
import { bootScript } from './web-boot-script.ts';
import { comingSoonHtml, comingSoonTitle, COMING_SOON_RETRY_AFTER_S, mayPreview } from './web-coming-soon.ts';
import type { WebBrandRepository } from './web-brand.repository.ts';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

interface WebShell {
  html: string;
  manifest: Record<string, ManifestChunk> | null;
  /** The class names each stylesheet of the build styles (file → classes), read once per build. */
  stylesheetClasses: Map<string, Set<string>>;
  /** The text of each stylesheet of the build that can be inlined as it is (file → CSS), read once per build. */
  stylesheetText: Map<string, string>;
}

/** Top-level paths that are not places (spec §2 routes and the consoles). */
const NOT_PLACES = new Set([
  '404',
  'join',
  'thankyou',
  'close-browser-app',
  'admin',
  'assets',
  'demo',
  'api',
  'platform',
  'uploads',
]);
/** Second segments of `/{place}/…` that are pages of their own rather than a category. */
const PLACE_PAGES = new Set([
  't',
  'search',
  'all',
  'about',
  'gallery',
  'offers',
  'custom-terms',
  'terms',
  'privacy-policy',
  'refund-policy',
  'reservations',
  'payment',
  'feedback',
  'profile',
  'reset-password',
  'confirm-email',
  'staff',
  'order',
]);
const LANGUAGES = new Set(['en', 'es', 'de', 'fr-CH']);
/** Pages of a functionality module: a 404 while the venue has it switched off (issue 24; the app shows /404). */
const MODULE_PAGES: Record<string, string> = {
  gallery: 'gallery',
  offers: 'promotions',
  feedback: 'feedback',
};

let cached: { key: string; shell: WebShell } | null = null;

/** index.html and the build manifest, re-read when a new build replaced index.html. */
function loadWebShell(distDir: string): WebShell {
  const indexPath = join(distDir, 'index.html');
  const stat = statSync(indexPath);
  const key = `${indexPath}|${stat.mtimeMs}|${stat.size}`;
  if (cached?.key === key) return cached.shell;
  const html = readFileSync(indexPath, 'utf8');
  let manifest: WebShell['manifest'];
  try {
    manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as WebShell['manifest'];
  } catch {
    manifest = null;
  }
  const shell = { html, manifest, ...readStylesheets(distDir, manifest) };
  cached = { key, shell };
  return shell;
}

/**
 * Whether a stylesheet's text means the same inside the page's `<style>` as at its own address: nothing that could
 * close the element, no `@import` or `@charset`, and every `url(…)` absolute (`/assets/…`, `data:`, `https:`) —
 * relative to the page instead of the stylesheet, a relative one would point elsewhere.
 */
function inlinable(css: string): boolean {
  if (/<\/style|@import|@charset/i.test(css)) return false;
  for (const [, target] of css.matchAll(/url\(\s*['"]?([^'")\s]*)/gi))
    if (!/^(?:\/|data:|https?:|#)/i.test(target!)) return false;
  return true;
}

/** The class names in the selectors of every stylesheet the build manifest names, and the text of those inlinable. */
function readStylesheets(
  distDir: string,
  manifest: WebShell['manifest'],
): Pick<WebShell, 'stylesheetClasses' | 'stylesheetText'> {
  const classes = new Map<string, Set<string>>();
  const text = new Map<string, string>();
  for (const chunk of Object.values(manifest ?? {})) {
    for (const file of chunk.css ?? []) {
      if (classes.has(file)) continue;
      const names = new Set<string>();
      try {
        const css = readFileSync(join(distDir, file), 'utf8');
        if (inlinable(css)) text.set(file, css.trim());
        // Selectors only: what precedes each `{` (declaration values hold dots too: `1.5rem`, `url(a.svg)`).
        for (const [, prelude] of css.matchAll(/([^{};]+)\{/g)) {
          for (const [, name] of prelude!.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) names.add(name!);
        }
      } catch {
        // A stylesheet missing from the build is simply never linked by its classes.
      }
      classes.set(file, names);
    }
  }
  return { stylesheetClasses: classes, stylesheetText: text };
}

/** The user order token object of spec §3, as the web app writes it (apps/web/src/lib/order-token-cookie.ts). */
interface OrderTokenValue {
  token: string;
  place: string;
  ordertype: number;
  room_number: string | null;
  table: string | null;
  tablet_mode: boolean;
  /** epoch milliseconds */
  expires: number;
}

type RenderFirstScreen = (input: {
  url: string;
  language: string | null;
  data: unknown;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
  session?: {
    orderToken: OrderTokenValue | null;
    authToken: string | null;
    welcomeSeen: boolean;
    now: number;
  };
}) => Promise<{ html: string; title: string | null } | string | null>;

const serverEntries = new Map<string, Promise<RenderFirstScreen | null>>();

/**
 * The web build's server renderer, or null without one. Imported once per process (its chunks import the entry by
 * its plain URL, so a cache-busting query would load a second copy): a new build needs a restart, as the API does.
 */
function loadServerRenderer(distDir: string, log: FastifyRequest['log']): Promise<RenderFirstScreen | null> {
  const path = join(distDir, 'server/entry-server.js');
  let entry = serverEntries.get(path);
  if (!entry) {
    if (!existsSync(path)) return Promise.resolve(null);
    // The renderer is handed out once its route modules are loaded (warm), so the first render's time-out after
    // a start counts rendering, not imports (a cold import of the route chunks took over 1.5 s on a loaded machine
    // and the first guest got the browser-rendered page). Per process, loaded once: the build is read-only.
    entry = import(pathToFileURL(path).href).then(
      async (m: { render?: RenderFirstScreen; warm?: () => Promise<void> }) => {
        await m.warm?.().catch((error: unknown) => {
          log.warn({ err: error }, "the web build's route modules could not all be loaded ahead");
        });
        return m.render ?? null;
      },
      (error: unknown) => {
        log.warn({ err: error }, "the web build's server renderer could not be loaded");
        return null;
      },
    );
    serverEntries.set(path, entry);
  }
  return entry;
}

/** Pages of their own (`/{place}/<page>`) the server renders, each its route chunk. */
const SERVER_RENDERED_PAGES = new Set([
  'search',
  'all',
  'about',
  'custom-terms',
  'terms',
  'privacy-policy',
  'refund-policy',
]);
/** Route chunks whose pages the server renders (besides the place home); `order-tracking` is `/{place}/order/{key}`. */
const SERVER_RENDERED_ROUTES = new Set(['category', 'product', 'order-tracking', ...SERVER_RENDERED_PAGES]);
/**
 * Routes whose page shows no product: their first-screen data carries no menu (categoriesHierarchy, products: most
 * of a page's bytes), which the browser asks for once the page is live (the place layout).
 */
const MENU_FREE_ROUTES = new Set([
  'about',
  'custom-terms',
  'terms',
  'privacy-policy',
  'refund-policy',
  'order-tracking',
  'table-entry',
]);
/** Routes whose product cards (quick add) or product page read GET ingredients. */
const INGREDIENT_ROUTES = new Set(['category', 'product', 'search', 'all']);

/** Whether the page is one the server renders: the place home, a category, product, about, legal, search or all. */
function serverRendered(pathname: string, routes: string[]): boolean {
  if (pathname.split('/').filter(Boolean).length === 1) return true;
  return routes.length === 1 && SERVER_RENDERED_ROUTES.has(routes[0]!);
}

/** The table or room QR token of a `/{place}/t/{token}` page a guest scanned, or null (device modes are not). */
function scannedQrToken(request: FastifyRequest, pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  // (A HEAD request opens no session.)
  if (segments.length !== 3 || segments[1] !== 't' || request.method !== 'GET') return null;
  // A staff member switching the device to kiosk or tablet mode may need to log in first: the browser does that.
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  if (query.has('mode') || query.has('kiosk') || query.has('tablet')) return null;
  try {
    const token = decodeURIComponent(segments[2]!);
    return token.length <= 200 ? token : null;
  } catch {
    return null;
  }
}

/** The parsed order-token cookie: its token and place, or null when it is no such object. */
function orderTokenCookieOf(raw: string | undefined): { token: string; place: unknown } | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { token?: unknown; place?: unknown } | null;
    return parsed && typeof parsed.token === 'string' ? { token: parsed.token, place: parsed.place } : null;
  } catch {
    return null;
  }
}

/** The cookie header without one cookie (the API calls must not see an order token the page does not use). */
function withoutCookie(header: string, name: string): string {
  return header
    .split(/;\s*/)
    .filter((part) => part.split('=')[0]!.trim() !== name)
    .join('; ');
}

/** Which place a page path belongs to, and which route chunks its first screen needs. */
export function firstScreenPlan(pathname: string): { place: string; routes: string[] } | null {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  const place = segments[0];
  if (!place || NOT_PLACES.has(place) || !/^[\w-]{1,100}$/.test(place)) return null;
  if (segments.length === 2 && !PLACE_PAGES.has(segments[1]!)) {
    return { place, routes: [segments[1]!.startsWith('about-') ? 'about-product' : 'category'] };
  }
  if (segments.length === 3 && !PLACE_PAGES.has(segments[1]!)) return { place, routes: ['product'] };
  if (segments[1] === 'staff') return null;
  if (segments.length === 3 && segments[1] === 'order') return { place, routes: ['order-tracking'] };
  if (segments.length === 2 && SERVER_RENDERED_PAGES.has(segments[1]!))
    return { place, routes: [segments[1]!] };
  return { place, routes: [] };
}

/** The place answer lists the module among its functionality_modules. */
function switchedOn(placeInfo: string, module: string): boolean {
  const modules = (JSON.parse(placeInfo) as { functionality_modules?: unknown }).functionality_modules;
  return Array.isArray(modules) && modules.includes(module);
}

/** JSON text made safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
export function jsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface FirstScreenAssets {
  /** Stylesheets of the entry and of the first screen's chunks with their static imports, in order. */
  css: string[];
  /** Their JavaScript files (modulepreload). */
  js: string[];
  /** Stylesheets of the chunks those load lazily (directly or further on): linked when the rendered HTML uses them. */
  lazyCss: string[];
}

/** The files of the first screen's chunks (entry's own imports included), from the build manifest. */
function firstScreenAssets(shell: WebShell, routes: string[], language: string | null): FirstScreenAssets {
  const manifest = shell.manifest;
  if (!manifest) return { css: [], js: [], lazyCss: [] };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const start: string[] = [];
  const placeKey = Object.keys(manifest).find((k) => manifest[k]!.name === 'place' && k.endsWith('.js'));
  if (placeKey) start.push(placeKey);
  for (const route of routes) {
    const key = `src/app/routes/${route}.tsx`;
    if (manifest[key]) start.push(key);
  }
  if (language) {
    const key = `src/i18n/${language}.json`;
    if (manifest[key]) start.push(key);
  }
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>(entryKey ? [entryKey] : []);
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const imported of entryKey ? (manifest[entryKey]!.imports ?? []) : []) visit(imported);
  for (const key of start) visit(key);
  // Everything those chunks may load later: lazy parts the server renders all the same (it waits for them).
  const lazyCss = new Set<string>();
  const later = new Set<string>();
  const visitLater = (key: string) => {
    if (later.has(key) || !manifest[key]) return;
    later.add(key);
    const chunk = manifest[key];
    if (!seen.has(key)) for (const c of chunk.css ?? []) if (!css.has(c)) lazyCss.add(c);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visitLater(imported);
  };
  for (const key of seen) visitLater(key);
  return { css: [...css], js: [...js], lazyCss: [...lazyCss] };
}

/**
 * The lazy stylesheets the rendered HTML needs: those styling a class of the HTML that no stylesheet already linked
 * styles (a lazy part's CSS-module classes), in the order the manifest lists them.
 */
function renderedLazyCss(shell: WebShell, assets: FirstScreenAssets, html: string): string[] {
  if (assets.lazyCss.length === 0) return [];
  const used = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value!.split(/\s+/)) if (name) used.add(name);
  }
  const linked = new Set<string>();
  for (const file of assets.css) for (const name of shell.stylesheetClasses.get(file) ?? []) linked.add(name);
  return assets.lazyCss.filter((file) => {
    for (const name of shell.stylesheetClasses.get(file) ?? [])
      if (used.has(name) && !linked.has(name)) return true;
    return false;
  });
}

function stylesheetLinks(files: string[]): string {
  return files.map((f) => `<link rel="stylesheet" crossorigin href="/${escapeAttr(f)}">`).join('');
}

/**
 * A server-rendered page's stylesheets inlined (issue 17 #1: a linked stylesheet holds the first paint back by a
 * round trip that a static page with its CSS in its HTML does not pay; the CSP allows inline styles, security.ts).
 * Each file is inlined whole, in the place its `<link>` had, so the cascade is the linked one's: a part of a file
 * inlined and the whole file loaded later would apply its rules twice, the later copy after other chunks' rules. A
 * disabled `<link>` to the same file follows each `<style>`: the browser neither fetches nor applies it, but Vite's
 * loader of a lazy chunk's CSS counts it among the page's stylesheets (every `<link rel="stylesheet">`, by address),
 * so a later navigation to a chunk needing that file does not load it a second time. A file that cannot be inlined
 * as it is (inlinable) stays linked.
 */
function inlinedStylesheets(shell: WebShell, files: string[]): string {
  return files
    .map((f) => {
      const css = shell.stylesheetText.get(f);
      if (css === undefined) return stylesheetLinks([f]);
      const href = `/${escapeAttr(f)}`;
      return `<style data-href="${href}">${css}</style><link rel="stylesheet" href="${href}" disabled>`;
    })
    .join('');
}

/** The shell's own stylesheet links (the entry's, written by the build into index.html) inlined the same way. */
function inlineShellStylesheets(shell: WebShell, html: string): string {
  const head = html.indexOf('</head>');
  return (
    html
      .slice(0, head)
      .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (link, file: string) =>
        shell.stylesheetText.has(file) ? inlinedStylesheets(shell, [file]) : link,
      ) + html.slice(head)
  );
}

function modulePreloadLinks(files: string[]): string {
  return files.map((f) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(f)}">`).join('');
}

/** The venue's first-visit language from its GET settings answer (key → { value }); Bulgarian when unreadable. */
function firstVisitLanguage(settingsAnswer: string | undefined): string {
  try {
    return parseSettings(JSON.parse(settingsAnswer ?? '{}') as RawSettings).first_init_lang;
  } catch {
    return 'bg';
  }
}

function languageOf(request: FastifyRequest): string | null {
  const lang = request.cookies?.language;
  return lang && LANGUAGES.has(lang) ? lang : null;
}

/** A cookie the page's answer writes (spec §3: path /, the lifetime in seconds; 0 deletes it). */
interface PageCookie {
  name: string;
  value: string;
  maxAgeSeconds: number;
}

/**
 * A page's answer: its status (404 for a place the page's brand does not have, or an invalid QR code), HTML and the
 * cookies it writes (the order token of a QR scan).
 */
export interface WebPage {
  /** 503: the venue's coming-soon page (not live yet, web-coming-soon.ts). */
  status: 200 | 404 | 503;
  html: string;
  cookies?: PageCookie[];
  /** Further response headers (Retry-After of the coming-soon page). */
  headers?: Record<string, string>;
}

export interface WebPageContext {
  /** The page's brand (web-brand.ts); null only on the consoles' pages of a host no brand serves. */
  brand: PageBrand | null;
  /** The name of the brand's active place with this slug, or undefined when it has none. */
  placeName: (clientSlug: string, placeSlug: string) => Promise<string | undefined>;
  /** A table session of the brand's place by its secret (web-brand.repository.ts); without it, none is shown. */
  tableSession?: WebBrandRepository['tableSession'];
  /** Whether the brand's place is live (web-brand.repository.ts); without it, every place is. */
  placeLive?: WebBrandRepository['placeLive'];
  /**
   * Of the picture addresses a page's data names (`/uploads/…`, `/demo/images/…`), those whose file is gone
   * (web.ts). Without it, none is.
   */
  missingPictures?: (paths: readonly string[]) => Promise<string[]>;
}

/** The most picture addresses of one page checked for their file (a menu of a few hundred products). */
const MAX_CHECKED_PICTURES = 1000;

/**
 * The page data's own pictures whose file is gone, for `missingPictures` in the data: the app renders each such
 * `<img>` marked `data-broken` (hidden, the frame's placeholder shows) in the server's HTML and again when it hydrates
 * (apps/web/src/components/ui/broken-image.ts). A check that fails leaves the list empty: the pictures then fall
 * back to the stylesheet's own cover for a broken picture and the app's error handler.
 */
async function missingPicturesOf(
  data: string,
  context: WebPageContext,
  request: FastifyRequest,
): Promise<string[]> {
  if (!context.missingPictures) return [];
  const paths = new Set<string>();
  for (const m of data.matchAll(/"(\/(?:uploads|demo\/images)\/[^"\\]+)"/g)) {
    if (paths.size >= MAX_CHECKED_PICTURES) break;
    paths.add(m[1]!);
  }
  if (paths.size === 0) return [];
  try {
    return await context.missingPictures([...paths]);
  } catch (error) {
    request.log.warn({ err: error }, 'could not check the pictures of the first screen');
    return [];
  }
}

/** The order-token cookie holding `value`, with the device's lifetime (spec §9: 90 h, on a kiosk 43800 h). */
function orderTokenCookie(value: OrderTokenValue, request: FastifyRequest): PageCookie {
  const kiosk = request.cookies?.kiosk === '1';
  return {
    name: ORDER_TOKEN_COOKIE,
    value: JSON.stringify(value),
    maxAgeSeconds: Math.round(cookieLifetimeHours('default', kiosk) * 3600),
  };
}

/** What a page shows of the guest's table and login, and how it asks the API (web-first-screen's `guestState`). */
interface GuestState {
  orderToken: OrderTokenValue | null;
  /** Answer the page as the plain shell (the browser takes over): a QR check that gave no verdict. */
  plain?: boolean;
  /** The QR token the server found invalid. */
  invalidQr?: string;
  /** The URL the page shows (the menu's, after a QR scan). */
  url?: string;
  cookies: PageCookie[];
  /** Request headers for the API calls that read the menu. */
  headers: Record<string, string>;
}

/**
 * The guest's table context for a page, from the server's own records, never from what the cookie says:
 * - a QR scan (`/{place}/t/{token}`) opens the session as the app did (POST tables/verify_token through the API,
 *   the guest's address for its rate limit) and writes the order-token cookie (spec §3); an invalid, expired or
 *   foreign token gives the "invalid QR code" page;
 * - an order-token cookie of this place is looked up: an open session shows its table or room (the cookie rewritten
 *   when what it says differs), anything else (unknown, expired, closed, unreadable) is deleted and the menu is the
 *   plain one.
 */
async function guestState(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
  place: string,
  brand: PageBrand,
  context: WebPageContext,
  baseHeaders: Record<string, string>,
): Promise<GuestState> {
  const headers = { ...baseHeaders };
  const cookies: PageCookie[] = [];
  const qr = scannedQrToken(request, pathname);
  if (qr !== null) {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/tables/verify_token',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ token: qr, placeSlug: place }),
      remoteAddress: request.ip,
    });
    if (answer.statusCode === 404 || answer.statusCode === 400) {
      return { orderToken: null, invalidQr: qr, cookies, headers };
    }
    if (answer.statusCode !== 200) return { orderToken: null, plain: true, cookies, headers };
    const s = answer.json<{
      token: string;
      order_type: number;
      table: string | null;
      room_number: string | null;
      expires: string;
      mode?: string;
    }>();
    const orderToken: OrderTokenValue = {
      token: s.token,
      place,
      ordertype: s.order_type,
      room_number: s.room_number,
      table: s.table,
      tablet_mode: false,
      expires: new Date(s.expires).getTime(),
    };
    // A plain scan switches a kiosk device back (table-entry.tsx did so in the browser).
    if (request.cookies?.kiosk) cookies.push({ name: 'kiosk', value: '', maxAgeSeconds: 0 });
    cookies.push(orderTokenCookie(orderToken, request));
    headers['x-order-token'] = s.token;
    return { orderToken, url: `/${place}`, cookies, headers };
  }
  const raw = request.cookies?.[ORDER_TOKEN_COOKIE];
  if (raw === undefined) return { orderToken: null, cookies, headers };
  const cookie = orderTokenCookieOf(raw);
  // Not this place's: the app ignores it here, and so do the menu's calls.
  if (headers.cookie) headers.cookie = withoutCookie(headers.cookie, ORDER_TOKEN_COOKIE);
  if (cookie && cookie.place !== place) return { orderToken: null, cookies, headers };
  const row =
    cookie && context.tableSession ? await context.tableSession(brand.slug, place, cookie.token) : undefined;
  if (!row || row.closed_at || isTokenExpired(row.expires_at, app.clock.now())) {
    cookies.push({ name: ORDER_TOKEN_COOKIE, value: '', maxAgeSeconds: 0 });
    return { orderToken: null, cookies, headers };
  }
  const room = row.table_kind === 'room';
  const orderToken: OrderTokenValue = {
    token: row.session,
    place,
    ordertype: sessionTokenOrderType(row.order_type, row.table_kind),
    room_number: room ? row.table_number : null,
    table: row.table_number,
    tablet_mode: row.mode === 'tablet',
    expires: new Date(row.expires_at).getTime(),
  };
  const value = orderTokenCookie(orderToken, request);
  // The cookie says what the session is; a cookie saying anything else (edited by hand) is put right.
  if (value.value !== raw) cookies.push(value);
  headers['x-order-token'] = row.session;
  return { orderToken, cookies, headers };
}

/** The place a page path belongs to (any `/{place}/…` page, the staff screens too), or null. */
export function pagePlace(pathname: string): string | null {
  let first: string;
  try {
    first = decodeURIComponent(pathname.split('/').filter(Boolean)[0] ?? '');
  } catch {
    return null;
  }
  return first && !NOT_PLACES.has(first) && /^[\w-]{1,100}$/.test(first) ? first : null;
}

/**
 * index.html made the brand's: its name as the title (until the page names its own), its logo as the favicon, its
 * colour as the browser's theme colour, and the brand itself for the web app (`<script id="trapeza-brand">`, read by
 * apps/web/src/lib/page-brand.ts before anything asks the API).
 */
function brandShell(html: string, brand: PageBrand | null, title: string | null): string {
  if (!brand) return html;
  let out = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title ?? brand.name)}</title>`);
  if (brand.logo) {
    const logo = escapeAttr(brand.logo);
    out = out
      .replace(/<link rel="icon"[^>]*>/, () => `<link rel="icon" href="${logo}">`)
      .replace(/<link rel="apple-touch-icon"[^>]*>/, () => `<link rel="apple-touch-icon" href="${logo}">`);
  }
  if (brand.primaryColor) {
    const color = escapeAttr(brand.primaryColor);
    out = out.replace(
      /<meta name="theme-color" content="[^"]*"/,
      () => `<meta name="theme-color" content="${color}"`,
    );
  }
  const script = `<script type="application/json" id="trapeza-brand">${jsonForScript(JSON.stringify(brand))}</script>`;
  return out.replace('</head>', () => `${script}</head>`);
}

/**
 * The page's HTML: index.html made the brand's (brandShell), with the first screen's preloads, data and HTML for a
 * known place. A place the brand does not have (another brand's, deactivated, unknown) is a 404: the app shows its
 * not-found page.
 */
export async function renderWebPage(
  app: FastifyInstance,
  request: FastifyRequest,
  distDir: string,
  context: WebPageContext,
): Promise<WebPage> {
  const { brand } = context;
  const shell = loadWebShell(distDir);
  const pathname = request.url.split('?')[0] ?? '/';
  const placeSlug = pagePlace(pathname);
  if (!brand || !placeSlug) return { status: 200, html: brandShell(shell.html, brand, null) };
  const placeName = await context.placeName(brand.slug, placeSlug);
  if (placeName === undefined) return { status: 404, html: brandShell(shell.html, brand, null) };
  // A venue not live yet shows guests its coming-soon page; its admins (signed in) preview the real pages. The staff
  // screens are not guest pages.
  if (context.placeLive && pathname.split('/').filter(Boolean)[1] !== 'staff') {
    const gate = await context.placeLive(brand.slug, placeSlug);
    if (gate && !gate.live && !(await mayPreview(app, request, brand.slug, placeSlug))) {
      const language = languageOf(request) ?? gate.language;
      return {
        status: 503,
        html: comingSoonHtml(
          brandShell(shell.html, brand, comingSoonTitle(placeName, language)),
          placeName,
          language,
        ),
        headers: { 'retry-after': String(COMING_SOON_RETRY_AFTER_S) },
      };
    }
  }
  // A venue's pages are titled with the venue's name (the server-rendered ones with their own, below).
  const plan = firstScreenPlan(pathname);
  if (!plan) return { status: 200, html: brandShell(shell.html, brand, placeName) };
  const baseHeaders: Record<string, string> = {
    client: brand.slug,
    place: plan.place,
    accept: 'application/json',
  };
  // The guest's cookies (login, language): the menu answers in the same context as the app's own calls.
  if (request.headers.cookie) baseHeaders.cookie = request.headers.cookie;
  // The order token the menu is read and rendered with: the server's records of the QR scan or the cookie.
  const guest = await guestState(app, request, pathname, plan.place, brand, context, baseHeaders);
  const { headers, cookies } = guest;
  if (guest.plain) return { status: 200, html: brandShell(shell.html, brand, placeName), cookies };
  // A scanned QR code shows the menu (its URL in the address bar once the app starts), or the invalid-QR page.
  let renderUrl = request.url;
  let routes = plan.routes;
  if (guest.url) {
    renderUrl = guest.url;
  } else if (guest.invalidQr !== undefined) {
    routes = ['table-entry'];
  }
  let status: 200 | 404 = guest.invalidQr === undefined ? 200 : 404;
  const withMenu = !(routes.length === 1 && MENU_FREE_ROUTES.has(routes[0]!));
  const paths = ['/api/settings', '/api/place'];
  if (withMenu) paths.push('/api/categoriesHierarchy?active=1', '/api/products?active=1');
  if (routes.some((r) => INGREDIENT_ROUTES.has(r))) paths.push('/api/ingredients');
  // An order's tracking page (issue 24 #6): its order, when the key is one of this venue's (else the page says so).
  const trackingKey =
    routes[0] === 'order-tracking' ? decodeURIComponent(pathname.split('/')[3] ?? '') : null;
  const [answers, tracking] = await Promise.all([
    Promise.all(paths.map((url) => app.inject({ method: 'GET', url, headers }))),
    trackingKey
      ? app.inject({ method: 'GET', url: `/api/orders/track/${encodeURIComponent(trackingKey)}`, headers })
      : null,
  ]);
  if (tracking?.statusCode === 404) status = 404;
  if (answers.some((a) => a.statusCode !== 200)) {
    return {
      status: answers[0]!.statusCode === 404 ? 404 : status,
      html: brandShell(shell.html, brand, placeName),
      cookies,
    };
  }
  // The API's own JSON text, spliced as is where it holds no amounts. The place, products and ingredients answers
  // carry the guest API's decimals (issue 25 #1); the app holds minor units and the browser's reader of them is
  // loaded on demand (its initial JS budget), so the page gets them read here, by the contracts' own rule.
  const inAppUnits = (body: string) => JSON.stringify(decodeWireMoney(JSON.parse(body)));
  const answerTo = (path: string) => answers[paths.indexOf(path)];
  const settings = answerTo('/api/settings')!.body;
  const categoriesHierarchy = answerTo('/api/categoriesHierarchy?active=1')?.body;
  const [placeInfo, products, ingredients] = ['/api/place', '/api/products?active=1', '/api/ingredients'].map(
    (path) => {
      const answer = answerTo(path);
      return answer === undefined ? undefined : inAppUnits(answer.body);
    },
  );
  const modulePage = MODULE_PAGES[pathname.split('/').filter(Boolean)[1] ?? ''];
  if (modulePage && placeInfo && !switchedOn(placeInfo, modulePage)) status = 404;
  const entry =
    (guest.url === undefined ? '' : `,"url":${JSON.stringify(guest.url)}`) +
    (guest.invalidQr === undefined ? '' : `,"invalidQr":${JSON.stringify(guest.invalidQr)}`) +
    (tracking?.statusCode === 200 ? `,"tracking":${tracking.body}` : '') +
    // A key that is no order of this venue's: the page says so, in the HTML and after hydration alike.
    (tracking?.statusCode === 404 ? `,"trackingNotFound":${JSON.stringify(trackingKey)}` : '');
  const answered =
    `"settings":${settings},"placeInfo":${placeInfo}` +
    (categoriesHierarchy === undefined ? '' : `,"categoriesHierarchy":${categoriesHierarchy}`) +
    (products === undefined ? '' : `,"products":${products}`) +
    `${ingredients === undefined ? '' : `,"ingredients":${ingredients}`}${entry}`;
  // Pictures whose file is gone are marked in the HTML itself (no script needed to hide a broken picture).
  const missing = await missingPicturesOf(answered, context, request);
  const data =
    `{"place":${JSON.stringify(plan.place)},"client":${JSON.stringify(brand.slug)},"at":${Date.now()},` +
    `${answered}${missing.length > 0 ? `,"missingPictures":${JSON.stringify(missing)}` : ''}}`;
  const script = `<script type="application/json" id="first-screen-data">${jsonForScript(data)}</script>`;
  // A first visit (no language chosen yet) opens in the venue's first-visit language (spec §3 first_init_lang,
  // else default_lang); the app reads it from <html lang> (apps/web/src/i18n/i18n.ts), so hydration matches.
  const language = languageOf(request) ?? firstVisitLanguage(settings);
  const assets = firstScreenAssets(shell, routes, language);
  let body = '';
  let title: string | null = null;
  const renderPath = renderUrl.split('?')[0] ?? '/';
  if (guest.invalidQr !== undefined || serverRendered(renderPath, routes)) {
    const render = await loadServerRenderer(distDir, request.log);
    if (render) {
      try {
        const page = await render({
          url: renderUrl,
          language,
          data: JSON.parse(data),
          timeoutMs: 1500,
          onError: (error) => request.log.warn({ err: error }, 'server render of the first screen failed'),
          session: {
            orderToken: guest.orderToken,
            authToken: request.cookies?.auth_token ?? null,
            // The venue's welcome banner is rendered open until the guest closes it in this browser session.
            welcomeSeen: request.cookies?.[welcomeSeenCookie(plan.place)] === '1',
            // Prices (a happy hour) by the server's clock, as the API's (apps/web/src/lib/render-now.ts).
            now: app.clock.now().getTime(),
          },
        });
        // (A build from before titles answered the HTML alone.)
        body = typeof page === 'string' ? page : (page?.html ?? '');
        title = typeof page === 'string' ? null : (page?.title ?? null);
      } catch (error) {
        request.log.warn({ err: error }, 'server render of the first screen failed');
      }
    }
  }
  // React puts the resource hints it found (the first screen's images) before the markup: they belong in <head>.
  const hints = /^(?:<link [^>]*>)+/.exec(body)?.[0] ?? '';
  body = body.slice(hints.length);
  let html = brandShell(shell.html, brand, (body ? title : null) ?? placeName);
  html = html.replace(/<html lang="[^"]*">/, () => `<html lang="${escapeAttr(language)}">`);
  const css = body
    ? inlinedStylesheets(shell, [...assets.css, ...renderedLazyCss(shell, assets, body)])
    : stylesheetLinks(assets.css);
  if (body) html = inlineShellStylesheets(shell, html);
  const boot = body ? bootScript(distDir) : null;
  if (body && boot) {
    // A server-rendered page shows without JavaScript: the app starts after the first paint (public/boot.js), and
    // its chunks are not preloaded ahead of the page's stylesheets and images — boot.js preloads them with the entry,
    // so they arrive together rather than one after another. boot.js is inline (web-boot-script.ts: no request of
    // its own before the first paint; the CSP allows it by its hash), after #root and the page's data: it reads the
    // page, and like the deferred `<script src>` it was, it runs once the HTML before it is parsed.
    const chunks = assets.js.map((f) => `/${f}`).join(' ');
    let entry = '';
    html = html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_m, src: string) => {
      entry = src;
      return '';
    });
    const start = `<script data-entry="${escapeAttr(entry)}" data-chunks="${escapeAttr(chunks)}">${boot.code}</script>`;
    html = html
      .replace('</head>', () => `${css}${hints}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${script}${start}`);
    return { status, html, cookies };
  }
  html = html
    .replace('</head>', () => `${css}${modulePreloadLinks(assets.js)}${hints}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${script}`);
  return { status, html, cookies };
}
