/**
 * Who is using the staff screens: the bearer token of the shared session (the account login sets the same
 * cookie) and the role it carries. The role is read from the token's claims for display and for choosing what to
 * show; the server checks it again on every call (spec §6 hasAccess).
 */
import { hasAccess, isRole, type Role } from '@trapeza/domain/roles';
import { useSessionStore } from '../../../stores/session-store.ts';

export interface StaffSession {
  token: string | null;
  role: Role | null;
  /** Expired tokens count as none (the server would answer 401). */
  expired: boolean;
}

/** The `role` and `exp` claims of a JWT, or nulls when it cannot be read. */
export function readTokenClaims(token: string): { role: Role | null; exp: number | null } {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { role?: unknown; exp?: unknown };
    return {
      role: isRole(claims.role) ? claims.role : null,
      exp: typeof claims.exp === 'number' ? claims.exp : null,
    };
  } catch {
    return { role: null, exp: null };
  }
}

/** The session a stored token gives at `now`. */
export function staffSessionOf(token: string | null, now: number = Date.now()): StaffSession {
  if (!token) return { token: null, role: null, expired: false };
  const { role, exp } = readTokenClaims(token);
  const expired = exp !== null && exp * 1000 <= now;
  return { token: expired ? null : token, role, expired };
}

export function useStaffSession(): StaffSession {
  return staffSessionOf(useSessionStore((s) => s.authToken));
}

/** Whether the session may open a screen that needs `required` (WAITER for the board, PLACE_ADMIN for tables). */
export function sessionAllows(session: StaffSession, required: Role): boolean {
  return session.token !== null && hasAccess(session.role, required);
}

/** Keeps a staff login in the shared session (cookie), so the guest pages and the account menu see it too. */
export function startStaffSession(token: string): void {
  useSessionStore.getState().setAuthToken(token);
}

export function endStaffSession(): void {
  useSessionStore.getState().setAuthToken(null);
}
