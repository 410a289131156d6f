/**
 * The one order total (spec §4, §5, §9): from cart lines, order type, venue settings, order-type config, promo,
 * user and `now` to a full breakdown in integer minor units. The server computes it authoritatively, the browser
 * for display; both call this function with the same input and get the same result.
 *
 * Steps, in order (each amount rounded once, where it is computed):
 *  1. per line: unit price = variant price + prices of the chosen required and addable ingredients;
 *     gross = unit × quantity; product discount (time-based › percent › money, see product-discount.ts);
 *  2. order-type discount: tier by the items amount after product discounts;
 *  3. per-category discount: value × distinct categories, on what is left;
 *  4. promo: percent or money on the eligible lines' share of what is left (after the order-type discounts);
 *  5. nth-order discount for a registered user, on what is left;
 *     → itemsTotal. With a promo whose ignore_other_discounts is set, steps 1–3 and 5 give 0.
 *  6. fees: delivery (zone price, free from its threshold, or the order-type price tier when no zone), the
 *     order-type price tier for other types, box fee, cutlery fee;
 *  7. accumulated order amount used (registered users; ≤ balance, ≤ amount payable);
 *  8. online payment tax on what remains;
 *  9. the caps of money.ts: a line's gross over MAX_ORDER_LINE_AMOUNT, or the subtotal or total over
 *     MAX_ORDER_AMOUNT, is the problem `order_amount_too_large`.
 * Invariant: subtotal − discounts.total + fees (without online tax) − accumulatedUsed + fees.onlinePayment = total,
 * i.e. subtotal − discountTotal + feeTotal − accumulatedUsed = total, and total >= 0.
 */
import { MAX_ORDER_AMOUNT, MAX_ORDER_LINE_AMOUNT, type Minor } from '../money.ts';
import { DEFAULT_TIME_ZONE } from '../dates.ts';
import type { OrderType } from '../order-status.ts';
import { cartLineKey, type CartLineIngredients } from '../cart.ts';
import { cutleryOptionOn } from '../settings.ts';
import type { DesignedOrderErrorCode, OrderErrorCode } from '../errors.ts';
import {
  productLineDiscount,
  type ProductDiscountFields,
  type ProductDiscountKind,
} from './product-discount.ts';
import { discountAmount, pickTier, type DiscountTier, type PriceTier } from './tiers.ts';
import { categoryDiscountAmount, distinctCategoryCount, type CategoryDiscount } from './category-discount.ts';
import { isPromoEligible, promoDiscount, type PromoResult } from './promo.ts';
import { accumulatedAmountUsed, nthOrderDiscountAmount, type UserOrderDiscount } from './user-discount.ts';
import { boxFee, cutleryFee, isOnlinePayment, onlinePaymentTax } from './fees.ts';
import {
  missingForMinimalOrder,
  resolveDeliveryZone,
  zoneDeliveryPrice,
  type DeliveryChoice,
  type DeliveryRadius,
  type DeliveryRegion,
  type DeliveryShape,
  type DeliveryZoneError,
} from '../delivery/delivery-price.ts';

/** The cart-line fields a total needs (a CartLine satisfies it). */
export interface OrderTotalLineInput extends ProductDiscountFields {
  product_variant_id: number;
  product_id: number;
  price: Minor;
  additional_price?: Minor | null;
  quantity: number;
  ingredients?: Partial<CartLineIngredients> | null;
  catHierarchyId?: number | null;
  disable_promocode_discount?: boolean | number | null;
}

/** Order type configuration (spec §3 "Order type") plus the venue's delivery regions. */
export interface OrderTypeConfig {
  type: OrderType;
  prices?: readonly PriceTier[] | null;
  discounts?: readonly DiscountTier[] | null;
  radiuses?: readonly DeliveryRadius[] | null;
  delivery_shapes?: readonly DeliveryShape[] | null;
  regions?: readonly DeliveryRegion[] | null;
}

/** The venue settings the total reads (a parsed VenueSettings satisfies it). */
export interface OrderTotalSettings {
  minimal_order_price: Minor;
  show_variant_additional_price: boolean;
  show_variant_additional_price_only_for_preorder: boolean;
  calculate_product_discount_money_only_for_preorder_orders: boolean;
  cutlery_option_delivery: boolean;
  cutlery_option_preorder: boolean;
  cutlery_option_room: boolean;
  cutlery_option_served_on_spot: boolean;
  cutlery_price: Minor;
  online_payment_tax_percent: number;
  online_payment_tax_fixed: Minor;
  time_zone?: string;
}

