/**
 * Placing guest orders (spec §1 order types, §5 validation, §8 errors). Every order type goes through the same
 * steps, visible in `placeOrder`:
 *   1. ordering window: orders_allowed and working hours (domain hours) → orders_not_allowed;
 *   2. who orders: a device staff barred, a banned user → anon_user_banned; card / online without login →
 *      card_payment_requires_login;
 *   3. the form (domain validation codes, per field) → 400 invalid_order_data;
 *   4. the cart against the database: empty → noProductsToInsert, another venue's products →
 *      invalid_products_for_place, gone or out of stock → inactiveProductsIds, unavailable ingredients →
 *      inactiveProductIngredientsIds (also a required ingredient not chosen), category not orderable → product_not_orderable, add-on limits;
 *   5. re-pricing with the domain engine (calculateOrderTotal) from database prices only; delivery zone →
 *      invalid_delivery_shape, minimal_order_price → min_order_price_for_radius_not_fulfilled;
 *   6. one transaction: order, lines, line ingredients, breakdown, first status, promo use, accumulated amount —
 *      refused as too_mony_orders_for_session_in_x_seconds when the same order was stored seconds ago.
 */
import { compilePhonePattern } from '@trapeza/domain/phone-pattern';
import { checkRequestedTime, scheduledStart } from '@trapeza/domain/order-time';
import { createHash, randomBytes } from 'node:crypto';
import { calculateOrderTotal, type OrderTotalLineInput } from '@trapeza/domain/pricing/order-total';
import {
  paymentMethodsFor,
  paymentRequiresLogin,
  isOnlinePayment,
  type PaymentMethod,
} from '@trapeza/domain/pricing/fees';
import {
  isPromoEligibleProduct,
  isPromoValidAt,
  parsePromoEligibleIds,
  type PromoResult,
} from '@trapeza/domain/pricing/promo';
import { isNthOrderDiscountDue, type UserOrderDiscount } from '@trapeza/domain/pricing/user-discount';
import type { DiscountValueType } from '@trapeza/domain/pricing/tiers';
import type { DeliveryChoice } from '@trapeza/domain/delivery/delivery-price';
import { deliveryChoiceFor } from '@trapeza/domain/delivery/pin-zone';
import { checkOrderingWindow } from '@trapeza/domain/hours';
import { parseSettings, cutleryOptionOn, type VenueSettings } from '@trapeza/domain/settings';
import {
  validateOrderForm,
  validateComment,
  effectiveRoomNumber,
  type ValidationCode,
} from '@trapeza/domain/validation';
import {
  checkProductOrderable,
  isCategoryVisible,
  isProductVisible,
  type BrowseContext,
} from '@trapeza/domain/visibility';
import { checkAddableSelection, lacksRequiredIngredient } from '@trapeza/domain/ingredients';
import { REQUIRED_INGREDIENT_MISSING_MESSAGES } from '@trapeza/domain/errors';
import { normalizeIngredients, cartLineKey } from '@trapeza/domain/cart';
import { orderDay, formatOrderDay, formatClockTime, exactTimeFlag } from '@trapeza/domain/dates';
import { orderNumberDay } from '@trapeza/domain/order-number';
import { venueCurrency } from '@trapeza/domain/money';
import { ORDER_TYPES, type OrderType } from '@trapeza/domain/order-status';
import type {
  StoreDeliveryOrderBody,
  StoreFieldError,
  StoreOrderComment,
  StoreOrderProduct,
  StoreOrderResponse,
  StoreOrderTracking,
  StorePickupPlacesResponse,
  StorePreorderBody,
  StorePromoCheckBody,
  StorePromoCheckResponse,
  StoreRoomOrderBody,
  StoreServedOnSpotOrderBody,
  StoreSessionOrdersResponse,
  StoreSpotOrderBody,
} from '@trapeza/domain/contracts/orders';
import { DomainError, localize } from '../../lib/domain-error.ts';
import { orderError, tableError, validationError, type Lang } from './order-error.ts';
import { parseTranslations } from '../menu/menu.mapping.ts';
import type { NewOrderLine, OrdersRepository, ProductIngredientRow } from './orders.repository.ts';
import type { TablesService } from '../tables/tables.service.ts';
import type { SessionWithTable } from '../tables/tables.repository.ts';
import type { RequestUser } from './request-user.ts';
import type { StaffNotifier } from '../../plugins/events.ts';

/** The payments module's hook (modules/payments): ppResp for an order paid online. Never throws. */
export interface OrderPaymentStarter {
  paymentForNewOrder(input: {
    placeId: number;
    orderKey: string;
    paymentMethod: string | null;
    userId: number | null;
    origin?: string;
  }): Promise<{ redForm?: string; redLink?: string }>;
}

/** The same order (same session or guest, same lines) within this many seconds is stored once. */
export const DUPLICATE_ORDER_WINDOW_SECONDS = 10;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

export interface OrderCallContext {
  placeId: number;
  clientId: number;
  now: Date;
  lang: Lang;
  user: RequestUser | null;
  /** The subject of a bearer token the auth plugin did not honour (e.g. a banned account), if any. */
  claimedUserId?: number | null;
  /** The guest's own address (app.guestOrigin) for an online payment's return, asked only for such an order. */
  origin?: () => Promise<string>;
  /** The venue is not live yet and the caller is not its admin (request-user.ts closedToGuests): no order. */
  closedToGuests?: boolean;
}

