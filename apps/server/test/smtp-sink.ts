/**
 * A real SMTP server for tests (the `smtp-server` package) on a loopback port: what the app sends over SMTP_URL
 * arrives here and is parsed with `mailparser`, so tests read the message as a mail client would.
 *
 *   const sink = await startSmtpSink({ user: 'mailer', pass: 's3cret' });   // random port
 *   // SMTP_URL = sink.url
 *   const mail = await sink.waitFor((m) => m.to === 'a@b.test');
 *   await sink.close();
 *
 * `mode: 'reject'` answers every recipient with 550 (the app's send fails after connecting), for failure tests.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower-case. */
  rcptTo: string[];
  mailFrom: string;
  /** The authenticated user, if the client logged in. */
  user: string | null;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  raw: string;
}

export interface SmtpSinkOptions {
  port?: number;
  /** Require AUTH with these credentials (else AUTH is optional and anything is accepted). */
  user?: string;
  pass?: string;
  mode?: 'accept' | 'reject';
}

export interface SmtpSink {
  readonly port: number;
  /** smtp://[user:pass@]127.0.0.1:port */
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving within `timeoutMs`) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** How many times a client tried to deliver (also counts rejected attempts). */
  readonly attempts: number;
  close(): Promise<void>;
}

const addressText = (a: AddressObject | AddressObject[] | undefined): string =>
  Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? '');

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let attempts = 0;
  const requireAuth = options.user !== undefined;
  const server = new SMTPServer({
    secure: false,
    // No STARTTLS: the test server has no certificate a client would trust.
    disabledCommands: requireAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !requireAuth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onRcptTo(_address, _session, callback) {
      attempts++;
      if (options.mode === 'reject') {
        const err = Object.assign(new Error('Mailbox unavailable (test sink rejects)'), {
          responseCode: 550,
        });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            messages.push({
              rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              user: typeof session.user === 'string' ? session.user : null,
              from: addressText(parsed.from),
              to: addressText(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: parsed.headers as Map<string, unknown>,
              raw: raw.toString('utf8'),
            });
            waiters.forEach((w) => w());
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const auth = requireAuth
    ? `${encodeURIComponent(options.user ?? '')}:${encodeURIComponent(options.pass ?? '')}@`
    : '';
  return {
    port,
    url: `smtp://${auth}127.0.0.1:${port}`,
    messages,
    get attempts() {
      return attempts;
    },
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
