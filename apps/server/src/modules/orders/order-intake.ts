/**
 * Placing guest orders: the five §7 order calls, each brought to a draft (order-draft.ts) and through the same steps
 * of `placeOrder` (the steps are listed in orders.service.ts). The form (order-form.ts), the cart (order-cart.ts) and
 * the price's inputs (order-pricing.ts) are checked in their own files; this one orders them, prices with the domain
 * engine and stores once.
 */
import { checkRequestedTime, scheduledStart } from '@trapeza/domain/order-time';
import { randomBytes } from 'node:crypto';
import { calculateOrderTotal, type OrderTotalLineInput } from '@trapeza/domain/pricing/order-total';
import {
  paymentMethodsFor,
  paymentRequiresLogin,
  isOnlinePayment,
  type PaymentMethod,
} from '@trapeza/domain/pricing/fees';
import { isPromoEligibleProduct } from '@trapeza/domain/pricing/promo';
import type { DiscountValueType } from '@trapeza/domain/pricing/tiers';
import { checkOrderingWindow } from '@trapeza/domain/hours';
import { cutleryOptionOn, type VenueSettings } from '@trapeza/domain/settings';
import { effectiveRoomNumber } from '@trapeza/domain/validation';
import { orderDay, formatOrderDay, formatClockTime, exactTimeFlag } from '@trapeza/domain/dates';
import { orderNumberDay } from '@trapeza/domain/order-number';
import { venueCurrency } from '@trapeza/domain/money';
import { ORDER_TYPES, sessionTokenOrderType } from '@trapeza/domain/order-status';
import type {
  StoreDeliveryOrderBody,
  StoreOrderResponse,
  StorePreorderBody,
  StoreRoomOrderBody,
  StoreServedOnSpotOrderBody,
  StoreSpotOrderBody,
} from '@trapeza/domain/contracts/orders';
import { orderError, validationError } from './order-error.ts';
import {
  baseDraft,
  blankToNull,
  orderDedupeHash,
  deviceIdOf,
  guestDraft,
  splitTime,
  type OrderCallContext,
  type OrderDraft,
} from './order-draft.ts';
import { createCartCheck } from './order-cart.ts';
import { createOrderForm } from './order-form.ts';
import { createOrderPricing } from './order-pricing.ts';
import type { NewOrderLine, OrdersRepository } from './orders.repository.ts';
import type { TablesService } from '../tables/tables.service.ts';
import type { SessionWithTable } from '../tables/tables.repository.ts';
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
const DUPLICATE_ORDER_WINDOW_SECONDS = 10;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

