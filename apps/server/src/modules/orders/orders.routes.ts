/**
 * The order calls of spec §7 under /api: the five order types and the session's orders. Parse with the contract
 * schemas, ask the service, answer; the answer to every refusal is the §8 code in `message` (StoreOrderError).
 */
import { ORDER_TYPES, isTrackedOrderType } from '@trapeza/domain/order-status';
import type { FastifyRequest } from 'fastify';
import { translateField, type Language } from '@trapeza/domain/i18n';
import { isValidEmail } from '@trapeza/domain/validation';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OrderTokenParam,
  StoreDeliveryOrderBody,
  StoreDeliveryOrderQuery,
  StoreOrderError,
  StoreOrderResponse,
  StorePickupPlacesResponse,
  StorePreorderBody,
  StorePromoCheckBody,
  StorePromoCheckResponse,
  StoreRoomOrderBody,
  StoreServedOnSpotOrderBody,
  StoreSessionOrdersResponse,
  StoreSpotOrderBody,
  TimestampQuery,
  StoreOrderTracking,
  TrackingTokenParam,
} from '@trapeza/domain/contracts/orders';
import { PlaceHeaders } from '../../lib/request-context.ts';
import { routeLimitOptions } from '../../plugins/security.ts';
import { createTablesRepository } from '../tables/tables.repository.ts';
import { createTablesService } from '../tables/tables.service.ts';
import { answerLanguage } from './order-error.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { newOrderEvents } from '../staff/staff.events.ts';
import { createOrdersService, type OrderCallContext } from './orders.service.ts';
import { closedToGuests, requestUser } from './request-user.ts';
import { orderTrackingMail } from './order-tracking.mail.ts';
import { parseTranslations } from '../menu/menu.mapping.ts';

/** A translatable setting's text in `lang` (its `<key>_translations` JSON), else its own text; null when unset. */
function translatedSetting(
  settings: Readonly<Record<string, string>>,
  key: string,
  lang: Language,
): string | null {
  const base = settings[key]?.trim();
  if (!base) return null;
  if (lang !== 'bg') {
    try {
      const own = (JSON.parse(settings[`${key}_translations`] ?? '{}') as Record<string, unknown>)[lang];
      if (typeof own === 'string' && own.trim()) return own.trim();
    } catch {
      // malformed translations: the venue's own text
    }
  }
  return base;
}

const orderErrors = {
  400: StoreOrderError.describe(
    "invalid_order_data (errors: field codes), noProductsToInsert, invalid_products_for_place (ids), inactiveProductsIds (ids, variant_ids, names), inactiveProductIngredientsIds (ids, ingredient_ids), product_not_orderable, min_/max_count_addable_ingredients_reached, invalid_delivery_shape, min_order_price_for_radius_not_fulfilled (min_order_price, missing), invalid_promo_code, order_amount_too_large (a line over 10 000.00 or an order over 50 000.00), 'Invalid session'",
  ),
  403: StoreOrderError.describe('orders_not_allowed, anon_user_banned, card_payment_requires_login'),
  404: StoreOrderError.describe('Unknown client or place; order_not_found (a tracking key unknown here)'),
  409: StoreOrderError.describe('too_mony_orders_for_session_in_x_seconds: the same order was just stored'),
};

