/**
 * Card payments (spec §4 payment flow, §7 epay/* calls; payments.md §4 rules; issue 7). The rules, in one place:
 *   - online payment needs a signed-in user (card_payment_requires_login, 'За да платите онлайн…');
 *   - the amount is the stored order's total, never anything the browser sends; forms are signed here;
 *   - every attempt gets a new digits-only invoice (payments row = the invoice → order mapping);
 *   - the browser's return (URL_OK / URLOK) proves nothing: an order becomes paid only by a verified notification
 *     or by our own status query to the provider;
 *   - notifications are verified (constant time) before parsing, deduplicated on (invoice, status); PAID is
 *     terminal; duplicates are answered OK again, unknown invoices NO.
 */
import { randomBytes } from 'node:crypto';
import { isOnlinePayment } from '@trapeza/domain/pricing/fees';
import { PAYMENT_MESSAGES, type PaymentStatus } from '@trapeza/domain/contracts/payments';
import type {
  StoreCheckPaymentStatusResponse,
  StoreDeleteInstrumentResponse,
  StoreInitiatePaymentResponse,
  StoreOneTouchLinkCompleteResponse,
  StoreOneTouchLinkStartResponse,
  StoreOneTouchResponse,
} from '@trapeza/domain/contracts/payments';
import type { Language } from '@trapeza/domain/i18n';
import type { Role } from '@trapeza/domain/roles';
import { passwordVersion, type AuthTokens } from '../../lib/auth-token.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { StaffNotifier } from '../../plugins/events.ts';
import type { BookingDeposit, BookingTenant, ConfirmPaidResult } from '../bookings/bookings.service.ts';
import { placePaymentConfig, type PaymentsConfig, type PlacePaymentConfig } from './payments.config.ts';
import type { AppliedEvent, PaymentsRepository, PlaceRow } from './payments.repository.ts';
import { EpayOneTouch, ONE_TOUCH_STATE, OneTouchError } from './providers/epay-one-touch.ts';
import {
  EpayWebCheckout,
  formatEpayChecksumError,
  formatEpayReply,
  type EpayReplyStatus,
} from './providers/epay-web.ts';
import { renderCheckoutForm, type CheckoutForm, type PaymentEvent } from './providers/provider.ts';
import { RedsysRedirect } from './providers/redsys.ts';

/** payments.provider values. */
export const PROVIDER = {
  epay: 'epay',
  redsys: 'redsys',
  oneTouch: 'epay_onetouch',
  noReg: 'epay_noreg',
} as const;

export interface PaymentUser {
  id: number;
  clientId: number;
}

export interface PaymentsServiceDeps {
  repo: PaymentsRepository;
  config: PaymentsConfig;
  publicUrl: string;
  now: () => Date;
  tokens: AuthTokens;
  log: (err: unknown, message: string) => void;
  /** Something to tell staff (warnings that need a person: a deposit to refund). Defaults to `log`. */
  warn?: (data: Record<string, unknown>, message: string) => void;
  fetch?: typeof fetch;
  /** The staff boards (app.staffNotifier): told when an order's payment_status changes. Read at call time. */
  staffNotifier?: () => StaffNotifier | null | undefined;
  /** The bookings module (app.bookings), for deposits. Read at call time: it is created after this service. */
  bookings?: () => BookingPaymentHooks | null | undefined;
  /** The table party (issue 19), told when a bill share's online payment is paid or fails. Read at call time. */
  billShares?: () => BillSharePaymentHooks | null | undefined;
  /**
   * The venue's own accounts entered in the admin (payment-accounts.service.ts), for a place PAYMENTS_CONFIG_FILE
   * does not name; read from the database on each use.
   */
  storedConfig?: (placeId: number) => Promise<PlacePaymentConfig | null>;
}

/** What the payments module tells the table party of a share's payment (never throws for an unknown share). */
export interface BillSharePaymentHooks {
  sharePaymentChanged(placeId: number, shareId: number, status: string): Promise<void>;
}

/** A share of a table's bill to pay online (issue 19): amount and expiry come from the stored share. */
export interface BillSharePayTarget {
  shareId: number;
  amount: number;
  currency: string;
  table: string;
  /** The invoice expires at this time at the latest (the share's claim lasts a little longer). */
  notAfter: Date;
  /** Where the browser returns (the table's bill page), on `origin` (the guest's address) or else PUBLIC_URL. */
  backPath: string;
  origin?: string;
}

