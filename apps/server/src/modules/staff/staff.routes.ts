/**
 * The staff console's API under /api/staff (architecture: what the spec does not define lives there), and the
 * guest's order-status stream beside the spec's polling call. Access (spec §6 hasAccess, scoped to the user's
 * places by requireRole): WAITER and above for the board, statuses, tables of orders, waiter calls, devices and
 * the event stream; PLACE_ADMIN and above for tables, rooms, halls and QR codes.
 *
 * Authentication is the bearer token in the Authorization header; the two event streams also take it as
 * `?access_token=` because the browser's EventSource cannot send headers.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminHall,
  AdminHallCreateBody,
  AdminHallUpdateBody,
  AdminHallsResponse,
  AdminQrSheetQuery,
  AdminTable,
  AdminTableCreateBody,
  AdminTableUpdateBody,
  AdminTablesQuery,
  AdminTablesResponse,
  StaffBlockedDevicesResponse,
  StaffDeviceBody,
  StaffDeviceResult,
  StaffEventsQuery,
  StaffIdParam,
  StaffOrder,
  StaffOrderStatusBody,
  StaffOrderTableBody,
  StaffOrdersQuery,
  StaffOrdersResponse,
  StaffUserNeed,
  StaffUserNeedBody,
  StaffUserNeedsQuery,
  StaffUserNeedsResponse,
  type GuestOrderEventData,
  type StaffOrderEventData,
} from '@trapeza/domain/contracts/staff';
import { ApiError } from '@trapeza/domain/contracts/menu';
import { OrderTokenParam, TrackingTokenParam } from '@trapeza/domain/contracts/orders';
import type { Config } from '../../config.ts';
import { openEventStream, requestedLastEventId, StreamCaps } from '../../lib/event-stream.ts';
import { PlaceHeaders } from '../../lib/request-context.ts';
import { requireRole } from '../../plugins/auth.ts';
import type { BusEvent } from '../../plugins/events.ts';
import { orderError } from '../orders/order-error.ts';
import { createTablesRepository } from '../tables/tables.repository.ts';
import { createTablesService } from '../tables/tables.service.ts';
import { qrSheetPdf, tableLabel, tableQrSvg } from './staff.qr.ts';
import { createStaffRepository } from './staff.repository.ts';
import { createStaffService, type StaffCallContext } from './staff.service.ts';

export interface StaffRoutesOptions {
  config: Pick<Config, 'publicUrl' | 'port' | 'sseMaxStreamsPerIp' | 'sseMaxStreams'>;
  /** Comment lines on the streams this often (default 15 s). */
  heartbeatMs?: number;
}

const security = [{ bearer: [] }];
const errors = {
  400: ApiError.describe('Bad input (validation_error), or reason_required to reject without a reason'),
  401: ApiError.describe('unauthorized: no, expired or revoked token'),
  403: ApiError.describe(
    'forbidden: role below the required one (spec §6), or not a staff member of this place',
  ),
  404: ApiError.describe(
    'Unknown client or place; order_not_found, table_not_found, hall_not_found, user_need_not_found',
  ),
  409: ApiError.describe(
    'illegal_status_transition (from, to, allowed), status_conflict (changed meanwhile), table_number_taken',
  ),
};

const STREAM_DOC =
  'Server-Sent Events (text/event-stream). Each event has `id` (increasing), `event` (the name) and `data` ' +
  '(JSON). Resume: the browser resends the last id in the Last-Event-ID header on reconnect (or pass ' +
  '`?last_event_id=` on a first connection, e.g. the `last_event_id` of the list you just loaded): the events ' +
  'after it are sent first, each once. A `ready` event follows the catch-up; `reset` means the history was ' +
  'pruned: reload the lists. `: ping` comments every 15 s. Auth: `Authorization: Bearer …` or, for ' +
  'EventSource, `?access_token=` (keep such URLs out of logs and shared links); likewise `?client=&place=` ' +
  'instead of the tenancy headers.';

