/**
 * Errors of the ordering and table calls. The browser switches on `payload.message` (spec §8), so `message` is the
 * code itself; `message_trans` is the text to show, and whatever the reaction needs (the ids of the lines to
 * remove, the missing amount, the failing fields) rides at the top level of the answer, as contracts/orders.ts
 * (StoreOrderError) documents. The same extras are also kept in DomainError `details`, so the app-wide handler
 * still answers something useful if it ever sees one of these first.
 */
import type { FastifyInstance } from 'fastify';
import {
  DESIGNED_ORDER_ERROR_MESSAGES,
  ORDER_ERROR_MESSAGES,
  isDesignedOrderErrorCode,
  isOrderErrorCode,
} from '@trapeza/domain/errors';
import { VALIDATION_MESSAGES, type ValidationCode } from '@trapeza/domain/validation';
import type { StoreFieldError, StoreOrderError } from '@trapeza/domain/contracts/orders';
import type { Language } from '@trapeza/domain/i18n';
import { DomainError } from '../../lib/domain-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';

export type OrderErrorExtras = Omit<StoreOrderError, 'code' | 'message' | 'message_trans'>;

export class OrderError extends DomainError {
  override name = 'OrderError';
  readonly extras: OrderErrorExtras;

  constructor(statusCode: number, code: string, extras: OrderErrorExtras = {}, messageTrans?: string) {
    super(statusCode, code, code, {
      ...(Object.keys(extras).length > 0 ? { details: extras } : {}),
      ...(messageTrans !== undefined ? { messageTrans } : {}),
    });
    this.extras = extras;
  }
}

/** Every answer's `message_trans` is in the guest's language, one of the five (spec §1). */
export type Lang = Language;

/** The language of the texts in `message_trans`: the `lang` header, else Accept-Language, else Bulgarian. */
export const answerLanguage = requestLanguage;

/** A §8 order error (or a designed one of errors.ts) with its text in `lang` (packages/domain/errors.ts). */
export function orderError(
  statusCode: number,
  code: string,
  lang: Lang,
  extras: OrderErrorExtras = {},
): OrderError {
  const text = isOrderErrorCode(code)
    ? ORDER_ERROR_MESSAGES[code][lang]
    : isDesignedOrderErrorCode(code)
      ? DESIGNED_ORDER_ERROR_MESSAGES[code][lang]
      : ORDER_ERROR_MESSAGES.other[lang];
  return new OrderError(statusCode, code, extras, text);
}

/** Designed codes of the table calls (contracts TABLE_ERROR_CODES) with their texts. */
const TABLE_MESSAGES: Record<string, Record<Language, string>> = {
  'Invalid session': {
    bg: 'Сесията е невалидна или изтекла. Моля сканирайте QR кода отново.',
    en: 'The session is invalid or has expired. Please scan the QR code again.',
    es: 'La sesión no es válida o ha caducado. Escanee de nuevo el código QR.',
    de: 'Die Sitzung ist ungültig oder abgelaufen. Bitte scannen Sie den QR-Code erneut.',
    'fr-CH': 'La session est invalide ou a expiré. Veuillez scanner à nouveau le code QR.',
  },
  invalid_qr_code: {
    bg: 'Невалиден QR код. Моля сканирайте отново.',
    en: 'Invalid QR code. Please scan again.',
    es: 'Código QR no válido. Escanee de nuevo.',
    de: 'Ungültiger QR-Code. Bitte erneut scannen.',
    'fr-CH': 'Code QR invalide. Veuillez scanner à nouveau.',
  },
  bill_already_requested: {
    bg: 'Сметката вече е поискана.',
    en: 'The bill has already been requested.',
    es: 'La cuenta ya ha sido pedida.',
    de: 'Die Rechnung wurde bereits angefordert.',
    'fr-CH': 'L’addition a déjà été demandée.',
  },
  create_order_first: {
    bg: 'Моля, първо направете поръчка.',
    en: 'Please place an order first.',
    es: 'Primero haga un pedido.',
    de: 'Bitte bestellen Sie zuerst.',
    'fr-CH': 'Veuillez d’abord passer une commande.',
  },
  invalid_promo_code: {
    bg: 'Промо кодът е невалиден.',
    en: 'The promo code is not valid.',
    es: 'El código promocional no es válido.',
    de: 'Der Gutscheincode ist ungültig.',
    'fr-CH': 'Le code promo n’est pas valide.',
  },
  product_not_orderable: {
    bg: 'Този продукт не може да бъде поръчан',
    en: 'This product cannot be ordered',
    es: 'Este producto no se puede pedir',
    de: 'Dieses Produkt kann nicht bestellt werden',
    'fr-CH': 'Ce produit ne peut pas être commandé',
  },
  min_count_addable_ingredients_reached: {
    bg: 'Изберете повече добавки.',
    en: 'Please choose more add-ons.',
    es: 'Elija más extras.',
    de: 'Bitte wählen Sie mehr Extras.',
    'fr-CH': 'Veuillez choisir plus de suppléments.',
  },
  max_count_addable_ingredients_reached: {
    bg: 'Избрани са твърде много добавки.',
    en: 'Too many add-ons chosen.',
    es: 'Ha elegido demasiados extras.',
    de: 'Es wurden zu viele Extras gewählt.',
    'fr-CH': 'Trop de suppléments choisis.',
  },
  order_not_found: {
    bg: 'Няма такава поръчка. Проверете линка от писмото или от екрана след поръчката.',
    en: 'No such order. Please check the link from the e-mail or the screen after ordering.',
    es: 'No existe ese pedido. Compruebe el enlace del correo o de la pantalla tras el pedido.',
    de: 'Diese Bestellung gibt es nicht. Bitte prüfen Sie den Link aus der E-Mail oder vom Bildschirm nach der Bestellung.',
    'fr-CH': 'Cette commande n’existe pas. Vérifiez le lien de l’e-mail ou de l’écran après la commande.',
  },
  invalid_order_data: {
    bg: 'Моля попълнете коректно всички данни',
    en: 'Please fill in all fields correctly',
    es: 'Rellene correctamente todos los datos',
    de: 'Bitte füllen Sie alle Felder korrekt aus',
    'fr-CH': 'Veuillez remplir correctement tous les champs',
  },
};

/** An error of the table / bill / user-need calls, or a designed order code outside §8. */
export function tableError(
  statusCode: number,
  code: string,
  lang: Lang,
  extras: OrderErrorExtras = {},
): OrderError {
  return new OrderError(statusCode, code, extras, (TABLE_MESSAGES[code] ?? ORDER_ERROR_MESSAGES.other)[lang]);
}

/** A 400 listing the failing fields with their domain validation codes. */
export function validationError(errors: StoreFieldError[], lang: Lang): OrderError {
  const first = errors[0];
  const text =
    first && first.code in VALIDATION_MESSAGES
      ? VALIDATION_MESSAGES[first.code as ValidationCode][lang]
      : TABLE_MESSAGES.invalid_order_data![lang];
  return new OrderError(400, 'invalid_order_data', { errors }, text);
}

/**
 * Scoped error handler of the ordering route plugins: answers an OrderError flat, as the contract says, and hands
 * anything else to the app-wide handler (a throw from a child handler reaches the parent's).
 */
export function registerOrderErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof OrderError)) throw error;
    const body: StoreOrderError = {
      code: error.code,
      message: error.message,
      ...(error.messageTrans !== undefined ? { message_trans: error.messageTrans } : {}),
      ...error.extras,
    };
    return reply.code(error.statusCode).send(body);
  });
}
