/**
 * Authentication and staff access (architecture: bearer JWT with the role in the claims; spec §6 roles).
 *
 * Every request carrying `Authorization: Bearer …` is checked once, in an onRequest hook that runs after tenancy:
 * the signature and expiry, then the account itself (still there, not banned, same role, same password as when
 * the token was issued). The result is `request.user` — an AuthUser, or null for anyone else. A bad, expired or
 * foreign token on a public route is simply an anonymous visit; protected routes add `requireUser` or
 * `requireRole(minRole)` as their preHandler and answer 401 / 403.
 *
 * Tenants: users belong to a client, platform staff to none (client_id null). A token is only honoured on the routes
 * of its own client (SUPER_ADMIN on all); a platform SALES_ADMIN is thus anonymous on a brand's routes.
 * Staff are further scoped to places: WAITER, PDF_MENU_ADMIN, RASPBERRY_ADMIN and PLACE_ADMIN act only on places
 * assigned to them (user_places); CLIENT_ADMIN and SALES_ADMIN on every place of their client; SUPER_ADMIN anywhere.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasAccess, type Role } from '@trapeza/domain/roles';
import type { AppDatabase } from '../db/database.ts';
import { AuthTokens, passwordVersion } from '../lib/auth-token.ts';
import { DomainError } from '../lib/domain-error.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';

export interface AuthUser {
  id: number;
  /** null for platform staff (SUPER_ADMIN, SALES_ADMIN of no brand). */
  clientId: number | null;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

/** Why a request that sent a token has no user (for logs and the 401 details). */
type AuthFailure = 'invalid' | 'expired' | 'revoked' | 'other_client';

/** A place as the access check needs it. */
export interface PlaceRef {
  placeId: number;
  clientId: number;
}

interface AuthDecoration {
  tokens: AuthTokens;
  /** Whether the user may act on the place as staff (role scope and user_places; spec §6 levels aside). */
  canAccessPlace(user: AuthUser, place: PlaceRef): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null (no token, or a token that does not hold for this request). */
    user: AuthUser | null;
    authFailure: AuthFailure | null;
  }
  interface FastifyInstance {
    auth: AuthDecoration;
  }
}

/** Roles that act on every place of their own client. */
const CLIENT_WIDE: readonly Role[] = ['CLIENT_ADMIN', 'SALES_ADMIN'];

export interface AuthOptions {
  db: AppDatabase;
  jwtSecret: string;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Also accept the token as `?access_token=` (Server-Sent Events: EventSource cannot send headers). Only routes
     * that opt in; the header wins when both are sent.
     */
    queryAccessToken?: boolean;
  }
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) {
    if (!request.routeOptions.config?.queryAccessToken) return null;
    const fromQuery = (request.query as { access_token?: unknown } | undefined)?.access_token;
    return typeof fromQuery === 'string' && JWT_SHAPE.test(fromQuery) ? fromQuery : null;
  }
  const match = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const tokens = new AuthTokens(options.jwtSecret, options.now);
  const repo = createUsersRepository(options.db);

  const decoration: AuthDecoration = {
    tokens,
    async canAccessPlace(user, place) {
      if (user.role === 'SUPER_ADMIN') return true;
      if (user.clientId !== place.clientId) return false;
      if (CLIENT_WIDE.includes(user.role)) return true;
      if (!hasAccess(user.role, 'PDF_MENU_ADMIN')) return false;
      return repo.isAssignedToPlace(user.id, place.placeId);
    },
  };
  app.decorate('auth', decoration);
  app.decorateRequest('user', null);
  app.decorateRequest('authFailure', null);

  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) {
      if (request.headers.authorization) request.authFailure = 'invalid';
      return;
    }
    const claims = await tokens.verify(token);
    if (claims === 'expired' || claims === 'invalid') {
      request.authFailure = claims;
      return;
    }
    const row = await repo.findById(claims.userId);
    if (
      !row ||
      row.banned ||
      row.client_id !== claims.clientId ||
      row.role !== claims.role ||
      passwordVersion(row.password_hash) !== claims.pwv
    ) {
      request.authFailure = 'revoked';
      return;
    }
    // Tenancy ran first (its hook is registered earlier); a token of another client does not hold here.
    const tenant = request.clientTenant;
    if (tenant && tenant.clientId !== row.client_id && claims.role !== 'SUPER_ADMIN') {
      request.authFailure = 'other_client';
      return;
    }
    request.user = {
      id: row.id,
      clientId: row.client_id,
      role: claims.role,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
    };
  });
}

function unauthorized(request: FastifyRequest): DomainError {
  const reason = request.authFailure ?? 'missing';
  const message = reason === 'expired' ? 'Your session has expired, please log in again' : 'Please log in';
  return new DomainError(401, 'unauthorized', message, { fields: { reason } });
}

/** preHandler: a signed-in user of this client is required (401 otherwise). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized(request);
}

/**
 * preHandler factory: the user's role must pass `hasAccess(role, minRole)` (spec §6), else 403; on routes with
 * a place (tenancy 'place'), the user must also be allowed on that place (see the module comment), else 403.
 *
 *   app.get('/staff/orders', { config: { tenancy: 'place' }, preHandler: requireRole('WAITER') }, handler)
 */
export function requireRole(minRole: Role) {
  return async function requireRoleHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const user = request.user;
    if (!user) throw unauthorized(request);
    if (!hasAccess(user.role, minRole)) {
      throw new DomainError(403, 'forbidden', 'You do not have access to this', {
        fields: { required: minRole },
      });
    }
    const tenant = request.tenant;
    if (tenant && !(await request.server.auth.canAccessPlace(user, tenant))) {
      throw new DomainError(403, 'forbidden', 'You do not have access to this place', {
        fields: { place: tenant.placeSlug },
      });
    }
  };
}

/** For routes naming a place elsewhere than the headers: throws 403 unless the user may act on it. */
export async function assertPlaceAccess(request: FastifyRequest, place: PlaceRef): Promise<void> {
  const user = request.user;
  if (!user) throw unauthorized(request);
  if (!(await request.server.auth.canAccessPlace(user, place))) {
    throw new DomainError(403, 'forbidden', 'You do not have access to this place');
  }
}
