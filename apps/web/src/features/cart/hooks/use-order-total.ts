/**
 * The displayed price breakdown (spec §4, §9): the domain engine (calculateOrderTotal) with the cart, the chosen
 * order type and its configuration from GET place, the delivery zone for the pin or region, cutlery and payment,
 * the promo on its eligible products and a signed-in guest's nth-order discount (GET check-registered-user-discount),
 * so the total shown before sending is the total the server charges (issue 22 #2).
 * Display only: the server prices the order itself (and checks the promo code again) and answers the total it stored.
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { useMemo } from 'react';
import { cartLines, type Cart } from '@trapeza/domain/cart';
import { deliveryChoiceFor } from '@trapeza/domain/delivery/pin-zone';
import { resolveDeliveryZone, type DeliveryZone } from '@trapeza/domain/delivery/delivery-price';
import type { OrderType } from '@trapeza/domain/order-status';
import {
  calculateOrderTotal,
  type OrderTotal,
  type OrderTypeConfig,
} from '@trapeza/domain/pricing/order-total';
import { isPromoEligibleProduct, type PromoResult } from '@trapeza/domain/pricing/promo';
import { useAccountStore } from '../../../stores/account-store.ts';
import type { CartContext } from './use-cart-context.ts';

export interface OrderTotalChoice {
  orderType: OrderType;
  regionId?: number | null;
  pin?: { lat: number; lng: number } | null;
  cutleryCount?: number;
  paymentMethod?: string | null;
  /** An applied promo code's preview (POST promo-codes/check): the result and its eligible products (null: all). */
  promo?: { result: PromoResult; eligible: number[] | null } | null;
}

export interface OrderTotalView {
  total: OrderTotal;
  /** The delivery zone matched (for its price and free-delivery threshold), when delivering. */
  zone: DeliveryZone | null;
  /** Why no zone matched a pin / region, when delivering. */
  zoneProblem: string | null;
}

function orderTypeConfig(ctx: CartContext, orderType: OrderType): OrderTypeConfig | null {
  const config = ctx.venue.info.ordertypes.find((o) => o.type === orderType);
  if (!config) return null;
  return { ...config, type: orderType, regions: ctx.venue.info.regions };
}

export function useOrderTotal(ctx: CartContext, cart: Cart, choice: OrderTotalChoice): OrderTotalView {
  const {
    orderType,
    regionId = null,
    pin = null,
    cutleryCount = 0,
    paymentMethod = null,
    promo = null,
  } = choice;
  const { venue, ingredientPrices } = ctx;
  const signedIn = useAccountStore((s) => s.user !== null);
  const registeredDiscount = useAccountStore((s) => s.registeredDiscount);
  return useMemo(() => {
    const now = new Date();
    const timeZone = venue.settings.time_zone;
    const config = orderTypeConfig(ctx, orderType);
    let delivery = null;
    let zone: DeliveryZone | null = null;
    let zoneProblem: string | null = null;
    if (orderType === ORDER_TYPES.DELIVERY) {
      const venuePoint =
        venue.info.lat != null && venue.info.lng != null
          ? { lat: venue.info.lat, lng: venue.info.lng }
          : null;
      const c = deliveryChoiceFor(
        {
          regionId,
          pin,
          venue: venuePoint,
          shapes: config?.delivery_shapes ?? [],
          radiuses: config?.radiuses ?? [],
          hasRegions: venue.info.regions.length > 0,
        },
        now,
        timeZone,
      );
      if (!c.ok) zoneProblem = c.code;
      else if (c.choice && !(c.choice.kind === 'region' && c.choice.regionId === -1)) {
        delivery = c.choice;
        const r = resolveDeliveryZone(c.choice, config ?? {}, now, timeZone);
        if (r.ok) zone = r.zone;
        else zoneProblem = r.code;
      }
    }
    const eligible = promo?.eligible ?? null;
    const lines = cartLines(cart).map((l) =>
      isPromoEligibleProduct(l, eligible) ? l : { ...l, disable_promocode_discount: true },
    );
    // The server applies the nth-order discount to a signed-in user's order; the store holds the one due next.
    const user =
      signedIn && registeredDiscount
        ? { registered: true, orderCount: registeredDiscount.orders_count, discount: registeredDiscount }
        : null;
    const total = calculateOrderTotal({
      lines,
      promo: promo?.result ?? null,
      orderType,
      settings: venue.settings,
      orderTypeConfig: config,
      ingredientPrices,
      delivery,
      cutleryCount,
      paymentMethod,
      user,
      now,
    });
    return { total, zone, zoneProblem };
    // ctx is rebuilt each render; its parts are listed instead.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    venue,
    ingredientPrices,
    cart,
    orderType,
    regionId,
    pin,
    cutleryCount,
    paymentMethod,
    promo,
    signedIn,
    registeredDiscount,
  ]);
}
