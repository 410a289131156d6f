/**
 * The platform API under /api/platform (issue 15 item 5, issue 23 #13), used by the `/platform` console. No tenancy
 * headers: platform staff belong to no brand. Access: platform staff only — SUPER_ADMIN, and SALES_ADMIN of no
 * brand (a brand's own SALES_ADMIN is not platform staff); anyone else 403, no token 401. Deactivating a brand is
 * SUPER_ADMIN only (spec §6: SALES_ADMIN may create and edit). The two invitation calls are public: the token in the
 * link is the credential (32 random bytes, stored hashed), and they are rate-limited per IP.
 */
import rateLimit from '@fastify/rate-limit';
import { routeLimitOptions } from '../../plugins/security.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@trapeza/domain/contracts/menu';
import {
  PlatformClient,
  PlatformClientCreate,
  PlatformClientId,
  PlatformClientsResponse,
  PlatformClientUpdate,
  PlatformInviteAccept,
  PlatformInviteCreate,
  PlatformInviteCreated,
  PlatformInviteInfo,
  PlatformInviteToken,
  PlatformMe,
  PlatformPlaceCreate,
  PlatformPlaceCreated,
} from '@trapeza/domain/contracts/platform';
import { AuthResponseMinor } from '@trapeza/domain/contracts/users';
import { DomainError } from '../../lib/domain-error.ts';
import { errorResponses } from '../../lib/openapi.ts';
import type { PlatformService } from './platform.service.ts';

/** preValidation hook: platform staff only (401 without a valid token, 403 for anyone else). */
async function requirePlatformStaff(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = request.user;
  if (!user) {
    throw new DomainError(401, 'unauthorized', 'Please log in', {
      fields: { reason: request.authFailure ?? 'missing' },
    });
  }
  const platformStaff =
    user.role === 'SUPER_ADMIN' || (user.role === 'SALES_ADMIN' && user.clientId === null);
  if (!platformStaff) {
    throw new DomainError(403, 'forbidden', 'Platform staff only', { fields: { required: 'SALES_ADMIN' } });
  }
}

const staffErrors = {
  ...errorResponses,
  401: ApiError.describe('No valid token'),
  403: ApiError.describe('Not platform staff (SUPER_ADMIN, or SALES_ADMIN of no brand)'),
} as const;
const conflict = ApiError.describe(
  'slug_taken or domain_taken (details[0].path names the field; no brand is named)',
);

