/**
 * The table party's calls (issue 19; contracts/table-party.ts): join, the shared cart, sending it, the bill and its
 * shares under `/api/tables/sessions/{token}/…`, and the staff board's bills and "mark paid" under `/api/staff/…`.
 * Parse with the contract schemas, ask the service, answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  StaffMarkSharePaidResponse,
  StaffShareParam,
  StaffTableBillsResponse,
  StoreAddTableCartLineBody,
  StoreChangeTableCartLineBody,
  StoreJoinTableBody,
  StoreJoinTableResponse,
  StoreSendTableCartBody,
  StoreSendTableCartResponse,
  StoreTableBill,
  StoreTableCart,
  StoreTablePartyError,
  StoreTakeShareBody,
  StoreTakeShareResponse,
  TablePartyGuestQuery,
  TablePartyLineParam,
  TablePartyTokenParam,
} from '@trapeza/domain/contracts/table-party';
import { PlaceHeaders } from '../../lib/request-context.ts';
import { requireRole } from '../../plugins/auth.ts';
import { readPlaceSetting } from '../../db/place-settings.ts';
import { answerLanguage } from '../orders/order-error.ts';
import { createOrdersRepository } from '../orders/orders.repository.ts';
import { newOrderEvents } from '../staff/staff.events.ts';
import { createOrdersService, type OrderCallContext, type OrdersService } from '../orders/orders.service.ts';
import { closedToGuests, requestUser } from '../orders/request-user.ts';
import { createTablePartyRepository } from './table-party.repository.ts';
import { createTablePartyService, type PartyContext, type TablePartyService } from './table-party.service.ts';
import { createTablesRepository } from './tables.repository.ts';
import { createTablesService } from './tables.service.ts';

const errors = {
  400: StoreTablePartyError.describe(
    "'Invalid session', invalid_guest_name, private_lines_not_allowed, noProductsToInsert, share_too_small, share_exceeds_remaining, tip_too_high, unknown_bill_line, invalid_bill_share, validation_error, and the order call's codes on send",
  ),
  403: StoreTablePartyError.describe(
    'unknown_guest (join again), cart_line_not_yours (private / shared on another guest’s line), and the order call’s 403 codes on send',
  ),
  404: StoreTablePartyError.describe('Unknown client or place; cart_line_not_found (with the cart)'),
  409: StoreTablePartyError.describe(
    'cart_changed (with the current cart), bill_changed (with the current bill), bill_already_paid, shared_cart_not_available (kiosk / tablet)',
  ),
};
const staffErrors = {
  401: StoreTablePartyError.describe('unauthorized'),
  403: StoreTablePartyError.describe('forbidden: below WAITER, or not staff of this place'),
  404: StoreTablePartyError.describe('share_not_found'),
  409: StoreTablePartyError.describe('share_not_payable: not a pending cash / card share'),
};

/** The table party service of the app (app.ts decorates it as `app.tableParty` for the payments module). */
export function createTableParty(app: FastifyInstance): {
  service: TablePartyService;
  orders: OrdersService;
} {
  const { db } = app.database;
  const orders = createOrdersService({
    // PostgreSQL: each new order's staff event is stored in the order's own transaction (issue "Scale out" #1).
    repo: createOrdersRepository(app.database, app.venueCache, { newOrderEvents }),
    tables: createTablesService({ repo: createTablesRepository(app.database) }),
    notifier: app.staffNotifier ?? null,
  });
  const repo = createTablePartyRepository(db);
  const service = createTablePartyService({
    repo,
    getSetting: (placeId, key) => readPlaceSetting(db, placeId, key),
    publish: (event) => app.events.publish(event),
    notifier: () => app.staffNotifier,
    initiatePayment: (placeId, target) => app.payments.initiateBillShare(placeId, target),
    placeSlug: (placeId) => repo.placeSlug(placeId),
    now: () => app.clock.now(),
    log: (err, message) => app.log.error({ err }, message),
  });
  return { service, orders };
}

