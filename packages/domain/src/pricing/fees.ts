/**
 * Fees (spec §9): box fee (variant additional_price) only when show_variant_additional_price is on, when the
 * preorder-only flag is set only for preorder (3), and only for the order types of box_fee_order_types (designed,
 * issue 24: by default delivery, pickup and room service — a dine-in plate has no box); cutlery fee per piece; online payment tax = percent × amount +
 * fixed. Designed: the online tax applies to methods containing 'online' and to 'epay', and not to a zero amount.
 */
import { percentOf, type Minor } from '../money.ts';
import type { OrderType } from '../order-status.ts';

/** Order types charged the box fee by default (issue 24): delivery, pickup and room service, not dine-in (spot). */
export const DEFAULT_BOX_FEE_ORDER_TYPES: readonly OrderType[] = [2, 3, 6];

export function boxFee(
  lines: readonly { additional_price?: Minor | null; quantity: number }[],
  settings: {
    show_variant_additional_price: boolean;
    show_variant_additional_price_only_for_preorder: boolean;
    /** designed (issue 24): the order types that pay the box fee; unset = DEFAULT_BOX_FEE_ORDER_TYPES. */
    box_fee_order_types?: readonly number[] | null;
  },
  orderType: OrderType,
): Minor {
  if (!settings.show_variant_additional_price) return 0;
  if (settings.show_variant_additional_price_only_for_preorder && orderType !== 3) return 0;
  if (!(settings.box_fee_order_types ?? DEFAULT_BOX_FEE_ORDER_TYPES).includes(orderType)) return 0;
  return lines.reduce((sum, l) => sum + Math.max(0, l.additional_price ?? 0) * Math.max(0, l.quantity), 0);
}

/** The most cutlery sets one order may ask for (the order bodies' `count_cutlery`, the order form's stepper). */
export const MAX_CUTLERY_COUNT = 100;

export function cutleryFee(pieces: number, pricePerPiece: Minor): Minor {
  if (!(pieces > 0) || !(pricePerPiece > 0)) return 0;
  return Math.floor(pieces) * pricePerPiece;
}

/**
 * Payment types (spec §9): cash, card, card on delivery, epay / online, Bizum, on room bill. The single source of the
 * list: contracts/orders.ts (PaymentMethodSchema) and settings-catalogue.ts import it from here.
 */
export const PAYMENT_METHODS = [
  'cash',
  'card',
  'card_on_delivery',
  'epay',
  'online',
  'bizum',
  'room_bill',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The payment methods a guest may choose for an order type (spec §6, §9; issue 25): the venue's `payment_types`
 * (comma-separated; unknown names dropped), of which `room_bill` only for room service (6), `card_on_delivery` only
 * for delivery (2), and the methods paid online through a provider (epay, online, Bizum) only while the place's
 * `payments` module is on. A spot order (1) carries no payment method. The server refuses anything else; the
 * order form offers exactly these.
 */
export function paymentMethodsFor(
  paymentTypes: string | readonly string[] | null | undefined,
  orderType: OrderType,
  modules: readonly string[],
  /**
   * `roomSession: false` — the guest has no room session (no room QR scanned): billing to a room is not offered,
   * since a typed room number is anyone's guess (issue "Security hardening"). Unknown (undefined) keeps it.
   */
  context: {
    roomSession?: boolean;
    /**
     * The venue's currency (venueCurrency(settings).code): a method paid through a provider that takes none of it
     * (a CHF venue: ePay and Redsys take BGN, EUR and USD) is not offered — the server would answer its payment 503
     * `payment_currency_not_supported`. Unknown (undefined) keeps them.
     */
    currency?: string;
  } = {},
): PaymentMethod[] {
  if (orderType === 1) return [];
  const listed =
    typeof paymentTypes === 'string' ? paymentTypes.split(',') : paymentTypes ? [...paymentTypes] : ['cash'];
  const paymentsOn = modules.includes('payments');
  const offered: PaymentMethod[] = [];
  for (const raw of listed) {
    const m = raw.trim() as PaymentMethod;
    if (!(PAYMENT_METHODS as readonly string[]).includes(m) || offered.includes(m)) continue;
    if (m === 'room_bill' && (orderType !== 6 || context.roomSession === false)) continue;
    if (m === 'card_on_delivery' && orderType !== 2) continue;
    if ((isOnlinePayment(m) || m === 'bizum') && !paymentsOn) continue;
    if (context.currency !== undefined && !onlinePaymentTakes(m, context.currency)) continue;
    offered.push(m);
  }
  return offered;
}

/**
 * The currencies each payment provider takes (reference/payments.md: ePay's `CURRENCY` BGN, EUR or USD; Redsys's
 * `DS_MERCHANT_CURRENCY` 975, 978 or 840). The providers' checkouts refuse any other (503
 * `payment_currency_not_supported`), and the order form does not offer their methods in it.
 */
export const PROVIDER_CURRENCIES = {
  epay: ['BGN', 'EUR', 'USD'],
  redsys: ['BGN', 'EUR', 'USD'],
} as const satisfies Record<string, readonly string[]>;
export type PaymentProvider = keyof typeof PROVIDER_CURRENCIES;

/** Whether a provider takes payments in a currency (ISO code, any case). */
export function providerTakesCurrency(provider: PaymentProvider, currency: string): boolean {
  return (PROVIDER_CURRENCIES[provider] as readonly string[]).includes(currency.trim().toUpperCase());
}

/**
 * Whether a method can be paid in the currency: a method not paid through a provider (cash, card at the venue, room
 * bill) always; 'epay' through ePay; Bizum through Redsys; another online method through ePay or, without an ePay
 * account, Redsys (either will do).
 */
export function onlinePaymentTakes(method: string, currency: string): boolean {
  if (method === 'bizum') return providerTakesCurrency('redsys', currency);
  if (method === 'epay') return providerTakesCurrency('epay', currency);
  if (isOnlinePayment(method))
    return providerTakesCurrency('epay', currency) || providerTakesCurrency('redsys', currency);
  return true;
}

/** Whether a method is paid online (spec §4: includes 'online'; epay is the online card provider). */
export function isOnlinePayment(method: string | null | undefined): boolean {
  if (!method) return false;
  return method.includes('online') || method === 'epay';
}

/** Methods paid online through a provider that are not covered by isOnlinePayment: Bizum goes through Redsys. */
const LOGIN_REQUIRED_PAYMENT_METHODS: readonly string[] = [
  'card',
  'bizum',
] satisfies readonly PaymentMethod[];

/**
 * Whether a method needs a logged-in user (spec §6: "Card or online payment needs login"): card, every online
 * method (isOnlinePayment: 'online', 'epay') and Bizum, which is paid online through Redsys. The online payment tax
 * (onlinePaymentTax) still applies only to isOnlinePayment methods.
 */
export function paymentRequiresLogin(method: string | null | undefined): boolean {
  if (!method) return false;
  return LOGIN_REQUIRED_PAYMENT_METHODS.includes(method) || isOnlinePayment(method);
}

/** Online payment tax on `amount`: percent × amount + fixed, 0 on a zero amount. */
export function onlinePaymentTax(amount: Minor, percent: number, fixed: Minor): Minor {
  if (amount <= 0) return 0;
  return Math.max(0, percentOf(amount, percent > 0 ? percent : 0) + Math.max(0, fixed));
}
