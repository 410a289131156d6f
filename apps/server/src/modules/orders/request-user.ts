/**
 * The logged-in user of a request, if an auth plugin set one. Ordering works for guests, so a missing or
 * unreadable user is simply a guest. Accepts `{ id }` or the token claims `{ userId }` with an optional role.
 */
import type { FastifyRequest } from 'fastify';
import { hasAccess } from '@trapeza/domain/roles';

export interface RequestUser {
  id: number;
  role: string | null;
}

export function requestUser(request: FastifyRequest): RequestUser | null {
  const raw = (request as unknown as { user?: unknown }).user;
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as { id?: unknown; userId?: unknown; sub?: unknown; role?: unknown };
  const id = Number(u.id ?? u.userId ?? u.sub);
  if (!Number.isInteger(id) || id <= 0) return null;
  return { id, role: typeof u.role === 'string' ? u.role : null };
}

/**
 * Whether the request's place takes no guest orders yet: not marked live (go-live checklist, issue 16 #2) and the
 * caller is not one of its admins (who may try the real pages before going live).
 */
export async function closedToGuests(request: FastifyRequest): Promise<boolean> {
  const tenant = request.tenant;
  if (!tenant || tenant.placeLive !== false) return false;
  const user = request.user;
  if (!user || !hasAccess(user.role, 'PLACE_ADMIN')) return true;
  return !(await request.server.auth.canAccessPlace(user, tenant));
}
