/**
 * Factories of the ordering and table calls' refusals. The browser switches on `payload.message` (spec §8), so
 * `message` is the code itself; whatever the reaction needs (the ids of the lines to remove, the missing amount, the
 * failing fields) rides at the top level of the answer, as contracts/orders.ts (StoreOrderError) documents. They are
 * plain DomainErrors: the app-wide handler answers them, with `message_trans` in the guest's language
 * (lib/error-texts.ts).
 */
import { VALIDATION_MESSAGES, type ValidationCode } from '@trapeza/domain/validation';
import type { StoreFieldError, StoreOrderError } from '@trapeza/domain/contracts/orders';
import type { Language } from '@trapeza/domain/i18n';
import { DomainError, detail } from '../../lib/domain-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';

export type OrderErrorExtras = Omit<StoreOrderError, 'code' | 'message' | 'message_trans'>;

/** Every answer's `message_trans` is in the guest's language, one of the five (spec §1). */
export type Lang = Language;

/** The guest's language: the `lang` header, else Accept-Language, else Bulgarian. */
export const answerLanguage = requestLanguage;

/** A §8 order error, a designed order code or a code of the table / bill / user-need calls. */
export function orderError(statusCode: number, code: string, extras: OrderErrorExtras = {}): DomainError {
  return new DomainError(statusCode, code, code, Object.keys(extras).length > 0 ? { fields: extras } : {});
}

const isValidationCode = (code: string): code is ValidationCode => Object.hasOwn(VALIDATION_MESSAGES, code);

/** A 400 listing the failing fields with their domain validation codes (`errors`, and the same as `details`). */
export function validationError(errors: StoreFieldError[]): DomainError {
  const first = errors[0];
  return new DomainError(400, 'invalid_order_data', 'invalid_order_data', {
    fields: { errors },
    details: errors.map((e) =>
      detail(e.field, e.code, isValidationCode(e.code) ? VALIDATION_MESSAGES[e.code].en : e.code),
    ),
    // The first field's own text says what to fix; without one, invalid_order_data's.
    ...(first && isValidationCode(first.code) ? { text: VALIDATION_MESSAGES[first.code] } : {}),
  });
}