export function platformRoutes(service: PlatformService): FastifyPluginAsyncZod {
  return async (app) => {
    if (!app.hasDecorator('rateLimit')) {
      // The shared store (Redis with REDIS_URL), not this process's memory: N processes allow what one allows.
      await app.register(rateLimit, routeLimitOptions(app.sharedLimits));
    }
    const tags = ['platform'];
    // Before body validation: without access, a malformed body still answers 401 / 403, never a 400 that probes.
    const staff = { preValidation: requirePlatformStaff };

    app.get(
      '/platform/me',
      {
        ...staff,
        schema: {
          tags,
          summary: 'The platform staff member behind the token',
          response: { 200: PlatformMe, ...staffErrors },
        },
      },
      async (request) => ({ id: request.user!.id, email: request.user!.email, role: request.user!.role }),
    );

    app.get(
      '/platform/clients',
      {
        ...staff,
        schema: {
          tags,
          summary: 'Every brand with its venues (id, name, slug) and its orders of the last 30 days',
          response: { 200: PlatformClientsResponse, ...staffErrors },
        },
      },
      async () => service.listClients(),
    );

    app.get(
      '/platform/clients/:id',
      {
        ...staff,
        schema: {
          tags,
          summary: 'One brand',
          params: PlatformClientId,
          response: { 200: PlatformClient, ...staffErrors },
        },
      },
      async (request) => service.getClient(request.params.id),
    );

    app.post(
      '/platform/clients',
      {
        ...staff,
        schema: {
          tags,
          summary:
            'Create a brand (one transaction). slug: a-z, 0-9 and inner dashes with a letter, not reserved (400 ' +
            'invalid_slug / reserved_slug); domain: a hostname (400 invalid_domain), routing pages once verified ' +
            '(names under .localhost at once); 409 slug_taken / domain_taken',
          body: PlatformClientCreate,
          response: { 201: PlatformClient, ...staffErrors, 409: conflict },
        },
      },
      async (request, reply) => reply.code(201).send(await service.createClient(request.body)),
    );

    app.put(
      '/platform/clients/:id',
      {
        ...staff,
        schema: {
          tags,
          summary:
            'Edit a brand: the create fields plus active (false: its pages and API answer 404, its data stays; ' +
            'changing active is SUPER_ADMIN only). A changed domain starts unverified',
          params: PlatformClientId,
          body: PlatformClientUpdate,
          response: { 200: PlatformClient, ...staffErrors, 409: conflict },
        },
      },
      async (request) => service.updateClient(request.user!, request.params.id, request.body),
    );

    app.post(
      '/platform/clients/:id/places',
      {
        ...staff,
        schema: {
          tags,
          summary:
            'Create a venue from a template (restaurant: table, pickup, delivery, 10:00–22:00, tables 1–10; cafe: ' +
            'pickup and table orders; hotel: room service around the clock, rooms 101–120), in one transaction',
          params: PlatformClientId,
          body: PlatformPlaceCreate,
          response: { 201: PlatformPlaceCreated, ...staffErrors, 409: conflict },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.createPlace(request.params.id, request.body)),
    );

    app.post(
      '/platform/clients/:id/invites',
      {
        ...staff,
        schema: {
          tags,
          summary:
            'Invite a person as CLIENT_ADMIN or PLACE_ADMIN (placeId required) by e-mail: a single-use link valid ' +
            '72 hours to <base>/platform/invite/<token>, base = the brand’s verified domain (scheme and port of ' +
            'PUBLIC_URL) or else PUBLIC_URL',
          params: PlatformClientId,
          body: PlatformInviteCreate,
          response: { 201: PlatformInviteCreated, ...staffErrors, 503: ApiError.describe('Mail not sent') },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.createInvite(request.user!, request.params.id, request.body)),
    );

    app.post(
      '/platform/clients/:id/domain/verify',
      {
        ...staff,
        schema: {
          tags,
          summary:
            'Verify the brand’s domain by its DNS TXT record _trapeza.<domain> = domainVerification.value; only a ' +
            'verified domain routes pages. 400 domain_not_verified (record, value), 409 domain_taken',
          params: PlatformClientId,
          response: { 200: PlatformClient, ...staffErrors, 409: conflict },
        },
      },
      async (request) => service.verifyDomain(request.params.id),
    );

    const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
    const inviteErrors = {
      ...errorResponses,
      404: ApiError.describe('Unknown invitation (invite_not_found)'),
      410: ApiError.describe('invite_expired or invite_used'),
      429: ApiError.describe('Too many requests'),
    } as const;

    app.get(
      '/platform/invites/:token',
      {
        config: perMinute(30),
        schema: {
          tags,
          summary: 'What an invitation link is for (public: the token is the credential)',
          params: PlatformInviteToken,
          response: { 200: PlatformInviteInfo, ...inviteErrors },
        },
      },
      async (request) => service.inviteInfo(request.params.token),
    );

    app.post(
      '/platform/invites/:token/accept',
      {
        config: perMinute(10),
        schema: {
          tags,
          summary:
            'Accept an invitation: sets the password (at least 12 characters) of the new or existing brand account ' +
            'and answers like login, so the web app signs in at once',
          params: PlatformInviteToken,
          body: PlatformInviteAccept,
          response: { 200: AuthResponseMinor, ...inviteErrors },
        },
      },
      async (request) => service.acceptInvite(request.params.token, request.body),
    );
  };
}
