/**
 * Outgoing e-mail. One small interface so that services never know how mail leaves the server.
 *
 * Two transports:
 * - SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587 or smtps://user:pass@host:465) through nodemailer: STARTTLS
 *   when the server offers it on smtp://, TLS from the first byte on smtps://; bounded connection and socket timeouts
 *   so a dead server fails a send within seconds instead of holding it.
 * - the outbox, when no SMTP_URL is set: every message is appended to `DATA_DIR/outbox/outbox.mbox` (mbox: open it
 *   with any mail client, e.g. `mutt -f`, or import it into Thunderbird) and, as one JSON object per line, to
 *   `outbox.jsonl` (`tail -f outbox.jsonl`). Two open files instead of two new files per message: a burst of orders
 *   each mailed to the venue created thousands of files a second, and that file-system work (kernel time, the
 *   journal every fsync of the database then had to flush) cost more than the orders themselves (bench/api-orders).
 *   Messages sent together are written together, one write per file.
 * Either way the last messages can stay in memory (`OutboxMailer.latest`) so tests and the browser journeys read
 * them back: with SMTP this is on only under NODE_ENV=test (`keepOutbox`), and the memory copy is made before the
 * SMTP attempt, so it shows what the app tried to send.
 *
 * Callers send after their transaction and never let a failed send fail the request: they catch and log.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { BatchQueue } from './batch-queue.ts';

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

/**
 * A file that messages are appended to. Appends made while a write is under way are joined into the next write (one
 * write call for the lot), in order; each append resolves once its text was handed to the file. A failed write
 * rejects its appends and closes the file, which the next append opens again.
 */
export class AppendFile {
  readonly #path: string;
  #handle: FileHandle | null = null;
  readonly #writes = new BatchQueue<string, void>(async (texts) => {
    try {
      this.#handle ??= await open(this.#path, 'a');
      await this.#handle.write(texts.join(''));
      return texts.map(() => ({ value: undefined }));
    } catch (err) {
      await this.#handle?.close().catch(() => undefined);
      this.#handle = null;
      throw err;
    }
  });

  constructor(path: string) {
    this.#path = path;
  }

  append(text: string): Promise<void> {
    return this.#writes.push(text);
  }

  /** Waits for the appends under way, then closes the file. */
  async close(): Promise<void> {
    await this.#writes.idle();
    await this.#handle?.close().catch(() => undefined);
    this.#handle = null;
  }
}

/** The mbox "From " line's date (asctime form, UTC): `Sun Nov 22 20:00:00 2026`. */
function asctime(iso: string): string {
  const d = new Date(iso);
  const [wd, , mon, , time] = d.toUTCString().split(' '); // "Sun, 22 Nov 2026 20:00:00 GMT"
  return `${wd!.slice(0, 3)} ${mon} ${String(d.getUTCDate()).padStart(2, ' ')} ${time} ${d.getUTCFullYear()}`;
}

/**
 * One message as an mbox entry: the "From " separator line, the message with LF line ends, a blank line. No line of
 * the message can begin with "From " (headers are named, bodies base64: `toEml`), so none needs quoting.
 */
export function toMboxEntry(mail: SentMail): string {
  return `From no-reply@trapeza.local ${asctime(mail.date)}\n${toEml(mail).replace(/\r\n/g, '\n')}\n`;
}

/** Appends each message to `outbox.mbox` and `outbox.jsonl` under `dir` and keeps the latest ones in memory. */
export class OutboxMailer implements Mailer {
  readonly #files: { mbox: AppendFile; jsonl: AppendFile } | null;
  readonly #from: string;
  readonly #keep: number;
  readonly #now: () => Date;
  readonly #sent: SentMail[] = [];

