/**
 * The mailer's transports and their configuration: SMTP_URL / MAIL_FROM checks at start, SMTP delivery to a real
 * local smtp-server (parsed with mailparser), a refused connection failing the send quickly, the outbox fallback.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createMailer, redactSmtpUrl, SmtpMailer } from './mailer.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'trapeza-mailer-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const config = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...env });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('SMTP configuration', () => {
  test('SMTP_URL: smtp:// and smtps:// URLs with a host; empty means the outbox', () => {
    expect(config({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' }).smtpUrl).toBe(
      'smtp://user:pass@mail.example.com:587',
    );
    expect(config({ SMTP_URL: 'smtps://mail.example.com' }).smtpUrl).toBe('smtps://mail.example.com');
    expect(config({ SMTP_URL: '' }).smtpUrl).toBeNull();
    expect(config({}).smtpUrl).toBeNull();
  });

  test.each([
    ['http://mail.example.com', /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    ['mail.example.com:587', /SMTP_URL must start with smtp:\/\//],
    ['smtp://', /SMTP_URL must start with smtp/],
    ['smtp://user:pa ss@:587', /SMTP_URL is not a valid URL/],
  ])('SMTP_URL %s stops the start with one line', (value, message) => {
    expect(() => config({ SMTP_URL: value })).toThrow(message);
  });

  test('MAIL_FROM: an address or "Name <address>"; default Trapeza <no-reply@trapeza.local>', () => {
    expect(config({}).mailFrom).toBe('Trapeza <no-reply@trapeza.local>');
    expect(config({ MAIL_FROM: 'Bistro <orders@bistro.test>' }).mailFrom).toBe('Bistro <orders@bistro.test>');
    expect(config({ MAIL_FROM: 'orders@bistro.test' }).mailFrom).toBe('orders@bistro.test');
    expect(() => config({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM must be an address/);
  });

  test('the password never reaches the logs', () => {
    expect(redactSmtpUrl('smtp://user:secret@mail.example.com:587')).toBe(
      'smtp://user:***@mail.example.com:587',
    );
  });
});

describe('transports', () => {
  test('SMTP: the message arrives at a real server with its subject, bodies, tag and UTF-8 intact', async () => {
    const sink = await startSmtpSink();
    try {
      const { mailer, outbox, transport, close } = createMailer({
        dataDir,
        smtpUrl: sink.url,
        from: 'Bistro <orders@bistro.test>',
      });
      expect(transport).toBe('smtp');
      expect(outbox).toBeNull();
      await mailer.send({
        to: 'guest@example.test',
        subject: 'Поръчка №7',
        text: 'Здравейте,\nредове',
        html: '<p>Здравейте</p>',
        tag: 'order_new',
      });
      close();
      const [mail] = sink.messages;
      expect(mail?.subject).toBe('Поръчка №7');
      expect(mail?.text.trim()).toBe('Здравейте,\nредове');
      expect(mail?.html).toContain('<p>Здравейте</p>');
      expect(mail?.headers.get('x-trapeza-tag')).toBe('order_new');
      expect(mail?.rcptTo).toEqual(['guest@example.test']);
    } finally {
      await sink.close();
    }
  });

  test('SMTP with nothing listening: the send rejects within the connection timeout', async () => {
    const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${await freePort()}`, from: 'a@b.test' });
    const started = Date.now();
    await expect(mailer.send({ to: 'x@y.test', subject: 's', text: 't' })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    mailer.close();
  });

  test('no SMTP_URL: .eml and .json under DATA_DIR/outbox, readable in memory', async () => {
    const { mailer, outbox, transport } = createMailer({ dataDir });
    expect(transport).toBe('outbox');
    await mailer.send({ to: 'x@y.test', subject: 'Hi', text: 'Body' });
    expect(outbox?.latest(1)[0]).toMatchObject({ to: 'x@y.test', subject: 'Hi' });
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(1);
  });
});
