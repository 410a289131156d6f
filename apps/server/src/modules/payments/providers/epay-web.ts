/**
 * ePay.bg web checkout (payments.md §1): the browser posts PAGE, ENCODED, CHECKSUM (and URL_OK / URL_CANCEL) to
 * the provider; ENCODED is base64 of `KEY=value` lines, CHECKSUM the lowercase hex HMAC-SHA1 of ENCODED with the
 * merchant secret. The provider notifies with `encoded` + `checksum` (same scheme), one line per invoice, and reads
 * our answer `INVOICE=…:STATUS=OK|ERR|NO` per line, or `ERR=…` for a bad checksum.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  CheckoutForm,
  CheckoutInput,
  PaymentEvent,
  RedirectProvider,
  VerifiedNotification,
} from './provider.ts';
import { PROVIDER_CURRENCIES } from '@trapeza/domain/pricing/fees';
import { amountTooSmall, currencyNotTaken, formatAmount } from './provider.ts';

export interface EpayWebConfig {
  /** Merchant id (MIN). */
  min: string;
  secret: string;
  /** e.g. https://demo.epay.bg/ (trailing slash optional). */
  baseUrl: string;
  /** paylogin (ePay account or card) or credit_paydirect (card only). */
  page?: 'paylogin' | 'credit_paydirect';
  /** For credit_paydirect: bg or en. */
  lang?: 'bg' | 'en';
}

/** The currencies ePay takes: the domain's rule, which the order form offers ePay by. */
export const EPAY_CURRENCIES = PROVIDER_CURRENCIES.epay;

/** Lowercase hex HMAC-SHA1 of `message` with `secret`. */
export function epayChecksum(secret: string, message: string): string {
  return createHmac('sha1', secret).update(message, 'utf8').digest('hex');
}

/** `KEY=value` lines joined by \n, base64 without line breaks. */
export function epayEncode(lines: readonly (readonly [string, string])[]): string {
  return Buffer.from(lines.map(([k, v]) => `${k}=${v}`).join('\n'), 'utf8').toString('base64');
}