  constructor(options: OutboxMailerOptions) {
    this.#from = options.from;
    this.#keep = options.keep ?? 200;
    this.#now = options.now ?? (() => new Date());
    if (options.dir) {
      mkdirSync(options.dir, { recursive: true });
      this.#files = {
        mbox: new AppendFile(join(options.dir, 'outbox.mbox')),
        jsonl: new AppendFile(join(options.dir, 'outbox.jsonl')),
      };
    } else this.#files = null;
  }

  async send(message: MailMessage): Promise<SentMail> {
    const mail: SentMail = {
      ...message,
      id: randomUUID(),
      from: this.#from,
      date: this.#now().toISOString(),
    };
    this.#sent.push(mail);
    if (this.#sent.length > this.#keep) this.#sent.splice(0, this.#sent.length - this.#keep);
    if (this.#files) {
      await Promise.all([
        this.#files.mbox.append(toMboxEntry(mail)),
        this.#files.jsonl.append(`${JSON.stringify(mail)}\n`),
      ]);
    }
    return mail;
  }

  /** Finishes the writes under way and closes the files. */
  async close(): Promise<void> {
    await Promise.all([this.#files?.mbox.close(), this.#files?.jsonl.close()]);
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

export const DEFAULT_MAIL_FROM = 'Trapeza <no-reply@trapeza.local>';

export interface SmtpMailerOptions {
  /** smtp://[user:pass@]host[:port] or smtps://… */
  url: string;
  from: string;
  /** Also keep each message in this (memory) outbox before sending: the test routes read it. */
  record?: OutboxMailer | null;
  now?: () => Date;
  /** Connection, greeting and socket timeouts in ms (default 10 s / 10 s / 20 s). */
  timeoutMs?: { connection?: number; greeting?: number; socket?: number };
}

/** Sends each message over SMTP with nodemailer; rejects when the server refuses or cannot be reached. */
export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;
  readonly #from: string;
  readonly #record: OutboxMailer | null;
  readonly #now: () => Date;

  constructor(options: SmtpMailerOptions) {
    this.#from = options.from;
    this.#record = options.record ?? null;
    this.#now = options.now ?? (() => new Date());
    this.#transport = nodemailer.createTransport({
      url: options.url,
      // A burst of orders mails the venue once per order: reuse up to 3 connections (100 messages each) instead
      // of a new connection and TLS handshake per message.
      pool: true,
      maxConnections: 3,
      maxMessages: 100,
      connectionTimeout: options.timeoutMs?.connection ?? 10_000,
      greetingTimeout: options.timeoutMs?.greeting ?? 10_000,
      socketTimeout: options.timeoutMs?.socket ?? 20_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const mail: SentMail = this.#record
      ? await this.#record.send(message)
      : { ...message, id: randomUUID(), from: this.#from, date: this.#now().toISOString() };
    await this.#transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      date: new Date(mail.date),
      messageId: `<${mail.id}@trapeza.local>`,
      ...(mail.tag ? { headers: { 'X-Trapeza-Tag': mail.tag } } : {}),
    });
    return mail;
  }

  close(): void {
    this.#transport.close();
  }
}

export interface MailerConfig {
  dataDir: string;
  smtpUrl?: string | null | undefined;
  from?: string | undefined;
  now?: () => Date;
  /** Keep the latest messages in memory also when sending over SMTP (NODE_ENV=test: GET /api/__test/outbox). */
  keepOutbox?: boolean;
}

export interface MailerSetup {
  mailer: Mailer;
  /** The messages kept in memory: always with the outbox transport, with SMTP only when `keepOutbox`. */
  outbox: OutboxMailer | null;
  /** 'smtp' or 'outbox', for the start-up log. */
  transport: 'smtp' | 'outbox';
  close: () => void | Promise<void>;
}

/** The mailer for this configuration: SMTP when `smtpUrl` is set, else the outbox files under DATA_DIR. */
export function createMailer(config: MailerConfig): MailerSetup {
  const from = config.from ?? DEFAULT_MAIL_FROM;
  const now = config.now ? { now: config.now } : {};
  if (config.smtpUrl) {
    const outbox = config.keepOutbox ? new OutboxMailer({ dir: null, from, ...now }) : null;
    const mailer = new SmtpMailer({ url: config.smtpUrl, from, record: outbox, ...now });
    return { mailer, outbox, transport: 'smtp', close: () => mailer.close() };
  }
  const outbox = new OutboxMailer({ dir: join(config.dataDir, 'outbox'), from, ...now });
  return { mailer: outbox, outbox, transport: 'outbox', close: () => outbox.close() };
}

/** SMTP_URL without its password, for logs. */
export function redactSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'smtp://(unparsable)';
  }
}

/** RFC 5322 / MIME text of a message: UTF-8 throughout, base64 bodies, encoded-word headers. */
function toEml(mail: SentMail): string {
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
