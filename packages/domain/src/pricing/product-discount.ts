/**
 * Product discounts per cart line (spec §3, §4, §9). Precedence (designed where the spec is silent):
 * 1. an active time-based discount: its percent replaces the normal discount;
 * 2. else discount_percent when > 0;
 * 3. else discount_money (minor units per unit, capped at the unit price), only for preorder (type 3) when
 *    calculate_product_discount_money_only_for_preorder_orders is on.
 * Percent discounts are rounded once per line (on unit price × quantity), never per unit.
 */
import { percentOf, type Minor } from '../money.ts';
import { DEFAULT_TIME_ZONE } from '../dates.ts';
import type { OrderType } from '../order-status.ts';
import { activeTimeBasedPercent, type TimeBasedDiscountFields } from './time-based-discount.ts';

export interface ProductDiscountFields extends TimeBasedDiscountFields {
  discount_percent?: number | string | null;
  discount_money?: Minor | string | null;
}

export type ProductDiscountKind = 'none' | 'time_based' | 'percent' | 'money';

export interface ProductDiscount {
  kind: ProductDiscountKind;
  /** The percent applied, for percent and time-based kinds. */
  percent: number;
  /** Discount for the whole line in minor units. */
  amount: Minor;
}

export interface ProductDiscountContext {
  now: Date;
  timeZone?: string;
  orderType: OrderType;
  moneyDiscountOnlyForPreorder: boolean;
}

/** The discount of one line with `unitPrice` × `quantity`. */
export function productLineDiscount(
  fields: ProductDiscountFields,
  unitPrice: Minor,
  quantity: number,
  ctx: ProductDiscountContext,
): ProductDiscount {
  const gross = unitPrice * quantity;
  if (gross <= 0) return { kind: 'none', percent: 0, amount: 0 };
  const timePercent = activeTimeBasedPercent(fields, ctx.now, ctx.timeZone ?? DEFAULT_TIME_ZONE);
  if (timePercent !== null) {
    return {
      kind: 'time_based',
      percent: timePercent,
      amount: Math.min(gross, percentOf(gross, timePercent)),
    };
  }
  const percent = Math.min(100, Number(fields.discount_percent ?? 0));
  if (percent > 0) return { kind: 'percent', percent, amount: Math.min(gross, percentOf(gross, percent)) };
  const money = Math.round(Number(fields.discount_money ?? 0));
  if (money > 0 && (!ctx.moneyDiscountOnlyForPreorder || ctx.orderType === 3)) {
    return { kind: 'money', percent: 0, amount: Math.min(unitPrice, money) * quantity };
  }
  return { kind: 'none', percent: 0, amount: 0 };
}

/** The price shown for one unit after its discount (for the struck-through display), never below zero. */
export function discountedUnitPrice(
  fields: ProductDiscountFields,
  unitPrice: Minor,
  ctx: ProductDiscountContext,
): Minor {
  return unitPrice - productLineDiscount(fields, unitPrice, 1, ctx).amount;
}
