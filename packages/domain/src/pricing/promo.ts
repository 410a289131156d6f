/**
 * Promo codes (spec §3, §5, §9): a percent promo applies after the order-type discounts and only on eligible
 * products (not disable_promocode_discount); a money promo is capped at the remaining eligible amount.
 * ignore_other_discounts switches every other discount off for the order (see order-total.ts).
 */
import type { Minor } from '../money.ts';
import { discountAmount, type DiscountValueType } from './tiers.ts';

/** The promo check result (spec §3). Money values are minor units. */
export interface PromoResult {
  found: boolean;
  ignore_other_discounts: boolean;
  discount_type: DiscountValueType;
  discount_value: number;
}

/** Whether a line may take the promo discount (spec §5). */
export function isPromoEligible(line: { disable_promocode_discount?: boolean | number | null }): boolean {
  return !(line.disable_promocode_discount === true || line.disable_promocode_discount === 1);
}

/** A stored promo code's validity window and use count (spec §9 promo codes). */
export interface PromoValidity {
  valid_from: string | null;
  valid_to: string | null;
  max_uses: number | null;
  used_count: number;
}

/** Whether a promo code may be used at `now`: within its dates (inclusive, ISO instants) and not used up. */
export function isPromoValidAt(promo: PromoValidity, now: Date): boolean {
  const at = now.toISOString();
  return (
    (promo.valid_from === null || promo.valid_from <= at) &&
    (promo.valid_to === null || promo.valid_to >= at) &&
    (promo.max_uses === null || promo.used_count < promo.max_uses)
  );
}

/** A promo's eligible product ids from its stored JSON text; null = every product, also for unreadable text. */
export function parsePromoEligibleIds(json: string | null): number[] | null {
  try {
    const parsed: unknown = json ? JSON.parse(json) : null;
    return Array.isArray(parsed) ? parsed.map(Number) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a product takes the promo (spec §5): the product allows promo discounts and the promo names it (or
 * names no products). The server prices with it and the browser's order form shows the same total.
 */
export function isPromoEligibleProduct(
  product: { product_id: number; disable_promocode_discount?: boolean | number | null },
  eligibleIds: readonly number[] | null,
): boolean {
  return isPromoEligible(product) && (eligibleIds === null || eligibleIds.includes(product.product_id));
}

/** The promo discount on the eligible amount left after earlier discounts. */
export function promoDiscount(promo: PromoResult | null | undefined, eligibleRemaining: Minor): Minor {
  if (!promo?.found) return 0;
  return discountAmount(eligibleRemaining, promo.discount_type, Number(promo.discount_value));
}
