/**
 * The displayed price breakdown (spec §4, §9): the domain engine (calculateOrderTotal) with the cart, the chosen
 * order type and its configuration from GET place, the delivery zone for the pin or region, cutlery and payment.
 * Display only: the server prices the order itself (and checks the promo code again) and answers the total it stored.
 */
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
import type { PromoResult } from '@trapeza/domain/pricing/promo';
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

export function orderTypeConfig(ctx: CartContext, orderType: OrderType): OrderTypeConfig | null {
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
  return useMemo(() => {
    const now = new Date();
    const timeZone = venue.settings.time_zone;
    const config = orderTypeConfig(ctx, orderType);
    let delivery = null;
    let zone: DeliveryZone | null = null;
    let zoneProblem: string | null = null;
    if (orderType === 2) {
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
      eligible !== null && !eligible.includes(l.product_id) ? { ...l, disable_promocode_discount: true } : l,
    );
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
      now,
    });
    return { total, zone, zoneProblem };
    // ctx is rebuilt each render; its parts are listed instead.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [venue, ingredientPrices, cart, orderType, regionId, pin, cutleryCount, paymentMethod, promo]);
}
