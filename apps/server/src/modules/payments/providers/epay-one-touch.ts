/**
 * ePay One Touch (payments.md §2): server-to-server calls signed with APPCHECK = hex HMAC-SHA1(app secret,
 * request data), request data = `NAMEvalue` lines sorted by name, each ending in \n. JSON answers
 * `{"status":"OK",…}` or `{"status":"ERR","err":CODE,"errm":msg}`.
 *
 *   first card:  browser → {web}/api/payment/noreg/send (… SAVECARD=1, CHECKSUM) → {api}/api/payment/noreg/send/status
 *                gives payment.STATE, the user TOKEN and the saved payment_instrument;
 *   saved card:  {api}/payment/init → payment/check → payment/send/user → payment/send/status (STATE 2 processing,
 *                3 success, 4 failed);
 *   instruments: {api}/user/info?PINS=1; a token is revoked with {api}/api/token/invalidate;
 *   linking:     browser → {web}/api/start (APPID, DEVICEID, KEY, APPCHECK) → the app's reply address ?ret=authok;
 *                {api}/api/code/get (DEVICEID, KEY) → code; {api}/api/token/get (DEVICEID, CODE) → TOKEN, EXPIRES,
 *                KIN, USERNAME, REALNAME — the user's token without a first payment.
 * The noreg CHECKSUM uses the same signing as APPCHECK [I: the reference gives no separate scheme].
 */
import { createHmac } from 'node:crypto';

export interface OneTouchConfig {
  appId: string;
  secret: string;
  /** e.g. https://demo.epay.bg/xdev/api */
  apiBase: string;
  /** e.g. https://demo.epay.bg/xdev/mobile */
  webBase: string;
  /** The merchant's ePay KIN (payment recipient). */
  kin: string;
  /** Per-request time-out, ms (spec §9: 55 s for payment requests). */
  timeoutMs?: number;
}

/** request_data: sorted `NAMEvalue\n` lines (APPCHECK itself excluded). */
export function oneTouchRequestData(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'APPCHECK' && k !== 'CHECKSUM')
    .sort()
    .map((k) => `${k}${params[k]}\n`)
    .join('');
}

export function oneTouchAppCheck(secret: string, params: Record<string, string>): string {
  return createHmac('sha1', secret).update(oneTouchRequestData(params), 'utf8').digest('hex');
}

/** STATE of payment/send/status and noreg status. */
export const ONE_TOUCH_STATE = { processing: 2, success: 3, failed: 4 } as const;

export interface OneTouchInstrument {
  ID: string;
  TYPE: number;
  NAME: string;
  EXPIRES?: string;
  VERIFIED?: number;
  BALANCE?: number;
}

export class OneTouchError extends Error {
  override name = 'OneTouchError';
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

type Json = Record<string, unknown>;

export interface NoRegInput {
  deviceId: string;
  /** Our id of the attempt (the invoice). */
  id: string;
  amount: number;
  description: string;
  reason: string;
  saveCard: boolean;
}

export type NoRegStatus =
  | { kind: 'not_paid' }
  | { kind: 'expired' }
  | { kind: 'state'; state: number; token: string | null; instrument: OneTouchInstrument | null; raw: Json };

export class EpayOneTouch {
  readonly #config: OneTouchConfig;
  readonly #fetch: typeof fetch;

  constructor(config: OneTouchConfig, fetchImpl: typeof fetch = fetch) {
    this.#config = config;
    this.#fetch = fetchImpl;
  }

  get kin(): string {
    return this.#config.kin;
  }

  /** Adds APPID and APPCHECK. */
  sign(params: Record<string, string>): Record<string, string> {
    const all = { APPID: this.#config.appId, ...params };
    return { ...all, APPCHECK: oneTouchAppCheck(this.#config.secret, all) };
  }

  /** The browser address of the first-card payment (SAVECARD=1 keeps the card for one touch). */
  noRegSendUrl(input: NoRegInput): string {
    const params: Record<string, string> = {
      APPID: this.#config.appId,
      DEVICEID: input.deviceId,
      ID: input.id,
      AMOUNT: String(input.amount),
      RCPT: this.#config.kin,
      RCPT_TYPE: 'KIN',
      DESCRIPTION: input.description,
      REASON: input.reason,
      SAVECARD: input.saveCard ? '1' : '0',
    };
    const checksum = oneTouchAppCheck(this.#config.secret, params);
    return `${this.#config.webBase}/api/payment/noreg/send?${new URLSearchParams({ ...params, CHECKSUM: checksum })}`;
  }

  /**
   * The browser address where the user authorises this app on their ePay account (account linking). KEY is ours,
   * a one-time secret of this link attempt that code/get asks for again; the start is signed like every call [I].
   */
  authStartUrl(deviceId: string, key: string): string {
    const signed = this.sign({ DEVICEID: deviceId, KEY: key });
    return `${this.#config.webBase}/api/start?${new URLSearchParams(signed)}`;
  }

  /** api/code/get: the authorisation code once the user allowed the app for (DEVICEID, KEY). */
  async authCode(deviceId: string, key: string): Promise<string> {
    const res = await this.#call('GET', `${this.#config.apiBase}/api/code/get`, {
      DEVICEID: deviceId,
      KEY: key,
    });
    const code = res.code ?? res.CODE;
    if (typeof code !== 'string' && typeof code !== 'number') {
      throw new OneTouchError('NO_CODE', 'code/get gave no code');
    }
    return String(code);
  }

  /** api/token/get: the user's token (and who they are at ePay) for an authorisation code. */
  async authToken(
    deviceId: string,
    code: string,
  ): Promise<{
    token: string;
    expires: string | null;
    kin: string | null;
    username: string | null;
    realname: string | null;
  }> {
    const res = await this.#call('GET', `${this.#config.apiBase}/api/token/get`, {
      DEVICEID: deviceId,
      CODE: code,
    });
    if (typeof res.TOKEN !== 'string' || res.TOKEN === '')
      throw new OneTouchError('NO_TOKEN', 'token/get gave no TOKEN');
    const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
    return {
      token: res.TOKEN,
      expires: text(res.EXPIRES),
      kin: text(res.KIN),
      username: text(res.USERNAME),
      realname: text(res.REALNAME),
    };
  }

