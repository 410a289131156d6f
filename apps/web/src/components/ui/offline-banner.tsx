/**
 * Shows "no internet connection" (spec §8) while the browser is offline; on a venue's menu page "offline — prices as
 * of HH:MM" (issue 17), the time the server read the page's data (its first screen's `at`; a copy the service worker
 * served because the network failed, marked `data-offline-at` by src/sw.ts, carries its own). Fixed over the top of the page
 * and click-through, so it moves nothing (no layout shift) and hides no control from a tap. Mounted by
 * features/offline/start-offline.tsx after the first screen, outside the app's first bundle.
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_SCREEN_DATA_ID, readFirstScreenData } from '../../lib/first-screen-data.ts';

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

/** When the page's data was read on the server (its first screen's), else when the page loaded. */
function dataTime(doc: Document = document): Date {
  const at = readFirstScreenData(doc)?.at;
  return new Date(typeof at === 'number' ? at : performance.timeOrigin);
}

export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  // Served from the kept copy (the network failed even if the browser thinks it is online): offline too.
  const fromCopy = document.documentElement.dataset.offlineAt !== undefined;
  if (online && !fromCopy) return null;
  const menu = document.getElementById(FIRST_SCREEN_DATA_ID) !== null;
  const time = new Intl.DateTimeFormat(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(dataTime());
  return (
    <div role="status" className="offline-banner" data-testid="offline-banner">
      {menu ? t('offline.pricesAsOf', { time }) : t('errors.offline')}
    </div>
  );
}
