/**
 * Card payments (spec §4 payment flow, §7 epay/* calls; payments.md §4 rules; issue 7). The rules, in one place:
 *   - online payment needs a signed-in user (card_payment_requires_login, 'За да платите онлайн…');
 *   - the amount is the stored order's total, never anything the browser sends; forms are signed here;
 *   - every attempt gets a new digits-only invoice (payments row = the invoice → order mapping);
 *   - the browser's return (URL_OK / URLOK) proves nothing: an order becomes paid only by a verified notification
 *     or by our own status query to the provider;
 *   - notifications are verified (constant time) before parsing, deduplicated on (invoice, status); PAID is
 *     terminal; duplicates are answered OK again, unknown invoices NO.
 *
 * Split by responsibility (issue 22 #6): this file holds the redirect payments (ePay web checkout, Redsys/Bizum,
 * booking deposits, bill shares) and the status call; payments.one-touch.ts the saved cards and account linking;
 * payments.notifications.ts the provider notifications; payments.core.ts what they share.
 */
import type {
  StoreCheckPaymentStatusResponse,
  StoreInitiatePaymentResponse,
} from '@trapeza/domain/contracts/payments';
import type { Language } from '@trapeza/domain/i18n';
import { DomainError } from '../../lib/domain-error.ts';
import type { BookingTenant } from '../bookings/bookings.service.ts';
import { renderCheckoutForm } from './providers/provider.ts';
import {
  asStatus,
  type BillSharePayTarget,
  type BookingPaymentProvider,
  createPaymentsCore,
  isProviderPayment,
  loginRequired,
  type PaymentsServiceDeps,
  type PaymentUser,
} from './payments.core.ts';
import { createNotificationCalls } from './payments.notifications.ts';
import { createOneTouchCalls } from './payments.one-touch.ts';