/** One order payload brought to a common form; `kind` says which §7 call it came from. */
interface OrderDraft {
  type: OrderType;
  products: StoreOrderProduct[];
  comments: StoreOrderComment[];
  /** The spot order's session, or the token a guest order sent. */
  session: string | null;
  token: string | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  streetNumber: string | null;
  floor: string | null;
  apartment: string | null;
  bell: string | null;
  entrance: string | null;
  postalCode: string | null;
  time: string | null;
  exactTime: 0 | 1 | null;
  paymentMethod: string | null;
  cutlery: 0 | 1 | null;
  countCutlery: number;
  promoCode: string | null;
  textComment: string | null;
  regionId: number | null;
  radiusId: number | null;
  shapeId: number | null;
  lat: number | null;
  lng: number | null;
  roomNumber: string | null;
  additionalOrderType: string | null;
  pickupPlaceId: number | null;
  accumulatedRequested: number;
  deviceId: string | null;
}

const blankToNull = (s: string | null | undefined): string | null => {
  const t = s?.trim();
  return t ? t : null;
};

/** The device id inside `userDeviceData` (a string, or an object naming it). */
export function deviceIdOf(data: unknown): string | null {
  if (typeof data === 'string') return blankToNull(data)?.slice(0, 200) ?? null;
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    for (const k of ['deviceId', 'device_id', 'id', 'fingerprint']) {
      const v = d[k];
      if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
      if (typeof v === 'number') return String(v);
    }
  }
  return null;
}

function baseDraft(
  type: OrderType,
  products: StoreOrderProduct[],
  comments: StoreOrderComment[] | null | undefined,
): OrderDraft {
  return {
    type,
    products,
    comments: comments ?? [],
    session: null,
    token: null,
    name: null,
    phone: null,
    email: null,
    address: null,
    streetNumber: null,
    floor: null,
    apartment: null,
    bell: null,
    entrance: null,
    postalCode: null,
    time: null,
    exactTime: null,
    paymentMethod: null,
    cutlery: null,
    countCutlery: 0,
    promoCode: null,
    textComment: null,
    regionId: null,
    radiusId: null,
    shapeId: null,
    lat: null,
    lng: null,
    roomNumber: null,
    additionalOrderType: null,
    pickupPlaceId: null,
    accumulatedRequested: 0,
    deviceId: null,
  };
}

type GuestBody = StorePreorderBody | StoreRoomOrderBody | StoreServedOnSpotOrderBody | StoreDeliveryOrderBody;

function guestDraft(type: OrderType, b: GuestBody): OrderDraft {
  const d = baseDraft(type, b.products, b.order_comment);
  d.token = blankToNull(b.token);
  d.name = blankToNull(b.client_name);
  d.phone = blankToNull(b.client_phone);
  d.email = blankToNull(b.client_email);
  d.exactTime = b.exact_time_selected ?? null;
  d.paymentMethod = blankToNull(b.payment_method);
  d.cutlery = b.cutlery ?? null;
  d.promoCode = blankToNull(b.promo_code);
  d.textComment = blankToNull(b.order_text_comment);
  d.accumulatedRequested = b.accumulatedOrderAmountUsed ?? 0;
  d.deviceId = deviceIdOf(b.userDeviceData);
  return d;
}

/** Field of the payload each validation code points at. */
const FIELD_OF: Record<ValidationCode, string> = {
  invalid_name: 'client_name',
  invalid_phone: 'client_phone',
  invalid_email: 'client_email',
  invalid_password: 'password',
  invalid_address: 'client_address',
  street_number_required: 'street_number',
  street_number_too_long: 'street_number',
  floor_required: 'floor_number',
  floor_too_long: 'floor_number',
  apartment_required: 'ap_number',
  apartment_too_long: 'ap_number',
  bell_required: 'bell_number',
  bell_too_long: 'bell_number',
  entrance_required: 'entrance_number',
  entrance_too_long: 'entrance_number',
  region_required: 'regionId',
  order_date_required: 'time',
  order_time_required: 'time',
  room_number_required: 'room_number',
  payment_method_required: 'payment_method',
  cutlery_required: 'cutlery',
  order_type_required: 'additional_order_type',
  pickup_place_required: 'pickupPlaceId',
  comment_too_long: 'order_text_comment',
  terms_not_accepted: 'terms',
  privacy_not_accepted: 'privacy',
  terms_and_privacy_not_accepted: 'terms',
  required_checkbox_not_ticked: 'checkboxes',
  online_payment_requires_login: 'payment_method',
};

/** Splits 'DD.MM HH:MM' (or 'HH:MM', or 'DD.MM') into its day and time parts. */
function splitTime(value: string | null): { date: string | null; time: string | null } {
  if (!value) return { date: null, time: null };
  const date = /\b\d{1,2}\.\d{1,2}\.?/.exec(value)?.[0] ?? null;
  const time = /\b\d{1,2}:\d{2}\b/.exec(value)?.[0] ?? null;
  return { date, time };
}

export class OrdersService {
  readonly #repo: OrdersRepository;
  readonly #tables: TablesService;
  readonly #payments: OrderPaymentStarter | null;
  readonly #notifier: StaffNotifier | null;

  constructor(
    repo: OrdersRepository,
    tables: TablesService,
    payments: OrderPaymentStarter | null = null,
    notifier: StaffNotifier | null = null,
  ) {
    this.#payments = payments;
    this.#notifier = notifier;
    this.#repo = repo;
    this.#tables = tables;
  }

  /** POST orders — a spot order from a table (or room) session. */
  async placeSpotOrder(body: StoreSpotOrderBody, ctx: OrderCallContext): Promise<StoreOrderResponse> {
    const session = await this.#tables.requireSession(ctx.placeId, body.session, ctx.now);
    // A QR session opened for browsing only (spot browse, 4: the venue offers no ordering there) orders nothing.
    if (session.order_type !== ORDER_TYPES.SPOT && session.order_type !== ORDER_TYPES.ROOM)
      throw orderError(403, 'orders_not_allowed');
    const d = baseDraft(
      session.order_type === ORDER_TYPES.ROOM ? ORDER_TYPES.ROOM : ORDER_TYPES.SPOT,
      body.products,
      body.order_comment,
    );
    d.session = session.session;
    d.deviceId = deviceIdOf(body.userDeviceData);
    return this.placeOrder(d, session, ctx);
  }

