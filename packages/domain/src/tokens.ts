/** Order token and cookie lifetimes (spec §4, §9). Times are passed in; nothing here reads the clock. */
import type { OrderType } from './order-status.ts';

const HOUR_MS = 3_600_000;

/** Order token lifetime in hours: 2 by default, 8 for waiters, 43800 (five years) in kiosk mode. */
export const ORDER_TOKEN_LIFETIME_HOURS = { default: 2, waiter: 8, kiosk: 43_800 } as const;
/** A bill request extends the order token by 15 minutes. */
export const BILL_REQUEST_EXTENSION_MINUTES = 15;
/** Cookie lifetimes (spec §9): order cookies 90 h (kiosk 43800 h), language and place 8760 h. */
export const COOKIE_LIFETIME_HOURS = { default: 90, kiosk: 43_800, language: 8_760, place: 8_760 } as const;
/** Attribution cookie max-age in seconds (30 days). */
export const ATTRIBUTION_COOKIE_MAX_AGE_SECONDS = 2_592_000;
/**
 * The cookie holding the user order token object (spec §3 "user order token"): written by the web app at the QR
 * entry, read by the API (the menu's order context) and the server renderer alike. One name on both sides.
 */
export const ORDER_TOKEN_COOKIE = 'user_order_token';
/**
 * The session cookie saying this browser session has closed a place's welcome banner (spec §2: once per visit):
 * written by the web app when the guest closes it, read by the server renderer, which renders the banner already open
 * in the first HTML while it is not set (issue 17). No Max-Age: it ends with the browser session, as the banner's
 * sessionStorage flag did.
 */
export function welcomeSeenCookie(place: string): string {
  return `welcome_seen_${place}`;
}
/** The request header the web app also sends the order token in (the API reads it before the cookie). */
export const ORDER_TOKEN_HEADER = 'x-order-token';
/** Order and payment request time-out (spec §9). */
export const ORDER_REQUEST_TIMEOUT_MS = 55_000;

export type TokenHolder = { waiter?: boolean; kiosk?: boolean };

/** Lifetime of a new order token in hours; kiosk wins over waiter. */
export function orderTokenLifetimeHours(holder: TokenHolder = {}): number {
  if (holder.kiosk) return ORDER_TOKEN_LIFETIME_HOURS.kiosk;
  if (holder.waiter) return ORDER_TOKEN_LIFETIME_HOURS.waiter;
  return ORDER_TOKEN_LIFETIME_HOURS.default;
}

/** When a token issued at `now` expires. */
export function orderTokenExpiresAt(now: Date, holder: TokenHolder = {}): Date {
  return new Date(now.getTime() + orderTokenLifetimeHours(holder) * HOUR_MS);
}

/** The expiry after a bill request: 15 minutes later than it was. */
export function extendForBillRequest(expires: Date): Date {
  return new Date(expires.getTime() + BILL_REQUEST_EXTENSION_MINUTES * 60_000);
}

/** A token is expired at and after its expiry instant. */
export function isTokenExpired(expires: Date | string | number, now: Date): boolean {
  const t = new Date(expires).getTime();
  return !Number.isFinite(t) || now.getTime() >= t;
}

/** The user order token cookie (spec §3). */
export interface OrderTokenCookie {
  token: string | null;
  expires: string | number | null;
  ordertype: OrderType | null;
  room_number?: string | null;
  tablet_mode?: boolean;
  table?: string | number | null;
}

/** Spec §4: an expired token clears the order type (and the token itself). Unexpired cookies come back unchanged. */
export function applyTokenExpiry(cookie: OrderTokenCookie, now: Date): OrderTokenCookie {
  if (cookie.expires == null || !isTokenExpired(cookie.expires, now)) return cookie;
  return { ...cookie, token: null, ordertype: null };
}

/** Lifetime of the order-session cookie in hours. */
export function cookieLifetimeHours(kind: 'default' | 'language' | 'place', kiosk = false): number {
  if (kind === 'default') return kiosk ? COOKIE_LIFETIME_HOURS.kiosk : COOKIE_LIFETIME_HOURS.default;
  return COOKIE_LIFETIME_HOURS[kind];
}

/** Cookies are set for a number of days (spec §3); hours / 24, fractional allowed (90 h = 3.75 days). */
export function hoursToDays(hours: number): number {
  return hours / 24;
}