/**
 * PUBLIC_URL when it was set; else the request's own origin (behind a proxy, X-Forwarded-Proto/Host), so that
 * QR codes printed from a LAN address or a staging host point where they were printed from.
 */
function publicBase(request: FastifyRequest, config: StaffRoutesOptions['config']): string {
  const isDefault = config.publicUrl === `http://localhost:${config.port}`;
  return isDefault ? `${request.protocol}://${request.host}` : config.publicUrl;
}

/**
 * The base of a venue's QR links: its brand's verified domain when it has one (with the scheme and port of
 * publicBase, as invitations are addressed), so a code printed from the platform's own address or a LAN address
 * opens the brand's pages, which only its domain serves when not in demo mode; else publicBase.
 */
function qrBase(base: string, brandDomain: string | null): string {
  if (!brandDomain) return base;
  const url = new URL(base);
  url.hostname = brandDomain;
  return url.origin;
}

/** The board sees every event as stored (one function for every stream: lib/event-stream.ts shares the frame). */
function staffMessage(event: BusEvent) {
  return { event: event.type, data: event.data };
}

/** What the guest may see of an order event: its key, type and new status (no staff or customer data). */
function guestMessage(event: BusEvent) {
  // The table party (issue 19): the phones of the session reload the shared cart or the bill.
  if (event.type === 'table.cart_changed' || event.type === 'table.bill_changed') {
    const { version, total, paid, pending, remaining, closed } = event.data as Record<string, unknown>;
    return { event: event.type, data: { version, total, paid, pending, remaining, closed } };
  }
  if (event.type !== 'order.created' && event.type !== 'order.status_changed') return null;
  const { order, reason } = event.data as StaffOrderEventData;
  const data: GuestOrderEventData = {
    key: order.key,
    type: order.type,
    status: order.status,
    at: event.createdAt,
    reason: order.status === 'rejected' ? (reason ?? null) : null,
  };
  return { event: event.type, data };
}

