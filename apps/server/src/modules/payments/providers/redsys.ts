/**
 * Redsys redirect with Bizum (payments.md §3), signature HMAC_SHA256_V1:
 *   order key    = 3DES-CBC(base64-decode(merchant key), order zero-padded to 8, IV 8 zero bytes, no auto padding)
 *   Ds_Signature = base64(HMAC-SHA256(order key, the Ds_MerchantParameters string))
 * The notification posts the same three fields; its signature is base64url and is compared on the decoded bytes.
 * Success is Ds_Response 0–99; a Bizum payment carries Ds_ProcessedPayMethod=68.
 */
import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import type {
  CheckoutForm,
  CheckoutInput,
  PaymentEvent,
  RedirectProvider,
  VerifiedNotification,
} from './provider.ts';
import { providerTakesCurrency } from '@trapeza/domain/pricing/fees';
import { currencyNotTaken } from './provider.ts';

export interface RedsysConfig {
  merchantCode: string;
  terminal: string;
  /** The merchant's SHA-256 key, base64 (24 bytes decoded). */
  key: string;
  /** e.g. https://sis-t.redsys.es:25443/sis/realizarPago */
  url: string;
}

const REDSYS_SIGNATURE_VERSION = 'HMAC_SHA256_V1';
/** Ds_ProcessedPayMethod of a Bizum payment. */
export const REDSYS_BIZUM_PAY_METHOD = '68';
/** ISO 4217 numeric codes Redsys takes. */
const REDSYS_CURRENCY: Record<string, string> = { EUR: '978', BGN: '975', USD: '840' };

