/**
 * Card payment calls (spec §7 `epay/*`, contracts/payments.ts; server: apps/server/src/modules/payments/README.md).
 * Every call has the 55 s time-out of spec §9 (order and payment requests).
 */
import type {
  StoreCheckPaymentStatusResponse,
  StoreDeleteInstrumentResponse,
  StoreInitiatePaymentResponse,
  StoreOneTouchLinkCompleteResponse,
  StoreOneTouchLinkStartResponse,
  StoreOneTouchResponse,
} from '@trapeza/domain/contracts/payments';
import { api } from '../../../lib/api-client.ts';

/** Spec §9: order and payment request time-out. */
export const PAYMENT_TIMEOUT_MS = 55_000;

const opts = (place: string, signal?: AbortSignal) => ({ place, signal, timeoutMs: PAYMENT_TIMEOUT_MS });

/** POST epay/initiateEpayOrder: a new ePay web-checkout attempt (`form` to submit, `red` as a GET address). */
export const initiateEpayOrder = (place: string, orderKey: string) =>
  api.post<StoreInitiatePaymentResponse>('epay/initiateEpayOrder', { orderKey }, opts(place));

/** POST redsys/initiateRedsysOrder: a Redsys attempt (Bizum for a bizum order); POST only, so `form`. */
export const initiateRedsysOrder = (place: string, orderKey: string) =>
  api.post<StoreInitiatePaymentResponse>('redsys/initiateRedsysOrder', { orderKey }, opts(place));

/** POST epay/initiateEpayOrderOneTouch: a saved instrument pays at once; null → first card page in `red`. */
export const initiateOneTouch = (place: string, orderKey: string, instrument: number | null) =>
  api.post<StoreOneTouchResponse>(
    'epay/initiateEpayOrderOneTouch',
    { orderKey, payment_instrument: instrument },
    opts(place),
  );

/** POST epay/checkPaymentStatus: the order's payment state as the server holds it. */
export const checkPaymentStatus = (place: string, orderKey: string, signal?: AbortSignal) =>
  api.post<StoreCheckPaymentStatusResponse>('epay/checkPaymentStatus', { orderKey }, opts(place, signal));

/** POST epay/checkPaymentStatusOneTouch: the attempt's state; the server asks ePay while it is pending. */
export const checkOneTouchStatus = (place: string, paymentKey: string, signal?: AbortSignal) =>
  api.post<StoreOneTouchResponse>('epay/checkPaymentStatusOneTouch', { paymentKey }, opts(place, signal));

/** POST epay/deleteUserPaymentInstrument: answers a new user token (payload.uToken). */
export const deletePaymentInstrument = (place: string, key: number) =>
  api.post<StoreDeleteInstrumentResponse>('epay/deleteUserPaymentInstrument', { key }, opts(place));

/** POST epay/linkOneTouchAccount: ePay's page where the user allows the venue's app (`red`), and the attempt's key. */
export const startOneTouchLink = (place: string) =>
  api.post<StoreOneTouchLinkStartResponse>('epay/linkOneTouchAccount', {}, opts(place));

/** POST epay/completeOneTouchLink: after ePay's `?onetouch=authok` return, saves the account's cards. */
export const completeOneTouchLink = (place: string, key: string) =>
  api.post<StoreOneTouchLinkCompleteResponse>('epay/completeOneTouchLink', { key }, opts(place));