  async noRegStatus(deviceId: string, id: string): Promise<NoRegStatus> {
    const res = await this.#call('GET', `${this.#config.apiBase}/api/payment/noreg/send/status`, {
      DEVICEID: deviceId,
      ID: id,
    });
    if (res.msg === 'NOT PAID') return { kind: 'not_paid' };
    if (res.msg === 'EXPIRED') return { kind: 'expired' };
    const payment = (res.payment ?? {}) as Json;
    const instrument = (res.payment_instrument ?? null) as OneTouchInstrument | null;
    return {
      kind: 'state',
      state: Number(payment.STATE),
      token: typeof res.TOKEN === 'string' ? res.TOKEN : null,
      instrument:
        instrument && instrument.ID !== undefined ? { ...instrument, ID: String(instrument.ID) } : null,
      raw: res,
    };
  }

  /** user/info?PINS=1: the instruments of the token's user. */
  async instruments(deviceId: string, token: string): Promise<OneTouchInstrument[]> {
    const res = await this.#call('GET', `${this.#config.apiBase}/user/info`, {
      DEVICEID: deviceId,
      TOKEN: token,
      PINS: '1',
    });
    const info = (res.userinfo ?? res) as Json;
    const list = (info.payment_instruments ?? []) as OneTouchInstrument[];
    return list.map((i) => ({ ...i, ID: String(i.ID) }));
  }

  /**
   * Pays with a saved instrument: init → check → send/user; answers the provider's payment ID and the STATE that
   * send/user reported (the caller confirms with sendStatus).
   */
  async payWithInstrument(input: {
    deviceId: string;
    token: string;
    instrumentId: string;
    amount: number;
    description: string;
    reason: string;
  }): Promise<{ id: string; state: number | null; raw: Json }> {
    const base = { DEVICEID: input.deviceId, TOKEN: input.token };
    const init = await this.#call('POST', `${this.#config.apiBase}/payment/init`, { ...base, TYPE: 'send' });
    const id = String(((init.payment ?? {}) as Json).ID ?? '');
    if (!id) throw new OneTouchError('NO_ID', 'payment/init gave no payment ID');
    const fields = {
      ...base,
      ID: id,
      TYPE: 'send',
      AMOUNT: String(input.amount),
      RCPT: this.#config.kin,
      RCPT_TYPE: 'KIN',
      DESCRIPTION: input.description,
      REASON: input.reason,
      PINS: input.instrumentId,
    };
    await this.#call('POST', `${this.#config.apiBase}/payment/check`, fields);
    const sent = await this.#call('POST', `${this.#config.apiBase}/payment/send/user`, fields);
    const state = Number(((sent.payment ?? {}) as Json).STATE);
    return { id, state: Number.isFinite(state) ? state : null, raw: sent };
  }

  async sendStatus(
    deviceId: string,
    token: string,
    id: string,
  ): Promise<{ state: number | null; raw: Json }> {
    const res = await this.#call('POST', `${this.#config.apiBase}/payment/send/status`, {
      DEVICEID: deviceId,
      TOKEN: token,
      ID: id,
    });
    const state = Number(((res.payment ?? {}) as Json).STATE);
    return { state: Number.isFinite(state) ? state : null, raw: res };
  }

  async invalidateToken(deviceId: string, token: string): Promise<void> {
    await this.#call('GET', `${this.#config.apiBase}/api/token/invalidate`, {
      DEVICEID: deviceId,
      TOKEN: token,
    });
  }

  async #call(method: 'GET' | 'POST', url: string, params: Record<string, string>): Promise<Json> {
    const signed = this.sign(params);
    const query = new URLSearchParams(signed).toString();
    const res = await this.#fetch(method === 'GET' ? `${url}?${query}` : url, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      body: method === 'POST' ? query : undefined,
      signal: AbortSignal.timeout(this.#config.timeoutMs ?? 55_000),
    });
    let body: Json;
    try {
      body = (await res.json()) as Json;
    } catch {
      throw new OneTouchError('BAD_ANSWER', `${url}: HTTP ${res.status}, not JSON`);
    }
    if (body.status !== 'OK') {
      throw new OneTouchError(String(body.err ?? 'ERR'), String(body.errm ?? `${url} failed`));
    }
    return body;
  }
}
