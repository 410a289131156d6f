/**
 * Writing the order-token cookie with the device's lifetime (spec §3 kiosk flag, §9: order cookies 90 h, on a
 * kiosk 43800 h). Kept out of `stores/session-store.ts` so the first screen does not carry it: only the QR entry
 * and the at-the-table screens (lazy chunks) write a token with a server-given expiry.
 *
 * Designed: the kiosk flag is the cookie `kiosk` = 1 (43800 h), set when a staff member switches the device to
 * kiosk mode at the QR entry (`/{place}/t/{token}?mode=kiosk`, see features/table/README.md); a plain QR scan
 * clears it.
 */
import { COOKIE_LIFETIME_HOURS, cookieLifetimeHours, ORDER_TOKEN_COOKIE } from '@trapeza/domain/tokens';
import { deleteCookie, getCookie, setCookie } from './cookies.ts';
import { useSessionStore, type OrderTokenCookie } from '../stores/session-store.ts';

const KIOSK_COOKIE = 'kiosk';

export const isKioskDevice = (): boolean => getCookie(KIOSK_COOKIE) === '1';

export function setKioskDevice(on: boolean): void {
  if (on) setCookie(KIOSK_COOKIE, '1', COOKIE_LIFETIME_HOURS.kiosk);
  else deleteCookie(KIOSK_COOKIE);
}

/**
 * A kiosk writes its cookies again on every page at its table (TableBar): Chromium keeps no cookie longer than
 * 400 days, so cookies written once when the device was switched would end a kiosk after 400 days of use.
 */
export function refreshKioskCookies(): void {
  if (!isKioskDevice()) return;
  setKioskDevice(true);
  const current = useSessionStore.getState().orderToken;
  if (current) storeOrderToken(current);
}

/** Stores the order token (cookie and session store) with the lifetime of this device's order cookies. */
export function storeOrderToken(value: OrderTokenCookie): void {
  setCookie(ORDER_TOKEN_COOKIE, JSON.stringify(value), cookieLifetimeHours('default', isKioskDevice()));
  useSessionStore.setState({ orderToken: value });
}

/** Updates the stored token (e.g. the new table, or the bill request's later expiry), keeping its lifetime. */
export function updateOrderToken(change: Partial<OrderTokenCookie>): void {
  const current = useSessionStore.getState().orderToken;
  if (current) storeOrderToken({ ...current, ...change });
}
