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
}

/**
 * The `role` claim of a JWT, or null when it cannot be read. Expiry is left to the server (a 401 brings the login
 * back): a tablet's clock may be off, and the server's clock is the one that counts.
 */
function readTokenRole(token: string): Role | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { role?: unknown };
    return isRole(claims.role) ? claims.role : null;
  } catch {
    return null;
  }
}

function staffSessionOf(token: string | null): StaffSession {
  return { token, role: token ? readTokenRole(token) : null };
}

export function useStaffSession(): StaffSession {
  return staffSessionOf(useSessionStore((s) => s.authToken));
}

/** Whether the session may open a screen that needs `required` (WAITER for the board, PLACE_ADMIN for tables). */
export function sessionAllows(session: StaffSession, required: Role): boolean {
  return session.token !== null && hasAccess(session.role, required);
}
