/**
 * What the order's price depends on besides its lines (orders.service.ts step 5): the promo code (also previewed by
 * POST promo-codes/check), the registered guest's loyalty (nth-order discount, accumulated amount) and the delivery
 * zone. The rules themselves are the domain's; this file reads their inputs.
 */
import {
  isPromoEligibleProduct,
  isPromoValidAt,
  parsePromoEligibleIds,
  type PromoResult,
} from '@trapeza/domain/pricing/promo';
import { isNthOrderDiscountDue, type UserOrderDiscount } from '@trapeza/domain/pricing/user-discount';
import type { DeliveryChoice } from '@trapeza/domain/delivery/delivery-price';
import { deliveryChoiceFor } from '@trapeza/domain/delivery/pin-zone';
import type { StorePromoCheckBody, StorePromoCheckResponse } from '@trapeza/domain/contracts/orders';
import { orderError } from './order-error.ts';
import type { OrderCallContext, OrderDraft } from './order-draft.ts';
import type { OrdersRepository } from './orders.repository.ts';

export function createOrderPricing(deps: { repo: OrdersRepository }) {
  const { repo } = deps;

  /**
   * POST promo-codes/check: the Promo result of spec §3 for the code and which of the cart's products it applies to.
   * A preview only — the order call checks the code again (#promo) and prices from the database.
   */
  async function checkPromo(
    body: StorePromoCheckBody,
    ctx: OrderCallContext,
  ): Promise<StorePromoCheckResponse> {
    const promo = await validPromo(ctx.placeId, body.code.trim(), ctx.now);
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
      const products = await repo.findProducts(ids);
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
  async function requirePromo(placeId: number, code: string, now: Date) {
    const promo = await validPromo(placeId, code, now);
    if (!promo) throw orderError(400, 'invalid_promo_code');
    return promo;
  }

  /** The promo code of the place if it is active, within its dates and not used up; else null. */
  async function validPromo(placeId: number, code: string, now: Date) {
    if (!code) return null;
    const row = await repo.findPromo(placeId, code);
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
  async function userPricing(placeId: number, userId: number, balance: number, requested: number) {
    const [orderCount, discounts] = await Promise.all([
      repo.countUserOrders(placeId, userId),
      repo.listActiveUserDiscounts(placeId),
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
  function deliveryChoice(
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

  return { checkPromo, requirePromo, userPricing, deliveryChoice };
}