/** Routes under /api; builds its services from the app's database and clock. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const tables = createTablesService({
    repo: createTablesRepository(app.database),
  });
  // PostgreSQL: each new order's staff event is stored in the order's own transaction (issue "Scale out" #1).
  const repository = createOrdersRepository(app.database, app.venueCache, { newOrderEvents });
  const service = createOrdersService({
    repo: repository,
    tables,
    payments: app.hasDecorator('payments') ? app.payments : null,
    notifier: app.staffNotifier ?? null,
  });
  const config = { tenancy: 'place' } as const;
  const tags = ['orders'];
  /**
   * The auth plugin drops the user of a banned account (request.user null), which would let them order as a guest;
   * the token's subject is read here so the service can refuse them with anon_user_banned.
   */
  async function claimedUserId(request: FastifyRequest): Promise<number | null> {
    const header = request.headers.authorization;
    const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    if (requestUser(request) || !bearer) return null;
    const claims = await app.auth.tokens.verify(bearer);
    return typeof claims === 'object' ? claims.userId : null;
  }
  const ctx = async (request: FastifyRequest): Promise<OrderCallContext> => ({
    placeId: request.tenant.placeId,
    clientId: request.tenant.clientId,
    now: app.clock.now(),
    lang: answerLanguage(request.headers),
    user: requestUser(request),
    claimedUserId: await claimedUserId(request),
    origin: () => app.guestOrigin(request),
    closedToGuests: await closedToGuests(request),
  });
  const created = { 201: StoreOrderResponse, ...orderErrors };

  /**
   * The guest's confirmation with the tracking link (issue 24 #6), for a delivery or pickup order that gave an
   * e-mail address: after the answer's order is stored, fire and forget (order-tracking.mail.ts).
   */
  function mailTracking(
    request: FastifyRequest,
    answer: StoreOrderResponse,
    email: string | null | undefined,
  ) {
    const to = email?.trim();
    const trackingToken = answer.tracking_token;
    if (!to || !isValidEmail(to) || !trackingToken) return;
    const { placeId, placeSlug } = request.tenant;
    const lang = answerLanguage(request.headers);
    void (async () => {
      const order = await service.trackOrder(trackingToken, { placeId, lang });
      if (!isTrackedOrderType(order.type)) return;
      const [settings, place, origin] = await Promise.all([
        repository.getSettings(placeId),
        // Debt (issue 22 #4): this read belongs in the orders repository.
        // eslint-disable-next-line no-restricted-syntax
        db
          .selectFrom('places')
          .select(['name', 'translations'])
          .where('id', '=', placeId)
          .executeTakeFirstOrThrow(),
        app.guestOrigin(request),
      ]);
      await app.mailer.send(
        orderTrackingMail({
          to,
          lang,
          placeName: translateField(
            { name: place.name, translations: parseTranslations(place.translations) },
            'name',
            lang,
          ),
          type: order.type,
          number: order.number,
          key: order.key,
          requestedTime: order.requested_time,
          successMessage: translatedSetting(
            settings,
            order.type === ORDER_TYPES.DELIVERY
              ? 'seccess_message_delivery_order'
              : 'seccess_message_pickup_order',
            lang,
          ),
          trackingUrl: `${origin}/${encodeURIComponent(placeSlug)}/order/${encodeURIComponent(trackingToken)}`,
        }),
      );
    })().catch((err: unknown) => request.log.error({ err, placeId }, 'order confirmation e-mail failed'));
  }

  app.post(
    '/orders',
    {
      config,
      schema: {
        tags,
        summary: 'Spot (table) order from a table session; 55 s client time-out',
        headers: PlaceHeaders,
        body: StoreSpotOrderBody,
        response: created,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.placeSpotOrder(request.body, await ctx(request))),
  );

  app.post(
    '/orders/delivery',
    {
      config,
      schema: {
        tags,
        summary: 'Delivery order (zone by region, radius or shape; minimal_order_price)',
        headers: PlaceHeaders,
        querystring: StoreDeliveryOrderQuery,
        body: StoreDeliveryOrderBody,
        response: created,
      },
    },
    async (request, reply) => {
      const answer = await service.placeDeliveryOrder(request.body, await ctx(request));
      mailTracking(request, answer, request.body.client_email);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/orders/preorder',
    {
      config,
      schema: {
        tags,
        summary: 'Pickup / preorder',
        headers: PlaceHeaders,
        body: StorePreorderBody,
        response: created,
      },
    },
    async (request, reply) => {
      const answer = await service.placePreorder(request.body, await ctx(request));
      mailTracking(request, answer, request.body.client_email);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/orders/room',
    {
      config,
      schema: {
        tags,
        summary: "Room service; the room number comes from the token's room session when there is one",
        headers: PlaceHeaders,
        body: StoreRoomOrderBody,
        response: created,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.placeRoomOrder(request.body, await ctx(request))),
  );

  app.post(
    '/orders/served-on-spot',
    {
      config,
      schema: {
        tags,
        summary: 'Served-on-spot order',
        headers: PlaceHeaders,
        body: StoreServedOnSpotOrderBody,
        response: created,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.placeServedOnSpotOrder(request.body, await ctx(request))),
  );

  app.get(
    '/pickup-places',
    {
      config,
      schema: {
        tags,
        summary: "The client's active places offering pickup (order type 3): the pickup venue picker",
        headers: PlaceHeaders,
        response: { 200: StorePickupPlacesResponse, ...orderErrors },
      },
    },
    async (request) => service.pickupPlaces(request.tenant.clientId),
  );

  // Codes can be guessed: the preview is limited per address even when the API-wide limiter is off.
  if (!app.hasDecorator('rateLimit')) {
    await app.register(rateLimit, routeLimitOptions(app.sharedLimits));
  }
  app.post(
    '/promo-codes/check',
    {
      config: { ...config, rateLimit: { max: 30, timeWindow: 60_000, allowList: undefined } },
      schema: {
        tags,
        summary:
          'Preview a promo code for the cart (spec §3 Promo result; found false when unknown, expired or used up). The order call checks it again',
        headers: PlaceHeaders,
        body: StorePromoCheckBody,
        response: { 200: StorePromoCheckResponse, ...orderErrors },
      },
    },
    async (request) => service.checkPromo(request.body, await ctx(request)),
  );

  app.get(
    '/orders/by_table_session/:token',
    {
      config,
      schema: {
        tags,
        summary:
          "The session's orders with lines and status history; message 'Invalid session' when unknown or expired",
        headers: PlaceHeaders,
        params: OrderTokenParam,
        querystring: TimestampQuery,
        response: { 200: StoreSessionOrdersResponse, ...orderErrors },
      },
    },
    async (request) => service.sessionOrders(request.params.token, await ctx(request)),
  );

  app.get(
    '/orders/track/:trackingToken',
    {
      config,
      schema: {
        tags,
        summary:
          "One order as its guest's tracking page shows it (issue 24 #6): short number, status with history, requested time, total; the key is the tracking token of the order answer and e-mail, 404 order_not_found when unknown here",
        headers: PlaceHeaders,
        params: TrackingTokenParam,
        response: { 200: StoreOrderTracking, ...orderErrors },
      },
    },
    async (request) =>
      service.trackOrder(request.params.trackingToken, {
        placeId: request.tenant.placeId,
        lang: answerLanguage(request.headers),
      }),
  );
};
