/**
 * The simulator's notification retries (payments.md §1: retry on ERR or a failed connection, stop on OK / NO,
 * several invoices per POST) against a stub merchant, and the payments config sources.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { StartupError } from '../../lib/startup-error.ts';
import { loadPaymentsConfig, placePaymentConfig } from '../../modules/payments/payments.config.ts';
import { epayChecksum, EpayWebCheckout } from '../../modules/payments/providers/epay-web.ts';
import { retryDelays } from './retry-schedule.ts';
import { createPaymentSimulator } from './simulator.ts';

describe('retry schedule', () => {
  test('5 tries in a minute, 4 over 15 min, 5 hourly, 6 every 3 h, 4 every 6 h, then daily within 30 days', () => {
    const d = retryDelays();
    expect(d.slice(0, 5).reduce((a, b) => a + b, 0)).toBe(60_000);
    expect(d.slice(5, 9).reduce((a, b) => a + b, 0)).toBe(15 * 60_000);
    expect(d.slice(9, 14)).toEqual(Array(5).fill(3_600_000));
    expect(d.slice(14, 20)).toEqual(Array(6).fill(3 * 3_600_000));
    expect(d.slice(20, 24)).toEqual(Array(4).fill(6 * 3_600_000));
    expect(d.slice(24).every((x) => x === 86_400_000)).toBe(true);
    expect(d.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(30 * 86_400_000);
  });
});

describe('simulator notifications', () => {
  const secret = 'merchant-secret-1';
  const merchant = Fastify();
  const received: string[] = [];
  let errorsLeft = 2;
  merchant.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, b, done) =>
    done(null, Object.fromEntries(new URLSearchParams(b as string))),
  );
  merchant.post('/notify', async (request, reply) => {
    const { encoded, checksum } = request.body as { encoded: string; checksum: string };
    expect(checksum).toBe(epayChecksum(secret, encoded));
    const text = Buffer.from(encoded, 'base64').toString('utf8');
    received.push(text);
    const invoices = [...text.matchAll(/^INVOICE=(\d+)/gm)].map((m) => m[1]);
    const status = errorsLeft-- > 0 ? 'ERR' : 'OK';
    return reply.type('text/plain').send(invoices.map((i) => `INVOICE=${i}:STATUS=${status}\n`).join(''));
  });

  afterAll(async () => {
    await merchant.close();
  });

  test('ERR twice → retried until OK; the page posts a signed PAID with STAN and BCODE', async () => {
    await merchant.listen({ port: 0, host: '127.0.0.1' });
    const address = merchant.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const sim = createPaymentSimulator({
      merchants: [
        { label: 'Shop', epay: { min: '1000000001', secret, notifyUrl: `http://127.0.0.1:${port}/notify` } },
      ],
      timeFactor: 0.001,
    });
    const url = await sim.listen(0);
    try {
      const form = new EpayWebCheckout({ min: '1000000001', secret, baseUrl: `${url}/epay/` }).buildCheckout({
        invoice: '4200000001',
        amount: 2280,
        currency: 'BGN',
        description: 'Test',
        okUrl: 'http://shop.localhost/ok',
        cancelUrl: 'http://shop.localhost/cancel',
        notifyUrl: 'unused',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const page = await fetch(form.link!);
      const html = await page.text();
      expect(html).toContain('22.80 BGN');
      expect(html).toMatch(/<button type="submit" name="action" value="pay"/);
      const to = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
      const res = await fetch(new URL(to, url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
        redirect: 'manual',
      });
      expect(res.headers.get('location')).toBe('http://shop.localhost/ok');
      await sim.settle();
      expect(received).toHaveLength(3);
      expect(received[0]).toMatch(
        /^INVOICE=4200000001:STATUS=PAID:PAY_TIME=\d{14}:STAN=\d{6}:BCODE=[0-9A-F]{6}\n$/,
      );
      expect(sim.epayAttempts.map((a) => a.settled.length)).toEqual([0, 0, 1]);
    } finally {
      await sim.close();
    }
  });

  test('a refused connection is retried too', async () => {
    const sim = createPaymentSimulator({
      merchants: [
        { label: 'Gone', epay: { min: '1000000002', secret, notifyUrl: 'http://127.0.0.1:9/notify' } },
      ],
      timeFactor: 0.0001,
    });
    const url = await sim.listen(0);
    try {
      const form = new EpayWebCheckout({ min: '1000000002', secret, baseUrl: `${url}/epay/` }).buildCheckout({
        invoice: '4200000002',
        amount: 500,
        currency: 'EUR',
        description: 'x',
        okUrl: '',
        cancelUrl: '',
        notifyUrl: '',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const html = await (await fetch(form.link!)).text();
      const to = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
      await fetch(new URL(to, url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=decline',
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(sim.epayAttempts.length).toBeGreaterThanOrEqual(3);
      expect(sim.epayAttempts.every((a) => a.error)).toBe(true);
    } finally {
      await sim.close();
    }
  });
});

describe('payments config', () => {
  const dir = mkdtempSync(join(tmpdir(), 'trapeza-pay-'));
  const entry = {
    epay: { min: '1234567890', secret: 'file-secret-123', baseUrl: 'https://demo.epay.bg/' },
    redsys: {
      merchantCode: '999008881',
      terminal: '1',
      key: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
      url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
    },
  };

  test('a file entry wins; the simulator covers the rest; nothing in production by default', () => {
    writeFileSync(join(dir, 'payments.json'), JSON.stringify({ places: { 'demo/bistro': entry } }));
    const c = loadPaymentsConfig({ PAYMENT_SIMULATOR: '1' }, dir, 'development');
    expect(placePaymentConfig(c, 'demo', 'bistro')).toEqual(entry);
    expect(placePaymentConfig(c, 'demo', 'hotel')?.epay?.baseUrl).toBe('http://localhost:3999/epay/');
    const prod = loadPaymentsConfig({}, dir, 'production');
    expect(prod.startSimulator).toBe(false);
    expect(placePaymentConfig(prod, 'demo', 'hotel')).toBeNull();
  });

  test('a broken file stops the start with one line', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ places: { 'demo/bistro': { epay: { min: 'abc', secret: 'x', baseUrl: 'nope' } } } }),
    );
    expect(() => loadPaymentsConfig({ PAYMENTS_CONFIG_FILE: bad }, dir, 'production')).toThrow(StartupError);
    expect(() =>
      loadPaymentsConfig({ PAYMENTS_CONFIG_FILE: join(dir, 'missing.json') }, dir, 'production'),
    ).toThrow(/does not exist/);
  });
});
