import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n, loadPageTexts } from './i18n/i18n.ts';
import { rememberMissingPictures } from './components/ui/broken-image.ts';
import { readFirstScreenData, seedFirstScreen } from './lib/first-screen-data.ts';
import { pageClient } from './lib/page-brand.ts';
import { createQueryClient } from './lib/query-client.ts';
import { whenIdle } from './lib/when-idle.ts';
import './styles/global.css';

// The venue's decorative pictures (background, logo: `:root[data-painted]` in the stylesheets) show once the app
// runs; a server-rendered page's boot script (public/boot.js) has let them load already, after its first paint.
document.documentElement.setAttribute('data-painted', '');

const queryClient = createQueryClient();

/**
 * Ends the current task: what follows runs in a new one. The entry's own evaluation (React, the router, i18next and
 * the Bulgarian texts) is one task the browser cannot split; reading the page's data with seeding the cache, and
 * starting i18next, each come after it in a task of their own, so on a slow phone none is a long task (bench/web's
 * blocking time, issue 17: the three were one task of 11–13 ms of CPU, ~50 ms at Lighthouse's 4× slowdown).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The server inlines the first screen's data for /{place} pages: no API round trip before the first paint. A table
 * QR scan is answered with the menu itself (its order-token cookie set by the server): the address becomes the
 * menu's before the router reads it, so the app hydrates the page the server rendered.
 */
function seedFromPage(): void {
  const firstScreen = readFirstScreenData();
  if (firstScreen?.url) history.replaceState(history.state, '', firstScreen.url + location.hash);
  seedFirstScreen(queryClient, pageClient(), location.pathname, firstScreen);
  // Pictures whose file the server found gone: rendered hidden, as the server rendered them (broken-image.ts).
  rememberMissingPictures(firstScreen?.missingPictures);
}

/**
 * The server renders the first screen of a first visit (apps/server/src/plugins/web-first-screen.ts: no order token,
 * no login); this tab hydrates it when its own state is the same — no allergens avoided in the stored preferences
 * (whether avoided ones are hidden changes nothing without any) — and renders afresh otherwise.
 */
function hydratable(root: HTMLElement): boolean {
  if (!root.firstElementChild) return false;
  try {
    // Nothing stored reads as JSON.parse(null): null.
    const prefs = JSON.parse(localStorage.getItem('trapeza_preferences') as string) as {
      avoidAllergens?: unknown[];
    } | null;
    return !prefs?.avoidAllergens?.length;
  } catch {
    return true;
  }
}

// The first screen waits for its language (and Bulgarian, the fallback) so no text flashes in another language;
// a server-rendered page also waits for its layout's chunk (already preloaded), so hydration does not suspend on it.
const root = document.getElementById('root')!;
const hydrate = hydratable(root);
const layout = hydrate ? import('./app/routes/place-layout.tsx') : undefined;
void nextTask()
  .then(seedFromPage)
  .then(nextTask)
  .then(() => Promise.all([initI18n(), layout]))
  .then(() => {
    const app = (
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>
    );
    // Hydration as a transition: React renders it in slices and leaves the main thread to the guest in between (one
    // long task otherwise; bench/web's blocking time).
    if (hydrate) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
    // Off the first screen's critical path: the later screens' texts, the page-time tracking, and the offline notice
    // with the service worker (issue 17).
    whenIdle(() => {
      void loadPageTexts();
      void import('./features/tracking/start-tracking.ts').then((m) => m.startTracking(queryClient));
      void import('./features/offline/start-offline.tsx').then((m) => m.startOffline(queryClient));
    });
  });
