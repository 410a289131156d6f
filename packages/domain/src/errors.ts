/** Order error codes the server answers in payload.message (spec §8), exactly as the spec spells them. */
import type { Language } from './i18n.ts';

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

/** Messages in the five languages (spec §8); the web app's i18n shows the same texts under the same keys. */
export const ORDER_ERROR_MESSAGES: Record<
  OrderErrorCode | 'other' | 'no_response',
  Record<Language, string>
> = {
  inactiveProductIngredientsIds: {
    bg: 'Някои от продуктите съдържат съставки, които вече не са налични. Натиснете „Поръчай“ отново или презаредете.',
    en: 'Some products contain ingredients that are no longer available. Press Order again or refresh.',
    es: 'Algunos productos contienen ingredientes que ya no están disponibles. Pulse Pedir de nuevo o recargue la página.',
    de: 'Einige Produkte enthalten Zutaten, die nicht mehr verfügbar sind. Drücken Sie erneut auf Bestellen oder laden Sie die Seite neu.',
    'fr-CH':
      'Certains produits contiennent des ingrédients qui ne sont plus disponibles. Appuyez de nouveau sur Commander ou actualisez.',
  },
  inactiveProductsIds: {
    bg: 'Някои продукти вече не са налични и бяха премахнати от количката.',
    en: 'Some products are no longer available and were removed from the cart.',
    es: 'Algunos productos ya no están disponibles y se han quitado del carrito.',
    de: 'Einige Produkte sind nicht mehr verfügbar und wurden aus dem Warenkorb entfernt.',
    'fr-CH': 'Certains produits ne sont plus disponibles et ont été retirés du panier.',
  },
  invalid_products_for_place: {
    bg: 'Опитахте да поръчате продукти от друго заведение. Моля, поръчайте отново.',
    en: 'You tried to order products from another venue. Please order again.',
    es: 'Ha intentado pedir productos de otro local. Vuelva a hacer el pedido.',
    de: 'Sie haben Produkte eines anderen Lokals bestellt. Bitte bestellen Sie erneut.',
    'fr-CH': 'Vous avez commandé des produits d’un autre établissement. Veuillez commander à nouveau.',
  },
  orders_not_allowed: {
    bg: 'В момента не приемаме поръчки. Моля опитайте по-късно.',
    en: 'We are currently not accepting orders. Please try again later.',
    es: 'En este momento no aceptamos pedidos. Inténtelo más tarde.',
    de: 'Wir nehmen derzeit keine Bestellungen an. Bitte versuchen Sie es später.',
    'fr-CH': 'Nous ne prenons pas de commandes pour le moment. Veuillez réessayer plus tard.',
  },
  noProductsToInsert: {
    bg: 'Количката е празна.',
    en: 'Your cart is empty.',
    es: 'El carrito está vacío.',
    de: 'Ihr Warenkorb ist leer.',
    'fr-CH': 'Votre panier est vide.',
  },
  card_payment_requires_login: {
    bg: 'За да платите онлайн трябва да сте влезли в акаунта си',
    en: 'You need to be logged in to pay online',
    es: 'Para pagar en línea debe iniciar sesión',
    de: 'Um online zu bezahlen, müssen Sie angemeldet sein',
    'fr-CH': 'Pour payer en ligne, vous devez être connecté',
  },
  min_order_price_for_radius_not_fulfilled: {
    bg: 'Моля, добавете още продукти.',
    en: 'Please add more products.',
    es: 'Añada más productos.',
    de: 'Bitte fügen Sie weitere Produkte hinzu.',
    'fr-CH': 'Veuillez ajouter d’autres produits.',
  },
  anon_user_banned: {
    bg: 'Не можете да правите повече поръчки.',
    en: 'You cannot place more orders.',
    es: 'No puede hacer más pedidos.',
    de: 'Sie können keine weiteren Bestellungen aufgeben.',
    'fr-CH': 'Vous ne pouvez plus passer de commandes.',
  },
  invalid_delivery_shape: {
    bg: 'Моля, проверете или въведете отново адреса за доставка.',
    en: 'Please check or re-enter the delivery address.',
    es: 'Compruebe o vuelva a introducir la dirección de entrega.',
    de: 'Bitte prüfen Sie die Lieferadresse oder geben Sie sie erneut ein.',
    'fr-CH': 'Veuillez vérifier ou saisir à nouveau l’adresse de livraison.',
  },
  too_mony_orders_for_session_in_x_seconds: {
    bg: 'Същата поръчка е изпратена повече от веднъж. Опитайте отново след няколко секунди.',
    en: 'The same order was submitted more than once. Try again in a few seconds.',
    es: 'El mismo pedido se ha enviado más de una vez. Inténtelo de nuevo en unos segundos.',
    de: 'Dieselbe Bestellung wurde mehrfach gesendet. Versuchen Sie es in ein paar Sekunden erneut.',
    'fr-CH': 'La même commande a été envoyée plusieurs fois. Réessayez dans quelques secondes.',
  },
  other: {
    bg: 'Моля опитайте отново!!',
    en: 'Please try again!!',
    es: '¡¡Inténtelo de nuevo!!',
    de: 'Bitte versuchen Sie es erneut!!',
    'fr-CH': 'Veuillez réessayer !!',
  },
  no_response: {
    bg: 'Възникна грешка при изпращането на поръчката.',
    en: 'An error occurred while sending the order.',
    es: 'Se ha producido un error al enviar el pedido.',
    de: 'Beim Senden der Bestellung ist ein Fehler aufgetreten.',
    'fr-CH': 'Une erreur s’est produite lors de l’envoi de la commande.',
  },
};

/**
 * message_trans of an inactiveProductIngredientsIds refusal for a line without its required ingredient (issue 25
 * #9): the spec's code (the browser removes the line and names it), a text that says which product and what to do.
 */
export const REQUIRED_INGREDIENT_MISSING_MESSAGES: Record<Language, (names: string) => string> = {
  bg: (names) => `Изберете задължителната съставка за „${names}“ и добавете продукта отново.`,
  en: (names) => `Choose the required ingredient for “${names}” and add the product again.`,
  es: (names) => `Elija el ingrediente obligatorio de «${names}» y vuelva a añadir el producto.`,
  de: (names) => `Wählen Sie die Pflichtzutat für „${names}“ und fügen Sie das Produkt erneut hinzu.`,
  'fr-CH': (names) =>
    `Choisissez l’ingrédient obligatoire pour « ${names} » et ajoutez de nouveau le produit.`,
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

export const DESIGNED_ORDER_ERROR_MESSAGES: Record<DesignedOrderErrorCode, Record<Language, string>> = {
  // The limits are money.ts MAX_ORDER_LINE_AMOUNT and MAX_ORDER_AMOUNT (a test keeps the numbers equal).
  order_amount_too_large: {
    bg: 'Поръчката е твърде голяма: до 10 000.00 на ред и до 50 000.00 общо. Моля, разделете я или попитайте персонала.',
    en: 'The order is too large: at most 10,000.00 per line and 50,000.00 in total. Please split it or ask the staff.',
    es: 'El pedido es demasiado grande: como máximo 10.000,00 por línea y 50.000,00 en total. Divídalo o pregunte al personal.',
    de: 'Die Bestellung ist zu groß: höchstens 10’000.00 pro Position und 50’000.00 insgesamt. Bitte teilen Sie sie auf oder fragen Sie das Personal.',
    'fr-CH':
      'La commande est trop importante : au plus 10’000.00 par ligne et 50’000.00 au total. Veuillez la diviser ou demander au personnel.',
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