  /** POST orders/delivery. */
  async placeDeliveryOrder(body: StoreDeliveryOrderBody, ctx: OrderCallContext): Promise<StoreOrderResponse> {
    const d = guestDraft(ORDER_TYPES.DELIVERY, body);
    d.address = blankToNull(body.client_address);
    d.streetNumber = blankToNull(body.street_number);
    d.floor = blankToNull(body.floor_number);
    d.apartment = blankToNull(body.ap_number);
    d.bell = blankToNull(body.bell_number);
    d.entrance = blankToNull(body.entrance_number);
    d.postalCode = blankToNull(body.delivery_postal_code);
    d.time = blankToNull(body.delivery_time);
    d.regionId = body.regionId ?? null;
    d.radiusId = body.deliveryRadiusId ?? null;
    d.shapeId = body.deliveryShapeId ?? null;
    d.lat = body.delivery_address_lat ?? body.lat ?? null;
    d.lng = body.delivery_address_lng ?? body.lng ?? null;
    d.countCutlery = body.count_cutlery ?? 0;
    return this.placeOrder(d, await this.#sessionOf(d.token, ctx), ctx);
  }

  /** POST orders/preorder — pickup. */
  async placePreorder(body: StorePreorderBody, ctx: OrderCallContext): Promise<StoreOrderResponse> {
    const d = guestDraft(ORDER_TYPES.PREORDER, body);
    d.time = blankToNull(body.pickup_time);
    d.pickupPlaceId = body.pickupPlaceId ?? null;
    d.countCutlery = body.count_cutlery ?? 0;
    return this.placeOrder(d, await this.#sessionOf(d.token, ctx), ctx);
  }

  /** POST orders/room — room service; the room comes from the token's session when there is one. */
  async placeRoomOrder(body: StoreRoomOrderBody, ctx: OrderCallContext): Promise<StoreOrderResponse> {
    const d = guestDraft(ORDER_TYPES.ROOM, body);
    d.time = blankToNull(body.pickup_time);
    d.roomNumber = body.room_number == null ? null : blankToNull(String(body.room_number));
    d.additionalOrderType = blankToNull(body.additional_order_type);
    return this.placeOrder(d, await this.#sessionOf(d.token, ctx), ctx);
  }

  /** POST orders/served-on-spot. */
  async placeServedOnSpotOrder(
    body: StoreServedOnSpotOrderBody,
    ctx: OrderCallContext,
  ): Promise<StoreOrderResponse> {
    const d = guestDraft(ORDER_TYPES.SERVED_ON_SPOT, body);
    d.time = blankToNull(body.pickup_time);
    d.address = blankToNull(body.client_address);
    d.pickupPlaceId = body.pickupPlaceId ?? null;
    return this.placeOrder(d, await this.#sessionOf(d.token, ctx), ctx);
  }

  /**
   * GET orders/by_table_session/{token}: the session's orders with lines and statuses, those of the last
   * order_expire_time_hours (spec §9, default 3: an order stays that long in the guest's orders tab; a session a
   * waiter or the bill kept open longer does not show the morning's orders to the evening's guest).
   */
  async sessionOrders(token: string, ctx: OrderCallContext): Promise<StoreSessionOrdersResponse> {
    const s = await this.#tables.requireSession(ctx.placeId, token, ctx.now);
    const listed = await this.#repo.listOrdersByToken(ctx.placeId, s.session);
    const { lines, ingredients, history } = listed;
    const settings = this.#parsed(await this.#repo.getSettings(ctx.placeId));
    const since = new Date(ctx.now.getTime() - settings.order_expire_time_hours * 3_600_000).toISOString();
    const orders = listed.orders.filter((o) => String(o.created_at) >= since);
    const room = s.table_kind === 'room';
    return {
      orders: orders.map((o) => ({
        key: o.key,
        number: o.number,
        type: o.type,
        status: o.status,
        statuses: history
          .filter((h) => h.order_id === o.id)
          .map((h) => ({ status: h.status, at: h.created_at })),
        created_at: o.created_at,
        total: o.total,
        payment_method: o.payment_method,
        lines: lines
          .filter((l) => l.order_id === o.id)
          .map((l) => ({
            product_id: l.product_id,
            variant_id: l.variant_id,
            name: l.name,
            size: l.size,
            quantity: l.quantity,
            unit_price: l.unit_price,
            line_total: l.line_total,
            comment: l.comment,
            ingredients: ingredients
              .filter((i) => i.order_line_id === l.id)
              .map((i) => ({
                ingredient_id: i.ingredient_id,
                type: i.type as 'required' | 'addable' | 'removable',
                name: i.name,
                price: i.price,
              })),
          })),
      })),
      bill_wanted: s.bill_wanted ? 1 : 0,
      expires: s.expires_at,
      order_type: s.order_type,
      table: s.table_number,
      room_number: room ? s.table_number : null,
    };
  }

  /**
   * GET orders/track/{tracking_token} (issue 24 #6): one order as its tracking page shows it, at this place only
   * (another venue's token is unknown here: 404 order_not_found).
   */
  async trackOrder(
    trackingToken: string,
    ctx: Pick<OrderCallContext, 'placeId' | 'lang'>,
  ): Promise<StoreOrderTracking> {
    const found = await this.#repo.getOrderByTrackingToken(ctx.placeId, trackingToken);
    if (!found) throw tableError(404, 'order_not_found');
    const { order, history } = found;
    return {
      number: order.number,
      key: order.key,
      type: order.type,
      status: order.status,
      statuses: history.map((h) => ({ status: h.status, at: String(h.created_at) })),
      created_at: String(order.created_at),
      requested_time: order.requested_time || null,
      total: Number(order.total),
      currency: order.currency,
      payment_method: order.payment_method,
      payment_status: order.payment_status,
    };
  }

  /** The order token (session) of a tracked order, for its event stream; undefined when unknown here. */
  async trackedOrderSession(
    placeId: number,
    trackingToken: string,
  ): Promise<{ session: string; key: string } | undefined> {
    const found = await this.#repo.getOrderByTrackingToken(placeId, trackingToken);
    return found ? { session: found.order.token, key: found.order.key } : undefined;
  }

  /** The valid session a guest order's token names, if it names one at this place. */
  async #sessionOf(token: string | null, ctx: OrderCallContext): Promise<SessionWithTable | null> {
    if (!token) return null;
    try {
      return await this.#tables.requireSession(ctx.placeId, token, ctx.now);
    } catch {
      return null;
    }
  }

  /** Parsed settings per stored settings object: the repository hands out the same one while it is cached. */
  readonly #parsedSettings = new WeakMap<object, VenueSettings>();

  #parsed(raw: Readonly<Record<string, string>>): VenueSettings {
    let parsed = this.#parsedSettings.get(raw);
    if (!parsed) this.#parsedSettings.set(raw, (parsed = parseSettings(raw)));
    return parsed;
  }

  /** The steps of the module comment, for every order type. */
  async placeOrder(
    d: OrderDraft,
    session: SessionWithTable | null,
    ctx: OrderCallContext,
  ): Promise<StoreOrderResponse> {
    const { now, placeId } = ctx;
    if (ctx.closedToGuests) throw orderError(403, 'orders_not_allowed');
    const rawSettings = await this.#repo.getSettings(placeId);
    const settings = this.#parsed(rawSettings);
    const timeZone = settings.time_zone;

    // 1. ordering window, and the order type must be offered (a QR session is the place's own offer).
    if (!checkOrderingWindow(settings, now, timeZone).ok) throw orderError(403, 'orders_not_allowed');
    const typeConfig = await this.#repo.getOrderTypeConfig(placeId, d.type);
    if (!typeConfig && !session) throw orderError(403, 'orders_not_allowed');

    // 2. who orders
    const userRow = ctx.user ? await this.#repo.getUser(ctx.user.id) : undefined;
    const user = userRow && userRow.client_id === ctx.clientId ? userRow : undefined;
    const claimed = !user && ctx.claimedUserId ? await this.#repo.getUser(ctx.claimedUserId) : undefined;
    if (user?.banned || (claimed?.banned && claimed.client_id === ctx.clientId)) {
      throw orderError(403, 'anon_user_banned');
    }
    if (d.deviceId && (await this.#repo.isDeviceBlocked(placeId, d.deviceId))) {
      throw orderError(403, 'anon_user_banned');
    }
    // Only a method the venue offers for this order type (room_bill at a restaurant, epay with the payments module
    // off): refused here, before asking for a login, rather than stored and then unpayable.
    const place = await this.#repo.getPlace(placeId);
    // Billing to a room needs that room's session (its QR), never a typed room number.
    const offeredPayments = paymentMethodsFor(
      rawSettings.payment_types ?? null,
      d.type,
      place?.modules ?? [],
      {
        roomSession: session?.table_kind === 'room',
      },
    );
    if (
      d.type !== ORDER_TYPES.SPOT &&
      d.paymentMethod &&
      !offeredPayments.includes(d.paymentMethod as PaymentMethod)
    ) {
      throw validationError([{ field: 'payment_method', code: 'payment_method_required' }]);
    }
    if (paymentRequiresLogin(d.paymentMethod) && !user) throw orderError(403, 'card_payment_requires_login');

    // 3. the form
    const regions = d.type === ORDER_TYPES.DELIVERY ? await this.#repo.listActiveRegions(placeId) : [];
    const tokenRoom = session && session.table_kind === 'room' ? session.table_number : null;
    await this.#validateForm(d, settings, { regionsEnabled: regions.length > 0, tokenRoom }, ctx);

    // 4. the cart against the database
    const lines = await this.#checkCart(d, settings, session, ctx);

    // 5. price with the domain engine
    const promo = d.promoCode ? await this.#promo(placeId, d.promoCode, now) : null;
    const eligible = promo?.eligible ?? null;
    const userInput = user
      ? await this.#userPricing(placeId, user.id, user.accumulated_amount, d.accumulatedRequested)
      : null;
    const delivery =
      d.type === ORDER_TYPES.DELIVERY
        ? this.#deliveryChoice(d, typeConfig, regions, place?.lat ?? null, place?.lng ?? null, now, timeZone)
        : null;
    const pricingLines: OrderTotalLineInput[] = lines.map((l) => ({
      ...l.pricing,
      disable_promocode_discount: isPromoEligibleProduct(l.pricing, eligible) ? 0 : 1,
    }));
    const cutleryCount = d.cutlery === 0 ? 0 : d.countCutlery;
    const total = calculateOrderTotal({
      lines: pricingLines,
      orderType: d.type,
      settings,
      orderTypeConfig: typeConfig
        ? {
            type: d.type,
            prices: typeConfig.prices,
            discounts: typeConfig.discounts.map((t) => ({
              ...t,
              value_type: t.value_type as DiscountValueType,
            })),
            radiuses: typeConfig.radiuses,
            delivery_shapes: typeConfig.shapes,
            regions,
          }
        : null,
      ingredientPrices: Object.fromEntries(
        lines.flatMap((l) => l.ingredients.map((i) => [i.ingredient_id, i.price])),
      ),
      promo: promo?.result ?? null,
      user: userInput,
      delivery,
      cutleryCount,
      paymentMethod: d.paymentMethod,
      now,
    });
    if (total.problems.includes('noProductsToInsert')) throw orderError(400, 'noProductsToInsert');
    // Caps of packages/domain money.ts: never stored (SQLite) nor overflowing a money column (PostgreSQL).
    if (total.problems.includes('order_amount_too_large')) throw orderError(400, 'order_amount_too_large');
    if (
      total.problems.some(
        (p) => p === 'invalid_delivery_shape' || p === 'invalid_region' || p === 'delivery_out_of_range',
      )
    ) {
      throw orderError(400, 'invalid_delivery_shape');
    }
    if (total.problems.includes('min_order_price_for_radius_not_fulfilled')) {
      throw orderError(400, 'min_order_price_for_radius_not_fulfilled', {
        min_order_price: settings.minimal_order_price,
        missing: total.missingForMinimalOrder,
      });
    }

    // 6. store once
    const token =
      d.session ?? (d.token && TOKEN_SHAPE.test(d.token) ? d.token : randomBytes(24).toString('base64url'));
    const dedupeHash = this.#dedupeHash(d, placeId);
    const createdAt = now.toISOString();
    // Checked in step 3; stored as the venue-local 'YYYY-MM-DD HH:MM' (a time alone is today's).
    const checked = d.type === ORDER_TYPES.SPOT ? null : checkRequestedTime(d.time, settings, now);
    const { date, time } = splitTime(d.time);
    const day = date ? orderDay(date, now, timeZone) : null;
    const requestedTime =
      checked?.ok && checked.requested
        ? `${formatOrderDay(checked.requested.day)} ${formatClockTime(checked.requested.minutes)}`
        : d.time
          ? [day ? formatOrderDay(day) : date, time].filter(Boolean).join(' ') || d.time
          : null;
    const commentByVariant = new Map<number, string>();
    for (const c of d.comments) {
      const text = c.comment.trim();
      if (text) commentByVariant.set(c.variantId, text);
    }
    const key = randomBytes(16).toString('hex');
    // The tracking page's key (issue 24 #6): 144 random bits, never derived from the id, key or session.
    const trackingToken = randomBytes(18).toString('base64url');
    const zone = total.deliveryZone;
    const stored = await this.#repo.storeOrder({
      order: {
        place_id: placeId,
        key,
        token,
        type: d.type,
        status: 'ordered',
        table_id: session?.table_id ?? null,
        room_number: d.type === ORDER_TYPES.ROOM ? effectiveRoomNumber(d.roomNumber, tokenRoom) : null,
        user_id: user?.id ?? null,
        client_name: d.name,
        client_phone: d.phone,
        client_email: d.email,
        client_address: d.address,
        street_number: d.streetNumber,
        floor_number: d.floor,
        ap_number: d.apartment,
        bell_number: d.bell,
        entrance_number: d.entrance,
        postal_code: d.postalCode,
        region_id: zone?.kind === 'region' ? zone.id : null,
        delivery_radius_id: zone?.kind === 'radius' ? zone.id : null,
        delivery_shape_id: zone?.kind === 'shape' ? zone.id : null,
        lat: d.lat,
        lng: d.lng,
        requested_time: requestedTime,
        exact_time_selected: d.exactTime ?? exactTimeFlag(time),
        payment_method: d.paymentMethod,
        payment_status: isOnlinePayment(d.paymentMethod) ? 'pending' : 'none',
        cutlery: d.cutlery ?? 0,
        count_cutlery: cutleryOptionOn(settings, d.type) ? cutleryCount : 0,
        additional_order_type: d.additionalOrderType,
        pickup_place_id: d.pickupPlaceId,
        promo_code: promo ? promo.code : null,
        order_comment: d.textComment,
        subtotal: total.subtotal,
        discount_total: total.discounts.total,
        delivery_fee: total.fees.delivery + total.fees.orderType,
        box_fee: total.fees.box,
        cutlery_fee: total.fees.cutlery,
        payment_fee: total.fees.onlinePayment,
        accumulated_amount_used: total.accumulatedUsed,
        total: total.total,
        currency: venueCurrency({ default_currency_suffix: settings.default_currency_suffix }).code,
        breakdown: JSON.stringify(total),
        bill_wanted: 0,
        bill_payment_method: null,
        device_id: d.deviceId,
        dedupe_hash: dedupeHash,
        // The short number (issue 24 #8) is given in the store's transaction, counted per venue-local day.
        number_day: orderNumberDay(now, timeZone),
        tracking_token: trackingToken,
        // A future order (issue 24 #3) waits on the board and in the kitchen until its time minus the preparation.
        scheduled_start: checked?.ok ? scheduledStart(checked.requested, settings, now) : null,
        created_at: createdAt,
        updated_at: createdAt,
      },
      lines: lines.map((l, i): NewOrderLine => {
        const amount = total.lines[i];
        return {
          product_id: l.pricing.product_id,
          variant_id: l.pricing.product_variant_id,
          name: l.name,
          size: l.size,
          quantity: l.pricing.quantity,
          unit_price: amount?.unitPrice ?? 0,
          box_fee: l.pricing.additional_price ?? 0,
          discount: amount?.productDiscount ?? 0,
          line_total: amount?.net ?? 0,
          comment: commentByVariant.get(l.pricing.product_variant_id) ?? null,
          category_id: l.pricing.catHierarchyId ?? null,
          ingredients: l.ingredients.map((ing) => ({
            ingredient_id: ing.ingredient_id,
            type: ing.type,
            name: ing.name,
            price: ing.type === 'removable' ? 0 : ing.price,
          })),
        };
      }),
      duplicateSince: new Date(now.getTime() - DUPLICATE_ORDER_WINDOW_SECONDS * 1000).toISOString(),
      promoId: promo?.id ?? null,
      accumulatedUsed:
        user && total.accumulatedUsed > 0 ? { userId: user.id, amount: total.accumulatedUsed } : null,
    });
    if (!stored.ok) {
      if (stored.reason === 'duplicate') throw orderError(409, 'too_mony_orders_for_session_in_x_seconds');
      if (stored.reason === 'promo_exhausted') throw tableError(400, 'invalid_promo_code');
      // The accumulated balance changed under the order: 400 like every invalid_order_data (one code, one status).
      throw tableError(400, 'invalid_order_data');
    }
    // The staff boards hear of it after the commit (fire and forget: the guest's answer does not wait); on
    // PostgreSQL its event was stored and notified in the order's own transaction (`published`).
    this.#notifier?.orderCreated(placeId, stored.orderId, stored.published);
    // Online methods: the payments module signs the provider form for the stored order (spec §4 ppResp).
    const ppResp = this.#payments
      ? await this.#payments.paymentForNewOrder({
          placeId,
          orderKey: key,
          paymentMethod: d.paymentMethod,
          userId: user?.id ?? null,
          origin:
            isOnlinePayment(d.paymentMethod) || d.paymentMethod === 'bizum'
              ? await ctx.origin?.()
              : undefined,
        })
      : {};
    return {
      token,
      key,
      totalPrice: total.total,
      paymentMethod: d.paymentMethod,
      ppResp,
      number: stored.number,
      tracking_token: trackingToken,
    };
  }

  /** Step 3: the domain's form validation, each code with its payload field. */
  async #validateForm(
    d: OrderDraft,
    settings: VenueSettings,
    extra: { regionsEnabled: boolean; tokenRoom: string | null },
    ctx: OrderCallContext,
  ): Promise<void> {
    const { date, time } = splitTime(d.time);
    // Pickup venues: chosen among the client's places offering pickup; required when there are several.
    const pickupPlaces =
      d.type === ORDER_TYPES.PREORDER || d.pickupPlaceId !== null
        ? await this.#repo.listPickupPlaces(ctx.clientId)
        : [];
    const codes = validateOrderForm(
      {
        name: d.name,
        phone: d.phone,
        email: d.email,
        address: {
          street: d.address,
          number: d.streetNumber,
          floor: d.floor,
          apartment: d.apartment,
          bell: d.bell,
          entrance: d.entrance,
        },
        regionId: d.regionId,
        orderDate: date ?? (time ? 'today' : null),
        orderTime: time,
        roomNumber: d.roomNumber,
        paymentMethod: d.paymentMethod,
        cutlery: d.cutlery === null ? null : d.cutlery === 1,
        cutleryCount: d.countCutlery,
        additionalOrderType: d.additionalOrderType,
        comment: d.textComment,
        pickupPlaceId: d.pickupPlaceId,
      },
      {
        orderType: d.type,
        phonePattern: compilePhonePattern(settings.validate_phone_number_regex),
        required_delivery_pickup_times: settings.required_delivery_pickup_times,
        cutleryOptionOn: cutleryOptionOn(settings, d.type),
        // Regions are one of three zone kinds: required only when the venue delivers by region alone.
        regionsEnabled: extra.regionsEnabled && d.lat === null && d.lng === null,
        pickupPlacesEnabled: d.type === ORDER_TYPES.PREORDER && pickupPlaces.length > 1,
        roomAdditionalOrderTypes: settings.room_additional_order_types,
        tokenRoomNumber: extra.tokenRoom,
        // Login for card / online payment is answered with its own §8 code before this (card_payment_requires_login).
        loggedIn: true,
        // The §7 payloads carry no agreement fields; the browser enforces the checkboxes.
        agreement_terms_required: false,
        agreement_privacy_required: false,
        agreement_combined: false,
      },
    );
    const timeField = d.type === ORDER_TYPES.DELIVERY ? 'delivery_time' : 'pickup_time';
    const errors: StoreFieldError[] = codes.map((code) => ({
      field: FIELD_OF[code] === 'time' ? timeField : FIELD_OF[code],
      code,
    }));
    // The requested time: a real, future time within the venue's hours (its time zone), else the time field's code.
    if (d.type !== ORDER_TYPES.SPOT) {
      const requested = checkRequestedTime(d.time, settings, ctx.now);
      if (!requested.ok && !codes.includes(requested.code))
        errors.push({ field: timeField, code: requested.code });
    }
    for (const c of d.comments) {
      if (validateComment(c.comment).length > 0) {
        errors.push({ field: 'order_comment', code: 'comment_too_long' });
        break;
      }
    }
    if (
      d.pickupPlaceId !== null &&
      !pickupPlaces.some((p) => p.id === d.pickupPlaceId) &&
      !errors.some((e) => e.field === 'pickupPlaceId')
    ) {
      errors.push({ field: 'pickupPlaceId', code: 'pickup_place_required' });
    }
    // A hotel (setting is_hotel, spec §3) serves its own rooms: a typed room number must be one of its rooms (a
    // room's QR session already names one). Elsewhere a room order's number is taken as typed.
    if (
      settings.is_hotel &&
      d.type === ORDER_TYPES.ROOM &&
      extra.tokenRoom === null &&
      d.roomNumber !== null &&
      !errors.some((e) => e.field === 'room_number') &&
      !(await this.#repo.isRoomOfPlace(ctx.placeId, d.roomNumber.trim()))
    ) {
      errors.push({ field: 'room_number', code: 'room_number_required' });
    }
    if (errors.length > 0) throw validationError(errors);
  }

  /** Step 4: every line against the database; answers the first failing §8 code with what the browser needs. */
  async #checkCart(
    d: OrderDraft,
    settings: VenueSettings,
    session: SessionWithTable | null,
    ctx: OrderCallContext,
  ) {
    const { placeId } = ctx;
    if (d.products.length === 0) throw orderError(400, 'noProductsToInsert');
    const productIds = [...new Set(d.products.map((p) => p.product_id))];
    const {
      products,
      variants,
      categories,
      ingredients: links,
    } = await this.#repo.findCartRows(placeId, productIds, [
      ...new Set(d.products.map((p) => p.product_variant_id)),
    ]);
    const productById = new Map(products.map((p) => [p.id, p]));
    const variantById = new Map(variants.map((v) => [v.id, v]));

    const foreign = productIds.filter((id) => {
      const p = productById.get(id);
      return p !== undefined && p.place_id !== placeId;
    });
    if (foreign.length > 0) throw orderError(400, 'invalid_products_for_place', { ids: foreign });

    const hideForToken = settings.hide_products_for_ordering_with_token && session !== null;
    const inactive = d.products.filter((line) => {
      const p = productById.get(line.product_id);
      const v = variantById.get(line.product_variant_id);
      return (
        !p ||
        !v ||
        v.product_id !== p.id ||
        !p.active ||
        !p.in_stock ||
        !v.active ||
        p.type === 'booking' ||
        (hideForToken && p.hide_for_ordering === 1)
      );
    });
    if (inactive.length > 0) {
      throw orderError(400, 'inactiveProductsIds', {
        ids: [...new Set(inactive.map((l) => l.product_id))],
        variant_ids: [...new Set(inactive.map((l) => l.product_variant_id))],
        names: [...new Set(inactive.flatMap((l) => productById.get(l.product_id)?.name ?? []))],
      });
    }

    const linkOf = (
      productId: number,
      ingredientId: number,
      type: string,
    ): ProductIngredientRow | undefined =>
      links.find((l) => l.product_id === productId && l.ingredient_id === ingredientId && l.type === type);

    const checked = d.products.map((line) => {
      const ing = normalizeIngredients(line.ingredients);
      const wanted: { id: number; type: 'required' | 'addable' | 'removable' }[] = [
        ...(ing.required ? [{ id: ing.required, type: 'required' as const }] : []),
        ...ing.addable.map((id) => ({ id, type: 'addable' as const })),
        ...ing.removable.map((id) => ({ id, type: 'removable' as const })),
      ];
      const found = wanted.map((w) => ({ w, link: linkOf(line.product_id, w.id, w.type) }));
      return { line, ing, found, bad: found.filter((f) => !f.link || !f.link.active).map((f) => f.w.id) };
    });
    const badIngredients = checked.filter((c) => c.bad.length > 0);
    if (badIngredients.length > 0) {
      throw orderError(400, 'inactiveProductIngredientsIds', {
        ids: [...new Set(badIngredients.map((c) => c.line.product_id))],
        variant_ids: [...new Set(badIngredients.map((c) => c.line.product_variant_id))],
        ingredient_ids: [...new Set(badIngredients.flatMap((c) => c.bad))],
        names: [...new Set(badIngredients.flatMap((c) => productById.get(c.line.product_id)?.name ?? []))],
      });
    }

    // A product with a required ingredient (spec §4 radio choice) needs one chosen: the browser always picks one, a
    // hand-made or stale line without it is refused with the spec's code, naming the product (issue 25 #9).
    const lacking = checked.filter((c) =>
      lacksRequiredIngredient(
        links.filter((l) => l.product_id === c.line.product_id),
        c.ing.required,
      ),
    );
    if (lacking.length > 0) {
      const names = [...new Set(lacking.flatMap((c) => productById.get(c.line.product_id)?.name ?? []))];
      throw new DomainError(400, 'inactiveProductIngredientsIds', 'inactiveProductIngredientsIds', {
        fields: {
          ids: [...new Set(lacking.map((c) => c.line.product_id))],
          variant_ids: [...new Set(lacking.map((c) => c.line.product_variant_id))],
          names,
        },
        text: localize((l) => REQUIRED_INGREDIENT_MISSING_MESSAGES[l](names.join(', '))),
      });
    }

    // Orderable in this order type: a category that allows ordering, and the product shown to this guest (spec
    // §4: its spot-browse flags, and one of its categories visible with all its ancestors) — the browser hides the
    // rest, a hand-made request must not order them either (issue 25 #9: hidden-for-delivery products).
    const tree = await this.#repo.getCategoryVisibility(placeId);
    const categoryById = new Map(tree.map((c) => [c.id, c]));
    const browse: BrowseContext = { orderType: d.type, hasToken: session !== null };
    const visibleWithAncestors = (id: number): boolean => {
      const seen = new Set<number>();
      for (let c = categoryById.get(id); c; c = c.parent_id ? categoryById.get(c.parent_id) : undefined) {
        if (seen.has(c.id) || !isCategoryVisible(c, browse)) return false;
        seen.add(c.id);
      }
      return seen.size > 0;
    };
    const notOrderable = productIds.filter((id) => {
      const cats = categories.filter((c) => c.product_id === id);
      const product = productById.get(id)!;
      return (
        !checkProductOrderable(
          { catHierarchyIds: cats.map((c) => c.category_id) },
          cats.map((c) => ({ id: c.category_id, order_allowed: c.order_allowed })),
        ).ok ||
        !isProductVisible(product, { ...browse, hideProductsForOrderingWithToken: false }) ||
        !cats.some((c) => visibleWithAncestors(c.category_id))
      );
    });
    if (notOrderable.length > 0) {
      // Named, so the guest knows which line to take out (issue 24 #5).
      throw tableError(400, 'product_not_orderable', {
        ids: notOrderable,
        names: notOrderable.flatMap((id) => productById.get(id)?.name ?? []),
      });
    }

    for (const c of checked) {
      const p = productById.get(c.line.product_id)!;
      const limits = checkAddableSelection(c.ing.addable.length, p);
      if (!limits.ok) {
        throw tableError(400, limits.error.key, {
          ids: [p.id],
          variant_ids: [c.line.product_variant_id],
        });
      }
    }

    return checked.map((c) => {
      const p = productById.get(c.line.product_id)!;
      const v = variantById.get(c.line.product_variant_id)!;
      const primary =
        categories.find((x) => x.product_id === p.id && x.is_primary === 1) ??
        categories.find((x) => x.product_id === p.id);
      const pricing: OrderTotalLineInput & { product_id: number; quantity: number } = {
        product_variant_id: v.id,
        product_id: p.id,
        price: v.price,
        additional_price: v.additional_price,
        quantity: c.line.quantity,
        ingredients: c.ing,
        catHierarchyId: primary?.category_id ?? null,
        disable_promocode_discount: p.disable_promocode_discount,
        discount_percent: p.discount_percent,
        discount_money: p.discount_money,
        time_based_discount_enabled: p.time_based_discount_enabled,
        time_based_discount_days: p.time_based_discount_days,
        time_based_discount_start_hour: p.time_based_discount_start_hour,
        time_based_discount_end_hour: p.time_based_discount_end_hour,
        time_based_discount_percent: p.time_based_discount_percent,
      };
      return {
        pricing,
        name: p.name,
        size: v.size,
        ingredients: c.found.map((f) => ({
          ingredient_id: f.w.id,
          type: f.w.type,
          name: f.link!.name,
          price: f.link!.price,
        })),
      };
    });
  }

  /** GET pickup-places: the client's active places offering pickup (the pickup venue picker). */
  async pickupPlaces(clientId: number): Promise<StorePickupPlacesResponse> {
    const rows = await this.#repo.listPickupPlaces(clientId);
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      translations: parseTranslations(r.translations),
      address: r.address,
    }));
  }

  /**
   * POST promo-codes/check: the Promo result of spec §3 for the code and which of the cart's products it applies to.
   * A preview only — the order call checks the code again (#promo) and prices from the database.
   */
  async checkPromo(body: StorePromoCheckBody, ctx: OrderCallContext): Promise<StorePromoCheckResponse> {
    const promo = await this.#validPromo(ctx.placeId, body.code.trim(), ctx.now);
    if (!promo) {
      return {
        found: false,
        ignore_other_discounts: false,
        discount_type: 'percent',
        discount_value: 0,
        eligible_product_ids: null,
      };
    }
    const ids = [...new Set(body.products.map((p) => p.product_id))];
    let eligibleIds: number[] | null = promo.eligible;
    if (ids.length > 0) {
      const products = await this.#repo.findProducts(ids);
      eligibleIds = products
        .filter(
          (p) =>
            p.place_id === ctx.placeId && isPromoEligibleProduct({ ...p, product_id: p.id }, promo.eligible),
        )
        .map((p) => p.id);
    }
    return { ...promo.result, eligible_product_ids: eligibleIds };
  }

  /** A promo code of the place valid now, as the engine's PromoResult; an unknown or spent code is refused. */
  async #promo(placeId: number, code: string, now: Date) {
    const promo = await this.#validPromo(placeId, code, now);
    if (!promo) throw tableError(400, 'invalid_promo_code');
    return promo;
  }

  /** The promo code of the place if it is active, within its dates and not used up; else null. */
  async #validPromo(placeId: number, code: string, now: Date) {
    if (!code) return null;
    const row = await this.#repo.findPromo(placeId, code);
    if (!row || !isPromoValidAt(row, now)) return null;
    const result: PromoResult = {
      found: true,
      ignore_other_discounts: row.ignore_other_discounts === 1,
      discount_type: row.discount_type === 'money' ? 'money' : 'percent',
      discount_value: row.discount_value,
    };
    return { id: row.id, code: row.code, result, eligible: parsePromoEligibleIds(row.eligible_product_ids) };
  }

  /** The registered user's nth-order discount and accumulated amount. */
  async #userPricing(placeId: number, userId: number, balance: number, requested: number) {
    const [orderCount, discounts] = await Promise.all([
      this.#repo.countUserOrders(placeId, userId),
      this.#repo.listActiveUserDiscounts(placeId),
    ]);
    const discount =
      discounts
        .map((x): UserOrderDiscount => ({
          on_order_number: Number(x.on_order_number),
          discount_type: x.discount_type === 'money' ? 'money' : 'percent',
          discount_amount: Number(x.discount_amount),
        }))
        .find((x) => isNthOrderDiscountDue(x, orderCount)) ?? null;
    return {
      registered: true,
      orderCount,
      discount,
      accumulatedBalance: balance,
      accumulatedRequested: requested,
    };
  }

  /** The delivery zone rule (the domain's deliveryChoiceFor, the same the browser's map picker asks). */
  #deliveryChoice(
    d: OrderDraft,
    config: Awaited<ReturnType<OrdersRepository['getOrderTypeConfig']>>,
    regions: { id: number }[],
    venueLat: number | null,
    venueLng: number | null,
    now: Date,
    timeZone: string,
  ): DeliveryChoice | null {
    const c = deliveryChoiceFor(
      {
        regionId: d.regionId,
        pin: d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng } : null,
        venue: venueLat !== null && venueLng !== null ? { lat: venueLat, lng: venueLng } : null,
        shapes: config?.shapes ?? [],
        radiuses: config?.radiuses ?? [],
        hasRegions: regions.length > 0,
      },
      now,
      timeZone,
    );
    if (!c.ok) throw orderError(400, c.code);
    return c.choice;
  }

  /** Same place, type, session or guest, and the same lines and comments → the same hash. */
  #dedupeHash(d: OrderDraft, placeId: number): string {
    // A guest without a token yet is known by what they typed (a retried submission repeats it).
    const who = d.session ?? d.token ?? `guest:${d.phone ?? ''}:${d.name ?? ''}:${d.deviceId ?? ''}`;
    const lines = d.products
      .map(
        (p) =>
          `${p.product_id}:${cartLineKey({ product_variant_id: p.product_variant_id, ingredients: p.ingredients })}x${p.quantity}`,
      )
      .sort();
    const comments = d.comments.map((c) => `${c.variantId}:${c.comment.trim()}`).sort();
    return createHash('sha256')
      .update(JSON.stringify([placeId, d.type, who, lines, comments, d.textComment ?? '']))
      .digest('hex');
  }
}