/** What the payments module uses of the bookings module. */
export interface BookingPaymentHooks {
  depositToPay(tenant: BookingTenant, id: number, token: string, lang: Language): Promise<BookingDeposit>;
  confirmBookingPaid(bookingId: number): Promise<ConfirmPaidResult>;
}

/** Providers a booking deposit can be paid with (POST bookings/{id}/pay). */
export type BookingPaymentProvider = 'epay' | 'redsys' | 'bizum';

type Order = NonNullable<Awaited<ReturnType<PaymentsRepository['orderByKey']>>>;

/** Methods paid online through a provider: 'online…' and 'epay' (domain), and Bizum (Redsys). */
export function isProviderPayment(method: string | null | undefined): boolean {
  return isOnlinePayment(method) || method === 'bizum';
}

// 403 as from the order calls: one code, one status in every module (spec §8; issue 25).
const loginRequired = () =>
  new DomainError(403, 'card_payment_requires_login', PAYMENT_MESSAGES.loginRequired);

/** Status prefix of a signed notification kept as an alert, not applied (payment_notifications.status). */
const AMOUNT_MISMATCH_ALERT = 'alert:amount_mismatch';

/** The order's payment_status as the contract's enum. */
function asStatus(s: string): PaymentStatus {
  return s === 'paid' || s === 'pending' || s === 'failed' ? s : 'none';
}

/** A payment row's status as the browser sees it. */
function attemptStatus(s: string): PaymentStatus {
  return s === 'paid' ? 'paid' : s === 'pending' ? 'pending' : 'failed';
}

function transactionText(provider: string, invoice: string, data: Record<string, string>): string {
  const parts = Object.entries(data).map(([k, v]) => `${k}=${v}`);
  return `payment paid: ${provider} invoice=${invoice}${parts.length ? ` ${parts.join(' ')}` : ''}`.slice(
    0,
    500,
  );
}

/** One Touch ties a user token to (APPID, DEVICEID): our server is the user's "device" at this client. */
function deviceIdOf(user: { id: number; clientId: number }): string {
  return `trapeza-${user.clientId}-${user.id}`;
}

