/**
 * A local payment provider speaking the protocols of payments.md, for development, tests and the demo: its own
 * small Fastify server (never part of the app; started only by `npm start` in demo mode or by tests).
 *
 *   ePay web checkout  GET|POST /epay/              hosted page (PAGE, ENCODED, CHECKSUM, URL_OK, URL_CANCEL);
 *                      signed notifications (encoded, checksum) to the merchant's notify URL, several invoices per
 *                      POST, retried on ERR / failed connection with the real schedule (compressible: timeFactor).
 *   Redsys / Bizum     POST /sis/realizarPago           hosted page; signed notification to DS_MERCHANT_MERCHANTURL
 *                      (Ds_Response 0000 / 0190 declined / 9915 cancelled; Bizum Ds_ProcessedPayMethod=68).
 *   One Touch          /xdev/mobile/api/payment/noreg/send (first card, SAVECARD), /xdev/api/api/payment/noreg/send/status,
 *                      /xdev/api/user/info, /xdev/api/payment/{init,check,send/user,send/status},
 *                      /xdev/api/api/token/invalidate, account linking /xdev/mobile/api/start (the user allows the
 *                      app) → /xdev/api/api/code/get → /xdev/api/api/token/get — every call's APPCHECK is verified.
 *
 * Demo cards: Visa •••• 4242 pays; Visa •••• 0002 is declined; Mastercard •••• 3220 is processed (STATE 2) on the
 * first status query and paid on the next.
 */
import { randomBytes, randomInt } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  EPAY_CURRENCIES,
  epayChecksum,
  epayChecksumMatches,
} from '../../modules/payments/providers/epay-web.ts';
import { oneTouchAppCheck } from '../../modules/payments/providers/epay-one-touch.ts';
import { formatAmount } from '../../modules/payments/providers/provider.ts';
import {
  REDSYS_BIZUM_PAY_METHOD,
  redsysDecodeParameters,
  redsysEncodeParameters,
  redsysSignatureBytes,
  redsysSignatureMatches,
} from '../../modules/payments/providers/redsys.ts';
import { checkoutPage, donePage, errorPage, type Choice } from './pages.ts';
import { RetryQueue } from './retry-schedule.ts';
import { timingSafeEqual } from 'node:crypto';

export interface SimulatorMerchant {
  label: string;
  epay?: { min: string; secret: string; notifyUrl: string };
  redsys?: { merchantCode: string; terminal: string; key: string };
  oneTouch?: { appId: string; secret: string; kin: string; replyAddress?: string };
}

export interface SimulatorOptions {
  /** The merchants this provider knows (a function is asked on every request: places may be added later). */
  merchants: SimulatorMerchant[] | (() => Promise<SimulatorMerchant[]>);
  /** Multiplies every retry delay (tests: 0.001). */
  timeFactor?: number;
  fetch?: typeof fetch;
  logger?: boolean;
  /**
   * Whether the payer may be sent back to this return address (ePay URL_OK / URL_CANCEL, Redsys URLOK / URLKO);
   * anything else is refused with an error page, so the simulator is no open redirect. Default: loopback hosts only.
   */
  allowReturnUrl?: (url: string) => boolean | Promise<boolean>;
}

/** localhost, `*.localhost`, 127.0.0.0/8 and ::1: names that never leave the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '::1';
}

function loopbackUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const u = new URL(url);
  return (u.protocol === 'http:' || u.protocol === 'https:') && isLoopbackHost(u.hostname);
}

interface DemoCard {
  last4: string;
  name: string;
  /** What a payment with it does. */
  behaviour: 'approve' | 'decline' | 'slow';
}

const DEMO_CARDS: DemoCard[] = [
  { last4: '4242', name: 'Visa •••• 4242', behaviour: 'approve' },
  { last4: '0002', name: 'Visa •••• 0002', behaviour: 'decline' },
  { last4: '3220', name: 'Mastercard •••• 3220', behaviour: 'slow' },
];

interface EpaySession {
  kind: 'epay';
  merchant: SimulatorMerchant & { epay: NonNullable<SimulatorMerchant['epay']> };
  invoice: string;
  amount: string;
  currency: string;
  descr: string;
  expTime: string;
  urlOk: string | null;
  urlCancel: string | null;
  state: 'open' | 'paid' | 'denied' | 'cancelled';
}

interface RedsysSession {
  kind: 'redsys';
  merchant: SimulatorMerchant & { redsys: NonNullable<SimulatorMerchant['redsys']> };
  params: Record<string, string>;
  bizum: boolean;
  state: 'open' | 'done';
}

interface OneTouchInstrumentState {
  ID: string;
  NAME: string;
  TYPE: number;
  EXPIRES: string;
  card: DemoCard;
}

interface OneTouchPayment {
  id: string;
  appId: string;
  deviceId: string;
  amount: number;
  /** 2 processing, 3 success, 4 failed; null = not paid yet. */
  state: number | null;
  /** Status queries left before a 'slow' card settles. */
  slowQueries: number;
  token: string | null;
  instrument: OneTouchInstrumentState | null;
  kind: 'noreg' | 'send';
}