/** Routes under /api. */
export function tablePartyRoutes(party: {
  service: TablePartyService;
  orders: OrdersService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { service, orders } = party;
    const config = { tenancy: 'place' } as const;
    const tags = ['tables: shared cart and bill'];
    const ctx = (request: FastifyRequest): PartyContext => ({
      placeId: request.tenant.placeId,
      origin: () => app.guestOrigin(request),
      now: app.clock.now(),
      lang: answerLanguage(request.headers),
    });

    app.post(
      '/tables/sessions/:token/guests',
      {
        config,
        schema: {
          tags,
          summary:
            'Join the table’s shared cart (no key: a new guest, "Guest N" unless named) or rename yourself',
          headers: PlaceHeaders,
          params: TablePartyTokenParam,
          body: StoreJoinTableBody,
          response: { 200: StoreJoinTableResponse, ...errors },
        },
      },
      async (request) => service.join(request.params.token, request.body, ctx(request)),
    );

    app.get(
      '/tables/sessions/:token/cart',
      {
        config,
        schema: {
          tags,
          summary: 'The table’s shared cart (other guests’ private lines left out)',
          headers: PlaceHeaders,
          params: TablePartyTokenParam,
          querystring: TablePartyGuestQuery,
          response: { 200: StoreTableCart, ...errors },
        },
      },
      async (request) => service.cart(request.params.token, request.query.guest_key, ctx(request)),
    );

    app.post(
      '/tables/sessions/:token/cart/lines',
      {
        config,
        schema: {
          tags,
          summary:
            'Add a line at the expected cart version (a stale version: 409 cart_changed with the cart)',
          headers: PlaceHeaders,
          params: TablePartyTokenParam,
          body: StoreAddTableCartLineBody,
          response: { 201: StoreTableCart, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.addLine(request.params.token, request.body, ctx(request))),
    );

    app.patch(
      '/tables/sessions/:token/cart/lines/:lineId',
      {
        config,
        schema: {
          tags,
          summary:
            'Change a line’s quantity at the expected cart version (0 removes it), or make one’s own line private / shared',
          headers: PlaceHeaders,
          params: TablePartyLineParam,
          body: StoreChangeTableCartLineBody,
          response: { 200: StoreTableCart, ...errors },
        },
      },
      async (request) =>
        service.changeLine(request.params.token, request.params.lineId, request.body, ctx(request)),
    );

    app.delete(
      '/tables/sessions/:token/cart/lines/:lineId',
      {
        config,
        schema: {
          tags,
          summary: 'Remove a line at the expected cart version',
          headers: PlaceHeaders,
          params: TablePartyLineParam,
          querystring: z.object({
            guest_key: z.string().min(16).max(100),
            version: z.coerce.number().int().min(0),
          }),
          response: { 200: StoreTableCart, ...errors },
        },
      },
      async (request) =>
        service.changeLine(
          request.params.token,
          request.params.lineId,
          { ...request.query, quantity: 0 },
          ctx(request),
        ),
    );

    app.post(
      '/tables/sessions/:token/cart/send',
      {
        config,
        schema: {
          tags,
          summary:
            'Send the cart as one spot order, once: of two phones pressing together one gets the order, the other 409 cart_changed showing it sent',
          headers: PlaceHeaders,
          params: TablePartyTokenParam,
          body: StoreSendTableCartBody,
          response: { 201: StoreSendTableCartResponse, ...errors },
        },
      },
      async (request, reply) => {
        const c = ctx(request);
        // The order path's context: this request's tenant, user and time (the service calls it synchronously below).
        const here: OrderCallContext = {
          placeId: c.placeId,
          clientId: request.tenant.clientId,
          now: c.now,
          lang: c.lang,
          user: requestUser(request),
          closedToGuests: await closedToGuests(request),
        };
        const answer = await service.send(request.params.token, request.body, c, (body) =>
          orders.placeSpotOrder(body, here),
        );
        return reply.code(201).send(answer);
      },
    );

    app.get(
      '/tables/sessions/:token/bill',
      {
        config,
        schema: {
          tags,
          summary: 'The table’s bill: every order of the session line by line, claims, paid and remaining',
          headers: PlaceHeaders,
          params: TablePartyTokenParam,
          response: { 200: StoreTableBill, ...errors },
        },
      },
      async (request) => service.bill(request.params.token, ctx(request)),
    );

    app.post(
      '/tables/sessions/:token/bill/shares',
      {
        config,
        schema: {
          tags,
          summary:
            'Take a share of the bill (items, equal, custom) with a tip; online answers the payment form, cash / card calls the waiter',
          headers: PlaceHeaders,
          params: TablePartyTokenParam,
          body: StoreTakeShareBody,
          response: { 201: StoreTakeShareResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.takeShare(request.params.token, request.body, ctx(request))),
    );

    // -- staff ---------------------------------------------------------------------------------------------------

    const waiter = requireRole('WAITER');
    const security = [{ bearer: [] }];
    app.get(
      '/staff/table-bills',
      {
        config,
        preHandler: waiter,
        schema: {
          tags: ['staff'],
          security,
          summary: 'Open tables with orders: guests, paid / pending / remaining, each share with its method',
          headers: PlaceHeaders,
          response: { 200: StaffTableBillsResponse, ...staffErrors },
        },
      },
      async (request) => ({ bills: await service.staffBills(request.tenant.placeId, app.clock.now()) }),
    );

    app.post(
      '/staff/bill-shares/:id/paid',
      {
        config,
        preHandler: waiter,
        schema: {
          tags: ['staff'],
          security,
          summary: 'Mark a cash or card share paid; the table session closes when the bill is paid in full',
          headers: PlaceHeaders,
          params: StaffShareParam,
          response: { 200: StaffMarkSharePaidResponse, ...staffErrors },
        },
      },
      async (request) =>
        service.markPaid(request.tenant.placeId, request.params.id, request.user!.id, app.clock.now()),
    );
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The table party (issue 19); the payments module tells it of share payments. */
    tableParty: TablePartyService;
  }
}
