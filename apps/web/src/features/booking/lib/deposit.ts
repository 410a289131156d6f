/**
 * Booking deposits in the browser (issue 10 with the payments module's `POST bookings/{id}/pay`). The answer is the
 * same redirect shape as an order payment, so it is handed to `/{place}/payment` exactly like the cart does
 * (features/payment/lib/redirect-form.ts: sessionStorage `payment_redirect_form` plus the form in router state):
 * that page auto-submits the provider form. The provider comes back to
 * `/{place}/reservations?booking={id}&payment=ok|cancel` without the link token, so the token is kept here for that
 * return (sessionStorage: this tab only, gone with it).
 */
import type { BookingStatus } from '@trapeza/domain/booking';
import type { PaymentStatus, StoreInitiatePaymentResponse } from '@trapeza/domain/contracts/payments';
import { clearHandover, PAYMENT_FORM_KEY } from '../../payment/lib/redirect-form.ts';

const TOKEN_KEY = (id: number) => `booking_payment_token_${id}`;

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The link token of the create answer's `cancelUrl` (`…/reservations?booking={id}&token=…`), or null. */
export function tokenOfCancelUrl(cancelUrl: string | undefined | null): string | null {
  if (!cancelUrl) return null;
  try {
    return new URL(cancelUrl, 'http://localhost').searchParams.get('token');
  } catch {
    return null;
  }
}

export function rememberBookingToken(id: number, token: string): void {
  storage()?.setItem(TOKEN_KEY(id), token);
}

export function rememberedBookingToken(id: number): string | null {
  return storage()?.getItem(TOKEN_KEY(id)) ?? null;
}

/**
 * Hands the pay answer over to `/{place}/payment` as the cart hands over `ppResp.redForm`: any earlier hand-over is
 * dropped first (an order key left from an order must not be taken for this payment). Returns the route to go to.
 */
export function handOverDeposit(
  place: string,
  answer: StoreInitiatePaymentResponse,
): { to: string; state: unknown } {
  clearHandover();
  if (answer.redForm) storage()?.setItem(PAYMENT_FORM_KEY, answer.redForm);
  return { to: `/${place}/payment`, state: { paymentForm: answer.form } };
}

/**
 * The booking's state read as a payment state for the shared polling (features/payment): confirmed (or later
 * seated / no-show) means the deposit went through; a booking no longer held (cancelled, expired) will never be.
 */
export function depositStatusOf(status: BookingStatus): PaymentStatus {
  if (status === 'pending_payment') return 'pending';
  if (status === 'cancelled' || status === 'expired') return 'failed';
  return 'paid';
}
