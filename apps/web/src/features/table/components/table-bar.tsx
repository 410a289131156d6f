/**
 * At a table or in a room (a QR session of this place): a bar on every page of the place saying where the guest is,
 * with "call the waiter" (the call-waiter modal's presets) and "ask for the bill" (the cart's orders tab, where the
 * bill is asked with a payment method). Hidden bill button when the venue sets ask_for_bill_hidden. On a kiosk it
 * also writes the device's cookies again (lib/order-token-cookie.ts refreshKioskCookies).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuspenseQuery } from '@tanstack/react-query';
import { parseFlag } from '@trapeza/domain/settings';
import { settingsQueryOptions } from '../../../api/get-settings.ts';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { loadCart } from '../../../hooks/use-cart-after-load.ts';
import { useLazyOpener } from '../../../hooks/use-lazy-opener.ts';
import { refreshKioskCookies } from '../../../lib/order-token-cookie.ts';
import { tableBundle } from '../i18n/loaders.ts';

const loadCallWaiterModal = () => import('./call-waiter-modal.tsx');
const CallWaiterModal = lazy(() => loadCallWaiterModal().then((m) => ({ default: m.CallWaiterModal })));

export function TableBar({
  place,
  token,
  table,
  room,
  loadCartScreens,
}: {
  place: string;
  /** The table session's order token. */
  token: string;
  table: string | null;
  room: string | null;
  /** The cart's screens (loaded on demand): the bill button opens the cart's orders tab and waits for them. */
  loadCartScreens: () => Promise<unknown>;
}) {
  useFeatureTranslations('table', tableBundle);
  const { t } = useTranslation();
  const { data: raw } = useSuspenseQuery(settingsQueryOptions(place));
  const billHidden = parseFlag(raw.ask_for_bill_hidden, false);
  const [calling, setCalling] = useState(false);
  // Both buttons open code that loads on demand: asked for on the guest's intent, a tap held (busy) until it is there.
  const callOpener = useLazyOpener(loadCallWaiterModal, () => setCalling(true));
  const billOpener = useLazyOpener(
    () => Promise.all([loadCart(), loadCartScreens()]),
    () => void loadCart().then((cart) => cart.openOrders()),
  );
  // A kiosk's cookies are written again on each visit, so the 400-day cap of the browser never ends it.
  useEffect(() => refreshKioskCookies(), []);
  const where = room ? t('table.bar.room', { room }) : table ? t('table.bar.table', { table }) : null;
  return (
    <section className="table-bar" aria-label={t('table.bar.label')} data-testid="table-bar">
      {where && <strong className="table-bar-where">{where}</strong>}
      <button type="button" className="button" {...callOpener}>
        {t('table.bar.callWaiter')}
      </button>
      {!billHidden && (
        <button type="button" className="button button-secondary" {...billOpener}>
          {t('table.bar.askBill')}
        </button>
      )}
      {calling && (
        <Suspense fallback={null}>
          <CallWaiterModal open place={place} token={token} onClose={() => setCalling(false)} />
        </Suspense>
      )}
    </section>
  );
}