/** Routes under /api. */
export function staffRoutes(opts: StaffRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = createStaffRepository(app.database.db);
    const service = createStaffService({ repo, bus: app.events });
    const tables = createTablesService({ repo: createTablesRepository(app.database) });
    const heartbeatMs = opts.heartbeatMs ?? 15_000;
    const openStreams = new Set<() => void>();
    const streamCaps = new StreamCaps(opts.config.sseMaxStreamsPerIp, opts.config.sseMaxStreams);
    // Open streams would keep the server from closing: end them first.
    app.addHook('preClose', async () => {
      for (const close of [...openStreams]) close();
    });

    const config = { tenancy: 'place' } as const;
    const waiter = requireRole('WAITER');
    const placeAdmin = requireRole('PLACE_ADMIN');
    const tags = ['staff'];
    const adminTags = ['staff: tables'];
    const ctx = (request: FastifyRequest): StaffCallContext => ({
      placeId: request.tenant.placeId,
      placeSlug: request.tenant.placeSlug,
      userId: request.user!.id,
      now: app.clock.now(),
      publicBase: publicBase(request, opts.config),
    });

    /** The table routes' context: QR links on the venue's brand's domain when it is verified (qrBase). */
    const tableCtx = async (request: FastifyRequest): Promise<StaffCallContext> => {
      const c = ctx(request);
      return {
        ...c,
        publicBase: qrBase(c.publicBase, await repo.verifiedBrandDomain(request.tenant.clientId)),
      };
    };

    // -- the board --------------------------------------------------------------------------------------------

    app.get(
      '/staff/orders',
      {
        config,
        preHandler: waiter,
        schema: {
          tags,
          security,
          summary: 'The board: orders of the place, newest first, filtered by status, type, day or period',
          headers: PlaceHeaders,
          querystring: StaffOrdersQuery,
          response: { 200: StaffOrdersResponse, ...errors },
        },
      },
      async (request) => service.board(request.tenant.placeId, request.query),
    );

    app.get(
      '/staff/orders/:id',
      {
        config,
        preHandler: waiter,
        schema: {
          tags,
          security,
          summary: 'One order as the board shows it',
          headers: PlaceHeaders,
          params: StaffIdParam,
          response: { 200: StaffOrder, ...errors },
        },
      },
      async (request) => service.order(request.tenant.placeId, request.params.id),
    );

    app.patch(
      '/staff/orders/:id/status',
      {
        config,
        preHandler: waiter,
        schema: {
          tags,
          security,
          summary:
            "Move the order to its next status per the domain's transition table for its type (see next_statuses); rejecting needs a reason",
          headers: PlaceHeaders,
          params: StaffIdParam,
          body: StaffOrderStatusBody,
          response: { 200: StaffOrder, ...errors },
        },
      },
      async (request) => service.changeStatus(request.params.id, request.body, ctx(request)),
    );

    app.patch(
      '/staff/orders/:id/table',
      {
        config,
        preHandler: waiter,
        schema: {
          tags,
          security,
          summary: 'Set, change (or with null clear) the table or room of an order (spec §6: waiters)',
          headers: PlaceHeaders,
          params: StaffIdParam,
          body: StaffOrderTableBody,
          response: { 200: StaffOrder, ...errors },
        },
      },
      async (request) => service.changeTable(request.params.id, request.body.tableId, ctx(request)),
    );

    // -- waiter calls and bill requests ---------------------------------------------------------------------

    app.get(
      '/staff/user-needs',
      {
        config,
        preHandler: waiter,
        schema: {
          tags,
          security,
          summary: "Waiter calls and bill requests (type 'bill', text = payment method), newest first",
          headers: PlaceHeaders,
          querystring: StaffUserNeedsQuery,
          response: { 200: StaffUserNeedsResponse, ...errors },
        },
      },
      async (request) => service.userNeeds(request.tenant.placeId, request.query.status, request.query.limit),
    );

    app.patch(
      '/staff/user-needs/:id',
      {
        config,
        preHandler: waiter,
        schema: {
          tags,
          security,
          summary: 'Mark a waiter call or bill request done (idempotent)',
          headers: PlaceHeaders,
          params: StaffIdParam,
          body: StaffUserNeedBody,
          response: { 200: StaffUserNeed, ...errors },
        },
      },
      async (request) => service.userNeedDone(request.params.id, ctx(request)),
    );

    // -- devices barred from ordering (spec §6) ------------------------------------------------------------------

    app.get(
      '/staff/devices/blocked',
      {
        config,
        preHandler: waiter,
        schema: {
          tags,
          security,
          summary: 'Devices barred from ordering here',
          headers: PlaceHeaders,
          response: { 200: StaffBlockedDevicesResponse, ...errors },
        },
      },
      async (request) => service.blockedDevices(request.tenant.placeId),
    );

    app.post(
      '/staff/devices/block',
      {
        config,
        preHandler: waiter,
        schema: {
          tags,
          security,
          summary: "Bar a device (the order's device_id) from ordering: its orders answer anon_user_banned",
          headers: PlaceHeaders,
          body: StaffDeviceBody,
          response: { 200: StaffDeviceResult, ...errors },
        },
      },
      async (request) => service.blockDevice(request.tenant.placeId, request.body.deviceId, app.clock.now()),
    );

    app.post(
      '/staff/devices/unblock',
      {
        config,
        preHandler: waiter,
        schema: {
          tags,
          security,
          summary: 'Let a barred device order again (idempotent)',
          headers: PlaceHeaders,
          body: StaffDeviceBody,
          response: { 200: StaffDeviceResult, ...errors },
        },
      },
      async (request) => service.unblockDevice(request.tenant.placeId, request.body.deviceId),
    );

    // -- live events ---------------------------------------------------------------------------------------------

    app.get(
      '/staff/events',
      {
        config: { ...config, tenancyFromQuery: true, queryAccessToken: true },
        preHandler: waiter,
        schema: {
          tags,
          security,
          summary:
            'Live board events: order.created, order.status_changed, order.table_changed, order.payment_changed, user_need.created, user_need.done, feedback.created',
          description: STREAM_DOC,
          headers: PlaceHeaders.partial({ client: true, place: true }).extend({
            'last-event-id': z.string().optional().describe('Sent by EventSource on reconnect'),
          }),
          querystring: StaffEventsQuery,
        },
      },
      async (request, reply) =>
        openEventStream(request, reply, {
          bus: app.events,
          placeId: request.tenant.placeId,
          lastEventId: requestedLastEventId(request, request.query.last_event_id),
          map: staffMessage,
          heartbeatMs,
          open: openStreams,
          caps: streamCaps,
        }),
    );

    app.get(
      '/orders/by_table_session/:token/events',
      {
        config: { ...config, tenancyFromQuery: true },
        schema: {
          tags: ['orders'],
          summary:
            "The guest's order statuses live (order.created, order.status_changed with key, type, status, at, reason); the polling call stays",
          description: `${STREAM_DOC.split(' Auth:')[0]} No login: the order token (table session) is the key; an unknown or expired one answers 400 'Invalid session' before the stream starts.`,
          headers: PlaceHeaders.partial({ client: true, place: true }),
          params: OrderTokenParam,
          querystring: StaffEventsQuery.omit({ access_token: true }),
        },
      },
      async (request, reply) => {
        const session = await tables.requireSession(
          request.tenant.placeId,
          request.params.token,
          app.clock.now(),
        );
        return openEventStream(request, reply, {
          bus: app.events,
          placeId: request.tenant.placeId,
          lastEventId: requestedLastEventId(request, request.query.last_event_id),
          session: session.session,
          map: guestMessage,
          heartbeatMs,
          open: openStreams,
          caps: streamCaps,
        });
      },
    );

    app.get(
      '/orders/track/:trackingToken/events',
      {
        config: { ...config, tenancyFromQuery: true },
        schema: {
          tags: ['orders'],
          summary:
            "One order's status live for its tracking page (issue 24 #6): order.status_changed with key, type, status, at, reason",
          description: `${STREAM_DOC.split(' Auth:')[0]} No login: the tracking key is the key; an unknown one (or another venue's) answers 404 order_not_found before the stream starts.`,
          headers: PlaceHeaders.partial({ client: true, place: true }),
          params: TrackingTokenParam,
          querystring: StaffEventsQuery.omit({ access_token: true }),
        },
      },
      async (request, reply) => {
        const order = await repo.trackedOrder(request.tenant.placeId, request.params.trackingToken);
        if (!order) {
          throw orderError(404, 'order_not_found');
        }
        return openEventStream(request, reply, {
          bus: app.events,
          placeId: request.tenant.placeId,
          lastEventId: requestedLastEventId(request, request.query.last_event_id),
          // The order's session narrows the bus to its guest's events; the map keeps this order's alone.
          session: order.token,
          map: (event) => {
            const message = guestMessage(event);
            if (!message || !message.event.startsWith('order.')) return null;
            return (message.data as GuestOrderEventData).key === order.key ? message : null;
          },
          heartbeatMs,
          open: openStreams,
          caps: streamCaps,
        });
      },
    );

    // -- tables, rooms, halls and QR codes (PLACE_ADMIN and above; the list and codes for waiters) --------------

    app.get(
      '/staff/tables',
      {
        config,
        // Read by waiters too (issue 24): they hand out and reprint the codes.
        preHandler: waiter,
        schema: {
          tags: adminTags,
          security,
          summary: 'Tables and rooms with their QR token and URL (inactive ones with include_inactive=1)',
          headers: PlaceHeaders,
          querystring: AdminTablesQuery,
          response: { 200: AdminTablesResponse, ...errors },
        },
      },
      async (request) => service.tables(await tableCtx(request), request.query.include_inactive === '1'),
    );

    app.post(
      '/staff/tables',
      {
        config,
        preHandler: placeAdmin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Add a table or room (fresh QR token); the number is unique per kind',
          headers: PlaceHeaders,
          body: AdminTableCreateBody,
          response: { 201: AdminTable, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.createTable(request.body, await tableCtx(request))),
    );

    app.patch(
      '/staff/tables/:id',
      {
        config,
        preHandler: placeAdmin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Rename, change kind, seats or hall, deactivate (its QR code stops working) or reactivate',
          headers: PlaceHeaders,
          params: StaffIdParam,
          body: AdminTableUpdateBody,
          response: { 200: AdminTable, ...errors },
        },
      },
      async (request) => service.editTable(request.params.id, request.body, await tableCtx(request)),
    );

    app.post(
      '/staff/tables/:id/regenerate-token',
      {
        config,
        preHandler: placeAdmin,
        schema: {
          tags: adminTags,
          security,
          summary: 'New QR token: the old QR code stops working at once (reprint it)',
          headers: PlaceHeaders,
          params: StaffIdParam,
          response: { 200: AdminTable, ...errors },
        },
      },
      async (request) => service.regenerateToken(request.params.id, await tableCtx(request)),
    );

    app.get(
      '/staff/tables/:id/qr.svg',
      {
        config,
        // Read by waiters too (issue 24): they hand out and reprint the codes.
        preHandler: waiter,
        schema: {
          tags: adminTags,
          security,
          summary: "The table's QR code (image/svg+xml) for `{public URL}/{place}/t/{token}`",
          headers: PlaceHeaders,
          params: StaffIdParam,
        },
      },
      async (request, reply) => {
        const table = await service.table(await tableCtx(request), request.params.id);
        return reply
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .send(await tableQrSvg(table.qr_url));
      },
    );

    app.get(
      '/staff/tables/qr-sheet.pdf',
      {
        config,
        // Read by waiters too (issue 24): they hand out and reprint the codes.
        preHandler: waiter,
        schema: {
          tags: adminTags,
          security,
          summary:
            'Printable A4 sheet (application/pdf): venue name, table or room number and QR code, six to a page; ids=… for some, else every active one',
          headers: PlaceHeaders,
          querystring: AdminQrSheetQuery,
        },
      },
      async (request, reply) => {
        const c = await tableCtx(request);
        const list = await service.tables(c, request.query.ids !== undefined, request.query.ids);
        const pdf = await qrSheetPdf({
          placeName: await service.placeName(c.placeId),
          tables: list.map((t) => ({ number: t.number, kind: t.kind, url: t.qr_url })),
          lang: request.query.lang,
        });
        // The go-live checklist's "QR sheet downloaded": a sheet with every active table or room (not one table's).
        if (request.query.ids === undefined && list.length > 0)
          await service.qrSheetDownloaded(c.placeId, app.clock.now());
        const name = list.length === 1 ? tableLabel(list[0]!.kind, list[0]!.number, 'en') : 'all';
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            `inline; filename="qr-${c.placeSlug}-${name.replace(/[^A-Za-z0-9]+/g, '-')}.pdf"`,
          )
          .send(pdf);
      },
    );

    app.get(
      '/staff/halls',
      {
        config,
        preHandler: placeAdmin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Halls (areas) tables belong to',
          headers: PlaceHeaders,
          response: { 200: AdminHallsResponse, ...errors },
        },
      },
      async (request) => service.halls(request.tenant.placeId),
    );

    app.post(
      '/staff/halls',
      {
        config,
        preHandler: placeAdmin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Add a hall',
          headers: PlaceHeaders,
          body: AdminHallCreateBody,
          response: { 201: AdminHall, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.createHall(request.tenant.placeId, request.body.name)),
    );

    app.patch(
      '/staff/halls/:id',
      {
        config,
        preHandler: placeAdmin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Rename or (de)activate a hall',
          headers: PlaceHeaders,
          params: StaffIdParam,
          body: AdminHallUpdateBody,
          response: { 200: AdminHall, ...errors },
        },
      },
      async (request) => service.updateHall(request.tenant.placeId, request.params.id, request.body),
    );
  };
}