// The module's shared types, where the rest of the server has always imported them from.
export {
  type BillSharePayTarget,
  type BookingPaymentProvider,
  type PaymentUser,
  type PaymentsServiceDeps,
} from './payments.core.ts';

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const core = createPaymentsCore(deps);
  const {
    repo,
    now,
    log,
    publicUrl,
    resolveConfig,
    configOf,
    placeOf,
    payableOrder,
    bookingBack,
    startTargetRedirect,
    startRedirect,
    redirectAnswer,
  } = core;
  return {
    /**
     * Order creation hook (spec §4): for an online method at a place with the payments module, start the
     * redirect attempt and answer ppResp — redForm (and redLink for ePay, which also takes GET) for 'online…',
     * the Redsys form for Bizum. 'epay' answers nothing: the browser calls initiateEpayOrder / …OneTouch.
     * Never fails the order: a problem leaves ppResp empty and the initiate calls report it.
     */
    async paymentForNewOrder(input: {
      placeId: number;
      orderKey: string;
      paymentMethod: string | null;
      userId: number | null;
      /** The guest's own address (lib/guest-origin.ts) for the return address. */
      origin?: string;
    }): Promise<{ redForm?: string; redLink?: string }> {
      const method = input.paymentMethod;
      if (!isProviderPayment(method) || method === 'epay' || input.userId === null) return {};
      try {
        const place = await repo.placeById(input.placeId);
        if (!place || !place.modules.includes('payments')) return {};
        const c = await resolveConfig(place);
        if (!c) return {};
        const order = await repo.orderByKey(input.placeId, input.orderKey);
        if (!order) return {};
        const provider = method === 'bizum' || !c.epay ? 'redsys' : 'epay';
        if (provider === 'redsys' && !c.redsys) return {};
        const { form } = await startRedirect(place, order, provider, input.origin);
        return { redForm: renderCheckoutForm(form), ...(form.link ? { redLink: form.link } : {}) };
      } catch (err) {
        log(err, 'payment start for a new order failed');
        return {};
      }
    },

    /** POST epay/initiateEpayOrder: a new ePay web-checkout attempt; `red` is the address to send the browser. */
    async initiateEpay(placeId: number, user: PaymentUser | null, orderKey: string, origin?: string) {
      if (!user) throw loginRequired();
      const place = await placeOf(placeId);
      await configOf(place);
      const order = await payableOrder(placeId, user, orderKey);
      const { form, invoice } = await startRedirect(place, order, 'epay', origin);
      return redirectAnswer(form, invoice);
    },

    /**
     * A share of a table's bill paid online (issue 19): an ePay web-checkout attempt (Redsys when the place has no
     * ePay) for the share's stored amount plus tip, not an order. No login: the table session is the key, as the
     * booking's link token is for deposits [I] (the spec's login rule is about orders paid online).
     */
    async initiateBillShare(
      placeId: number,
      target: BillSharePayTarget,
    ): Promise<StoreInitiatePaymentResponse> {
      const place = await placeOf(placeId);
      const c = await configOf(place);
      if (target.amount <= 1) throw new DomainError(400, 'amount_too_small', 'Nothing to pay online');
      const back = (result: string) =>
        `${target.origin ?? publicUrl}${target.backPath}${target.backPath.includes('?') ? '&' : '?'}${new URLSearchParams({ payment: result })}`;
      const { form, invoice } = await startTargetRedirect(
        place,
        {
          orderId: null,
          bookingId: null,
          billShareId: target.shareId,
          amount: target.amount,
          currency: target.currency,
          description: `${place.placeName} table ${target.table}`.slice(0, 100),
          okUrl: back('ok'),
          cancelUrl: back('cancel'),
          notAfter: target.notAfter,
        },
        c.epay ? 'epay' : 'redsys',
      );
      return redirectAnswer(form, invoice);
    },

    /** POST redsys/initiateRedsysOrder: a Redsys attempt (Bizum when the order's method is bizum). */
    async initiateRedsys(placeId: number, user: PaymentUser | null, orderKey: string, origin?: string) {
      if (!user) throw loginRequired();
      const place = await placeOf(placeId);
      await configOf(place);
      const order = await payableOrder(placeId, user, orderKey);
      const { form, invoice } = await startRedirect(place, order, 'redsys', origin);
      return redirectAnswer(form, invoice);
    },

    /**
     * POST bookings/{id}/pay {token, provider?}: a redirect attempt for a pending booking's deposit (booking_deposit
     * of the settings, minor units). The e-mailed / answered link token proves the booking is the caller's, as for
     * cancelling: bookings are made without an account, so no login is asked here. The invoice expires with the
     * booking's hold at the latest; a notification that still arrives later confirms the booking when its table
     * is free, else the payment is marked for refund (afterApplied).
     */
    async initiateBooking(
      tenant: BookingTenant,
      bookingId: number,
      token: string,
      provider: BookingPaymentProvider | undefined,
      lang: Language,
      origin?: string,
    ): Promise<StoreInitiatePaymentResponse> {
      const bookings = deps.bookings?.();
      if (!bookings) throw new DomainError(503, 'payments_not_configured', 'Bookings are not available');
      const deposit = await bookings.depositToPay(tenant, bookingId, token, lang);
      if (deposit.status === 'confirmed' || deposit.status === 'seated') {
        throw new DomainError(409, 'already_paid', 'This booking is already confirmed');
      }
      if (deposit.status !== 'pending_payment') {
        throw new DomainError(409, 'booking_not_payable', 'This booking can no longer be paid');
      }
      const at = now();
      if (!deposit.expiresAt || new Date(deposit.expiresAt) <= at) {
        throw new DomainError(
          409,
          'booking_payment_expired',
          'The time to pay this booking is over; book again',
        );
      }
      if (deposit.amount <= 1) throw new DomainError(400, 'amount_too_small', 'Nothing to pay online');
      const place = await placeOf(tenant.placeId);
      const c = await configOf(place);
      const via = provider === 'bizum' ? 'redsys' : (provider ?? (c.epay ? 'epay' : 'redsys'));
      const back = bookingBack(place, bookingId, origin);
      const { form, invoice } = await startTargetRedirect(
        place,
        {
          orderId: null,
          bookingId,
          amount: deposit.amount,
          currency: deposit.currency,
          description: `${place.placeName} booking #${bookingId}`,
          okUrl: back('ok'),
          cancelUrl: back('cancel'),
          notAfter: new Date(deposit.expiresAt),
          payMethods: provider === 'bizum' ? 'z' : undefined,
        },
        via,
      );
      return redirectAnswer(form, invoice);
    },

    /** POST epay/checkPaymentStatus: the order's payment state as stored (notifications keep it current). */
    async checkStatus(
      placeId: number,
      user: PaymentUser | null,
      orderKey: string,
    ): Promise<StoreCheckPaymentStatusResponse> {
      if (!user) throw loginRequired();
      const order = await repo.orderByKey(placeId, orderKey);
      if (!order || (order.user_id !== null && order.user_id !== user.id)) {
        throw new DomainError(404, 'order_not_found', 'Order not found');
      }
      const latest = await repo.latestPaymentOfOrder(order.id);
      return {
        success: true,
        payload: {
          payment_status: asStatus(order.payment_status),
          payment_method: order.payment_method,
          payment_key: latest?.invoice ?? null,
          amount: order.total,
        },
      };
    },

    ...createOneTouchCalls(core),
    ...createNotificationCalls(core),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
