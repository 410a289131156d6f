/** Order error codes the server answers in payload.message (spec §8), exactly as the spec spells them. */

export const ORDER_ERROR_CODES = [
  'inactiveProductIngredientsIds',
  'inactiveProductsIds',
  'invalid_products_for_place',
  'orders_not_allowed',
  'noProductsToInsert',
  'card_payment_requires_login',
  'min_order_price_for_radius_not_fulfilled',
  'anon_user_banned',
  'invalid_delivery_shape',
  'too_mony_orders_for_session_in_x_seconds',
] as const;
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];

export function isOrderErrorCode(value: unknown): value is OrderErrorCode {
  return typeof value === 'string' && (ORDER_ERROR_CODES as readonly string[]).includes(value);
}

/** How the browser reacts to each code (spec §8). */
export type OrderErrorReaction =
  'remove_lines' | 'clear_cart_and_reload' | 'show_message' | 'open_login' | 'message_trans_or_default';

export const ORDER_ERROR_REACTIONS: Record<OrderErrorCode, OrderErrorReaction> = {
  inactiveProductIngredientsIds: 'remove_lines',
  inactiveProductsIds: 'remove_lines',
  invalid_products_for_place: 'clear_cart_and_reload',
  orders_not_allowed: 'show_message',
  noProductsToInsert: 'show_message',
  card_payment_requires_login: 'open_login',
  min_order_price_for_radius_not_fulfilled: 'message_trans_or_default',
  anon_user_banned: 'message_trans_or_default',
  invalid_delivery_shape: 'show_message',
  too_mony_orders_for_session_in_x_seconds: 'show_message',
};

/** Messages in Bulgarian and English (spec §8); the web app's i18n carries the other languages under the same keys. */
export const ORDER_ERROR_MESSAGES: Record<
  OrderErrorCode | 'other' | 'no_response',
  { bg: string; en: string }
> = {
  inactiveProductIngredientsIds: {
    bg: 'Някои от продуктите съдържат съставки, които вече не са налични. Натиснете „Поръчай“ отново или презаредете.',
    en: 'Some products contain ingredients that are no longer available. Press Order again or refresh.',
  },
  inactiveProductsIds: {
    bg: 'Някои продукти вече не са налични и бяха премахнати от количката.',
    en: 'Some products are no longer available and were removed from the cart.',
  },
  invalid_products_for_place: {
    bg: 'Опитахте да поръчате продукти от друго заведение. Моля, поръчайте отново.',
    en: 'You tried to order products from another venue. Please order again.',
  },
  orders_not_allowed: {
    bg: 'В момента не приемаме поръчки. Моля опитайте по-късно.',
    en: 'We are currently not accepting orders. Please try again later.',
  },
  noProductsToInsert: { bg: 'Количката е празна.', en: 'Your cart is empty.' },
  card_payment_requires_login: {
    bg: 'За да платите онлайн трябва да сте влезли в акаунта си',
    en: 'You need to be logged in to pay online',
  },
  min_order_price_for_radius_not_fulfilled: {
    bg: 'Моля, добавете още продукти.',
    en: 'Please add more products.',
  },
  anon_user_banned: { bg: 'Не можете да правите повече поръчки.', en: 'You cannot place more orders.' },
  invalid_delivery_shape: {
    bg: 'Моля, проверете или въведете отново адреса за доставка.',
    en: 'Please check or re-enter the delivery address.',
  },
  too_mony_orders_for_session_in_x_seconds: {
    bg: 'Същата поръчка е изпратена повече от веднъж. Опитайте отново след няколко секунди.',
    en: 'The same order was submitted more than once. Try again in a few seconds.',
  },
  other: { bg: 'Моля опитайте отново!!', en: 'Please try again!!' },
  no_response: {
    bg: 'Възникна грешка при изпращането на поръчката.',
    en: 'An error occurred while sending the order.',
  },
};

/**
 * Order codes the spec's catalogue lacks (designed, stable; documented with §8 in packages/domain/README.md). The
 * browser shows its own text for each (cart.errors.<code>, five languages); the server answers these bg/en texts
 * in message_trans.
 */
export const DESIGNED_ORDER_ERROR_CODES = ['order_amount_too_large'] as const;
export type DesignedOrderErrorCode = (typeof DESIGNED_ORDER_ERROR_CODES)[number];

export function isDesignedOrderErrorCode(value: unknown): value is DesignedOrderErrorCode {
  return typeof value === 'string' && (DESIGNED_ORDER_ERROR_CODES as readonly string[]).includes(value);
}

export const DESIGNED_ORDER_ERROR_MESSAGES: Record<DesignedOrderErrorCode, { bg: string; en: string }> = {
  // The limits are money.ts MAX_ORDER_LINE_AMOUNT and MAX_ORDER_AMOUNT (a test keeps the numbers equal).
  order_amount_too_large: {
    bg: 'Поръчката е твърде голяма: до 10 000.00 на ред и до 50 000.00 общо. Моля, разделете я или попитайте персонала.',
    en: 'The order is too large: at most 10,000.00 per line and 50,000.00 in total. Please split it or ask the staff.',
  },
};

/** Generic handler numbers (spec §8): 1 server response, 2 no response, 3 anything else. */
export type GenericErrorKind = 'response' | 'no_response' | 'other';

/** 'Възникна грешка #n' with the spec's extra line for a missing response. */
export function genericErrorMessage(kind: GenericErrorKind): string {
  if (kind === 'response') return 'Възникна грешка #1';
  if (kind === 'no_response') return 'Възникна грешка #2 Проблем със сървъра или слаб интернет!';
  return 'Възникна грешка #3';
}
