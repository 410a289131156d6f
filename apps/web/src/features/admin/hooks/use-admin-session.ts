/**
 * Who is signed in to the admin: the auth token of the session store and the user kept by the account store.
 * Access needs PLACE_ADMIN or above (spec §6); the server checks every call again.
 */
import type { StoreAuthResponse } from '@trapeza/domain/contracts/users';
import { hasAccess } from '@trapeza/domain/roles';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { adminRequest } from '../api/admin-client.ts';
import { useAdminPlaceStore } from './admin-place-store.ts';

function tokenHours(token: string): number {
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
    };
    if (payload.exp) return Math.max(0.1, (payload.exp * 1000 - Date.now()) / 3_600_000);
  } catch {
    // not readable: the default below
  }
  return 90;
}

export function useAdminSession() {
  const token = useSessionStore((s) => s.authToken);
  const user = useAccountStore((s) => s.user);
  return { token, user, allowed: token !== null && hasAccess(user?.role, 'PLACE_ADMIN') };
}

/** POST login; keeps the token and the user like the guest login does. */
export async function adminLogin(email: string, password: string): Promise<StoreAuthResponse> {
  const answer = await adminRequest<StoreAuthResponse>('login', {
    method: 'POST',
    body: { email, password },
    scoped: false,
  });
  useSessionStore.getState().setAuthToken(answer.token, tokenHours(answer.token));
  useAccountStore.getState().setUser(answer.user);
  return answer;
}

export function adminLogout(): void {
  useSessionStore.getState().setAuthToken(null);
  useAccountStore.getState().reset();
  useAdminPlaceStore.getState().choose(null);
}
