/**
 * The mailer's transports and their configuration: SMTP_URL / MAIL_FROM checks at start, SMTP delivery to a real
 * local smtp-server (parsed with mailparser), a refused connection failing the send quickly, the outbox fallback.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { simpleParser } from 'mailparser';
import { createMailer, DEFAULT_MAIL_FROM, redactSmtpUrl, SmtpMailer, toMboxEntry } from './mailer.ts';

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

  test('no SMTP_URL: every message appended to outbox.mbox and outbox.jsonl, readable in memory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trapeza-outbox-'));
    try {
      const { mailer, outbox, transport, close } = createMailer({ dataDir: dir });
      expect(transport).toBe('outbox');
      // Sent together: joined into one write per file, in order.
      await Promise.all([
        mailer.send({ to: 'x@y.test', subject: 'Hi', text: 'Body' }),
        mailer.send({
          to: 'z@y.test',
          subject: 'Поръчка №2',
          text: 'From the kitchen',
          html: '<p>Здравей</p>',
        }),
      ]);
      await mailer.send({ to: 'x@y.test', subject: 'Third', text: 'Later' });
      await close();
      expect(outbox?.latest(1)[0]).toMatchObject({ to: 'x@y.test', subject: 'Third' });
      expect(readdirSync(join(dir, 'outbox')).sort()).toEqual(['outbox.jsonl', 'outbox.mbox']);

      const jsonl = readFileSync(join(dir, 'outbox', 'outbox.jsonl'), 'utf8')
        .trimEnd()
        .split('\n');
      expect(jsonl.map((l) => (JSON.parse(l) as { subject: string }).subject)).toEqual([
        'Hi',
        'Поръчка №2',
        'Third',
      ]);

      const mbox = readFileSync(join(dir, 'outbox', 'outbox.mbox'), 'utf8');
      const entries = mbox.split(/^From no-reply@trapeza\.local .+\n/m).slice(1);
      expect(
        mbox.match(/^From no-reply@trapeza\.local \w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$/gm),
      ).toHaveLength(3);
      const parsed = await Promise.all(entries.map((e) => simpleParser(e)));
      expect(parsed.map((m) => m.subject)).toEqual(['Hi', 'Поръчка №2', 'Third']);
      expect(parsed[1]?.text?.trim()).toBe('From the kitchen');
      expect(parsed[1]?.html).toContain('Здравей');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an mbox entry: the separator line with the asctime date, LF line ends, a blank line at the end', () => {
    const entry = toMboxEntry({
      id: 'm1',
      from: DEFAULT_MAIL_FROM,
      to: 'a@b.test',
      subject: 'x',
      text: 'y',
      date: '2026-11-22T08:05:09.000Z',
    });
    expect(entry.startsWith('From no-reply@trapeza.local Sun Nov 22 08:05:09 2026\n')).toBe(true);
    expect(entry.endsWith('\n\n')).toBe(true);
    expect(entry).not.toContain('\r');
  });
});
