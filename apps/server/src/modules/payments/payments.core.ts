/**
 * The shared core of the payments module (issue 22 #6: payments.service.ts split by responsibility): per-place
 * provider configuration, the payable-order rule, return and notification addresses, starting a redirect attempt,
 * applying a verified provider event (status query or notification) and what follows it, saving One Touch cards.
 * The calls live in payments.service.ts (redirect payments, status), payments.one-touch.ts (saved cards, account
 * linking) and payments.notifications.ts (provider notifications). The rules: payments.service.ts' header.
 */
import { isOnlinePayment } from '@trapeza/domain/pricing/fees';
import { PAYMENT_MESSAGES, type PaymentStatus } from '@trapeza/domain/contracts/payments';
import type { StoreInitiatePaymentResponse } from '@trapeza/domain/contracts/payments';
import type { Language } from '@trapeza/domain/i18n';
import { type AuthTokens } from '../../lib/auth-token.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { StaffNotifier } from '../../plugins/events.ts';
import type { BookingDeposit, BookingTenant, ConfirmPaidResult } from '../bookings/bookings.service.ts';
import { placePaymentConfig, type PaymentsConfig, type PlacePaymentConfig } from './payments.config.ts';
import type { AppliedEvent, PaymentsRepository, PlaceRow } from './payments.repository.ts';
import { EpayOneTouch } from './providers/epay-one-touch.ts';
import { EpayWebCheckout, type EpayReplyStatus } from './providers/epay-web.ts';
import { renderCheckoutForm, type CheckoutForm, type PaymentEvent } from './providers/provider.ts';
import { RedsysRedirect } from './providers/redsys.ts';

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
interface BillSharePaymentHooks {
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
interface BookingPaymentHooks {
  depositToPay(tenant: BookingTenant, id: number, token: string, lang: Language): Promise<BookingDeposit>;
  confirmBookingPaid(bookingId: number): Promise<ConfirmPaidResult>;
}

/** Providers a booking deposit can be paid with (POST bookings/{id}/pay). */
export type BookingPaymentProvider = 'epay' | 'redsys' | 'bizum';

export type Order = NonNullable<Awaited<ReturnType<PaymentsRepository['orderByKey']>>>;

/** Methods paid online through a provider: 'online…' and 'epay' (domain), and Bizum (Redsys). */
export function isProviderPayment(method: string | null | undefined): boolean {
  return isOnlinePayment(method) || method === 'bizum';
}

// 403 as from the order calls: one code, one status in every module (spec §8; issue 25).
export const loginRequired = () =>
  new DomainError(403, 'card_payment_requires_login', PAYMENT_MESSAGES.loginRequired);

/** Status prefix of a signed notification kept as an alert, not applied (payment_notifications.status). */
const AMOUNT_MISMATCH_ALERT = 'alert:amount_mismatch';

/** The order's payment_status as the contract's enum. */
export function asStatus(s: string): PaymentStatus {
  return s === 'paid' || s === 'pending' || s === 'failed' ? s : 'none';
}

/** A payment row's status as the browser sees it. */
export function attemptStatus(s: string): PaymentStatus {
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
export function deviceIdOf(user: { id: number; clientId: number }): string {
  return `trapeza-${user.clientId}-${user.id}`;
}

export interface OneTouchRef {
  id: string;
  instrument: number | null;
}
export function parseOneTouchRef(ref: string | null): OneTouchRef | null {
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

export function createPaymentsCore(deps: PaymentsServiceDeps) {
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
    const checkout = provider === 'epay' ? new EpayWebCheckout(c.epay!) : new RedsysRedirect(c.redsys!);
    // Before the attempt is stored: a currency or amount the provider refuses leaves no pending payment behind.
    checkout.checkPayable(target);
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
    const input = {
      invoice,
      amount: target.amount,
      currency: target.currency,
      description: target.description,
      okUrl: target.okUrl,
      cancelUrl: target.cancelUrl,
      expiresAt,
    };
    const form =
      checkout instanceof EpayWebCheckout
        ? checkout.buildCheckout({ ...input, notifyUrl: u.epayNotify })
        : checkout.buildCheckout({
            ...input,
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
  return {
    deps,
    repo,
    config,
    now,
    log,
    publicUrl,
    fetchImpl,
    resolveConfig,
    configOf,
    placeOf,
    payableOrder,
    urls,
    orderBack,
    bookingBack,
    description,
    startTargetRedirect,
    startRedirect,
    redirectAnswer,
    oneTouchClient,
    applyQueried,
    afterApplied,
    applyNotified,
    saveCards,
  };
}

/** What the payment calls share: configuration, the order and attempt rules, applying provider events. */
export type PaymentsCore = ReturnType<typeof createPaymentsCore>;
