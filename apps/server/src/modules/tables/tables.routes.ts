/**
 * Table calls (spec §7): QR entry and session check, the tables list, the bill request and waiter calls
 * (designed: POST user-needs). Parse with the contract schemas, ask the service, answer.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OrderTokenParam,
  StoreBillWantedBody,
  StoreBillWantedResponse,
  StoreChangeTableBody,
  StoreOrderError,
  StoreTableSession,
  StoreTablesMenuResponse,
  StoreUserNeedBody,
  StoreUserNeedResponse,
  StoreVerifySessionBody,
  StoreVerifyTokenBody,
} from '@trapeza/domain/contracts/orders';
import { isWaiterOrAbove } from '@trapeza/domain/roles';
import { PlaceHeaders } from '../../lib/request-context.ts';
import { routeLimitOptions } from '../../plugins/security.ts';
import { answerLanguage } from '../orders/order-error.ts';
import { requestUser } from '../orders/request-user.ts';
import { createTablesRepository } from './tables.repository.ts';
import { createTablesService, type TableCallContext } from './tables.service.ts';

const errors = {
  400: StoreOrderError.describe("Bad input, or message 'Invalid session' (unknown or expired session)"),
  403: StoreOrderError.describe(
    'staff_required (kiosk / tablet mode without a staff login of the place), change_table_not_allowed',
  ),
  404: StoreOrderError.describe('Unknown client or place, invalid_qr_code, invalid_table'),
  409: StoreOrderError.describe('bill_already_requested, create_order_first'),
};

/** Routes under /api; builds its service from the app's database and clock. */
export const tablesRoutes: FastifyPluginAsyncZod = async (app) => {
  // verify_token's limit holds when the API-wide limiter is off too, counted in the shared store (Redis with
  // REDIS_URL: once for all processes).
  if (!app.hasDecorator('rateLimit')) {
    await app.register(rateLimit, routeLimitOptions(app.sharedLimits));
  }
  const service = createTablesService({
    repo: createTablesRepository(app.database),
    notifier: app.staffNotifier ?? null,
  });
  const config = { tenancy: 'place' } as const;
  const tags = ['tables'];
  /** A staff login of this place: WAITER and above, and the account may act on the place (auth plugin scope). */
  async function isStaffHere(request: FastifyRequest): Promise<boolean> {
    const user = request.user;
    if (!user || !isWaiterOrAbove(user.role)) return false;
    return app.auth.canAccessPlace(user, {
      placeId: request.tenant.placeId,
      clientId: request.tenant.clientId,
    });
  }
  const ctx = async (request: FastifyRequest): Promise<TableCallContext> => ({
    placeId: request.tenant.placeId,
    placeSlug: request.tenant.placeSlug,
    now: app.clock.now(),
    lang: answerLanguage(request.headers),
    role: requestUser(request)?.role ?? null,
    staff: await isStaffHere(request),
  });

  app.post(
    '/tables/verify_token',
    {
      // Unauthenticated and a token oracle: 60 per minute per IP (a hotel lobby's NAT stays well under it).
      config: { ...config, rateLimit: { max: 60, timeWindow: 60_000, allowList: undefined } },
      schema: {
        tags,
        summary:
          "Open a table or room session from a QR token (order token lifetime 2 h; waiters 8 h); mode 'kiosk' (43800 h) or 'tablet' with a staff login only",
        headers: PlaceHeaders,
        body: StoreVerifyTokenBody,
        response: { 200: StoreTableSession, ...errors },
      },
    },
    async (request) =>
      service.verifyToken(
        request.body.token,
        request.body.placeSlug,
        await ctx(request),
        request.body.mode ?? null,
      ),
  );

  app.post(
    '/tables/verify_session',
    {
      config,
      schema: {
        tags,
        summary: 'Check that a session is still valid for its QR token',
        headers: PlaceHeaders,
        body: StoreVerifySessionBody,
        response: { 200: StoreTableSession, ...errors },
      },
    },
    async (request) =>
      service.verifySession(
        request.body.token,
        request.body.session,
        request.body.placeSlug,
        await ctx(request),
      ),
  );

  app.get(
    '/tablesMenu',
    {
      config,
      schema: {
        tags,
        summary: 'Active tables and rooms of the place (for change-table); QR tokens are never listed',
        headers: PlaceHeaders,
        response: { 200: StoreTablesMenuResponse, ...errors },
      },
    },
    async (request) => service.tablesMenu(request.tenant.placeId),
  );

  app.post(
    '/tables/change_table',
    {
      config,
      schema: {
        tags,
        summary:
          'Move a table session (with its orders) to another active table of the place; when show_change_table is on, or for staff',
        headers: PlaceHeaders,
        body: StoreChangeTableBody,
        response: { 200: StoreTableSession, ...errors },
      },
    },
    async (request) => service.changeTable(request.body, await ctx(request)),
  );

  app.put(
    '/orders/by_table_session/:token/bill_wanted',
    {
      config,
      schema: {
        tags,
        summary: 'Ask for the bill: once, after an order; extends the order token by 15 minutes',
        headers: PlaceHeaders,
        params: OrderTokenParam,
        body: StoreBillWantedBody,
        response: { 200: StoreBillWantedResponse, ...errors },
      },
    },
    async (request) => service.billWanted(request.params.token, request.body, await ctx(request)),
  );

  app.post(
    '/user-needs',
    {
      config,
      schema: {
        tags,
        summary:
          "Call a waiter from a table session: clean_table, new_cutlery, more_napkins, change_ashtray, bring_ice, or 'other' with a text",
        headers: PlaceHeaders,
        body: StoreUserNeedBody,
        response: { 201: StoreUserNeedResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.addUserNeed(request.body, await ctx(request))),
  );
};
