/**
 * The text for a failed accounts call (spec §8): the account codes (login_fail, email_taken, …) and the domain's
 * validation codes in the guest's language from the account texts; anything else the generic 'error #n' text.
 */
import type { TFunction } from 'i18next';
import type { AccountErrorCode } from '@trapeza/domain/contracts/users';
import { VALIDATION_CODES, type ValidationCode } from '@trapeza/domain/validation';
import { ApiRequestError } from '../../../lib/api-client.ts';

// The contracts' ACCOUNT_ERROR_CODES is a value of a zod module; a typed list keeps zod out of the bundle, and
// `satisfies` fails the build if a code is not one of the contract's.
const ACCOUNT_CODES = [
  'login_fail',
  'email_taken',
  'reset_token_invalid',
  'confirm_token_invalid',
  'current_password_invalid',
  'unauthorized',
  'forbidden',
  'user_banned',
  'rate_limited',
  'payments_module_disabled',
] as const satisfies readonly AccountErrorCode[];
const known = new Set<string>([...ACCOUNT_CODES, ...VALIDATION_CODES]);
const isValidationCode = (c: string): c is ValidationCode =>
  (VALIDATION_CODES as readonly string[]).includes(c);

/** `fallbackKey`: the text for server errors without a known code (edit profile: edit_profile_error). */
export function accountErrorText(error: unknown, t: TFunction, fallbackKey?: string): string[] {
  if (error instanceof ApiRequestError && error.kind === 1) {
    const code = error.body?.code;
    const details = Array.isArray(error.body?.details)
      ? (error.body.details as { code?: unknown; retry_after?: unknown }[])
      : [];
    // A login try during the wait after failed ones: say how long (issue "Security hardening" #8).
    const slowed = details.find((d) => d.code === 'login_slowed');
    if (code === 'rate_limited' && typeof slowed?.retry_after === 'number') {
      return [t('account.errors.login_slowed', { seconds: slowed.retry_after })];
    }
    const codes = [code, ...details.map((d) => d.code)].filter(
      (c): c is string => typeof c === 'string' && known.has(c),
    );
    if (codes.length > 0) {
      return [...new Set(codes)].map((c) =>
        isValidationCode(c) ? t(`account.validation.${c}`) : t(`account.errors.${c}`),
      );
    }
    if (fallbackKey) return [t(fallbackKey)];
  }
  const kind = error instanceof ApiRequestError ? error.kind : 3;
  return kind === 2
    ? [t('errors.generic', { n: kind }), t('errors.noResponse')]
    : [t('errors.generic', { n: kind })];
}
