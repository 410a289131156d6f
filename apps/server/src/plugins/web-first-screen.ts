/**
 * The first screen of a `/{place}` page without API round trips (issue "Menu browsing", Speed): the page's
 * index.html carries
 * - the answers of GET settings, place, categoriesHierarchy?active=1 and products?active=1 for the place in the URL
 *   (and GET ingredients on a category or product URL: the product page and the cards' quick add read it), asked
 *   through the API itself (same tenancy, order-token context from the guest's cookies, 5 s menu cache), as escaped
 *   JSON in `<script type="application/json" id="first-screen-data">` — the web app seeds its query cache with it
 *   before the first render (apps/web/src/lib/first-screen-data.ts);
 * - `<link rel="stylesheet">` and `<link rel="modulepreload">` for the chunks the page renders first (the place layout
 *   and, on a category or product URL, that route), read from the build manifest, so the browser fetches them in
 *   parallel with the entry instead of one after another;
 * - the first screen's HTML inside `<div id="root">` for the place home, a category page and a product page, rendered
 *   by the web build's server entry (apps/web/src/entry-server.tsx → dist/server/entry-server.js) from that same
 *   data, with the page's own `<title>` and `<html lang>`; the browser hydrates it. The stylesheets of lazily loaded
 *   parts the server rendered (the footer, …) are linked too — found by the CSS classes the HTML uses — so nothing
 *   shifts when their chunks arrive. Only a first visit's state is rendered: with an order token or a login cookie
 *   (state the server entry does not model) the page is left to the browser, as it is when the server build is
 *   missing or the render fails.
 * The page is the brand's (web-brand.ts resolves it from the Host): its name, logo, colour and the brand itself are in
 * the HTML (brandShell), and a place the brand does not have answers 404. Any API error answers the brand's plain
 * index.html: the app then shows what it shows today.
 */
import { parseSettings, type RawSettings } from '@trapeza/domain/settings';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ORDER_TOKEN_COOKIE } from '@trapeza/domain/tokens';
import type { PageBrand } from './web-brand.ts';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface WebShell {
  html: string;
  manifest: Record<string, ManifestChunk> | null;
  /** The class names each stylesheet of the build styles (file → classes), read once per build. */
  stylesheetClasses: Map<string, Set<string>>;
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
  'staff',
]);
const LANGUAGES = new Set(['en', 'es', 'de', 'fr-CH']);

let cached: { key: string; shell: WebShell } | null = null;

/** index.html and the build manifest, re-read when a new build replaced index.html. */
export function loadWebShell(distDir: string): WebShell {
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
  const shell = { html, manifest, stylesheetClasses: stylesheetClasses(distDir, manifest) };
  cached = { key, shell };
  return shell;
}

