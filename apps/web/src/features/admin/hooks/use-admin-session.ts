/**
 * Who is signed in to the admin: the auth token of the session store and the user kept by the account store (the
 * shared session of `lib/auth-session.ts`, written by the login form). Access needs PLACE_ADMIN or above (spec §6);
 * the server checks every call again.
 */
import { hasAccess } from '@trapeza/domain/roles';
import { endAuthSession } from '../../../lib/auth-session.ts';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useAdminPlaceStore } from './admin-place-store.ts';

export function useAdminSession() {
  const token = useSessionStore((s) => s.authToken);
  const user = useAccountStore((s) => s.user);
  return { token, user, allowed: token !== null && hasAccess(user?.role, 'PLACE_ADMIN') };
}

export function adminLogout(): void {
  endAuthSession();
  useAdminPlaceStore.getState().choose(null);
}
