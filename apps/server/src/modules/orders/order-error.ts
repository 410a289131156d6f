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
import { DomainError } from '../../lib/domain-error.ts';

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

export type Lang = 'bg' | 'en';

/** The language of the texts in `message_trans`: English when the request asks for it, else Bulgarian. */
export function answerLanguage(headers: Record<string, string | string[] | undefined>): Lang {
  const raw = headers['lang'] ?? headers['accept-language'];
  const value = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  return /^\s*en\b/i.test(value) ? 'en' : 'bg';
}

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
const TABLE_MESSAGES: Record<string, { bg: string; en: string }> = {
  'Invalid session': {
    bg: 'Сесията е невалидна или изтекла. Моля сканирайте QR кода отново.',
    en: 'The session is invalid or has expired. Please scan the QR code again.',
  },
  invalid_qr_code: {
    bg: 'Невалиден QR код. Моля сканирайте отново.',
    en: 'Invalid QR code. Please scan again.',
  },
  bill_already_requested: { bg: 'Сметката вече е поискана.', en: 'The bill has already been requested.' },
  create_order_first: { bg: 'Моля, първо направете поръчка.', en: 'Please place an order first.' },
  invalid_promo_code: { bg: 'Промо кодът е невалиден.', en: 'The promo code is not valid.' },
  product_not_orderable: { bg: 'Този продукт не може да бъде поръчан', en: 'This product cannot be ordered' },
  min_count_addable_ingredients_reached: {
    bg: 'Изберете повече добавки.',
    en: 'Please choose more add-ons.',
  },
  max_count_addable_ingredients_reached: {
    bg: 'Избрани са твърде много добавки.',
    en: 'Too many add-ons chosen.',
  },
  invalid_order_data: {
    bg: 'Моля попълнете коректно всички данни',
    en: 'Please fill in all fields correctly',
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
