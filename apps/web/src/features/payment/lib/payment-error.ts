/** The text of a failed payment call (spec §8): login needed, already paid, else 'Възникна грешка при плащането'. */
import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../lib/api-client.ts';

export function paymentErrorCode(error: unknown): string | null {
  return error instanceof ApiRequestError ? (error.body?.code ?? null) : null;
}

/** The status calls refuse a browser without a sign-in (401, or 403 card_payment_requires_login). */
export function needsSignIn(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    (error.status === 401 || paymentErrorCode(error) === 'card_payment_requires_login')
  );
}

export function paymentErrorText(error: unknown, t: TFunction): string {
  const code = paymentErrorCode(error);
  if (code === 'card_payment_requires_login') return t('payments.loginRequired');
  if (code === 'already_paid') return t('payments.alreadyPaid');
  if (error instanceof ApiRequestError && error.kind === 2) return t('payments.noAnswer');
  return t('payments.error');
}