/** The class names in the selectors of every stylesheet the build manifest names. */
function stylesheetClasses(distDir: string, manifest: WebShell['manifest']): Map<string, Set<string>> {
  const classes = new Map<string, Set<string>>();
  for (const chunk of Object.values(manifest ?? {})) {
    for (const file of chunk.css ?? []) {
      if (classes.has(file)) continue;
      const names = new Set<string>();
      try {
        const css = readFileSync(join(distDir, file), 'utf8');
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
  return classes;
}

type RenderFirstScreen = (input: {
  url: string;
  language: string | null;
  data: unknown;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
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
    entry = import(pathToFileURL(path).href).then(
      (m: { render?: RenderFirstScreen }) => m.render ?? null,
      (error: unknown) => {
        log.warn({ err: error }, "the web build's server renderer could not be loaded");
        return null;
      },
    );
    serverEntries.set(path, entry);
  }
  return entry;
}

/** Route chunks whose pages the server renders (besides the place home). */
const SERVER_RENDERED_ROUTES = new Set(['category', 'product']);

/** Whether the page is one the server renders: the place home, a category or a product page, for a first visit. */
function serverRendered(request: FastifyRequest, pathname: string, routes: string[]): boolean {
  const cookies = request.cookies ?? {};
  if (cookies[ORDER_TOKEN_COOKIE] || cookies.auth_token) return false;
  if (pathname.split('/').filter(Boolean).length === 1) return true;
  return routes.length === 1 && SERVER_RENDERED_ROUTES.has(routes[0]!);
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
  return { place, routes: [] };
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

/** A page's answer: its status (404 for a place the page's brand does not have) and HTML. */
export interface WebPage {
  status: 200 | 404;
  html: string;
}

export interface WebPageContext {
  /** The page's brand (web-brand.ts); null only on the consoles' pages of a host no brand serves. */
  brand: PageBrand | null;
  /** The name of the brand's active place with this slug, or undefined when it has none. */
  placeName: (clientSlug: string, placeSlug: string) => Promise<string | undefined>;
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
export function brandShell(html: string, brand: PageBrand | null, title: string | null): string {
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
  // A venue's pages are titled with the venue's name (the server-rendered ones with their own, below).
  const plan = firstScreenPlan(pathname);
  if (!plan) return { status: 200, html: brandShell(shell.html, brand, placeName) };
  const headers: Record<string, string> = {
    client: brand.slug,
    place: plan.place,
    accept: 'application/json',
  };
  // The guest's cookies carry the order token: the menu answers in the same context as the app's own calls.
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  const paths = [
    '/api/settings',
    '/api/place',
    '/api/categoriesHierarchy?active=1',
    '/api/products?active=1',
  ];
  if (plan.routes.length > 0) paths.push('/api/ingredients');
  const answers = await Promise.all(paths.map((url) => app.inject({ method: 'GET', url, headers })));
  if (answers.some((a) => a.statusCode !== 200)) {
    return {
      status: answers[0]!.statusCode === 404 ? 404 : 200,
      html: brandShell(shell.html, brand, placeName),
    };
  }
  // The API's own JSON text, spliced as is (no parse and re-encode of the product list on every page load).
  const [settings, placeInfo, categoriesHierarchy, products, ingredients] = answers.map((a) => a.body);
  const data =
    `{"place":${JSON.stringify(plan.place)},"client":${JSON.stringify(brand.slug)},"at":${Date.now()},` +
    `"settings":${settings},"placeInfo":${placeInfo},"categoriesHierarchy":${categoriesHierarchy},` +
    `"products":${products}${ingredients === undefined ? '' : `,"ingredients":${ingredients}`}}`;
  const script = `<script type="application/json" id="first-screen-data">${jsonForScript(data)}</script>`;
  // A first visit (no language chosen yet) opens in the venue's first-visit language (spec §3 first_init_lang,
  // else default_lang); the app reads it from <html lang> (apps/web/src/i18n/i18n.ts), so hydration matches.
  const language = languageOf(request) ?? firstVisitLanguage(settings);
  const assets = firstScreenAssets(shell, plan.routes, language);
  let body = '';
  let title: string | null = null;
  if (serverRendered(request, pathname, plan.routes)) {
    const render = await loadServerRenderer(distDir, request.log);
    if (render) {
      try {
        const page = await render({
          url: request.url,
          language,
          data: JSON.parse(data),
          timeoutMs: 1500,
          onError: (error) => request.log.warn({ err: error }, 'server render of the first screen failed'),
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
  const css = stylesheetLinks(body ? [...assets.css, ...renderedLazyCss(shell, assets, body)] : assets.css);
  if (body && existsSync(join(distDir, 'boot.js'))) {
    // A server-rendered page shows without JavaScript: the app starts after the first paint (public/boot.js), and
    // its chunks are not preloaded ahead of the page's stylesheets and images — boot.js preloads them with the entry,
    // so they arrive together rather than one after another.
    const chunks = assets.js.map((f) => `/${f}`).join(' ');
    html = html.replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_m, src: string) =>
        `<script src="/boot.js" data-entry="${escapeAttr(src)}" data-chunks="${escapeAttr(chunks)}" defer></script>`,
    );
    html = html
      .replace('</head>', () => `${css}${hints}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${script}`);
    return { status: 200, html };
  }
  html = html
    .replace('</head>', () => `${css}${modulePreloadLinks(assets.js)}${hints}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${script}`);
  return { status: 200, html };
}