/** 3DES order key (raw bytes). */
export function redsysOrderKey(merchantKeyBase64: string, order: string): Buffer {
  const key = Buffer.from(merchantKeyBase64, 'base64');
  const data = Buffer.from(order, 'utf8');
  const padded = Buffer.alloc(Math.ceil(data.length / 8) * 8 || 8);
  data.copy(padded);
  const cipher = createCipheriv('des-ede3-cbc', key, Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** The raw HMAC-SHA256 bytes over the Ds_MerchantParameters string. */
export function redsysSignatureBytes(
  merchantKeyBase64: string,
  order: string,
  merchantParameters: string,
): Buffer {
  return createHmac('sha256', redsysOrderKey(merchantKeyBase64, order))
    .update(merchantParameters, 'utf8')
    .digest();
}

/** Ds_Signature of a request (standard base64). */
export function redsysSign(merchantKeyBase64: string, order: string, merchantParameters: string): string {
  return redsysSignatureBytes(merchantKeyBase64, order, merchantParameters).toString('base64');
}

/** base64(JSON) of the parameters, keys in the given order. */
export function redsysEncodeParameters(params: Record<string, string>): string {
  return Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
}

/** Decodes Ds_MerchantParameters (base64 or base64url; values may be URL-encoded, e.g. Ds_Date 22%2F10%2F2021). */
export function redsysDecodeParameters(merchantParameters: string): Record<string, string> {
  const parsed: unknown = JSON.parse(Buffer.from(merchantParameters, 'base64').toString('utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    const s = v === null || v === undefined ? '' : String(v);
    try {
      out[k] = decodeURIComponent(s);
    } catch {
      out[k] = s;
    }
  }
  return out;
}

/** Whether a Ds_Response means an authorised payment (0000–0099). */
export function redsysResponseIsSuccess(dsResponse: string): boolean {
  if (!/^\d{1,4}$/.test(dsResponse)) return false;
  const n = Number(dsResponse);
  return n >= 0 && n <= 99;
}

/** Constant-time check of a received signature (base64 or base64url) against the decoded expected bytes. */
export function redsysSignatureMatches(expected: Buffer, received: string): boolean {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(received)) return false;
  const given = Buffer.from(received, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Redsys order: 4–12 characters, the first 4 digits. */
function isRedsysOrder(order: string): boolean {
  return /^\d{4}[A-Za-z0-9]{0,8}$/.test(order);
}

export class RedsysRedirect implements RedirectProvider {
  readonly name = 'redsys' as const;
  readonly #config: RedsysConfig;

  constructor(config: RedsysConfig) {
    this.#config = config;
  }

  /** Redsys takes EUR, BGN and USD. */
  checkPayable(input: Pick<CheckoutInput, 'amount' | 'currency'>): void {
    // The domain's rule (the order form offers Bizum by it); the numeric code below exists for each of its currencies.
    if (!providerTakesCurrency('redsys', input.currency) || !REDSYS_CURRENCY[input.currency.toUpperCase()])
      throw currencyNotTaken('Redsys', input.currency);
  }

  merchantParameters(input: CheckoutInput): Record<string, string> {
    // Our own invoice numbers: anything else is a bug here (500), not the venue's configuration.
    if (!isRedsysOrder(input.invoice))
      throw new Error('Redsys order must be 4–12 characters, 4 digits first');
    this.checkPayable(input);
    const currency = REDSYS_CURRENCY[input.currency.toUpperCase()]!;
    return {
      DS_MERCHANT_AMOUNT: String(input.amount),
      DS_MERCHANT_ORDER: input.invoice,
      DS_MERCHANT_MERCHANTCODE: this.#config.merchantCode,
      DS_MERCHANT_TERMINAL: this.#config.terminal,
      DS_MERCHANT_CURRENCY: currency,
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_MERCHANTURL: input.notifyUrl,
      DS_MERCHANT_URLOK: input.okUrl,
      DS_MERCHANT_URLKO: input.cancelUrl,
      ...(input.payMethods ? { DS_MERCHANT_PAYMETHODS: input.payMethods } : {}),
    };
  }

  buildCheckout(input: CheckoutInput): CheckoutForm {
    const parameters = redsysEncodeParameters(this.merchantParameters(input));
    return {
      action: this.#config.url,
      method: 'POST',
      fields: {
        Ds_SignatureVersion: REDSYS_SIGNATURE_VERSION,
        Ds_MerchantParameters: parameters,
        Ds_Signature: redsysSign(this.#config.key, input.invoice, parameters),
      },
      link: null,
    };
  }

  /**
   * The order key needs Ds_Order, which lives inside the parameters: they are base64-decoded to read it, and
   * nothing else is looked at until the signature over the raw parameter string has matched.
   */
  verifyNotification(body: Record<string, string | undefined>): VerifiedNotification {
    const parameters = body.Ds_MerchantParameters ?? '';
    const signature = body.Ds_Signature ?? '';
    if (!parameters || !signature) return { ok: false, error: 'missing parameters or signature' };
    if (body.Ds_SignatureVersion && body.Ds_SignatureVersion !== REDSYS_SIGNATURE_VERSION) {
      return { ok: false, error: 'unsupported signature version' };
    }
    let order: string;
    try {
      const peek = JSON.parse(Buffer.from(parameters, 'base64').toString('utf8')) as Record<string, unknown>;
      order = String(peek.Ds_Order ?? peek.DS_ORDER ?? '');
    } catch {
      return { ok: false, error: 'unreadable parameters' };
    }
    if (!isRedsysOrder(order)) return { ok: false, error: 'invalid Ds_Order' };
    if (!redsysSignatureMatches(redsysSignatureBytes(this.#config.key, order, parameters), signature)) {
      return { ok: false, error: 'invalid signature' };
    }
    const p = redsysDecodeParameters(parameters);
    if (p.Ds_MerchantCode !== undefined && p.Ds_MerchantCode !== this.#config.merchantCode) {
      return { ok: false, error: 'foreign merchant' };
    }
    const response = p.Ds_Response ?? '';
    const transaction: Record<string, string> = {};
    for (const k of [
      'Ds_Response',
      'Ds_AuthorisationCode',
      'Ds_ProcessedPayMethod',
      'Ds_Amount',
      'Ds_Currency',
      'Ds_Date',
      'Ds_Hour',
      'Ds_Card_Number',
    ]) {
      if (p[k]) transaction[k] = p[k]!;
    }
    const event: PaymentEvent = {
      invoice: order,
      status: response,
      outcome: redsysResponseIsSuccess(response) ? 'paid' : 'denied',
      transaction,
      raw: JSON.stringify(p),
    };
    return { ok: true, events: [event] };
  }
}
