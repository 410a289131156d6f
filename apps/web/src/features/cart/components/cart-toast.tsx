/** After an add, a tooltip 'N x name - /size/' for 2.5 seconds (spec §2, §9); host of the lazily loaded cart screens. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cartItemCount } from '@trapeza/domain/cart';
import { isLanguage, normalizeLanguage, translateField } from '@trapeza/domain/i18n';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { i18next } from '../../../i18n/i18n.ts';
import { cartBundle } from '../i18n/loaders.ts';
import { isKioskDevice } from '../../../lib/order-token-cookie.ts';
import { useCartStore, useCartUiStore } from '../../../stores/cart-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { clearFlash, peekFlash } from '../lib/device.ts';

const TOOLTIP_MS = 2500;

// The cart screens load on demand; this already-lazy chunk hosts them so the first screen carries none of it.
const loadCartRoot = () => import('./cart-root.tsx');
const CartRoot = lazy(() => loadCartRoot().then((m) => ({ default: m.CartRoot })));

/**
 * The cart screens' code and the texts they wait for: the header's cart button, the table bar's bill button and the
 * cart bar ask for them on the guest's intent and hold a tap until they are there (hooks/use-lazy-opener.ts), so the
 * cart opens at once.
 */
export const loadCartScreens = () =>
  Promise.all([
    loadCartRoot(),
    loadFeatureBundle('cart', cartBundle, normalizeLanguage(i18next.resolvedLanguage ?? i18next.language)),
  ]);
// The sticky cart bar, once the cart has something (its own chunk).
const CartBar = lazy(() => import('./cart-bar.tsx').then((m) => ({ default: m.CartBar })));
// At a shared table (issue 19): joins the table's cart and keeps it live (its own chunk).
const TablePartyBridge = lazy(() =>
  import('./table-party-bridge.tsx').then((m) => ({ default: m.TablePartyBridge })),
);

export function CartToast({ lang }: { lang: string }) {
  const lastAdded = useCartStore((s) => s.lastAdded);
  const hasItems = useCartStore((s) => cartItemCount(s.cart) > 0);
  // The place layout's bottom dock (above the table bar); found after mount, so the server renders no bar.
  const [dock, setDock] = useState<HTMLElement | null>(null);
  // The dock is a sibling committed in the same render, so it can only be looked up after mount.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-time read of the DOM after mount
  useEffect(() => setDock(document.getElementById('bottom-dock')), []);
  const cartWanted = useCartUiStore((s) => s.wanted);
  const token = useSessionStore((s) => s.orderToken);
  const sharedTable =
    token &&
    token.place &&
    token.table != null &&
    token.room_number == null &&
    !token.tablet_mode &&
    !isKioskDevice()
      ? token
      : null;
  const [hiddenAt, setHiddenAt] = useState<number | null>(null);
  // Screen readers hear 'Added to the cart: 1 x …' (the cart's texts load beside, without delaying the page).
  const { t } = useTranslation();
  const [announce, setAnnounce] = useState(false);
  useEffect(() => {
    if (!isLanguage(lang)) return;
    let live = true;
    void loadFeatureBundle('cart', cartBundle, lang).then(() => live && setAnnounce(true));
    return () => {
      live = false;
    };
  }, [lang]);
  // A message kept across a reload (spec §8 invalid_products_for_place), shown until dismissed.
  const [flash, setFlash] = useState<string | null>(peekFlash);
  useEffect(() => {
    if (flash) clearFlash();
  }, [flash]);
  useEffect(() => {
    if (!lastAdded) return;
    const id = window.setTimeout(() => setHiddenAt(lastAdded.at), TOOLTIP_MS);
    return () => window.clearTimeout(id);
  }, [lastAdded]);
  const visible = lastAdded != null && hiddenAt !== lastAdded.at;
  const line = lastAdded?.line;
  const name = line
    ? translateField({ name: line.name, translations: line.product_translations }, 'name', lang)
    : '';
  // The size in the guest's language too (the line keeps the Bulgarian one and the variant's translations).
  const size = line
    ? translateField({ size: line.size, translations: line.variant_translations }, 'size', lang)
    : '';
  return (
    <>
      <div className="toast" role="status" aria-live="polite">
        {visible && line && announce && <span className="visually-hidden">{t('cart.addedAnnounce')} </span>}
        {visible && line ? `${line.quantity} x ${name}${size ? ` - /${size}/` : ''}` : ''}
      </div>
      {dock &&
        hasItems &&
        createPortal(
          <Suspense fallback={null}>
            <CartBar loadCartScreens={loadCartScreens} />
          </Suspense>,
          dock,
        )}
      {cartWanted && (
        <Suspense fallback={null}>
          <CartRoot />
        </Suspense>
      )}
      {sharedTable && (
        <Suspense fallback={null}>
          <TablePartyBridge key={sharedTable.token} place={sharedTable.place} session={sharedTable.token} />
        </Suspense>
      )}
      {flash && (
        <div className="flash alert" role="alert" data-testid="order-flash">
          <p>{flash}</p>
          <button type="button" className="button button-secondary" onClick={() => setFlash(null)}>
            OK
          </button>
        </div>
      )}
    </>
  );
}