export function createOrderIntake(deps: {
  repo: OrdersRepository;
  tables: TablesService;
  payments: OrderPaymentStarter | null;
  notifier: StaffNotifier | null;
  /** The venue's parsed settings (orders.service.ts), shared with the order queries. */
  parsed: (raw: Readonly<Record<string, string>>) => VenueSettings;
}) {
  const { repo, tables, payments, notifier, parsed } = deps;
  const form = createOrderForm({ repo });
  const cart = createCartCheck({ repo });
  const pricing = createOrderPricing({ repo });

  /** POST orders — a spot order from a table (or room) session. */
  async function placeSpotOrder(
    body: StoreSpotOrderBody,
    ctx: OrderCallContext,
  ): Promise<StoreOrderResponse> {
    const session = await tables.requireSession(ctx.placeId, body.session, ctx.now);
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
    return placeOrder(d, session, ctx);
  }

  /** POST orders/delivery. */
  async function placeDeliveryOrder(
    body: StoreDeliveryOrderBody,
    ctx: OrderCallContext,
  ): Promise<StoreOrderResponse> {
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
    return placeOrder(d, await sessionOf(d.token, ctx), ctx);
  }

  /** POST orders/preorder — pickup. */
  async function placePreorder(body: StorePreorderBody, ctx: OrderCallContext): Promise<StoreOrderResponse> {
    const d = guestDraft(ORDER_TYPES.PREORDER, body);
    d.time = blankToNull(body.pickup_time);
    d.pickupPlaceId = body.pickupPlaceId ?? null;
    d.countCutlery = body.count_cutlery ?? 0;
    return placeOrder(d, await sessionOf(d.token, ctx), ctx);
  }

  /** POST orders/room — room service; the room comes from the token's session when there is one. */
  async function placeRoomOrder(
    body: StoreRoomOrderBody,
    ctx: OrderCallContext,
  ): Promise<StoreOrderResponse> {
    const d = guestDraft(ORDER_TYPES.ROOM, body);
    d.time = blankToNull(body.pickup_time);
    d.roomNumber = body.room_number == null ? null : blankToNull(String(body.room_number));
    d.additionalOrderType = blankToNull(body.additional_order_type);
    return placeOrder(d, await sessionOf(d.token, ctx), ctx);
  }

  /** POST orders/served-on-spot. */
  async function placeServedOnSpotOrder(
    body: StoreServedOnSpotOrderBody,
    ctx: OrderCallContext,
  ): Promise<StoreOrderResponse> {
    const d = guestDraft(ORDER_TYPES.SERVED_ON_SPOT, body);
    d.time = blankToNull(body.pickup_time);
    d.address = blankToNull(body.client_address);
    d.pickupPlaceId = body.pickupPlaceId ?? null;
    return placeOrder(d, await sessionOf(d.token, ctx), ctx);
  }

  /** The valid session a guest order's token names, if it names one at this place. */
  async function sessionOf(token: string | null, ctx: OrderCallContext): Promise<SessionWithTable | null> {
    if (!token) return null;
    try {
      return await tables.requireSession(ctx.placeId, token, ctx.now);
    } catch {
      return null;
    }
  }

  /** The steps of the module comment, for every order type. */
  async function placeOrder(
    d: OrderDraft,
    session: SessionWithTable | null,
    ctx: OrderCallContext,
  ): Promise<StoreOrderResponse> {
    const { now, placeId } = ctx;
    if (ctx.closedToGuests) throw orderError(403, 'orders_not_allowed');
    const rawSettings = await repo.getSettings(placeId);
    const settings = parsed(rawSettings);
    const timeZone = settings.time_zone;

    // 1. ordering window, and the order type must be offered. A QR session is the place's own offer of its own
    // order type only (a room's QR offers room service even where the venue lists no room orders), never of another:
    // a delivery or pickup sent with a table's or room's token needs the venue to offer delivery or pickup.
    if (!checkOrderingWindow(settings, now, timeZone).ok) throw orderError(403, 'orders_not_allowed');
    const typeConfig = await repo.getOrderTypeConfig(placeId, d.type);
    const sessionOffersType =
      session !== null && sessionTokenOrderType(session.order_type, session.table_kind) === d.type;
    if (!typeConfig && !sessionOffersType) throw orderError(403, 'orders_not_allowed');

    // 2. who orders
    const userRow = ctx.user ? await repo.getUser(ctx.user.id) : undefined;
    const user = userRow && userRow.client_id === ctx.clientId ? userRow : undefined;
    const claimed = !user && ctx.claimedUserId ? await repo.getUser(ctx.claimedUserId) : undefined;
    if (user?.banned || (claimed?.banned && claimed.client_id === ctx.clientId)) {
      throw orderError(403, 'anon_user_banned');
    }
    if (d.deviceId && (await repo.isDeviceBlocked(placeId, d.deviceId))) {
      throw orderError(403, 'anon_user_banned');
    }
    // Only a method the venue offers for this order type (room_bill at a restaurant, epay with the payments module
    // off or in a currency no provider takes): refused here, before asking for a login, rather than stored and then unpayable.
    const place = await repo.getPlace(placeId);
    // Billing to a room needs that room's session (its QR), never a typed room number.
    const offeredPayments = paymentMethodsFor(
      rawSettings.payment_types ?? null,
      d.type,
      place?.modules ?? [],
      {
        roomSession: session?.table_kind === 'room',
        // Not a method no provider takes the venue's currency in (a CHF venue's epay / online / Bizum).
        currency: venueCurrency({ default_currency_suffix: settings.default_currency_suffix }).code,
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
    const regions = d.type === ORDER_TYPES.DELIVERY ? await repo.listActiveRegions(placeId) : [];
    const tokenRoom = session && session.table_kind === 'room' ? session.table_number : null;
    await form.validate(d, settings, { regionsEnabled: regions.length > 0, tokenRoom }, ctx);

    // 4. the cart against the database
    const lines = await cart.check(d, settings, session, ctx);

    // 5. price with the domain engine
    const promo = d.promoCode ? await pricing.requirePromo(placeId, d.promoCode, now) : null;
    const eligible = promo?.eligible ?? null;
    // The accumulated amount is the loyalty module's: while the venue has it off, a balance earned before is not
    // spendable (issue 24: the switch takes effect), read only when the guest asks to spend some.
    const spendable =
      user && d.accumulatedRequested > 0 && (await repo.currentModules(placeId)).includes('loyalty')
        ? user.accumulated_amount
        : 0;
    const userInput = user
      ? await pricing.userPricing(placeId, user.id, spendable, d.accumulatedRequested)
      : null;
    const delivery =
      d.type === ORDER_TYPES.DELIVERY
        ? pricing.deliveryChoice(
            d,
            typeConfig,
            regions,
            place?.lat ?? null,
            place?.lng ?? null,
            now,
            timeZone,
          )
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
    const dedupeHash = orderDedupeHash(d, placeId);
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
    const stored = await repo.storeOrder({
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
      if (stored.reason === 'promo_exhausted') throw orderError(400, 'invalid_promo_code');
      // The accumulated balance changed under the order: 400 like every invalid_order_data (one code, one status).
      throw orderError(400, 'invalid_order_data');
    }
    // The staff boards hear of it after the commit (fire and forget: the guest's answer does not wait); on
    // PostgreSQL its event was stored and notified in the order's own transaction (`published`).
    notifier?.orderCreated(placeId, stored.orderId, stored.published);
    // Online methods: the payments module signs the provider form for the stored order (spec §4 ppResp).
    const ppResp = payments
      ? await payments.paymentForNewOrder({
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

  return {
    placeSpotOrder,
    placeDeliveryOrder,
    placePreorder,
    placeRoomOrder,
    placeServedOnSpotOrder,
    checkPromo: pricing.checkPromo,
  };
}
