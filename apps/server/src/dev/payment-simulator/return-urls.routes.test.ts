/**
 * The simulator is no open redirect (issue "Security hardening", blocker): it sends the payer back only to
 * addresses the installation serves — PUBLIC_URL's origin, loopback names, a brand's verified domain
 * (`clients.domain` with `domain_verified_at`, also with `www.`; an unverified claim does not count) — and refuses to start a payment with any other return address, with an error page that says
 * why. On SQLite and PostgreSQL (the brand domains live in the database).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { EpayWebCheckout } from '../../modules/payments/providers/epay-web.ts';
import { redsysEncodeParameters, redsysSign } from '../../modules/payments/providers/redsys.ts';
import { returnUrlOwnedBy } from './demo.ts';
import { createPaymentSimulator, type PaymentSimulator } from './simulator.ts';

const PUBLIC_URL = 'https://menu.example.org';
const epay = { min: '1000000077', secret: 'return-url-secret-1', notifyUrl: 'http://127.0.0.1:9/notify' };
const redsys = { merchantCode: '999008877', terminal: '1', key: Buffer.alloc(24, 7).toString('base64') };

describeEachDatabase('payment simulator return addresses', (ctx) => {
  let sim: PaymentSimulator;
  beforeAll(async () => {
    const demo = await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('slug', '=', 'demo')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('clients')
      .set({ domain: 'bistro.example.com', domain_verified_at: '2026-03-01T10:00:00.000Z' })
      .where('id', '=', demo.id)
      .execute();
    // Another brand claims a domain it has not verified (anyone can type one into the platform console).
    await ctx.db
      .insertInto('clients')
      .values({ slug: 'claimer', name: 'Claimer', domain: 'claimed.example.net', domain_verified_at: null })
      .execute();
    sim = createPaymentSimulator({
      merchants: [{ label: 'Shop', epay, redsys }],
      allowReturnUrl: returnUrlOwnedBy(ctx.db, PUBLIC_URL),
      timeFactor: 0.001,
    });
    await sim.listen(0);
  });
  afterAll(async () => {
    await sim?.close();
  });

  ctx.test('owned: PUBLIC_URL, loopback names, a brand domain (and www.); nothing else', async () => {
    const owned = returnUrlOwnedBy(ctx.db, PUBLIC_URL);
    for (const url of [
      `${PUBLIC_URL}/bistro/payment?result=ok`,
      'http://localhost:3000/bistro/payment',
      'http://second.localhost:3000/cafe/payment',
      'http://127.0.0.1:4010/x',
      'https://bistro.example.com/bistro/payment',
      'https://WWW.bistro.example.com/bistro/payment',
    ]) {
      expect(await owned(url), url).toBe(true);
    }
    for (const url of [
      'https://evil.example/phish',
      // An unverified claim is no address of this installation.
      'https://claimed.example.net/bistro/payment',
      'https://www.claimed.example.net/',
      'https://bistro.example.com.evil.example/',
      'https://evil.example/?https://menu.example.org',
      'https://menu.example.org@evil.example/',
      'https://user:pw@bistro.example.com/',
      'javascript:alert(1)',
      'data:text/html,hi',
      '//evil.example/',
      'not a url',
    ]) {
      expect(await owned(url), url).toBe(false);
    }
  });

  const checkout = (okUrl: string, cancelUrl: string) =>
    new EpayWebCheckout({ min: epay.min, secret: epay.secret, baseUrl: `${sim.url}/epay/` }).buildCheckout({
      invoice: String(4_100_000_000 + Math.floor(Math.random() * 90_000_000)),
      amount: 1250,
      currency: 'EUR',
      description: 'Return address test',
      okUrl,
      cancelUrl,
      notifyUrl: 'unused',
      expiresAt: new Date(Date.now() + 3_600_000),
    });

  ctx.test(
    'ePay: a foreign URL_OK or URL_CANCEL is refused with a clear page; an owned one redirects',
    async () => {
      for (const [ok, cancel] of [
        ['https://evil.example/ok', `${PUBLIC_URL}/cancel`],
        [`${PUBLIC_URL}/ok`, 'https://evil.example/cancel'],
      ] as const) {
        const page = await fetch(checkout(ok, cancel).link!);
        expect(page.status).toBe(400);
        const text = await page.text();
        expect(text).toContain('is not an address of this shop');
        expect(text).toContain('evil.example');
        expect(text).not.toMatch(/<form method="post"/);
      }
      const good = await fetch(
        checkout('https://bistro.example.com/bistro/payment?result=ok', `${PUBLIC_URL}/c`).link!,
      );
      const html = await good.text();
      expect(good.status, html).toBe(200);
      const to = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
      const paid = await fetch(new URL(to, sim.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe('https://bistro.example.com/bistro/payment?result=ok');
    },
  );

  ctx.test('Redsys: a foreign DS_MERCHANT_URLOK is refused, even correctly signed', async () => {
    const params = (urlOk: string) =>
      redsysEncodeParameters({
        DS_MERCHANT_AMOUNT: '1250',
        DS_MERCHANT_ORDER: `${Date.now()}`.slice(-10),
        DS_MERCHANT_MERCHANTCODE: redsys.merchantCode,
        DS_MERCHANT_CURRENCY: '978',
        DS_MERCHANT_TRANSACTIONTYPE: '0',
        DS_MERCHANT_TERMINAL: redsys.terminal,
        DS_MERCHANT_URLOK: urlOk,
        DS_MERCHANT_URLKO: `${PUBLIC_URL}/ko`,
      });
    const post = (encoded: string) => {
      const order = (JSON.parse(Buffer.from(encoded, 'base64').toString()) as Record<string, string>)
        .DS_MERCHANT_ORDER!;
      return fetch(`${sim.url}/sis/realizarPago`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          Ds_SignatureVersion: 'HMAC_SHA256_V1',
          Ds_MerchantParameters: encoded,
          Ds_Signature: redsysSign(redsys.key, order, encoded),
        }).toString(),
      });
    };
    const refused = await post(params('https://evil.example/ok'));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('is not an address of this shop');
    const accepted = await post(params('http://localhost:3000/bistro/payment'));
    expect(accepted.status, await accepted.text()).toBe(200);
  });
});
