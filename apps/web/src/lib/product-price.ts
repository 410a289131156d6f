/**
 * The unit price a guest sees for a variant and the old price to strike through (spec §2), from the domain's
 * product-discount rule. Without an order token the guest browses as a delivery visitor (domain visibility).
 */
import type { StoreVariant } from '@trapeza/domain/contracts/menu';
import type { Minor } from '@trapeza/domain/money';
import { ORDER_TYPES, type OrderType } from '@trapeza/domain/order-status';
import { discountedUnitPrice, type ProductDiscountFields } from '@trapeza/domain/pricing/product-discount';

export interface ShownVariantPrice {
  price: Minor;
  oldPrice: Minor | null;
}

export function shownVariantPrice(
  product: ProductDiscountFields,
  variant: Pick<StoreVariant, 'price'>,
  options: {
    now: Date;
    timeZone?: string;
    orderType?: OrderType | null;
    moneyDiscountOnlyForPreorder?: boolean;
  },
): ShownVariantPrice {
  const price = discountedUnitPrice(product, variant.price, {
    now: options.now,
    timeZone: options.timeZone,
    orderType: options.orderType ?? ORDER_TYPES.DELIVERY,
    moneyDiscountOnlyForPreorder: options.moneyDiscountOnlyForPreorder ?? false,
  });
  return price < variant.price
    ? { price, oldPrice: variant.price }
    : { price: variant.price, oldPrice: null };
}
