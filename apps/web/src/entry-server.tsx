/**
 * Server rendering of a `/{place}` page's first screen (issue "Menu browsing", Speed). Built by `npm run build` into
 * dist/server/entry-server.js (`vite build --ssr`) and called by the server (apps/server/src/plugins/
 * web-first-screen.ts) with the same first-screen data it inlines into index.html; the browser hydrates the HTML
 * (main.tsx). The render waits for every lazy part so the HTML is complete; any error, a render that takes too
 * long, or a page that sets no title of its own (usePageMeta: a redirect such as an unknown category) answers null and
 * the page is rendered in the browser as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@trapeza/domain/i18n';
import { AppRoutes, loadServerRenderedRoutes } from './app/router.tsx';
import { ServerTitleContext } from './hooks/use-page-meta.ts';
import { ServerSanitizeContext } from './components/ui/sanitized-html.tsx';
import { serverSanitizeHtml } from './lib/server-sanitizer.ts';
import { seedFirstScreen, type FirstScreenData } from './lib/first-screen-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import { seedInlinedTracking } from './features/order-tracking/api.ts';
import { useSessionStore, type OrderTokenCookie } from './stores/session-store.ts';
import { serverWelcomeSeen } from './features/place/welcome-seen.ts';
import { serverRenderNow } from './lib/render-now.ts';
import { knownMissing } from './components/ui/broken-image.ts';

type Messages = Record<string, unknown>;
const firstTexts = import.meta.glob<Messages>('./i18n/*.json', { eager: true, import: 'default' });
const pageTexts = import.meta.glob<Messages>('./i18n/pages/*.json', { eager: true, import: 'default' });

function textsOf(lang: Language): Messages {
  return { ...firstTexts[`./i18n/${lang}.json`], ...pageTexts[`./i18n/pages/${lang}.json`] };
}

/** One i18next instance per language, every text loaded (the server has no download to spare). */
const instances = new Map<Language, Promise<I18n>>();
function i18nFor(lang: Language): Promise<I18n> {
  let instance = instances.get(lang);
  if (!instance) {
    const i18n = createInstance();
    const resources: Record<string, { translation: Messages }> = {
      [DEFAULT_LANGUAGE]: { translation: textsOf(DEFAULT_LANGUAGE) },
      [lang]: { translation: textsOf(lang) },
    };
    instance = i18n
      .use(initReactI18next)
      .init({
        lng: lang,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: ['bg', 'en', 'es', 'de', 'fr-CH'],
        load: 'currentOnly',
        resources,
        interpolation: { escapeValue: false },
        returnNull: false,
      })
      .then(() => i18n);
    instances.set(lang, instance);
  }
  return instance;
}

/** The guest's session a render sees (the server checked it: web-first-screen.ts). */
export interface RenderSession {
  /** The order token of a table or room session of this place, as its cookie holds it (spec §3). */
  orderToken: OrderTokenCookie | null;
  /** The auth cookie (what renders differs only by whether there is one). */
  authToken: string | null;
  /**
   * The page's place's welcome banner was closed in this browser session (its `welcome_seen_<place>` cookie): the
   * banner is left out; else it is rendered open where it greets (features/place/welcome-seen.ts). A server from
   * before it sends none: rendered open.
   */
  welcomeSeen?: boolean;
  /** The server's clock for this request, in ms (lib/render-now.ts); absent, the process's own. */
  now?: number;
  /** The page data's pictures whose file is gone (its `missingPictures`; components/ui/broken-image.ts). */
  missingPictures?: ReadonlySet<string>;
}

/**
 * The session store's state is the request's during its render. The store is one per process here and React renders
 * several requests at once (each render awaits lazy parts), so its state cannot be set per request; instead its
 * session fields read the render's own session, kept in an AsyncLocalStorage that follows each render through its
 * awaits. Nothing sets state on the server (the store's setters run in effects and handlers only), so the store's
 * state stays this initial object, which is also what React reads on the server (useSyncExternalStore's server
 * snapshot: zustand's getInitialState). The browser reads the same values from the cookies the server wrote.
 */
