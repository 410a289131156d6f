/**
 * The one login of the web app (spec §4): POST login for guests, staff and admins alike (the token carries the
 * role), and the shared session it writes: the auth token cookie (path /, secure on https, lifetime as the token's
 * own) and the user. The guest account, the staff console and the admin all sign in through here, so a login on
 * one screen is seen by the others.
 */
import type { StoreAuthResponse, StoreLoginRequest } from '@trapeza/domain/contracts/users';
import { COOKIE_LIFETIME_HOURS } from '@trapeza/domain/tokens';
import { useAccountStore } from '../stores/account-store.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { api, ApiRequestError } from './api-client.ts';
import { langHeader } from './lang-header.ts';

/** POST login. Brand-wide (the server ignores the place); `lang` so the server answers in the visitor's language. */
export const postLogin = (body: StoreLoginRequest) =>
  api.post<StoreAuthResponse>('login', body, { headers: langHeader() });

/**
 * The server's text for a login try during the wait after failed ones (429 rate_limited with a `login_slowed`
 * detail; issue "Security hardening" #8), in the language the call asked for; null for any other failure.
 */
export function loginSlowedText(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.body?.code !== 'rate_limited') return null;
  const details = Array.isArray(error.body.details) ? (error.body.details as { code?: unknown }[]) : [];
  if (!details.some((d) => d.code === 'login_slowed')) return null;
  return error.body.message_trans ?? error.body.message ?? null;
}

/** Hours until the token's `exp` claim; the 90-hour default when it cannot be read. */
export function tokenLifetimeHours(token: string, now: number = Date.now()): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    if (typeof exp === 'number' && exp * 1000 > now) return (exp * 1000 - now) / 3_600_000;
  } catch {
    // Not a JWT we can read: fall back below.
  }
  return COOKIE_LIFETIME_HOURS.default;
}

/** Keeps a login, registration or profile answer: token cookie and user object. */
export function startAuthSession(answer: StoreAuthResponse): void {
  useSessionStore.getState().setAuthToken(answer.token, tokenLifetimeHours(answer.token));
  useAccountStore.getState().setUser(answer.user);
}

/** Clears the token cookie, the user, instruments and discounts. */
export function endAuthSession(): void {
  useSessionStore.getState().setAuthToken(null);
  useAccountStore.getState().reset();
}
