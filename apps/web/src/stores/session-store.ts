/**
 * The guest's session (spec §3 cookies and client state): the chosen place, the order token from a table/room
 * QR code with its order type, and the auth token. Kept in cookies so a reload keeps the table.
 */
import { create } from 'zustand';
import {
  COOKIE_LIFETIME_HOURS,
  isTokenExpired,
  ORDER_TOKEN_COOKIE,
  orderTokenExpiresAt,
} from '@trapeza/domain/tokens';
import type { OrderType } from '@trapeza/domain/order-status';
import { deleteCookie, getCookie, setCookie } from '../lib/cookies.ts';

/** The user order token object of spec §3. */
export interface OrderTokenCookie {
  token: string;
  /** epoch milliseconds */
  expires: number;
  ordertype: OrderType;
  room_number: string | null;
  tablet_mode: boolean;
  table: string | null;
  place: string;
}

const AUTH_COOKIE = 'auth_token';
const PLACE_COOKIE = 'opened_place';

function readOrderToken(): OrderTokenCookie | null {
  try {
    const raw = getCookie(ORDER_TOKEN_COOKIE);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as OrderTokenCookie;
    // Spec §4: an expired token clears the order type.
    return isTokenExpired(parsed.expires, new Date()) ? null : parsed;
  } catch {
    return null;
  }
}

interface SessionState {
  placeSlug: string | null;
  orderToken: OrderTokenCookie | null;
  authToken: string | null;
  setPlace: (slug: string) => void;
  setOrderToken: (t: Omit<OrderTokenCookie, 'expires'>) => void;
  clearOrderToken: () => void;
  /** A bill request extends the token (spec §4: by 15 minutes; the server answers the new expiry). */
  setOrderTokenExpiry: (expires: number) => void;
  /** `hours`: the cookie's lifetime, the token's own (spec §3 auth token); 90 h when not given. */
  setAuthToken: (token: string | null, hours?: number) => void;
}

export const useSessionStore = create<SessionState>((set) => ({
  placeSlug: getCookie(PLACE_COOKIE),
  orderToken: readOrderToken(),
  authToken: getCookie(AUTH_COOKIE),
  setPlace: (slug) => {
    setCookie(PLACE_COOKIE, slug, COOKIE_LIFETIME_HOURS.place);
    set({ placeSlug: slug });
  },
  setOrderToken: (t) => {
    const value: OrderTokenCookie = { ...t, expires: orderTokenExpiresAt(new Date()).getTime() };
    setCookie(ORDER_TOKEN_COOKIE, JSON.stringify(value), COOKIE_LIFETIME_HOURS.default);
    set({ orderToken: value });
  },
  clearOrderToken: () => {
    deleteCookie(ORDER_TOKEN_COOKIE);
    set({ orderToken: null });
  },
  setOrderTokenExpiry: (expires) =>
    set((s) => {
      if (!s.orderToken || !Number.isFinite(expires)) return s;
      const value = { ...s.orderToken, expires };
      setCookie(ORDER_TOKEN_COOKIE, JSON.stringify(value), COOKIE_LIFETIME_HOURS.default);
      return { orderToken: value };
    }),
  setAuthToken: (token, hours = COOKIE_LIFETIME_HOURS.default) => {
    if (token) setCookie(AUTH_COOKIE, token, hours);
    else deleteCookie(AUTH_COOKIE);
    set({ authToken: token });
  },
}));

/**
 * The order token held for `place` (null without one, or when it belongs to another place): the API answers the
 * menu in its context (spec §4), so it goes with the menu calls and into their cache keys.
 */
export function orderTokenFor(place: string | null | undefined): string | null {
  const t = useSessionStore.getState().orderToken;
  return t && place && t.place === place ? t.token : null;
}