const requestSession = new AsyncLocalStorage<RenderSession>();
Object.defineProperties(useSessionStore.getInitialState(), {
  orderToken: { get: () => requestSession.getStore()?.orderToken ?? null },
  authToken: { get: () => requestSession.getStore()?.authToken ?? null },
});
serverWelcomeSeen.read = () => requestSession.getStore()?.welcomeSeen === true;
serverRenderNow.read = () => requestSession.getStore()?.now ?? Date.now();
const NO_MISSING_PICTURES: ReadonlySet<string> = new Set();
knownMissing.read = () => requestSession.getStore()?.missingPictures ?? NO_MISSING_PICTURES;

export interface RenderInput {
  /** The page's URL (path and query). */
  url: string;
  /** The `language` cookie, if any. */
  language: string | null;
  data: FirstScreenData;
  /** Give up after this many milliseconds (default 3000). */
  timeoutMs?: number;
  /** Told of an error that made the render give up. */
  onError?: (error: unknown) => void;
  /** The guest's order token and login; none by default (a first visit). */
  session?: RenderSession;
}

export interface RenderedPage {
  /** The HTML of `#root`. */
  html: string;
  /** The page's document title, as the page sets it in the browser (hooks/use-page-meta.ts). */
  title: string;
}

/**
 * The module of every route the server renders loaded (the server calls it once per process before the first
 * render): a cold process's first render would otherwise spend its time-out importing route chunks and fall back to
 * the browser's rendering. Only those: the consoles' routes (admin, platform, staff) are never rendered here.
 */
export function warm(): Promise<void> {
  return loadServerRenderedRoutes().then(() => undefined);
}

/** The HTML of `#root` for the page and its title, or null when it could not be rendered completely. */
export function render(input: RenderInput): Promise<RenderedPage | null> {
  const session = input.session ?? { orderToken: null, authToken: null };
  const missingPictures = new Set(input.data.missingPictures ?? []);
  return requestSession.run({ ...session, missingPictures }, () => renderPage(input));
}

async function renderPage({
  url,
  language,
  data,
  timeoutMs = 3000,
  onError,
}: RenderInput): Promise<RenderedPage | null> {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const i18n = await i18nFor(lang);
  const queryClient = createQueryClient();
  const pathname = url.split('?')[0] ?? '/';
  // The data names the brand the server resolved from the page's host.
  if (!seedFirstScreen(queryClient, data.client, pathname, data)) return null;
  // An order's tracking page (issue 24 #6): its order, which the browser seeds from the same data.
  const [, place, page, trackingToken] = pathname.split('/');
  if (page === 'order' && place && trackingToken) {
    seedInlinedTracking(
      queryClient,
      decodeURIComponent(place),
      decodeURIComponent(trackingToken),
      data,
      data.client,
    );
  }
  let title: string | undefined;
  const tellTitle = (text: string) => {
    title = text;
  };
  const Title = ServerTitleContext!;
  const Sanitize = ServerSanitizeContext!;
  return new Promise<RenderedPage | null>((resolve) => {
    let failed = false;
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        html += chunk.toString();
        callback();
      },
      final(callback) {
        // A page that named no title rendered no page of its own (a redirect to /404, …): the browser takes over.
        resolve(failed || title === undefined ? null : { html, title });
        callback();
      },
    });
    const stream = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <Title value={tellTitle}>
          <Sanitize value={serverSanitizeHtml}>
            <QueryClientProvider client={queryClient}>
              <StaticRouter location={url}>
                <AppRoutes />
              </StaticRouter>
            </QueryClientProvider>
          </Sanitize>
        </Title>
      </I18nextProvider>,
      {
        // Every boundary inline, as complete HTML: React otherwise outlines a boundary bigger than 12.8 KB (a product
        // page with its related products) into a hidden template revealed by an inline script, which the CSP blocks.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          if (failed) return resolve(null);
          stream.pipe(sink);
        },
        onShellError(error) {
          failed = true;
          onError?.(error);
          resolve(null);
        },
        onError(error) {
          // An error inside a Suspense boundary would leave it to the browser (and a hydration warning): give up.
          failed = true;
          onError?.(error);
        },
      },
    );
    setTimeout(() => {
      failed = true;
      stream.abort();
      resolve(null);
    }, timeoutMs).unref();
  }).finally(() => queryClient.clear());
}
