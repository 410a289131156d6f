/**
 * Starting and ending a guest's session (spec §4) with the account's notice ("logged in", "logged out"): the
 * session itself (token cookie and user) is the shared one of `lib/auth-session.ts`; the account session then
 * loads instruments and discounts.
 */
import type { StoreAuthResponse } from '@trapeza/domain/contracts/users';
import { endAuthSession, startAuthSession } from '../../../lib/auth-session.ts';
import { useAuthUiStore, type AccountNotice } from '../../../stores/auth-ui-store.ts';

/** Keeps a login, registration or profile answer: token cookie and user object. */
export function startSession(answer: StoreAuthResponse, notice?: AccountNotice): void {
  startAuthSession(answer);
  if (notice) useAuthUiStore.getState().notify(notice);
}

/** Clears the token cookie, the user, instruments and discounts. */
export function endSession(notice?: AccountNotice): void {
  endAuthSession();
  if (notice) useAuthUiStore.getState().notify(notice);
}
