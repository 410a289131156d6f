/**
 * What a payment provider does for us, independent of its wire format. Two kinds:
 * - redirect providers (ePay web checkout, Redsys/Bizum): we sign a form the browser takes to the provider's hosted
 *   page, and the provider tells us the outcome in a signed server-to-server notification;
 * - ePay One Touch: server-to-server calls with a user token and saved instruments (epay-one-touch.ts).
 * The implementations are pure protocol (no database): the payments service keeps the rules.
 */
import { DomainError } from '../../../lib/domain-error.ts';

/** What the service knows about one attempt; the amount always comes from the stored order. */
export interface CheckoutInput {
  /** Digits-only, single-use invoice / order number. */
  invoice: string;
  /** Minor units (stotinki, cents). */
  amount: number;
  /** ISO 4217 code: BGN, EUR, USD. */
  currency: string;
  description: string;
  /** Where the browser goes back (only shows a page: never proof of payment). */
  okUrl: string;
  cancelUrl: string;
  /** Our notification endpoint (Redsys sends it in the form; ePay has it in the merchant profile). */
  notifyUrl: string;
  /** When the provider stops accepting the payment. */
  expiresAt: Date;
  /** Redsys: 'z' = Bizum. */
  payMethods?: string;
}

/** A form for the browser to submit to the provider. */
export interface CheckoutForm {
  action: string;
  method: 'POST';
  fields: Record<string, string>;
  /** The same as a GET address, when the provider accepts one (ePay does, Redsys does not). */
  link: string | null;
}

type PaymentOutcome = 'paid' | 'denied' | 'expired';

/** One verified line of a notification. */
export interface PaymentEvent {
  invoice: string;
  /** The provider's status word as sent (PAID, DENIED, EXPIRED, or the Redsys Ds_Response). */
  status: string;
  outcome: PaymentOutcome;
  /** Transaction data for the order's history (STAN, BCODE, Ds_AuthorisationCode, pay method…). */
  transaction: Record<string, string>;
  /** The line or parameters as received (kept in payment_notifications). */
  raw: string;
}

export type VerifiedNotification = { ok: true; events: PaymentEvent[] } | { ok: false; error: string };

export interface RedirectProvider {
  readonly name: 'epay' | 'redsys';
  /**
   * Refuses, as a DomainError, what this provider cannot be asked to take (another currency, too small an amount):
   * checked before an attempt is stored, and again by `buildCheckout`.
   */
  checkPayable(input: Pick<CheckoutInput, 'amount' | 'currency'>): void;
  buildCheckout(input: CheckoutInput): CheckoutForm;
  /** Checks the signature first (constant time), then parses. */
  verifyNotification(body: Record<string, string | undefined>): VerifiedNotification;
}

/**
 * The venue prices in a currency its provider does not take (a CHF venue with ePay or Redsys): a configuration the
 * guest cannot change, so online payment is unavailable there (503), like a provider not configured at all.
 */
export function currencyNotTaken(provider: string, currency: string): DomainError {
  return new DomainError(503, 'payment_currency_not_supported', `${provider} does not take ${currency}`);
}

/** The amount is below the provider's least (minor units): the service's own `amount_too_small` (400). */
export function amountTooSmall(provider: string, amount: number, least: number): DomainError {
  return new DomainError(
    400,
    'amount_too_small',
    `${provider} takes at least ${formatAmount(least)}, not ${formatAmount(amount)}`,
  );
}

/** Escapes text for an HTML attribute or text node. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The checkout form as HTML (ppResp.redForm): the browser inserts it and submits it. */
export function renderCheckoutForm(form: CheckoutForm, id = 'payment-redirect-form'): string {
  const inputs = Object.entries(form.fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<form id="${escapeHtml(id)}" method="POST" action="${escapeHtml(form.action)}">${inputs}</form>`;
}

/** Minor units → '22.80'. */
export function formatAmount(minor: number): string {
  if (!Number.isInteger(minor) || minor < 0) throw new Error(`invalid amount ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
