/** Shows "no internet connection" (spec §8) while the browser is offline. */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div role="status" className="offline-banner">
      {t('errors.offline')}
    </div>
  );
}
