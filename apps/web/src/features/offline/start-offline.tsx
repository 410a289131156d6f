/**
 * Weak networks (issue 17, item 3), started after the first screen (main.tsx, when idle) so none of it is in the
 * guest's first bundle: the offline banner (components/ui/offline-banner.tsx), the service worker's registration
 * (src/sw.ts) and the refresh when the network is back.
 */
import { createRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { OfflineBanner } from '../../components/ui/offline-banner.tsx';
import { loadPageTexts } from '../../i18n/i18n.ts';
import { getCategoriesHierarchy } from '../../api/get-categories-hierarchy.ts';
import { getIngredients } from '../../api/get-ingredients.ts';
import { getPlace } from '../../api/get-place.ts';
import { getProducts } from '../../api/get-products.ts';
import { readFirstScreenData } from '../../lib/first-screen-data.ts';
import { apiRequest } from '../../lib/api-client.ts';

export async function startOffline(queryClient: QueryClient): Promise<void> {
  // A page the worker served from its copy (the network failed) is the app kept then: once the server answers again
  // it reloads, from the network, as the current app with the current menu (never an old app against a new API).
  // The cart is in local storage and stays. A page loaded from the network refetches its data instead.
  if (document.documentElement.dataset.offlineAt !== undefined) reloadWhenServerAnswers();
  else window.addEventListener('online', () => void queryClient.invalidateQueries());
  registerServiceWorker();
  await loadPageTexts();
  const host = document.createElement('div');
  document.body.appendChild(host);
  createRoot(host).render(<OfflineBanner />);
}

/**
 * The browser's "online" is a guess (hotel Wi-Fi behind a login page says online): the server is asked first
 * (GET /api/health, which the worker leaves alone), on "online" and every 10 s while the browser thinks it is online.
 */
function reloadWhenServerAnswers(): void {
  let timer: number | undefined;
  const tryNow = () => {
    window.clearTimeout(timer);
    apiRequest('health', { cache: 'no-store' }).then(() => location.reload(), later);
  };
  const later = () => {
    window.clearTimeout(timer);
    if (navigator.onLine) timer = window.setTimeout(tryNow, 10_000);
  };
  window.addEventListener('online', tryNow);
  later();
}

function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const sw = navigator.serviceWorker;
  // Whether this page came through the worker (and was kept on its way) or not (the first visit, a new worker).
  const controlled = sw.controller !== null;
  const place = readFirstScreenData()?.place;
  void sw
    .register('/sw.js', { scope: '/' })
    .then(() => sw.ready)
    .then((registration) => {
      // Only a venue's page (one the server rendered with its first screen) is kept for an offline visit; the worker
      // fetches it again only when it came from the network without it (or has no copy).
      if (!place) return;
      registration.active?.postMessage({ type: 'keep-page', url: location.href, fresh: !controlled });
      // The answers go through the worker once it controls this page (at once: clientsClaim, src/sw.ts).
      if (sw.controller) warmMenuAnswers(place);
      else sw.addEventListener('controllerchange', () => warmMenuAnswers(place), { once: true });
    })
    .catch(() => undefined);
}

/**
 * The menu answers the venue's other screens read (products, categories, ingredients, the venue), fetched once per
 * build, venue and day through the worker, which keeps them: the cart and product screens open offline although
 * this visit's pages carried their data inline. Errors are ignored (the next visit tries again).
 */
function warmMenuAnswers(place: string): void {
  const build = document.querySelector('script[data-entry]')?.getAttribute('data-entry') ?? '';
  const key = 'trapeza_offline_menu';
  const mark = `${build}|${place}|${new Date().toDateString()}`;
  try {
    if (localStorage.getItem(key) === mark) return;
    localStorage.setItem(key, mark);
  } catch {
    return;
  }
  for (const get of [getProducts, getCategoriesHierarchy, getIngredients, getPlace])
    void get(place).catch(() => localStorage.removeItem(key));
}