export interface PaymentSimulator {
  app: FastifyInstance;
  /** Base URL once listening. */
  url: string;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** ePay: the invoice passes its EXP_TIME unpaid → EXPIRED notification. */
  expireEpayInvoice(invoice: string): boolean;
  /**
   * Forgets every session, invoice, token and linked account, as a provider meeting this installation for the first
   * time (the e2e journeys' `POST /api/__test/reset` calls it with the database's reset: without it, an ePay account
   * linked by one journey file still held its cards in the next, whose fresh database knew nothing of them).
   */
  reset(): void;
  /** One Touch: a user who linked an ePay account with these cards earlier (tests). */
  provisionOneTouchUser(
    appId: string,
    deviceId: string,
    last4s: string[],
  ): { token: string; instrumentIds: string[] };
  /** Waits until every notification is delivered or given up within `ms`. */
  settle(ms?: number): Promise<void>;
  readonly epayAttempts: RetryQueue['attempts'];
  readonly redsysAttempts: RetryQueue['attempts'];
}

function payTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

function formBody(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
}

function html(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(text);
}

/** Parses KEY=value lines of a decoded ENCODED. */
function parseEncodedLines(decoded: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of decoded.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

export function createPaymentSimulator(options: SimulatorOptions): PaymentSimulator {
  const fetchImpl = options.fetch ?? fetch;
  const factor = options.timeFactor ?? 1;
  const app = Fastify({ logger: options.logger ?? false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const merchants = async (): Promise<SimulatorMerchant[]> =>
    typeof options.merchants === 'function' ? options.merchants() : options.merchants;
  const allowReturnUrl = options.allowReturnUrl ?? loopbackUrl;
  /** The first given return address this installation does not own, if any. */
  async function foreignReturnUrl(urls: (string | undefined)[]): Promise<string | null> {
    for (const u of urls) if (u && !(await allowReturnUrl(u))) return u;
    return null;
  }
  const foreignMessage = (u: string) =>
    `The return address ${u} is not an address of this shop; the payment was not started.`;

  const sessions = new Map<string, EpaySession | RedsysSession>();
  /** ePay: invoice → its notification line (PAID / DENIED / EXPIRED) while undelivered; `${min}:${invoice}` keys. */
  const epayLines = new Map<string, { merchant: EpaySession['merchant']; line: string }>();
  const usedInvoices = new Set<string>();
  const redsysPending = new Map<string, { url: string; fields: Record<string, string> }>();
  const tokens = new Map<
    string,
    { appId: string; deviceId: string; instruments: OneTouchInstrumentState[] }
  >();
  const otPayments = new Map<string, OneTouchPayment>();
  /** Account linking: `${appId}:${deviceId}:${key}` → the code once the user allowed the app (null: not yet). */
  const authorisations = new Map<string, { code: string | null }>();
  /** Unused authorisation codes → whose they are. */
  const authCodes = new Map<string, { appId: string; deviceId: string }>();
  const startPages = new Map<string, { fields: Record<string, string>; merchant: SimulatorMerchant }>();
  const noregPages = new Map<string, { fields: Record<string, string>; merchant: SimulatorMerchant }>();

  const epayQueue = new RetryQueue(async (min, keys) => {
    const merchant = epayLines.get(keys[0]!)?.merchant;
    if (!merchant) return new Set(keys);
    const body = keys.map((k) => `${epayLines.get(k)!.line}\n`).join('');
    const encoded = Buffer.from(body, 'utf8').toString('base64');
    const res = await fetchImpl(merchant.epay.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        encoded,
        checksum: epayChecksum(merchant.epay.secret, encoded),
      }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const settled = new Set<string>();
    for (const m of text.matchAll(/^INVOICE=(\d+):STATUS=(OK|ERR|NO)\s*$/gm)) {
      if (m[2] === 'OK' || m[2] === 'NO') settled.add(`${min}:${m[1]}`);
    }
    for (const k of settled) epayLines.delete(k);
    return settled;
  }, factor);

  const redsysQueue = new RetryQueue(async (_group, keys) => {
    const settled = new Set<string>();
    for (const key of keys) {
      const n = redsysPending.get(key);
      if (!n) {
        settled.add(key);
        continue;
      }
      const res = await fetchImpl(n.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(n.fields).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      await res.text();
      // Any answer that is not a server failure counts as received (Redsys only wants HTTP 200; be lenient).
      if (res.status < 500) {
        settled.add(key);
        redsysPending.delete(key);
      }
    }
    return settled;
  }, factor);

  // ------------------------------------------------------------------ ePay web checkout
  async function epayEntry(fields: Record<string, string>, reply: FastifyReply) {
    const encoded = fields.ENCODED ?? '';
    const checksum = fields.CHECKSUM ?? '';
    if (!encoded || !checksum)
      return html(reply, 400, errorPage('ePay', 'ENCODED and CHECKSUM are required.'));
    const data = parseEncodedLines(Buffer.from(encoded, 'base64').toString('utf8'));
    const merchant = (await merchants()).find((m) => m.epay && m.epay.min === data.MIN) as
      EpaySession['merchant'] | undefined;
    if (!merchant) return html(reply, 400, errorPage('ePay', 'Unknown merchant (MIN).'));
    if (!epayChecksumMatches(merchant.epay.secret, encoded, checksum)) {
      return html(reply, 400, errorPage('ePay', 'Invalid CHECKSUM: the payment data was changed.'));
    }
    const invoice = data.INVOICE ?? '';
    const amount = data.AMOUNT ?? '';
    const currency = (data.CURRENCY ?? 'BGN').toUpperCase();
    if (!/^\d+$/.test(invoice)) return html(reply, 400, errorPage('ePay', 'INVOICE must be digits.'));
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0.01) {
      return html(reply, 400, errorPage('ePay', 'AMOUNT must be over 0.01.'));
    }
    if (!(EPAY_CURRENCIES as readonly string[]).includes(currency)) {
      return html(reply, 400, errorPage('ePay', 'Unsupported CURRENCY.'));
    }
    if (!/^\d{2}\.\d{2}\.\d{4}( \d{2}:\d{2}(:\d{2})?)?$/.test(data.EXP_TIME ?? '')) {
      return html(reply, 400, errorPage('ePay', 'EXP_TIME is required (DD.MM.YYYY[ hh:mm[:ss]]).'));
    }
    const foreign = await foreignReturnUrl([fields.URL_OK, fields.URL_CANCEL]);
    if (foreign) return html(reply, 400, errorPage('ePay', foreignMessage(foreign)));
    const invoiceKey = `${merchant.epay.min}:${invoice}`;
    if (usedInvoices.has(invoiceKey)) {
      return html(reply, 409, errorPage('ePay', 'This INVOICE was already used.'));
    }
    usedInvoices.add(invoiceKey);
    const id = randomBytes(12).toString('hex');
    sessions.set(id, {
      kind: 'epay',
      merchant,
      invoice,
      amount,
      currency,
      descr: data.DESCR ?? '',
      expTime: data.EXP_TIME ?? '',
      urlOk: fields.URL_OK || null,
      urlCancel: fields.URL_CANCEL || null,
      state: 'open',
    });
    return html(
      reply,
      200,
      checkoutPage({
        provider: 'ePay.bg',
        merchant: merchant.label,
        details: [
          ['Invoice', invoice],
          ['Amount', `${amount} ${currency}`],
          ['Description', data.DESCR ?? ''],
          ['Valid until', data.EXP_TIME ?? ''],
        ],
        postTo: `/epay/decide/${id}`,
        choices: [
          { value: 'pay', label: `Pay ${amount} ${currency}`, kind: 'pay' },
          { value: 'decline', label: 'Decline (card refused)', kind: 'decline' },
          { value: 'cancel', label: 'Cancel and go back', kind: 'cancel' },
        ],
      }),
    );
  }

  function queueEpay(merchant: EpaySession['merchant'], invoice: string, line: string) {
    const key = `${merchant.epay.min}:${invoice}`;
    epayLines.set(key, { merchant, line });
    epayQueue.add(merchant.epay.min, key);
  }

  app.get('/epay/', async (request, reply) => epayEntry(formBody(request.query), reply));
  app.post('/epay/', async (request, reply) => epayEntry(formBody(request.body), reply));
  app.post<{ Params: { id: string } }>('/epay/decide/:id', async (request, reply) => {
    const s = sessions.get(request.params.id);
    if (!s || s.kind !== 'epay') return html(reply, 404, errorPage('ePay', 'Unknown payment session.'));
    if (s.state !== 'open') return html(reply, 409, errorPage('ePay', 'This payment was already decided.'));
    const action = formBody(request.body).action;
    if (action === 'pay') {
      s.state = 'paid';
      const stan = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const bcode = randomBytes(3).toString('hex').toUpperCase();
      queueEpay(
        s.merchant,
        s.invoice,
        `INVOICE=${s.invoice}:STATUS=PAID:PAY_TIME=${payTime(new Date())}:STAN=${stan}:BCODE=${bcode}`,
      );
      return s.urlOk
        ? reply.redirect(s.urlOk, 303)
        : html(reply, 200, donePage('Paid', 'The payment was made.', null));
    }
    if (action === 'decline') {
      s.state = 'denied';
      queueEpay(s.merchant, s.invoice, `INVOICE=${s.invoice}:STATUS=DENIED`);
      return html(
        reply,
        200,
        donePage('Declined', 'The card was refused. Nothing was charged.', s.urlCancel),
      );
    }
    // Cancel: nothing is sent now; the invoice expires at EXP_TIME (expireEpayInvoice in tests).
    s.state = 'cancelled';
    return s.urlCancel
      ? reply.redirect(s.urlCancel, 303)
      : html(reply, 200, donePage('Cancelled', 'Nothing was charged.', null));
  });
  app.post<{ Body: { invoice?: string } }>('/_simulator/epay/expire', async (request) => ({
    expired: expireEpayInvoice(String(formBody(request.body).invoice ?? '')),
  }));

  function expireEpayInvoice(invoice: string): boolean {
    for (const s of sessions.values()) {
      if (s.kind === 'epay' && s.invoice === invoice && (s.state === 'open' || s.state === 'cancelled')) {
        s.state = 'denied';
        queueEpay(s.merchant, s.invoice, `INVOICE=${s.invoice}:STATUS=EXPIRED`);
        return true;
      }
    }
    return false;
  }

  // ------------------------------------------------------------------ Redsys / Bizum
  app.post('/sis/realizarPago', async (request, reply) => {
    const f = formBody(request.body);
    if (f.Ds_SignatureVersion !== 'HMAC_SHA256_V1')
      return html(reply, 400, errorPage('Redsys', 'SIS0295: unsupported signature version.'));
    let params: Record<string, string>;
    try {
      params = redsysDecodeParameters(f.Ds_MerchantParameters ?? '');
    } catch {
      return html(reply, 400, errorPage('Redsys', 'SIS0293: unreadable Ds_MerchantParameters.'));
    }
    const merchant = (await merchants()).find(
      (m) =>
        m.redsys &&
        m.redsys.merchantCode === params.DS_MERCHANT_MERCHANTCODE &&
        Number(m.redsys.terminal) === Number(params.DS_MERCHANT_TERMINAL),
    ) as RedsysSession['merchant'] | undefined;
    if (!merchant) return html(reply, 400, errorPage('Redsys', 'SIS0026: unknown merchant or terminal.'));
    const order = params.DS_MERCHANT_ORDER ?? '';
    if (!/^\d{4}[A-Za-z0-9]{0,8}$/.test(order))
      return html(reply, 400, errorPage('Redsys', 'SIS0074: invalid order.'));
    const expected = redsysSignatureBytes(merchant.redsys.key, order, f.Ds_MerchantParameters ?? '');
    if (!redsysSignatureMatches(expected, f.Ds_Signature ?? '')) {
      return html(
        reply,
        400,
        errorPage('Redsys', 'SIS0042: signature error — the payment data was changed.'),
      );
    }
    if (!/^\d+$/.test(params.DS_MERCHANT_AMOUNT ?? ''))
      return html(reply, 400, errorPage('Redsys', 'SIS0018: invalid amount.'));
    const foreign = await foreignReturnUrl([params.DS_MERCHANT_URLOK, params.DS_MERCHANT_URLKO]);
    if (foreign) return html(reply, 400, errorPage('Redsys', foreignMessage(foreign)));
    const bizum = (params.DS_MERCHANT_PAYMETHODS ?? '').toLowerCase().includes('z');
    const id = randomBytes(12).toString('hex');
    sessions.set(id, { kind: 'redsys', merchant, params, bizum, state: 'open' });
    const amount = formatAmount(Number(params.DS_MERCHANT_AMOUNT));
    const choices: Choice[] = [
      { value: 'pay', label: bizum ? `Pagar ${amount} con Bizum` : `Pay ${amount} by card`, kind: 'pay' },
      { value: 'decline', label: 'Decline (refused)', kind: 'decline' },
      { value: 'cancel', label: 'Cancel and go back', kind: 'cancel' },
    ];
    return html(
      reply,
      200,
      checkoutPage({
        provider: bizum ? 'Bizum (Redsys)' : 'Redsys',
        merchant: merchant.label,
        details: [
          ['Order', order],
          ['Amount', `${amount} (${params.DS_MERCHANT_CURRENCY})`],
        ],
        postTo: `/sis/decide/${id}`,
        choices,
      }),
    );
  });

  app.post<{ Params: { id: string } }>('/sis/decide/:id', async (request, reply) => {
    const s = sessions.get(request.params.id);
    if (!s || s.kind !== 'redsys') return html(reply, 404, errorPage('Redsys', 'Unknown payment session.'));
    if (s.state !== 'open') return html(reply, 409, errorPage('Redsys', 'This payment was already decided.'));
    s.state = 'done';
    const action = formBody(request.body).action;
    const now = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    const response = action === 'pay' ? '0000' : action === 'decline' ? '0190' : '9915';
    const order = s.params.DS_MERCHANT_ORDER!;
    // Field order and the URL-encoded date/hour as Redsys sends them.
    const notification: Record<string, string> = {
      Ds_Date: encodeURIComponent(
        `${p(now.getUTCDate())}/${p(now.getUTCMonth() + 1)}/${now.getUTCFullYear()}`,
      ),
      Ds_Hour: encodeURIComponent(`${p(now.getUTCHours())}:${p(now.getUTCMinutes())}`),
      Ds_SecurePayment: action === 'pay' ? '1' : '0',
      Ds_Amount: s.params.DS_MERCHANT_AMOUNT!,
      Ds_Currency: s.params.DS_MERCHANT_CURRENCY ?? '978',
      Ds_Order: order,
      Ds_MerchantCode: s.merchant.redsys.merchantCode,
      Ds_Terminal: s.merchant.redsys.terminal.padStart(3, '0'),
      Ds_Response: response,
      Ds_MerchantData: '',
      Ds_TransactionType: '0',
      Ds_ConsumerLanguage: '1',
      Ds_AuthorisationCode: action === 'pay' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : '',
      Ds_ProcessedPayMethod: s.bizum ? REDSYS_BIZUM_PAY_METHOD : '1',
    };
    const parameters = redsysEncodeParameters(notification);
    const signature = redsysSignatureBytes(s.merchant.redsys.key, order, parameters).toString('base64url');
    if (s.params.DS_MERCHANT_MERCHANTURL) {
      const key = `${s.merchant.redsys.merchantCode}:${order}:${response}`;
      redsysPending.set(key, {
        url: s.params.DS_MERCHANT_MERCHANTURL,
        fields: {
          Ds_SignatureVersion: 'HMAC_SHA256_V1',
          Ds_MerchantParameters: parameters,
          Ds_Signature: `${signature}${'='.repeat((4 - (signature.length % 4)) % 4)}`,
        },
      });
      redsysQueue.add(s.merchant.redsys.merchantCode, key);
    }
    const back = action === 'pay' ? s.params.DS_MERCHANT_URLOK : s.params.DS_MERCHANT_URLKO;
    return back
      ? reply.redirect(back, 303)
      : html(reply, 200, donePage(action === 'pay' ? 'Paid' : 'Not paid', `Ds_Response ${response}`, null));
  });

  // ------------------------------------------------------------------ ePay One Touch
  type Json = Record<string, unknown>;
  const err = (code: string, message: string): Json => ({ status: 'ERR', err: code, errm: message });

  /** Verifies APPID + APPCHECK (or CHECKSUM) of a call; answers the app or an error answer. */
  async function verifyApp(
    fields: Record<string, string>,
    checkField: 'APPCHECK' | 'CHECKSUM' = 'APPCHECK',
  ): Promise<
    | { merchant: SimulatorMerchant & { oneTouch: NonNullable<SimulatorMerchant['oneTouch']> } }
    | { error: Json }
  > {
    const merchant = (await merchants()).find((m) => m.oneTouch?.appId === fields.APPID);
    if (!merchant?.oneTouch) return { error: err('APPID', 'Unknown application') };
    const { [checkField]: given, ...rest } = fields;
    const expected = Buffer.from(oneTouchAppCheck(merchant.oneTouch.secret, rest), 'hex');
    const got = Buffer.from(/^[0-9a-fA-F]{40}$/.test(given ?? '') ? given! : '', 'hex');
    if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
      return { error: err('APPCHECK', 'Invalid checksum') };
    }
    return {
      merchant: merchant as SimulatorMerchant & { oneTouch: NonNullable<SimulatorMerchant['oneTouch']> },
    };
  }

  function instrumentFor(card: DemoCard): OneTouchInstrumentState {
    return { ID: String(randomInt(100_000, 999_999)), NAME: card.name, TYPE: 1, EXPIRES: '12/2030', card };
  }

  function tokenOf(appId: string, deviceId: string, create: boolean): string | null {
    for (const [t, v] of tokens) if (v.appId === appId && v.deviceId === deviceId) return t;
    if (!create) return null;
    const t = randomBytes(16).toString('hex');
    tokens.set(t, { appId, deviceId, instruments: [] });
    return t;
  }

  function settleSlow(p: OneTouchPayment): void {
    if (p.state === 2 && p.slowQueries <= 0) p.state = 3;
    else if (p.state === 2) p.slowQueries -= 1;
  }

  app.get('/xdev/mobile/api/payment/noreg/send', async (request, reply) => {
    const f = formBody(request.query);
    const v = await verifyApp(f, 'CHECKSUM');
    if ('error' in v) return html(reply, 400, errorPage('ePay One Touch', String(v.error.errm)));
    if (f.RCPT !== v.merchant.oneTouch.kin || f.RCPT_TYPE !== 'KIN') {
      return html(reply, 400, errorPage('ePay One Touch', 'Unknown recipient.'));
    }
    if (!/^\d+$/.test(f.AMOUNT ?? '') || Number(f.AMOUNT) <= 1)
      return html(reply, 400, errorPage('ePay One Touch', 'Invalid AMOUNT.'));
    if (otPayments.has(`${f.APPID}:${f.ID}`))
      return html(reply, 409, errorPage('ePay One Touch', 'This ID was already used.'));
    const id = randomBytes(12).toString('hex');
    noregPages.set(id, { fields: f, merchant: v.merchant });
    const amount = formatAmount(Number(f.AMOUNT));
    return html(
      reply,
      200,
      checkoutPage({
        provider: 'ePay One Touch',
        merchant: v.merchant.label,
        details: [
          ['Payment', f.ID ?? ''],
          ['Amount', `${amount}`],
          ['Description', f.DESCRIPTION ?? ''],
          ['Save the card', f.SAVECARD === '1' ? 'yes, for one-touch payments' : 'no'],
        ],
        postTo: `/xdev/mobile/noreg/decide/${id}`,
        choices: [
          ...DEMO_CARDS.map((c): Choice => ({
            value: c.last4,
            label: `Pay with ${c.name}${c.behaviour === 'decline' ? ' (will be declined)' : c.behaviour === 'slow' ? ' (slow)' : ''}`,
            kind: c.behaviour === 'decline' ? 'decline' : 'pay',
          })),
          { value: 'cancel', label: 'Cancel and go back', kind: 'cancel' },
        ],
      }),
    );
  });

  app.post<{ Params: { id: string } }>('/xdev/mobile/noreg/decide/:id', async (request, reply) => {
    const pageState = noregPages.get(request.params.id);
    if (!pageState) return html(reply, 404, errorPage('ePay One Touch', 'Unknown payment session.'));
    noregPages.delete(request.params.id);
    const f = pageState.fields;
    const action = formBody(request.body).action ?? 'cancel';
    const card = DEMO_CARDS.find((c) => c.last4 === action);
    const reply_ = pageState.merchant.oneTouch?.replyAddress;
    const back = (ret: string) =>
      reply_
        ? `${reply_}${reply_.includes('?') ? '&' : '?'}${new URLSearchParams({ ID: f.ID ?? '', ret })}`
        : null;
    if (!card) {
      const to = back('cancel');
      return to
        ? reply.redirect(to, 303)
        : html(reply, 200, donePage('Cancelled', 'Nothing was charged.', null));
    }
    const payment: OneTouchPayment = {
      id: f.ID!,
      appId: f.APPID!,
      deviceId: f.DEVICEID!,
      amount: Number(f.AMOUNT),
      state: card.behaviour === 'approve' ? 3 : card.behaviour === 'decline' ? 4 : 2,
      slowQueries: 1,
      token: null,
      instrument: null,
      kind: 'noreg',
    };
    if (f.SAVECARD === '1' && card.behaviour !== 'decline') {
      const token = tokenOf(payment.appId, payment.deviceId, true)!;
      const entry = tokens.get(token)!;
      let instrument = entry.instruments.find((i) => i.card.last4 === card.last4);
      if (!instrument) {
        instrument = instrumentFor(card);
        entry.instruments.push(instrument);
      }
      payment.token = token;
      payment.instrument = instrument;
    }
    otPayments.set(`${payment.appId}:${payment.id}`, payment);
    const to = back(payment.state === 4 ? 'declined' : 'ok');
    return to ? reply.redirect(to, 303) : html(reply, 200, donePage('Done', `STATE ${payment.state}`, null));
  });

  // Account linking (payments.md §2 Authorisation): the user signs in at ePay and allows the app; the app then
  // trades its KEY for a code and the code for the user's token. The demo ePay account holds two cards.
  const LINKED_ACCOUNT_CARDS = ['4242', '3220'];

  app.get('/xdev/mobile/api/start', async (request, reply) => {
    const f = formBody(request.query);
    const v = await verifyApp(f);
    if ('error' in v) return html(reply, 400, errorPage('ePay One Touch', String(v.error.errm)));
    if (!f.DEVICEID || !/^[0-9A-Za-z_-]{16,128}$/.test(f.KEY ?? '')) {
      return html(reply, 400, errorPage('ePay One Touch', 'Invalid DEVICEID or KEY.'));
    }
    const id = randomBytes(12).toString('hex');
    startPages.set(id, { fields: f, merchant: v.merchant });
    const cards = LINKED_ACCOUNT_CARDS.map((l) => DEMO_CARDS.find((c) => c.last4 === l)!.name).join(', ');
    return html(
      reply,
      200,
      checkoutPage({
        provider: 'ePay One Touch',
        merchant: v.merchant.label,
        intro: 'Allow one-touch payments to',
        details: [
          ['ePay account', 'demo@epay.test (Demo User)'],
          ['Cards', cards],
        ],
        postTo: `/xdev/mobile/start/decide/${id}`,
        choices: [
          { value: 'allow', label: 'Allow', kind: 'pay' },
          { value: 'cancel', label: 'Cancel and go back', kind: 'cancel' },
        ],
      }),
    );
  });

  app.post<{ Params: { id: string } }>('/xdev/mobile/start/decide/:id', async (request, reply) => {
    const pageState = startPages.get(request.params.id);
    if (!pageState) return html(reply, 404, errorPage('ePay One Touch', 'Unknown authorisation session.'));
    startPages.delete(request.params.id);
    const f = pageState.fields;
    const allowed = formBody(request.body).action === 'allow';
    if (allowed) authorisations.set(`${f.APPID}:${f.DEVICEID}:${f.KEY}`, { code: null });
    const reply_ = pageState.merchant.oneTouch?.replyAddress;
    const ret = allowed ? 'authok' : 'authcancel';
    return reply_
      ? reply.redirect(`${reply_}${reply_.includes('?') ? '&' : '?'}${new URLSearchParams({ ret })}`, 303)
      : html(reply, 200, donePage(allowed ? 'Allowed' : 'Cancelled', ret, null));
  });

  app.get('/xdev/api/api/code/get', async (request) => {
    const f = formBody(request.query);
    const v = await verifyApp(f);
    if ('error' in v) return v.error;
    const auth = authorisations.get(`${f.APPID}:${f.DEVICEID}:${f.KEY}`);
    if (!auth) return err('NOT_AUTHORISED', 'The user has not allowed this application');
    if (auth.code === null) {
      auth.code = randomBytes(10).toString('hex');
      authCodes.set(auth.code, { appId: f.APPID!, deviceId: f.DEVICEID! });
    }
    return { status: 'OK', code: auth.code };
  });

  app.get('/xdev/api/api/token/get', async (request) => {
    const f = formBody(request.query);
    const v = await verifyApp(f);
    if ('error' in v) return v.error;
    const owner = authCodes.get(f.CODE ?? '');
    if (!owner || owner.appId !== f.APPID || owner.deviceId !== f.DEVICEID)
      return err('CODE', 'Invalid code');
    authCodes.delete(f.CODE!);
    for (const [k, a] of authorisations) if (a.code === f.CODE) authorisations.delete(k);
    const token = tokenOf(owner.appId, owner.deviceId, true)!;
    const entry = tokens.get(token)!;
    for (const last4 of LINKED_ACCOUNT_CARDS) {
      if (!entry.instruments.some((i) => i.card.last4 === last4)) {
        entry.instruments.push(instrumentFor(DEMO_CARDS.find((c) => c.last4 === last4)!));
      }
    }
    return {
      status: 'OK',
      TOKEN: token,
      EXPIRES: String(Math.floor(Date.now() / 1000) + 365 * 86_400),
      KIN: '8888888888',
      USERNAME: 'demo@epay.test',
      REALNAME: 'Demo User',
    };
  });

  app.get('/xdev/api/api/payment/noreg/send/status', async (request) => {
    const f = formBody(request.query);
    const v = await verifyApp(f);
    if ('error' in v) return v.error;
    const p = otPayments.get(`${f.APPID}:${f.ID}`);
    if (!p || p.kind !== 'noreg' || p.deviceId !== f.DEVICEID) return { status: 'OK', msg: 'NOT PAID' };
    settleSlow(p);
    return {
      status: 'OK',
      payment: { ID: p.id, STATE: p.state, AMOUNT: p.amount },
      ...(p.token && p.state === 3 ? { TOKEN: p.token } : {}),
      ...(p.instrument && p.state === 3
        ? {
            payment_instrument: {
              ID: p.instrument.ID,
              NAME: p.instrument.NAME,
              TYPE: 1,
              EXPIRES: p.instrument.EXPIRES,
            },
          }
        : {}),
    };
  });

  function tokenEntry(f: Record<string, string>) {
    const entry = tokens.get(f.TOKEN ?? '');
    return entry && entry.appId === f.APPID && entry.deviceId === f.DEVICEID ? entry : null;
  }

  app.get('/xdev/api/user/info', async (request) => {
    const f = formBody(request.query);
    const v = await verifyApp(f);
    if ('error' in v) return v.error;
    const entry = tokenEntry(f);
    if (!entry) return err('TOKEN', 'Invalid token');
    return {
      status: 'OK',
      userinfo: {
        ID: f.DEVICEID,
        REAL_NAME: 'Demo User',
        payment_instruments:
          f.PINS === '1'
            ? entry.instruments.map((i) => ({
                ID: i.ID,
                TYPE: i.TYPE,
                NAME: i.NAME,
                EXPIRES: i.EXPIRES,
                VERIFIED: 1,
                BALANCE: null,
              }))
            : [],
      },
    };
  });

  app.get('/xdev/api/api/token/invalidate', async (request) => {
    const f = formBody(request.query);
    const v = await verifyApp(f);
    if ('error' in v) return v.error;
    if (!tokenEntry(f)) return err('TOKEN', 'Invalid token');
    tokens.delete(f.TOKEN!);
    return { status: 'OK' };
  });

  app.post('/xdev/api/payment/init', async (request) => {
    const f = formBody(request.body);
    const v = await verifyApp(f);
    if ('error' in v) return v.error;
    if (!tokenEntry(f)) return err('TOKEN', 'Invalid token');
    if (f.TYPE !== 'send') return err('TYPE', 'Unsupported TYPE');
    const id = String(randomInt(10_000_000, 99_999_999));
    otPayments.set(`${f.APPID}:${id}`, {
      id,
      appId: f.APPID!,
      deviceId: f.DEVICEID!,
      amount: 0,
      state: null,
      slowQueries: 1,
      token: f.TOKEN!,
      instrument: null,
      kind: 'send',
    });
    return { status: 'OK', payment: { ID: id } };
  });

  async function checkSend(f: Record<string, string>) {
    const v = await verifyApp(f);
    if ('error' in v) return { error: v.error };
    const entry = tokenEntry(f);
    if (!entry) return { error: err('TOKEN', 'Invalid token') };
    const p = otPayments.get(`${f.APPID}:${f.ID}`);
    if (!p || p.kind !== 'send' || p.token !== f.TOKEN) return { error: err('ID', 'Unknown payment') };
    if (f.TYPE !== 'send' || f.RCPT_TYPE !== 'KIN' || f.RCPT !== v.merchant.oneTouch.kin) {
      return { error: err('RCPT', 'Invalid recipient') };
    }
    if (!/^\d+$/.test(f.AMOUNT ?? '') || Number(f.AMOUNT) <= 0)
      return { error: err('AMOUNT', 'Invalid amount') };
    const instrument = entry.instruments.find((i) => i.ID === f.PINS);
    if (!instrument) return { error: err('PINS', 'Unknown payment instrument') };
    return { p, instrument };
  }

  app.post('/xdev/api/payment/check', async (request) => {
    const r = await checkSend(formBody(request.body));
    if ('error' in r) return r.error;
    const amount = Number(formBody(request.body).AMOUNT);
    return {
      status: 'OK',
      payment: {
        ID: r.p.id,
        AMOUNT: amount,
        TAX: 0,
        TOTAL: amount,
        PAYMENT_INSTRUMENTS: [{ ID: r.instrument.ID, STATUS: 'OK', TAX: 0 }],
      },
    };
  });

  app.post('/xdev/api/payment/send/user', async (request) => {
    const f = formBody(request.body);
    const r = await checkSend(f);
    if ('error' in r) return r.error;
    if (r.p.state !== null) return err('DUPLICATE', 'Payment already sent');
    r.p.amount = Number(f.AMOUNT);
    r.p.instrument = r.instrument;
    r.p.state =
      r.instrument.card.behaviour === 'approve' ? 3 : r.instrument.card.behaviour === 'decline' ? 4 : 2;
    return { status: 'OK', payment: { ID: r.p.id, STATE: r.p.state } };
  });

  app.post('/xdev/api/payment/send/status', async (request) => {
    const f = formBody(request.body);
    const v = await verifyApp(f);
    if ('error' in v) return v.error;
    const p = otPayments.get(`${f.APPID}:${f.ID}`);
    if (!p || p.kind !== 'send' || p.token !== f.TOKEN) return err('ID', 'Unknown payment');
    settleSlow(p);
    return { status: 'OK', payment: { ID: p.id, STATE: p.state ?? 1 } };
  });

  app.get('/', async (_request, reply) =>
    html(
      reply,
      200,
      donePage(
        'Payment provider simulator',
        'Speaks ePay web checkout (/epay/), ePay One Touch (/xdev/…, with account linking at /xdev/mobile/api/start) and Redsys/Bizum (/sis/realizarPago). Demo cards: Visa •••• 4242 pays, Visa •••• 0002 is declined, Mastercard •••• 3220 is slow.',
        null,
      ),
    ),
  );

  const sim: PaymentSimulator = {
    app,
    url: '',
    async listen(port = 0, host = '127.0.0.1') {
      await app.listen({ port, host });
      const address = app.server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      sim.url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${actual}`;
      return sim.url;
    },
    async close() {
      epayQueue.close();
      redsysQueue.close();
      await app.close();
    },
    expireEpayInvoice,
    reset() {
      for (const m of [
        sessions,
        epayLines,
        redsysPending,
        tokens,
        otPayments,
        authorisations,
        authCodes,
        startPages,
        noregPages,
      ])
        m.clear();
      usedInvoices.clear();
    },
    provisionOneTouchUser(appId, deviceId, last4s) {
      const token = tokenOf(appId, deviceId, true)!;
      const entry = tokens.get(token)!;
      const ids: string[] = [];
      for (const last4 of last4s) {
        const card = DEMO_CARDS.find((c) => c.last4 === last4);
        if (!card) throw new Error(`no demo card ${last4}`);
        const instrument = instrumentFor(card);
        entry.instruments.push(instrument);
        ids.push(instrument.ID);
      }
      return { token, instrumentIds: ids };
    },
    async settle(ms = 5_000) {
      await Promise.all([epayQueue.settle(ms), redsysQueue.settle(ms)]);
    },
    get epayAttempts() {
      return epayQueue.attempts;
    },
    get redsysAttempts() {
      return redsysQueue.attempts;
    },
  };
  return sim;
}