interface OneTouchRef {
  id: string;
  instrument: number | null;
}
function parseOneTouchRef(ref: string | null): OneTouchRef | null {
  if (!ref) return null;
  try {
    const v = JSON.parse(ref) as Partial<OneTouchRef>;
    return typeof v.id === 'string'
      ? { id: v.id, instrument: typeof v.instrument === 'number' ? v.instrument : null }
      : null;
  } catch {
    return null;
  }
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { repo, config, now, log } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const fetchImpl = deps.fetch ?? fetch;

  /**
   * A place's provider configuration: the operator's PAYMENTS_CONFIG_FILE when it names the place (it wins), else
   * the accounts the venue entered in the admin, else the simulator's demo accounts (demo mode), else null.
   */
  async function resolveConfig(place: PlaceRow): Promise<PlacePaymentConfig | null> {
    const fromFile = config.places[`${place.clientSlug}/${place.placeSlug}`];
    if (fromFile) return fromFile;
    const stored = deps.storedConfig ? await deps.storedConfig(place.placeId) : null;
    return stored ?? placePaymentConfig(config, place.clientSlug, place.placeSlug);
  }

  async function configOf(place: PlaceRow): Promise<PlacePaymentConfig> {
    if (!place.modules.includes('payments')) {
      throw new DomainError(403, 'payments_module_disabled', 'Online payments are not enabled at this place');
    }
    const c = await resolveConfig(place);
    if (!c)
      throw new DomainError(
        503,
        'payments_not_configured',
        'Online payments are not configured for this place',
      );
    return c;
  }

  async function placeOf(placeId: number): Promise<PlaceRow> {
    const place = await repo.placeById(placeId);
    if (!place) throw new DomainError(404, 'unknown_place', 'Unknown place');
    return place;
  }

  /** The user's own order (or an unowned one), payable online, not paid yet. */
  async function payableOrder(placeId: number, user: PaymentUser, orderKey: string): Promise<Order> {
    const order = await repo.orderByKey(placeId, orderKey);
    if (!order || (order.user_id !== null && order.user_id !== user.id)) {
      throw new DomainError(404, 'order_not_found', 'Order not found');
    }
    if (!isProviderPayment(order.payment_method)) {
      throw new DomainError(400, 'payment_method_not_online', 'This order is not paid online');
    }
    if (order.payment_status === 'paid')
      throw new DomainError(409, 'already_paid', 'This order is already paid');
    if (order.status === 'rejected') throw new DomainError(409, 'order_closed', 'This order was rejected');
    if (order.total <= 1) throw new DomainError(400, 'amount_too_small', 'Nothing to pay online');
    return order;
  }

  const urls = (place: PlaceRow) => {
    const ref = `${encodeURIComponent(place.clientSlug)}/${encodeURIComponent(place.placeSlug)}`;
    return {
      epayNotify: `${publicUrl}/api/epay/notify/${ref}`,
      redsysNotify: `${publicUrl}/api/redsys/notify/${ref}`,
    };
  };
  /**
   * Return addresses are built on the address the guest's browser used (`origin`, from lib/guest-origin.ts: only
   * hosts this installation serves), so they come back where their sign-in lives (issue 24 #2); PUBLIC_URL when
   * the call has none. Notification addresses stay on PUBLIC_URL: the provider's servers call them.
   */
  const orderBack = (place: PlaceRow, order: Order, origin?: string) => (result: string) =>
    `${origin ?? publicUrl}/${encodeURIComponent(place.placeSlug)}/payment?${new URLSearchParams({ orderKey: order.key, result })}`;
  /** A deposit returns to the reservations page (the browser still holds the booking's link token). */
  const bookingBack = (place: PlaceRow, bookingId: number, origin?: string) => (result: string) =>
    `${origin ?? publicUrl}/${encodeURIComponent(place.placeSlug)}/reservations?${new URLSearchParams({ booking: String(bookingId), payment: result })}`;

  const description = (place: PlaceRow, order: Order) => `${place.placeName} #${order.key.slice(0, 8)}`;

  /** What a redirect attempt pays: an order's stored total, or a booking's deposit. */
  interface PayTarget {
    orderId: number | null;
    bookingId: number | null;
    billShareId?: number | null;
    amount: number;
    currency: string;
    description: string;
    okUrl: string;
    cancelUrl: string;
    /** The invoice must not outlive this (a booking's hold); else the configured TTL. */
    notAfter?: Date | null;
    payMethods?: 'z';
  }

  /** A new signed redirect attempt (new invoice) for the target's amount. */
  async function startTargetRedirect(
    place: PlaceRow,
    target: PayTarget,
    provider: 'epay' | 'redsys',
  ): Promise<{ form: CheckoutForm; invoice: string }> {
    const c = await configOf(place);
    const at = now();
    const u = urls(place);
    let expiresAt = new Date(at.getTime() + (c.invoiceTtlMinutes ?? 60) * 60_000);
    if (target.notAfter && target.notAfter < expiresAt) expiresAt = target.notAfter;
    if (provider === 'epay' && !c.epay) {
      throw new DomainError(503, 'payments_not_configured', 'ePay is not configured for this place');
    }
    if (provider === 'redsys' && !c.redsys) {
      throw new DomainError(503, 'payments_not_configured', 'Redsys is not configured for this place');
    }
    const { invoice } = await repo.createPayment({
      placeId: place.placeId,
      orderId: target.orderId,
      bookingId: target.bookingId,
      billShareId: target.billShareId ?? null,
      provider: provider === 'epay' ? PROVIDER.epay : PROVIDER.redsys,
      amount: target.amount,
      currency: target.currency,
      now: at.toISOString(),
    });
    const checkout = {
      invoice,
      amount: target.amount,
      currency: target.currency,
      description: target.description,
      okUrl: target.okUrl,
      cancelUrl: target.cancelUrl,
      expiresAt,
    };
    const form =
      provider === 'epay'
        ? new EpayWebCheckout(c.epay!).buildCheckout({ ...checkout, notifyUrl: u.epayNotify })
        : new RedsysRedirect(c.redsys!).buildCheckout({
            ...checkout,
            notifyUrl: u.redsysNotify,
            payMethods: target.payMethods,
          });
    return { form, invoice };
  }

  /** A new signed redirect attempt with the order's stored amount. */
  async function startRedirect(
    place: PlaceRow,
    order: Order,
    provider: 'epay' | 'redsys',
    origin?: string,
  ): Promise<{ form: CheckoutForm; invoice: string }> {
    const back = orderBack(place, order, origin);
    return startTargetRedirect(
      place,
      {
        orderId: order.id,
        bookingId: null,
        amount: order.total,
        currency: order.currency,
        description: description(place, order),
        okUrl: back('ok'),
        cancelUrl: back('cancel'),
        payMethods: provider === 'redsys' && order.payment_method === 'bizum' ? 'z' : undefined,
      },
      provider,
    );
  }

  function redirectAnswer(form: CheckoutForm, invoice: string): StoreInitiatePaymentResponse {
    return {
      success: true,
      red: form.link ?? '',
      redForm: renderCheckoutForm(form),
      form: { action: form.action, method: form.method, fields: form.fields },
      payment_key: invoice,
    };
  }

  async function oneTouchClient(place: PlaceRow): Promise<EpayOneTouch> {
    const c = await configOf(place);
    if (!c.oneTouch)
      throw new DomainError(503, 'payments_not_configured', 'One Touch is not configured for this place');
    return new EpayOneTouch(c.oneTouch, fetchImpl);
  }

  /** Applies a status-query result (not a notification: no dedupe, recorded for the audit trail). */
  async function applyQueried(
    payment: { id: number; invoice: string; provider: string; place_id?: number; placeId?: number },
    outcome: 'paid' | 'failed' | 'expired',
    data: Record<string, string>,
  ) {
    const applied = await repo.applyEvent({
      paymentId: payment.id,
      invoice: payment.invoice,
      status: `QUERY:${outcome.toUpperCase()}`,
      outcome,
      raw: JSON.stringify(data),
      historyReason: transactionText(payment.provider, payment.invoice, data),
      now: now().toISOString(),
      dedupe: false,
    });
    const placeId = payment.place_id ?? payment.placeId;
    if (placeId !== undefined) await afterApplied(placeId, applied);
  }

  /**
   * After a provider event is committed: tell the staff boards when the order's payment_status changed, and
   * settle a paid booking deposit with the bookings module — confirmed, or (table gone, booking cancelled) marked
   * for refund and logged. Runs on duplicates too, so a confirmation that failed once is retried with the
   * provider's next delivery (confirmBookingPaid is idempotent). Throws only when the bookings module fails: the
   * notification is then answered ERR and the provider delivers it again.
   */
  async function afterApplied(placeId: number, applied: AppliedEvent): Promise<void> {
    if (applied.orderId !== null && applied.orderPayment) {
      deps.staffNotifier?.()?.orderPaymentChanged(placeId, applied.orderId, applied.orderPayment);
    }
    if (applied.billShareId !== null && applied.result !== 'duplicate') {
      await deps.billShares?.()?.sharePaymentChanged(placeId, applied.billShareId, applied.paymentStatus);
    }
    if (applied.bookingId === null || applied.paymentStatus !== 'paid' || applied.refundStatus !== null)
      return;
    const bookings = deps.bookings?.();
    if (!bookings) return;
    const result = await bookings.confirmBookingPaid(applied.bookingId);
    if (result.ok) return;
    const reason = `booking ${applied.bookingId} ${result.reason}: deposit paid but no booking to keep`;
    if (await repo.markRefundRequired(applied.paymentId, reason, now().toISOString())) {
      (deps.warn ?? ((data, message) => log(data, message)))(
        { paymentId: applied.paymentId, bookingId: applied.bookingId, placeId, reason: result.reason },
        'booking deposit paid too late: payment marked for refund (refund it at the provider)',
      );
    }
  }

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
     * POST epay/initiateEpayOrderOneTouch. With a saved instrument: init → check → send/user → send/status, and
     * the answer carries the state at once (pending while the provider processes). Without: the first-card page
     * (noreg/send, SAVECARD=1) in `red`; the card is saved when the status query sees the payment done.
     */
    async initiateOneTouch(
      placeId: number,
      user: PaymentUser | null,
      orderKey: string,
      instrumentId: number | null,
      origin?: string,
    ): Promise<StoreOneTouchResponse> {
      if (!user) throw loginRequired();
      const place = await placeOf(placeId);
      const client = await oneTouchClient(place);
      const order = await payableOrder(placeId, user, orderKey);
      const deviceId = deviceIdOf(user);
      const at = now().toISOString();
      if (instrumentId === null) {
        const { invoice } = await repo.createPayment({
          placeId,
          orderId: order.id,
          provider: PROVIDER.noReg,
          amount: order.total,
          currency: order.currency,
          now: at,
          // The guest's address (lib/guest-origin.ts), where oneTouchReturn sends the browser back to.
          providerRef: (inv) => JSON.stringify({ id: inv, instrument: null, ...(origin ? { origin } : {}) }),
        });
        const red = client.noRegSendUrl({
          deviceId,
          id: invoice,
          amount: order.total,
          description: description(place, order),
          reason: `Order ${order.key.slice(0, 8)}`,
          saveCard: true,
        });
        return { success: true, payload: { payment_status: 'pending', payment_key: invoice, red } };
      }
      const instrument = await repo.instrument(user.id, placeId, instrumentId);
      if (!instrument || instrument.provider !== PROVIDER.oneTouch) {
        throw new DomainError(404, 'instrument_not_found', 'Payment instrument not found');
      }
      const payment = await repo.createPayment({
        placeId,
        orderId: order.id,
        provider: PROVIDER.oneTouch,
        amount: order.total,
        currency: order.currency,
        now: at,
      });
      const attempt = { ...payment, provider: PROVIDER.oneTouch, placeId };
      try {
        const sent = await client.payWithInstrument({
          deviceId,
          token: instrument.provider_token,
          instrumentId: instrument.provider_instrument_id,
          amount: order.total,
          description: description(place, order),
          reason: `Order ${order.key.slice(0, 8)}`,
        });
        await repo.setProviderRef(payment.id, JSON.stringify({ id: sent.id, instrument: instrument.id }), at);
        let state = sent.state;
        if (state !== ONE_TOUCH_STATE.success && state !== ONE_TOUCH_STATE.failed) {
          state = (await client.sendStatus(deviceId, instrument.provider_token, sent.id)).state;
        }
        const data = { ID: sent.id, STATE: String(state), PINS: instrument.provider_instrument_id };
        if (state === ONE_TOUCH_STATE.success) {
          await applyQueried(attempt, 'paid', data);
          return { success: true, payload: { payment_status: 'paid', payment_key: payment.invoice } };
        }
        if (state === ONE_TOUCH_STATE.failed) {
          await applyQueried(attempt, 'failed', data);
          return { success: true, payload: { payment_status: 'failed', payment_key: payment.invoice } };
        }
        if (state === ONE_TOUCH_STATE.processing) {
          return { success: true, payload: { payment_status: 'pending', payment_key: payment.invoice } };
        }
        // No state at all: the browser shows 'Възникна грешка при плащането' and may poll.
        return { success: false, payload: { payment_key: payment.invoice } };
      } catch (err) {
        if (!(err instanceof OneTouchError)) log(err, 'one touch payment failed');
        await applyQueried(attempt, 'failed', {
          error: err instanceof OneTouchError ? err.code : 'connection',
        });
        return { success: false, payload: { payment_status: 'failed', payment_key: payment.invoice } };
      }
    },

    /**
     * POST epay/linkOneTouchAccount (issue 25 #10): the address where the signed-in user allows this venue's One
     * Touch app on their ePay account (api/start), and the attempt's KEY. The browser keeps the KEY and hands it back
     * to completeOneTouchLink after ePay returned it to the app's reply address (`?ret=authok`); the authorisation
     * is ePay's, bound to (APPID, this user's DEVICEID, KEY), so a KEY of another user's attempt links nothing.
     */
    async startOneTouchLink(
      placeId: number,
      user: PaymentUser | null,
    ): Promise<StoreOneTouchLinkStartResponse> {
      if (!user) throw loginRequired();
      const client = await oneTouchClient(await placeOf(placeId));
      const key = randomBytes(16).toString('hex');
      return { success: true, payload: { red: client.authStartUrl(deviceIdOf(user), key), key } };
    },

    /**
     * POST epay/completeOneTouchLink {key}: api/code/get → api/token/get → user/info?PINS=1, and the account's
     * cards are saved for the user at this place, usable at checkout at once (no first payment). Not allowed (yet)
     * at ePay, or any provider refusal: 409 `onetouch_link_failed`.
     */
    async completeOneTouchLink(
      placeId: number,
      user: PaymentUser | null,
      key: string,
    ): Promise<StoreOneTouchLinkCompleteResponse> {
      if (!user) throw loginRequired();
      const place = await placeOf(placeId);
      const client = await oneTouchClient(place);
      const deviceId = deviceIdOf(user);
      let token: string;
      try {
        token = (await client.authToken(deviceId, await client.authCode(deviceId, key))).token;
      } catch (err) {
        if (!(err instanceof OneTouchError)) log(err, 'one touch account linking failed');
        throw new DomainError(409, 'onetouch_link_failed', 'The ePay account was not linked');
      }
      const saved = await saveCards(client, place, user, deviceId, token, null);
      return { success: true, payload: { instruments: saved } };
    },

    /**
     * GET epay/onetouch/return/{client}/{place}?ID=&ret= (issue 24 #3): the One Touch app's REPLY_ADDRESS, where
     * the provider sends the browser after the first-card page. ePay keeps one reply address per app, so it cannot
     * name the guest's host; this answers the address of the payment page on the host the guest paid from (the
     * origin kept with the attempt, checked by lib/guest-origin.ts when it was started), else PUBLIC_URL. The
     * return proves nothing: the page asks the status as before.
     */
    async oneTouchReturn(clientSlug: string, placeSlug: string, query: { ID?: string; ret?: string }) {
      const place = await repo.placeBySlugs(clientSlug, placeSlug);
      const slug = encodeURIComponent(place?.placeSlug ?? placeSlug);
      // Account linking (api/start) comes back with `ret=authok` (or our simulator's `authcancel`) and no ID: to the
      // profile, where the browser kept the attempt's KEY. ePay's reply names no guest host: PUBLIC_URL [I].
      if (!query.ID && query.ret?.startsWith('auth')) {
        return `${publicUrl}/${slug}/profile?${new URLSearchParams({ onetouch: query.ret })}`;
      }
      const params = new URLSearchParams({ ID: query.ID ?? '', ret: query.ret ?? '' });
      let origin = publicUrl;
      if (place && query.ID && /^\d{1,20}$/.test(query.ID)) {
        const payment = await repo.paymentByInvoice(place.placeId, query.ID);
        if (payment?.provider === PROVIDER.noReg && payment.provider_ref) {
          try {
            const saved = (JSON.parse(payment.provider_ref) as { origin?: unknown }).origin;
            if (typeof saved === 'string' && URL.canParse(saved)) origin = new URL(saved).origin;
          } catch {
            // an attempt without a kept address: PUBLIC_URL
          }
        }
      }
      return `${origin}/${slug}/payment?${params}`;
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

    /**
     * POST epay/checkPaymentStatusOneTouch: while pending, asks the provider (send/status, or noreg/send/status
     * for a first card, which also saves the card with user/info?PINS=1). A status query is proof of payment.
     */
    async checkOneTouchStatus(
      placeId: number,
      user: PaymentUser | null,
      paymentKey: string,
    ): Promise<StoreOneTouchResponse> {
      if (!user) throw loginRequired();
      const payment = await repo.paymentByInvoice(placeId, paymentKey);
      const order = payment?.order_id ? await repo.orderById(placeId, payment.order_id) : undefined;
      if (
        !payment ||
        !order ||
        (order.user_id !== null && order.user_id !== user.id) ||
        (payment.provider !== PROVIDER.oneTouch && payment.provider !== PROVIDER.noReg)
      ) {
        throw new DomainError(404, 'payment_not_found', 'Payment not found');
      }
      if (payment.status !== 'pending') {
        return {
          success: true,
          payload: { payment_status: attemptStatus(payment.status), payment_key: paymentKey },
        };
      }
      const place = await placeOf(placeId);
      const client = await oneTouchClient(place);
      const owner = { id: order.user_id ?? user.id, clientId: place.clientId };
      const deviceId = deviceIdOf(owner);
      const ref = parseOneTouchRef(payment.provider_ref);
      try {
        if (payment.provider === PROVIDER.noReg) {
          const status = await client.noRegStatus(deviceId, payment.invoice);
          if (status.kind === 'not_paid') {
            return { success: true, payload: { payment_status: 'pending', payment_key: paymentKey } };
          }
          if (status.kind === 'expired') {
            await applyQueried(payment, 'expired', { msg: 'EXPIRED' });
            return { success: true, payload: { payment_status: 'failed', payment_key: paymentKey } };
          }
          const data = { ID: payment.invoice, STATE: String(status.state) };
          if (status.state === ONE_TOUCH_STATE.success) {
            if (status.token) {
              await saveCards(client, place, owner, deviceId, status.token, status.instrument);
            }
            await applyQueried(payment, 'paid', data);
            return { success: true, payload: { payment_status: 'paid', payment_key: paymentKey } };
          }
          if (status.state === ONE_TOUCH_STATE.failed) {
            await applyQueried(payment, 'failed', data);
            return { success: true, payload: { payment_status: 'failed', payment_key: paymentKey } };
          }
          return { success: true, payload: { payment_status: 'pending', payment_key: paymentKey } };
        }
        const instrument = ref?.instrument ? await repo.instrumentById(ref.instrument) : undefined;
        if (!ref || !instrument) return { success: false, payload: { payment_key: paymentKey } };
        const { state } = await client.sendStatus(deviceId, instrument.provider_token, ref.id);
        const data = { ID: ref.id, STATE: String(state), PINS: instrument.provider_instrument_id };
        if (state === ONE_TOUCH_STATE.success) {
          await applyQueried(payment, 'paid', data);
          return { success: true, payload: { payment_status: 'paid', payment_key: paymentKey } };
        }
        if (state === ONE_TOUCH_STATE.failed) {
          await applyQueried(payment, 'failed', data);
          return { success: true, payload: { payment_status: 'failed', payment_key: paymentKey } };
        }
        if (state === ONE_TOUCH_STATE.processing) {
          return { success: true, payload: { payment_status: 'pending', payment_key: paymentKey } };
        }
        return { success: false, payload: { payment_key: paymentKey } };
      } catch (err) {
        log(err, 'one touch status query failed');
        return { success: false, payload: { payment_key: paymentKey } };
      }
    },

    /**
     * POST epay/deleteUserPaymentInstrument: forget the instrument (ePay has no public delete), revoke the token
     * when no other saved instrument uses it, and hand out a fresh user token.
     */
    async deleteInstrument(
      placeId: number,
      user: PaymentUser | null,
      instrumentId: number,
    ): Promise<StoreDeleteInstrumentResponse> {
      if (!user) throw loginRequired();
      const instrument = await repo.instrument(user.id, placeId, instrumentId);
      if (!instrument) throw new DomainError(404, 'instrument_not_found', 'Payment instrument not found');
      const left = await repo.deleteInstrument(instrument.id, user.id, instrument.provider_token);
      if (left === 0 && instrument.provider === PROVIDER.oneTouch) {
        try {
          const place = await placeOf(placeId);
          await (await oneTouchClient(place)).invalidateToken(deviceIdOf(user), instrument.provider_token);
        } catch (err) {
          // The instrument is gone on our side either way; a token left valid at ePay is useless without it.
          log(err, 'one touch token invalidation failed');
        }
      }
      const row = await repo.userForToken(user.id);
      if (!row || row.banned) throw new DomainError(401, 'unauthorized', 'Please log in');
      const { token } = await deps.tokens.sign({
        userId: row.id,
        role: row.role as Role,
        clientId: row.client_id,
        pwv: passwordVersion(row.password_hash),
      });
      return { success: true, message: PAYMENT_MESSAGES.instrumentDeleted, payload: { uToken: token } };
    },

    /**
     * The ePay notification (payments.md §1): checksum over the raw `encoded` first — a mismatch is answered
     * `ERR=…` and nothing is parsed; then one answer line per invoice: OK (applied or a duplicate), NO (not
     * ours), ERR (malformed line or a failure on our side: the provider retries).
     */
    async handleEpayNotification(
      clientSlug: string,
      placeSlug: string,
      body: Record<string, string | undefined>,
    ): Promise<string> {
      const place = await repo.placeBySlugs(clientSlug, placeSlug);
      const c = place ? await resolveConfig(place) : null;
      if (!place || !c?.epay) return formatEpayChecksumError('Unknown merchant');
      const epay = new EpayWebCheckout(c.epay);
      const encoded = body.encoded ?? '';
      if (!encoded || !epay.checksumMatches(encoded, body.checksum ?? '')) return formatEpayChecksumError();
      const answers: { invoice: string; status: EpayReplyStatus }[] = [];
      for (const line of epay.notificationLines(encoded)) {
        if (!line.ok) {
          if (line.invoice) answers.push({ invoice: line.invoice, status: 'ERR' });
          continue;
        }
        answers.push({
          invoice: line.event.invoice,
          status: await applyNotified(place, PROVIDER.epay, line.event),
        });
      }
      return formatEpayReply(answers);
    },

    /** The Redsys notification: signature on the decoded bytes first, then the one event it carries. */
    async handleRedsysNotification(
      clientSlug: string,
      placeSlug: string,
      body: Record<string, string | undefined>,
    ): Promise<{ status: number; text: string }> {
      const place = await repo.placeBySlugs(clientSlug, placeSlug);
      const c = place ? await resolveConfig(place) : null;
      if (!place || !c?.redsys) return { status: 404, text: 'Unknown merchant' };
      const verified = new RedsysRedirect(c.redsys).verifyNotification(body);
      if (!verified.ok) return { status: 400, text: verified.error };
      const event = verified.events[0]!;
      const answer = await applyNotified(place, PROVIDER.redsys, event);
      return answer === 'OK'
        ? { status: 200, text: 'OK' }
        : answer === 'NO'
          ? { status: 404, text: 'Unknown order' }
          : { status: 500, text: 'Try again' };
    },
  };

  async function applyNotified(
    place: PlaceRow,
    provider: string,
    event: PaymentEvent,
  ): Promise<EpayReplyStatus> {
    try {
      const payment = await repo.paymentByInvoice(place.placeId, event.invoice);
      if (!payment || payment.provider !== provider) return 'NO';
      const outcome = event.outcome;
      const data = { ...event.transaction };
      // Redsys states the amount it charged: anything but the stored amount is not a payment of this order. It is
      // no event of the payment either (issue 23 #7: recorded as one, it made the genuine notice of the same
      // invoice and status a "duplicate" and the order stayed unpaid): kept as an alert (a payment_notifications
      // row with status `alert:amount_mismatch:<Ds_Response>`, so it never matches an event's dedupe key) and
      // logged for staff, the payment left as it was. Answered OK: nothing for the provider to retry.
      if (provider === PROVIDER.redsys && outcome === 'paid' && data.Ds_Amount !== String(payment.amount)) {
        const status = `${AMOUNT_MISMATCH_ALERT}:${event.status}`;
        await repo.recordAlert({
          paymentId: payment.id,
          invoice: event.invoice,
          status,
          raw: event.raw,
          now: now().toISOString(),
        });
        (deps.warn ?? ((d, m) => log(d, m)))(
          {
            placeId: place.placeId,
            paymentId: payment.id,
            invoice: event.invoice,
            charged: data.Ds_Amount ?? null,
            expected: payment.amount,
          },
          'redsys notice with a wrong amount ignored and kept as an alert (payment_notifications)',
        );
        return 'OK';
      }
      const applied = await repo.applyEvent({
        paymentId: payment.id,
        invoice: event.invoice,
        status: event.status,
        outcome,
        raw: event.raw,
        historyReason: transactionText(provider, event.invoice, data),
        providerRef: data.STAN ?? data.Ds_AuthorisationCode ?? null,
        now: now().toISOString(),
        dedupe: true,
      });
      await afterApplied(place.placeId, applied);
      return 'OK';
    } catch (err) {
      log(err, 'payment notification failed');
      return 'ERR';
    }
  }

  /**
   * Saves the first card (and whatever else user/info?PINS=1 lists for the token) for the order's user, or the
   * cards of a linked account (saved: null); answers how many were saved.
   */
  async function saveCards(
    client: EpayOneTouch,
    place: PlaceRow,
    owner: { id: number },
    deviceId: string,
    token: string,
    saved: { ID: string; NAME: string; TYPE: number; EXPIRES?: string } | null,
  ): Promise<number> {
    let list = saved ? [saved] : [];
    try {
      const all = await client.instruments(deviceId, token);
      if (all.length > 0) list = all;
    } catch (err) {
      log(err, 'one touch user/info failed; keeping the instrument of the payment');
    }
    await repo.saveInstruments(
      owner.id,
      place.placeId,
      PROVIDER.oneTouch,
      token,
      list.map((i) => ({
        id: String(i.ID),
        name: i.NAME,
        type: Number(i.TYPE) || 1,
        expires: i.EXPIRES ?? null,
      })),
      now().toISOString(),
    );
    return list.length;
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
