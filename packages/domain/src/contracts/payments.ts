/**
 * Card payment API contracts (spec §4 payment flow, §7 `epay/*` calls, §8 messages; issue 7). The single source of
 * these payloads for the server (validation, OpenAPI) and the browser (types).
 *
 * Designed where the spec says "response shape not shown": every answer carries `success` and a `payload`; the
 * payment states the browser sees are the order's `payment_status` values.
 */
import { z } from 'zod';
import { money } from './money.ts';

/** The order's payment state as the browser sees it (orders.payment_status). */
export const PAYMENT_STATUSES = ['none', 'pending', 'paid', 'failed'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** Spec §8 texts of the payment calls (Bulgarian, the product's main language). */
export const PAYMENT_MESSAGES = {
  loginRequired: 'За да платите онлайн трябва да сте влезли в акаунта си',
  instrumentDeleted: 'Успешно изтрит инструмент за плащане',
  paymentError: 'Възникна грешка при плащането',
} as const;

/** A browser form to auto-submit (the provider's hosted page). Only public fields: never a secret. */
export const StorePaymentForm = z.object({
  action: z.string(),
  method: z.literal('POST'),
  fields: z.record(z.string(), z.string()),
});
export type StorePaymentForm = z.infer<typeof StorePaymentForm>;

const orderKey = z.string().trim().min(1).max(100);

/** `POST epay/initiateEpayOrder` and `POST redsys/initiateRedsysOrder`. */
export const StoreInitiatePaymentBody = z.object({ orderKey });
export type StoreInitiatePaymentBody = z.infer<typeof StoreInitiatePaymentBody>;

/**
 * `POST bookings/{id}/pay`: pay a pending booking's deposit (booking_deposit). `token` is the booking's link token
 * (the `token` of the create answer's cancelUrl, or of the e-mailed link); `provider` picks ePay (default when the
 * place has it), Redsys card, or Bizum through Redsys. The answer is StoreInitiatePaymentResponse.
 */
export const StoreBookingPaymentBody = z.object({
  token: z.string().trim().min(10).max(200),
  provider: z.enum(['epay', 'redsys', 'bizum']).optional(),
});
export type StoreBookingPaymentBody = z.infer<typeof StoreBookingPaymentBody>;

/**
 * Answer of the redirect initiations: `red` is the address the browser is sent to (spec §7); `redForm` the same
 * as an HTML form to auto-submit (ppResp.redForm), `form` its parts; `payment_key` names the attempt for polling.
 * Redsys only accepts POST, so its `red` is empty and the browser must submit the form.
 */
export const StoreInitiatePaymentResponse = z.object({
  success: z.literal(true),
  red: z.string(),
  redForm: z.string(),
  form: StorePaymentForm,
  payment_key: z.string(),
});
export type StoreInitiatePaymentResponse = z.infer<typeof StoreInitiatePaymentResponse>;

/**
 * `POST epay/initiateEpayOrderOneTouch`: a saved instrument id (users/payment-instruments) pays at once; no
 * instrument (null, 0 or absent) means the first card: the answer carries `red`, the provider's page that pays
 * and saves the card (SAVECARD=1).
 */
export const StoreInitiateOneTouchBody = z.object({
  orderKey,
  payment_instrument: z
    .union([z.coerce.number().int().min(0), z.literal('')])
    .nullish()
    .transform((v) => (typeof v === 'number' && v > 0 ? v : null)),
});
export type StoreInitiateOneTouchBody = z.input<typeof StoreInitiateOneTouchBody>;

export const StoreOneTouchPayload = z.object({
  /** Absent only when the provider gave no state: the browser then shows PAYMENT_MESSAGES.paymentError. */
  payment_status: PaymentStatus.optional(),
  payment_key: z.string(),
  /** First card: the provider's page to send the browser to. */
  red: z.string().optional(),
});
export const StoreOneTouchResponse = z.object({ success: z.boolean(), payload: StoreOneTouchPayload });
export type StoreOneTouchResponse = z.infer<typeof StoreOneTouchResponse>;

/** `POST epay/checkPaymentStatus`. */
export const StoreCheckPaymentStatusBody = z.object({ orderKey });
export const StoreCheckPaymentStatusResponse = z.object({
  success: z.literal(true),
  payload: z.object({
    payment_status: PaymentStatus,
    payment_method: z.string().nullable(),
    /** The latest attempt, if any. */
    payment_key: z.string().nullable(),
    /** Total charged, in the venue currency (issue 25 #1). */
    amount: money,
  }),
});
export type StoreCheckPaymentStatusResponse = z.infer<typeof StoreCheckPaymentStatusResponse>;

/** `POST epay/checkPaymentStatusOneTouch`: asks the provider while the payment is pending. */
export const StoreCheckOneTouchStatusBody = z.object({ paymentKey: z.string().trim().min(1).max(40) });

/** `POST epay/deleteUserPaymentInstrument`: `key` is the instrument id. */
export const StoreDeleteInstrumentBody = z.object({ key: z.coerce.number().int().positive() });
export const StoreDeleteInstrumentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** A new user token replacing the old one (spec §7). */
  payload: z.object({ uToken: z.string() }),
});
export type StoreDeleteInstrumentResponse = z.infer<typeof StoreDeleteInstrumentResponse>;

/**
 * `POST epay/linkOneTouchAccount` (issue 25 #10, payments.md §2 Authorisation): `red` is ePay's api/start page where
 * the user allows the venue's app; `key` is this attempt's secret, handed back to completeOneTouchLink.
 */
export const StoreOneTouchLinkStartResponse = z.object({
  success: z.literal(true),
  payload: z.object({ red: z.string(), key: z.string() }),
});
export type StoreOneTouchLinkStartResponse = z.infer<typeof StoreOneTouchLinkStartResponse>;

/** `POST epay/completeOneTouchLink`: after ePay's `?ret=authok`, the account's cards are saved for the user. */
export const StoreOneTouchLinkCompleteBody = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/),
});
export const StoreOneTouchLinkCompleteResponse = z.object({
  success: z.literal(true),
  /** How many of the account's cards are saved (listed by users/payment-instruments from now on). */
  payload: z.object({ instruments: z.number().int() }),
});
export type StoreOneTouchLinkCompleteResponse = z.infer<typeof StoreOneTouchLinkCompleteResponse>;
