/**
 * Registered-user discounts (spec §3, §6, §9): the nth-order discount applies when on_order_number equals the
 * user's order count plus one; the accumulated order amount used is limited to the user's balance (and to the
 * amount payable, so a total never goes negative).
 */
import type { Minor } from '../money.ts';
import { discountAmount, type DiscountValueType } from './tiers.ts';

export interface UserOrderDiscount {
  on_order_number: number;
  discount_type: DiscountValueType;
  discount_amount: number;
}

/** Whether the nth-order discount applies to the order about to be placed. */
export function isNthOrderDiscountDue(
  discount: UserOrderDiscount | null | undefined,
  orderCount: number,
): boolean {
  return discount != null && Number(discount.on_order_number) === orderCount + 1;
}

/** The nth-order discount on `base`, 0 when not due. */
export function nthOrderDiscountAmount(
  discount: UserOrderDiscount | null | undefined,
  orderCount: number,
  base: Minor,
): Minor {
  if (!discount || !isNthOrderDiscountDue(discount, orderCount)) return 0;
  return discountAmount(base, discount.discount_type, Number(discount.discount_amount));
}

/** Accumulated amount actually used: the request limited to the balance and to the payable amount, never negative. */
export function accumulatedAmountUsed(requested: Minor, balance: Minor, payable: Minor): Minor {
  return Math.max(0, Math.min(Math.round(requested), Math.round(balance), payable));
}
