/**
 * Who may use the admin API and on which place (spec §6). Every `/api/admin/…` route names the place it edits with
 * the `client` and `place` headers (tenancy 'place') and requires PLACE_ADMIN or above through `requireRole` (run
 * before the body is validated), which
 * also checks the place against the user's scope: a place-level admin only its places (user_places), a client
 * admin every place of its client, a super admin everything. The stock toggle alone is open to WAITER and above.
 */
import type { FastifyRequest } from 'fastify';
import type { Role } from '@trapeza/domain/roles';
import { ApiError } from '@trapeza/domain/contracts/menu';
import { PlaceHeaders } from '../../lib/request-context.ts';
import { requireRole } from '../../plugins/auth.ts';

/** What a service needs to know about the call: the place edited and who edits it. */
export interface AdminCallContext {
  placeId: number;
  placeSlug: string;
  clientId: number;
  userId: number;
  now: Date;
}

export function adminContext(request: FastifyRequest): AdminCallContext {
  return {
    placeId: request.tenant.placeId,
    placeSlug: request.tenant.placeSlug,
    clientId: request.tenant.clientId,
    // requireRole ran before the handler, so the user is there.
    userId: request.user!.id,
    now: request.server.clock.now(),
  };
}

export const adminSecurity = [{ bearer: [] }];

export const adminErrors = {
  400: ApiError.describe('validation_error (details: the fields and what is wrong), or a rule of the area'),
  401: ApiError.describe('unauthorized: no, expired or revoked token'),
  403: ApiError.describe(
    'forbidden: role below PLACE_ADMIN (spec §6), or the place is outside the user’s scope',
  ),
  404: ApiError.describe('Unknown client or place, or the resource is not in this place'),
  409: ApiError.describe('The change conflicts with other data (in use, duplicate, cycle)'),
};

/**
 * Route options of admin routes on the place of the headers: tenancy, the role check and the OpenAPI basics.
 *   app.get('/admin/x', cat.with({ summary, response }), handler)
 */
export function placeRoute(tags: string[], minRole: Role = 'PLACE_ADMIN') {
  // preValidation, not preHandler: a caller without access learns nothing, not even what a valid body looks like.
  const preValidation = requireRole(minRole);
  return {
    with<S extends object>(schema: S) {
      return {
        config: { tenancy: 'place' as const },
        preValidation,
        schema: { tags, security: adminSecurity, headers: PlaceHeaders, ...schema },
      };
    },
  };
}
