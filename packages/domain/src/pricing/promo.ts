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

/** The promo discount on the eligible amount left after earlier discounts. */
export function promoDiscount(promo: PromoResult | null | undefined, eligibleRemaining: Minor): Minor {
  if (!promo?.found) return 0;
  return discountAmount(eligibleRemaining, promo.discount_type, Number(promo.discount_value));
}
