/**
 * What the place layout needs of the cart, behind one dynamic import: the cart store and the domain cart rules
 * are not needed to paint the first screen (~1.5 KB gzip off a first visit to /{place}).
 */
import { cartItemCount } from '@trapeza/domain/cart';
import { useCartStore, useCartUiStore } from '../stores/cart-store.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { isKioskDevice } from './order-token-cookie.ts';

/**
 * Calls `onCount` with the cart's item count now and on every change; returns the unsubscribe. At a shared table
 * (issue 19) the table's cart counts too: what this phone adds moves there at once.
 */
export function watchCartCount(onCount: (count: number) => void): () => void {
  const update = () =>
    onCount(cartItemCount(useCartStore.getState().cart) + (useCartUiStore.getState().sharedCount ?? 0));
  update();
  const stopCart = useCartStore.subscribe(update);
  const stopShared = useCartUiStore.subscribe(update);
  return () => {
    stopCart();
    stopShared();
  };
}

export const openCart = () => useCartUiStore.getState().openCart();
/** The orders tab: the table session's orders and the bill. */
export const openOrders = () => useCartUiStore.getState().openCart('orders');

/**
 * Spec §4: another place was opened — the cart is cleared, and the order token too unless this device is in tablet
 * or kiosk mode (a venue's own device keeps its table session). A token of the place being opened stays: it is this
 * visit's own (the server wrote it with the page of a QR scan, apps/server/src/plugins/web-first-screen.ts), not the
 * other place's order.
 */
export const clearCart = (openedPlace: string) => {
  useCartStore.getState().clear();
  const session = useSessionStore.getState();
  const token = session.orderToken;
  if (token && token.place !== openedPlace && !token.tablet_mode && !isKioskDevice())
    session.clearOrderToken();
};
