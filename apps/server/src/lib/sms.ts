/**
 * Outgoing SMS (spec §9: the venue's SMS phone is told of new orders). One small interface, like the mailer, so
 * that services never know how a message leaves the server. Two transports, chosen per installation:
 * - an HTTP gateway (`SMS_GATEWAY_URL`, optional bearer `SMS_GATEWAY_TOKEN`, optional sender `SMS_FROM`): each
 *   message is one `POST` of `{"to","text","from"?}` as JSON; any 2xx is sent, anything else (or no answer within
 *   10 s) rejects. Most SMS providers offer such an endpoint directly or through a small adapter.
 * - the outbox, when no gateway is set (the demo): every message is appended as one JSON line to
 *   `DATA_DIR/outbox/sms.jsonl`, beside the e-mail outbox.
 * Either way the latest messages stay in memory under NODE_ENV=test (`GET /api/__test/sms`), so tests and journeys
 * read back what the app tried to send.
 *
 * Per process and safe with several: a message is sent by the process that stored the order, once; the memory copy
 * is a test aid only. Callers send after their transaction and never let a failed send fail the request.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AppendFile } from './mailer.ts';

export interface SmsMessage {
  /** The phone number as the venue entered it (the gateway normalises it). */
  to: string;
  text: string;
  /** Tells messages apart in tests and logs, e.g. 'order_new'. */
  tag?: string;
}

interface SentSms extends SmsMessage {
  id: string;
  /** ISO-8601 UTC */
  date: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<SentSms>;
}

/** The latest messages in memory (newest first), for the test routes. */
class SmsMemory {
  readonly #sent: SentSms[] = [];
  readonly #keep: number;

  constructor(keep = 200) {
    this.#keep = keep;
  }

  record(sms: SentSms): void {
    this.#sent.push(sms);
    if (this.#sent.length > this.#keep) this.#sent.splice(0, this.#sent.length - this.#keep);
  }

  latest(limit = 20, to?: string): SentSms[] {
    return this.#sent
      .filter((m) => to === undefined || m.to === to)
      .slice(-limit)
      .reverse();
  }

  clear(): void {
    this.#sent.length = 0;
  }
}

/** Appends each message to `sms.jsonl` under `dir` (null: memory only). */
class OutboxSms implements SmsSender {
  readonly #file: AppendFile | null;
  readonly #memory: SmsMemory | null;
  readonly #now: () => Date;

  constructor(options: { dir: string | null; memory?: SmsMemory | null; now?: () => Date }) {
    this.#memory = options.memory ?? null;
    this.#now = options.now ?? (() => new Date());
    if (options.dir) {
      mkdirSync(options.dir, { recursive: true });
      this.#file = new AppendFile(join(options.dir, 'sms.jsonl'));
    } else this.#file = null;
  }

  async send(message: SmsMessage): Promise<SentSms> {
    const sms: SentSms = { ...message, id: randomUUID(), date: this.#now().toISOString() };
    this.#memory?.record(sms);
    await this.#file?.append(`${JSON.stringify(sms)}\n`);
    return sms;
  }

  async close(): Promise<void> {
    await this.#file?.close();
  }
}

class SmsGatewayError extends Error {
  override name = 'SmsGatewayError';
}

/** Posts each message to an HTTP gateway; rejects on a non-2xx answer, a network error or a 10 s time-out. */
class HttpSmsGateway implements SmsSender {
  readonly #url: string;
  readonly #token: string | null;
  readonly #from: string | null;
  readonly #memory: SmsMemory | null;
  readonly #now: () => Date;
  readonly #timeoutMs: number;

  constructor(options: {
    url: string;
    token?: string | null;
    from?: string | null;
    memory?: SmsMemory | null;
    now?: () => Date;
    timeoutMs?: number;
  }) {
    this.#url = options.url;
    this.#token = options.token ?? null;
    this.#from = options.from ?? null;
    this.#memory = options.memory ?? null;
    this.#now = options.now ?? (() => new Date());
    this.#timeoutMs = options.timeoutMs ?? 10_000;
  }

  async send(message: SmsMessage): Promise<SentSms> {
    const sms: SentSms = { ...message, id: randomUUID(), date: this.#now().toISOString() };
    this.#memory?.record(sms);
    const res = await fetch(this.#url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.#token ? { authorization: `Bearer ${this.#token}` } : {}),
      },
      body: JSON.stringify({ to: sms.to, text: sms.text, ...(this.#from ? { from: this.#from } : {}) }),
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    // The body is not needed; read it so the connection can be reused.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new SmsGatewayError(`SMS gateway answered ${res.status}`);
    return sms;
  }
}

export interface SmsSetup {
  sender: SmsSender;
  transport: 'gateway' | 'outbox';
  /** The in-memory copy (only when kept, i.e. under NODE_ENV=test). */
  memory: SmsMemory | null;
  close(): Promise<void>;
}

export function createSms(options: {
  dataDir: string;
  gatewayUrl?: string | null | undefined;
  token?: string | null | undefined;
  from?: string | null | undefined;
  keep: boolean;
  now?: () => Date;
}): SmsSetup {
  const memory = options.keep ? new SmsMemory() : null;
  if (options.gatewayUrl) {
    return {
      sender: new HttpSmsGateway({
        url: options.gatewayUrl,
        token: options.token ?? null,
        from: options.from ?? null,
        memory,
        ...(options.now ? { now: options.now } : {}),
      }),
      transport: 'gateway',
      memory,
      close: async () => undefined,
    };
  }
  const outbox = new OutboxSms({
    dir: join(options.dataDir, 'outbox'),
    memory,
    ...(options.now ? { now: options.now } : {}),
  });
  return { sender: outbox, transport: 'outbox', memory, close: () => outbox.close() };
}