export interface OrderTotalUser {
  /** A logged-in registered user; guests get no nth-order discount and no accumulated amount. */
  registered: boolean;
  /** Orders the user placed before this one. */
  orderCount: number;
  discount?: UserOrderDiscount | null;
  /** accumulatedUserAmount balance. */
  accumulatedBalance?: Minor;
  /** accumulatedOrderAmountUsed the user asks to spend. */
  accumulatedRequested?: Minor;
}

export interface OrderTotalInput {
  lines: readonly OrderTotalLineInput[];
  orderType: OrderType;
  settings: OrderTotalSettings;
  orderTypeConfig?: OrderTypeConfig | null;
  /** Ingredient prices by id (minor units); missing ids cost 0. */
  ingredientPrices?: Readonly<Record<number, Minor>> | null;
  promo?: PromoResult | null;
  categoryDiscount?: CategoryDiscount | null;
  user?: OrderTotalUser | null;
  delivery?: DeliveryChoice | null;
  cutleryCount?: number;
  paymentMethod?: string | null;
  now: Date;
}

export interface OrderLineAmount {
  key: string;
  product_variant_id: number;
  quantity: number;
  unitPrice: Minor;
  gross: Minor;
  discountKind: ProductDiscountKind;
  discountPercent: number;
  productDiscount: Minor;
  net: Minor;
  promoEligible: boolean;
}

export interface OrderDiscounts {
  product: Minor;
  orderType: Minor;
  category: Minor;
  promo: Minor;
  user: Minor;
  total: Minor;
}

export interface OrderFees {
  delivery: Minor;
  orderType: Minor;
  box: Minor;
  cutlery: Minor;
  onlinePayment: Minor;
  total: Minor;
}

export type OrderTotalProblem =
  | Extract<
      OrderErrorCode,
      'noProductsToInsert' | 'min_order_price_for_radius_not_fulfilled' | 'invalid_delivery_shape'
    >
  | Exclude<DeliveryZoneError, 'invalid_delivery_shape'>
  | Extract<DesignedOrderErrorCode, 'order_amount_too_large'>;

export interface OrderTotal {
  lines: OrderLineAmount[];
  /** Σ line gross. */
  subtotal: Minor;
  discounts: OrderDiscounts;
  /** subtotal − discounts.total: what the goods cost. */
  itemsTotal: Minor;
  fees: OrderFees;
  accumulatedUsed: Minor;
  total: Minor;
  deliveryZone: { kind: 'region' | 'radius' | 'shape'; id: number } | null;
  /** Amount missing to reach minimal_order_price (delivery only). */
  missingForMinimalOrder: Minor;
  /** Reasons the order cannot be placed as it is; empty when it can. */
  problems: OrderTotalProblem[];
}

function ingredientPrice(
  ing: Partial<CartLineIngredients> | null | undefined,
  prices: OrderTotalInput['ingredientPrices'],
): Minor {
  if (!ing || !prices) return 0;
  let sum = 0;
  if (ing.required) sum += prices[ing.required] ?? 0;
  for (const id of new Set(ing.addable ?? [])) sum += prices[id] ?? 0;
  return sum;
}

