/**
 * Local adapter (until packages/domain/src/pricing offers a per-variant shown price): the unit price a guest sees
 * for a variant, and the old price to strike through when a discount applies (spec §2, §4, §9). The time-based
 * percent replaces the normal discount (domain rule); money discounts may be limited to preorder orders.
 */
import type { StoreProduct, StoreVariant } from '@trapeza/domain/contracts/menu';
import { percentOf, type Minor } from '@trapeza/domain/money';
import { activeTimeBasedPercent } from '@trapeza/domain/pricing/time-based-discount';
import type { OrderType } from '@trapeza/domain/order-status';

export interface ShownVariantPrice {
  price: Minor;
  oldPrice: Minor | null;
}

export function shownVariantPrice(
  product: Pick<
    StoreProduct,
    | 'discount_percent'
    | 'discount_money'
    | 'time_based_discount_enabled'
    | 'time_based_discount_days'
    | 'time_based_discount_start_hour'
    | 'time_based_discount_end_hour'
    | 'time_based_discount_percent'
  >,
  variant: Pick<StoreVariant, 'price'>,
  options: {
    now: Date;
    timeZone?: string;
    orderType?: OrderType | null;
    moneyDiscountOnlyForPreorder?: boolean;
  },
): ShownVariantPrice {
  const base = variant.price;
  const timePercent = activeTimeBasedPercent(product, options.now, options.timeZone);
  let discount = 0;
  if (timePercent != null) discount = percentOf(base, timePercent);
  else if (product.discount_percent > 0) discount = percentOf(base, product.discount_percent);
  else if (product.discount_money > 0 && (!options.moneyDiscountOnlyForPreorder || options.orderType === 3)) {
    discount = product.discount_money;
  }
  discount = Math.min(Math.max(discount, 0), base);
  return discount > 0 ? { price: base - discount, oldPrice: base } : { price: base, oldPrice: null };
}
