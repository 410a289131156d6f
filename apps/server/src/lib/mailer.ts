/**
 * Outgoing e-mail. One small interface so that services never know how mail leaves the server.
 *
 * Today the only transport is the outbox: every message is written to `DATA_DIR/outbox/` as an `.eml` file (open it
 * with any mail client) and a `.json` twin, and the last messages stay in memory so tests can read them back.
 * `SMTP_URL` is reserved for an SMTP transport that is not implemented yet; setting it stops the start with a clear
 * line rather than silently dropping mail.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from './startup-error.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body (always sent). */
  text: string;
  /** Optional HTML alternative. */
  html?: string;
  /** Tags let tests and logs tell messages apart without parsing the text, e.g. 'password_reset'. */
  tag?: string;
}

export interface SentMail extends MailMessage {
  id: string;
  from: string;
  /** ISO-8601 UTC */
  date: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}

export interface OutboxMailerOptions {
  /** Folder the messages are written to; null keeps them in memory only. */
  dir: string | null;
  from: string;
  /** How many messages stay queryable in memory. */
  keep?: number;
  now?: () => Date;
}

/** Writes each message as `.eml` + `.json` under `dir` and keeps the latest ones in memory. */
export class OutboxMailer implements Mailer {
  readonly #dir: string | null;
  readonly #from: string;
  readonly #keep: number;
  readonly #now: () => Date;
  readonly #sent: SentMail[] = [];

  constructor(options: OutboxMailerOptions) {
    this.#dir = options.dir;
    this.#from = options.from;
    this.#keep = options.keep ?? 200;
    this.#now = options.now ?? (() => new Date());
    if (this.#dir) mkdirSync(this.#dir, { recursive: true });
  }

  async send(message: MailMessage): Promise<SentMail> {
    const mail: SentMail = {
      ...message,
      id: randomUUID(),
      from: this.#from,
      date: this.#now().toISOString(),
    };
    if (this.#dir) {
      const base = `${mail.date.replace(/[:.]/g, '-')}-${mail.id}`;
      writeFileSync(join(this.#dir, `${base}.eml`), toEml(mail));
      writeFileSync(join(this.#dir, `${base}.json`), `${JSON.stringify(mail, null, 2)}\n`);
    }
    this.#sent.push(mail);
    if (this.#sent.length > this.#keep) this.#sent.splice(0, this.#sent.length - this.#keep);
    return mail;
  }

  /** The latest messages, newest first, optionally only those to one address. */
  latest(limit = 20, to?: string): SentMail[] {
    const wanted = to?.toLowerCase();
    return this.#sent
      .filter((m) => wanted === undefined || m.to.toLowerCase() === wanted)
      .slice(-limit)
      .reverse();
  }

  clear(): void {
    this.#sent.length = 0;
  }
}

export interface MailerConfig {
  dataDir: string;
  smtpUrl?: string | undefined;
  from?: string | undefined;
  now?: () => Date;
}

/** The mailer for this configuration. */
export function createMailer(config: MailerConfig): OutboxMailer {
  if (config.smtpUrl) {
    throw new StartupError(
      'SMTP_URL is set but the SMTP transport is not implemented yet; unset it (mail goes to DATA_DIR/outbox)',
    );
  }
  return new OutboxMailer({
    dir: join(config.dataDir, 'outbox'),
    from: config.from ?? 'Trapeza <no-reply@trapeza.local>',
    ...(config.now ? { now: config.now } : {}),
  });
}

/** RFC 5322 / MIME text of a message: UTF-8 throughout, base64 bodies, encoded-word headers. */
export function toEml(mail: SentMail): string {
  const header = (value: string) =>
    /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
  const b64 = (body: string) => Buffer.from(body, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  const lines = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${header(mail.subject)}`,
    `Date: ${new Date(mail.date).toUTCString()}`,
    `Message-ID: <${mail.id}@trapeza.local>`,
    'MIME-Version: 1.0',
  ];
  if (mail.tag) lines.push(`X-Trapeza-Tag: ${mail.tag}`);
  if (!mail.html) {
    lines.push(
      'Content-Type: text/plain; charset=UTF-8',
      'Content-Transfer-Encoding: base64',
      '',
      b64(mail.text),
    );
    return `${lines.join('\r\n')}\r\n`;
  }
  const boundary = `=_${mail.id}`;
  lines.push(
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(mail.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(mail.html),
    `--${boundary}--`,
  );
  return `${lines.join('\r\n')}\r\n`;
}