/** Full price breakdown of an order; see the module comment for the steps. */
export function calculateOrderTotal(input: OrderTotalInput): OrderTotal {
  const { settings, orderType, now } = input;
  const timeZone = settings.time_zone ?? DEFAULT_TIME_ZONE;
  const ignoreOthers = input.promo?.found === true && input.promo.ignore_other_discounts === true;
  const problems: OrderTotalProblem[] = [];

  // 1. lines
  const lines: OrderLineAmount[] = input.lines.map((l) => {
    const quantity = Math.max(0, Math.floor(l.quantity));
    const unitPrice =
      Math.max(0, Math.round(l.price)) + ingredientPrice(l.ingredients, input.ingredientPrices);
    const gross = unitPrice * quantity;
    const d = ignoreOthers
      ? { kind: 'none' as const, percent: 0, amount: 0 }
      : productLineDiscount(l, unitPrice, quantity, {
          now,
          timeZone,
          orderType,
          moneyDiscountOnlyForPreorder: settings.calculate_product_discount_money_only_for_preorder_orders,
        });
    return {
      key: cartLineKey({
        product_variant_id: l.product_variant_id,
        ingredients: { required: 0, addable: [], removable: [], ...l.ingredients },
      }),
      product_variant_id: l.product_variant_id,
      quantity,
      unitPrice,
      gross,
      discountKind: d.kind,
      discountPercent: d.percent,
      productDiscount: d.amount,
      net: gross - d.amount,
      promoEligible: isPromoEligible(l),
    };
  });
  const counted = input.lines.filter((_, i) => (lines[i]?.quantity ?? 0) > 0);
  if (counted.length === 0) problems.push('noProductsToInsert');

  const subtotal = lines.reduce((s, l) => s + l.gross, 0);
  const productDiscount = lines.reduce((s, l) => s + l.productDiscount, 0);
  const afterProduct = subtotal - productDiscount;

  // 2. order-type discount tier
  const tier = ignoreOthers ? null : pickTier(input.orderTypeConfig?.discounts, afterProduct, now, timeZone);
  const orderTypeDiscount = tier ? discountAmount(afterProduct, tier.value_type, tier.value) : 0;

  // 3. per-category discount
  const categoryDiscount = ignoreOthers
    ? 0
    : categoryDiscountAmount(
        input.categoryDiscount,
        distinctCategoryCount(counted),
        afterProduct - orderTypeDiscount,
      );

  // 4. promo, on the eligible lines' share of what is left after the order-level discounts
  const remainingBeforePromo = afterProduct - orderTypeDiscount - categoryDiscount;
  const eligibleNet = lines.reduce((s, l) => s + (l.promoEligible ? l.net : 0), 0);
  const eligibleShare =
    afterProduct > 0 ? Math.round((remainingBeforePromo * eligibleNet) / afterProduct) : 0;
  const promo = Math.min(
    remainingBeforePromo,
    promoDiscount(input.promo, Math.min(eligibleShare, remainingBeforePromo)),
  );

  // 5. nth-order discount
  const remainingBeforeUser = remainingBeforePromo - promo;
  const user = input.user?.registered ? input.user : null;
  const userDiscount =
    ignoreOthers || !user ? 0 : nthOrderDiscountAmount(user.discount, user.orderCount, remainingBeforeUser);

  const discountTotal = productDiscount + orderTypeDiscount + categoryDiscount + promo + userDiscount;
  const itemsTotal = subtotal - discountTotal;

  // 6. fees
  let delivery = 0;
  let orderTypeFee = 0;
  let deliveryZone: OrderTotal['deliveryZone'] = null;
  const priceTier = pickTier(input.orderTypeConfig?.prices, itemsTotal, now, timeZone);
  if (orderType === 2) {
    if (input.delivery) {
      const zone = resolveDeliveryZone(
        input.delivery,
        {
          regions: input.orderTypeConfig?.regions,
          radiuses: input.orderTypeConfig?.radiuses,
          delivery_shapes: input.orderTypeConfig?.delivery_shapes,
        },
        now,
        timeZone,
      );
      if (zone.ok) {
        deliveryZone = { kind: zone.zone.kind, id: zone.zone.id };
        delivery = zoneDeliveryPrice(zone.zone, itemsTotal);
      } else {
        problems.push(zone.code);
      }
    } else if (priceTier) {
      delivery = Math.max(0, priceTier.price);
    }
  } else if (priceTier) {
    orderTypeFee = Math.max(0, priceTier.price);
  }
  const missing = missingForMinimalOrder(orderType, itemsTotal, settings.minimal_order_price);
  if (missing > 0) problems.push('min_order_price_for_radius_not_fulfilled');

  const box = boxFee(
    lines.map((l, i) => ({ quantity: l.quantity, additional_price: input.lines[i]?.additional_price ?? 0 })),
    settings,
    orderType,
  );
  const cutlery = cutleryOptionOn(settings, orderType)
    ? cutleryFee(input.cutleryCount ?? 0, settings.cutlery_price)
    : 0;

  // 7. accumulated amount
  const beforeAccumulated = itemsTotal + delivery + orderTypeFee + box + cutlery;
  const accumulatedUsed = user
    ? accumulatedAmountUsed(user.accumulatedRequested ?? 0, user.accumulatedBalance ?? 0, beforeAccumulated)
    : 0;

  // 8. online payment tax
  const payable = beforeAccumulated - accumulatedUsed;
  const onlinePayment = isOnlinePayment(input.paymentMethod)
    ? onlinePaymentTax(payable, settings.online_payment_tax_percent, settings.online_payment_tax_fixed)
    : 0;

  const feeTotal = delivery + orderTypeFee + box + cutlery + onlinePayment;
  const total = payable + onlinePayment;
  // 9. caps (money.ts): a line or the order beyond them is refused, never stored nor overflowing a column.
  if (
    lines.some((l) => l.gross > MAX_ORDER_LINE_AMOUNT) ||
    subtotal > MAX_ORDER_AMOUNT ||
    total > MAX_ORDER_AMOUNT
  ) {
    problems.push('order_amount_too_large');
  }
  return {
    lines,
    subtotal,
    discounts: {
      product: productDiscount,
      orderType: orderTypeDiscount,
      category: categoryDiscount,
      promo,
      user: userDiscount,
      total: discountTotal,
    },
    itemsTotal,
    fees: { delivery, orderType: orderTypeFee, box, cutlery, onlinePayment, total: feeTotal },
    accumulatedUsed,
    total,
    deliveryZone,
    missingForMinimalOrder: missing,
    problems,
  };
}