/** Constant-time comparison of a received hex checksum with the one we compute (on the decoded bytes). */
export function epayChecksumMatches(secret: string, encoded: string, received: string): boolean {
  if (!/^[0-9a-fA-F]{40}$/.test(received)) return false;
  const expected = Buffer.from(epayChecksum(secret, encoded), 'hex');
  const given = Buffer.from(received, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** DD.MM.YYYY hh:mm:ss in Bulgarian local time (the provider's clock). */
export function epayExpTime(at: Date, timeZone = 'Europe/Sofia'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const LINE =
  /^INVOICE=(\d+):STATUS=(PAID|DENIED|EXPIRED)(?::PAY_TIME=(\d+):STAN=(\d+):BCODE=([0-9a-zA-Z]+)(?::AMOUNT=([0-9.]+))?(?::BIN=(\d+))?)?$/;

/** One parsed notification line, or the invoice alone when the line is malformed (answered ERR). */
export type EpayNotificationLine =
  { ok: true; event: PaymentEvent } | { ok: false; invoice: string | null; raw: string };

/** Parses a decoded notification body (call only after the checksum matched). */
export function parseEpayNotification(decoded: string): EpayNotificationLine[] {
  return decoded
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((raw): EpayNotificationLine => {
      const m = LINE.exec(raw);
      if (!m) return { ok: false, invoice: /^INVOICE=(\d+):/.exec(raw)?.[1] ?? null, raw };
      const [, invoice, status, payTime, stan, bcode, amount, bin] = m;
      const transaction: Record<string, string> = {};
      if (payTime) transaction.PAY_TIME = payTime;
      if (stan) transaction.STAN = stan;
      if (bcode) transaction.BCODE = bcode;
      if (amount) transaction.AMOUNT = amount;
      if (bin) transaction.BIN = bin;
      return {
        ok: true,
        event: {
          invoice: invoice!,
          status: status!,
          outcome: status === 'PAID' ? 'paid' : status === 'DENIED' ? 'denied' : 'expired',
          transaction,
          raw,
        },
      };
    });
}

export type EpayReplyStatus = 'OK' | 'ERR' | 'NO';

/** Our answer: one line per invoice. */
export function formatEpayReply(lines: readonly { invoice: string; status: EpayReplyStatus }[]): string {
  return lines.map((l) => `INVOICE=${l.invoice}:STATUS=${l.status}\n`).join('');
}

/** The answer to a notification whose checksum does not match (nothing was parsed). */
export function formatEpayChecksumError(description = 'Not valid CHECKSUM'): string {
  return `ERR=${description.replace(/[\r\n]+/g, ' ')}\n`;
}

export class EpayWebCheckout implements RedirectProvider {
  readonly name = 'epay' as const;
  readonly #config: EpayWebConfig;

  constructor(config: EpayWebConfig) {
    this.#config = config;
  }

  /** ePay takes BGN, EUR and USD, and an AMOUNT over 0.01. */
  checkPayable(input: Pick<CheckoutInput, 'amount' | 'currency'>): void {
    const currency = input.currency.toUpperCase();
    if (!(EPAY_CURRENCIES as readonly string[]).includes(currency)) throw currencyNotTaken('ePay', currency);
    if (input.amount < 2) throw amountTooSmall('ePay', input.amount, 2);
  }

  /** The ENCODED data lines in the order of the reference. */
  dataLines(input: CheckoutInput): [string, string][] {
    // Our own invoice numbers: anything else is a bug here (500), not the venue's configuration.
    if (!/^\d+$/.test(input.invoice)) throw new Error('ePay INVOICE must be digits only');
    this.checkPayable(input);
    const currency = input.currency.toUpperCase();
    // DESCR: at most 100 characters, one line (a newline would start a new KEY=value).
    const descr = Array.from(input.description.replace(/[\r\n]+/g, ' '))
      .slice(0, 100)
      .join('');
    return [
      ['MIN', this.#config.min],
      ['INVOICE', input.invoice],
      ['AMOUNT', formatAmount(input.amount)],
      ['CURRENCY', currency],
      ['EXP_TIME', epayExpTime(input.expiresAt)],
      ['DESCR', descr],
      ['ENCODING', 'utf-8'],
    ];
  }

  buildCheckout(input: CheckoutInput): CheckoutForm {
    const encoded = epayEncode(this.dataLines(input));
    const page = this.#config.page ?? 'paylogin';
    const fields: Record<string, string> = {
      PAGE: page,
      ...(page === 'credit_paydirect' ? { LANG: this.#config.lang ?? 'bg' } : {}),
      ENCODED: encoded,
      CHECKSUM: epayChecksum(this.#config.secret, encoded),
      URL_OK: input.okUrl,
      URL_CANCEL: input.cancelUrl,
    };
    const action = this.#config.baseUrl.endsWith('/') ? this.#config.baseUrl : `${this.#config.baseUrl}/`;
    return { action, method: 'POST', fields, link: `${action}?${new URLSearchParams(fields).toString()}` };
  }

  /** Checksum over the raw `encoded` first; only then decode and parse the lines. */
  verifyNotification(body: Record<string, string | undefined>): VerifiedNotification {
    const encoded = body.encoded ?? '';
    const checksum = body.checksum ?? '';
    if (!encoded || !epayChecksumMatches(this.#config.secret, encoded, checksum)) {
      return { ok: false, error: 'Not valid CHECKSUM' };
    }
    const events: PaymentEvent[] = [];
    for (const line of parseEpayNotification(Buffer.from(encoded, 'base64').toString('utf8'))) {
      if (line.ok) events.push(line.event);
    }
    return { ok: true, events };
  }

  /** Decoded lines including malformed ones (the route answers those ERR). Checksum must be verified first. */
  notificationLines(encoded: string): EpayNotificationLine[] {
    return parseEpayNotification(Buffer.from(encoded, 'base64').toString('utf8'));
  }

  checksumMatches(encoded: string, checksum: string): boolean {
    return epayChecksumMatches(this.#config.secret, encoded, checksum);
  }
}
