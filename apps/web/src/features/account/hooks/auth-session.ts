/**
 * Starting and ending a session (spec §4): login sets the auth token cookie (path /, secure on https, lifetime as
 * the token's own) and the user; the account session then loads instruments and discounts. Ending it clears both.
 */
import type { StoreAuthResponse } from '@trapeza/domain/contracts/users';
import { COOKIE_LIFETIME_HOURS } from '@trapeza/domain/tokens';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useAuthUiStore, type AccountNotice } from '../../../stores/auth-ui-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

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
export function startSession(answer: StoreAuthResponse, notice?: AccountNotice): void {
  useSessionStore.getState().setAuthToken(answer.token, tokenLifetimeHours(answer.token));
  useAccountStore.getState().setUser(answer.user);
  if (notice) useAuthUiStore.getState().notify(notice);
}

/** Clears the token cookie, the user, instruments and discounts. */
export function endSession(notice?: AccountNotice): void {
  useSessionStore.getState().setAuthToken(null);
  useAccountStore.getState().reset();
  if (notice) useAuthUiStore.getState().notify(notice);
}
