/**
 * The payments module's stored state as others read it, through the real app on SQLite and PostgreSQL:
 * - the demo payment simulator of `npm start` (startDemoPaymentSimulator) has a merchant for exactly the places
 *   whose functionality_modules list 'payments', read on each request: a place without it, or whose list is not
 *   a JSON array (or no JSON at all), is an unknown merchant there, and the others still pay;
 * - checkPaymentStatus names the order's latest attempt (its invoice), after a retry the new one;
 * - a signed Redsys notice with a wrong amount, delivered twice, is kept as one alert.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { freePort } from '../../../test/spawn-server.ts';
import { startDemoPaymentSimulator } from '../../dev/payment-simulator/demo.ts';
import type { PaymentSimulator } from '../../dev/payment-simulator/simulator.ts';
import { offerEveryOnlineMethodAtBistro, signedInDemoGuest } from './payments.fixtures.ts';
import { simulatorAccounts } from './payments.config.ts';
import { EpayWebCheckout } from './providers/epay-web.ts';
import { redsysDecodeParameters, redsysEncodeParameters, redsysSign } from './providers/redsys.ts';

const simPort = await freePort();
const simulatorUrl = `http://127.0.0.1:${simPort}`;
const appUrl = `http://127.0.0.1:${await freePort()}`;
const secret = 'demo-merchants-simulator-secret-0123456789';

describeEachDatabase(
  'payments: the demo merchants and the stored attempts',
  (ctx) => {
    let sim: PaymentSimulator;
    beforeAll(async () => {
      sim = await startDemoPaymentSimulator({
        db: ctx.db,
        port: simPort,
        simulatorUrl,
        publicUrl: appUrl,
        secret,
      });
    });
    afterAll(async () => {
      await sim.close();
    });

    const { as, placeOrder } = signedInDemoGuest(ctx, { host: new URL(appUrl).host });

    let invoices = 1_000_000_000;
    /** Opens the simulator's ePay page for a 1.00 € payment (a new invoice) of `placeSlug`'s demo account. */
    async function openEpayPage(placeSlug: string) {
      const epay = simulatorAccounts(`demo/${placeSlug}`, simulatorUrl, secret).epay;
      const form = new EpayWebCheckout(epay).buildCheckout({
        invoice: String((invoices += 1)),
        amount: 100,
        currency: 'EUR',
        description: 'demo merchant check',
        okUrl: `${appUrl}/ok`,
        cancelUrl: `${appUrl}/cancel`,
        notifyUrl: `${appUrl}/api/epay/notify/demo/${placeSlug}`,
        expiresAt: new Date(Date.UTC(2030, 0, 1)),
      });
      const res = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form.fields).toString(),
        redirect: 'manual',
      });
      return { status: res.status, text: await res.text() };
    }
    const setModules = (slug: string, value: string) =>
      ctx.db.updateTable('places').set({ functionality_modules: value }).where('slug', '=', slug).execute();

    ctx.test(
      "the demo simulator knows exactly the places with 'payments' in their modules, read on each request",
      async () => {
        const hotelModules = (
          await ctx.db
            .selectFrom('places')
            .select('functionality_modules')
            .where('slug', '=', 'hotel')
            .executeTakeFirstOrThrow()
        ).functionality_modules as unknown as string;
        try {
          await setModules('hotel', JSON.stringify(['menu', 'payments']));
          expect((await openEpayPage('hotel')).status).toBe(200);
          expect((await openEpayPage('bistro')).status).toBe(200);
          for (const modules of [JSON.stringify(['menu', 'orders']), '{"payments":true}', 'payments']) {
            await setModules('hotel', modules);
            const hotel = await openEpayPage('hotel');
            expect(hotel.status, modules).toBe(400);
            expect(hotel.text, modules).toContain('Unknown merchant (MIN).');
            expect((await openEpayPage('bistro')).status, modules).toBe(200);
          }
        } finally {
          await setModules('hotel', hotelModules);
        }
      },
    );

    ctx.test("checkPaymentStatus names the latest attempt's invoice; after a retry the new one", async () => {
      const order = await placeOrder('epay');
      const initiate = async () => {
        const res = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as());
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { payment_key: string }).payment_key;
      };
      const status = async () => {
        const res = await ctx.post('/api/epay/checkPaymentStatus', { orderKey: order.key }, as());
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { payload: { payment_key: string | null; payment_status: string } }).payload;
      };
      const first = await initiate();
      expect(await status()).toMatchObject({ payment_key: first, payment_status: 'pending' });
      const second = await initiate();
      expect(second).not.toBe(first);
      expect(await status()).toMatchObject({ payment_key: second, payment_status: 'pending' });
    });

    ctx.test('a wrong-amount Redsys notice delivered twice is one alert; the payment unchanged', async () => {
      const order = await placeOrder('bizum');
      const fields = Object.fromEntries(
        [...order.ppResp.redForm!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      const params = redsysDecodeParameters(fields.Ds_MerchantParameters!);
      const invoice = params.DS_MERCHANT_ORDER!;
      const notice = redsysEncodeParameters({
        Ds_Amount: String(Number(params.DS_MERCHANT_AMOUNT) - 100),
        Ds_Currency: '978',
        Ds_Order: invoice,
        Ds_MerchantCode: params.DS_MERCHANT_MERCHANTCODE!,
        Ds_Response: '0000',
        Ds_AuthorisationCode: '123456',
      });
      const key = simulatorAccounts('demo/bistro', simulatorUrl, secret).redsys.key;
      for (let i = 0; i < 2; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/redsys/notify/demo/bistro',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            Ds_SignatureVersion: 'HMAC_SHA256_V1',
            Ds_MerchantParameters: notice,
            Ds_Signature: redsysSign(key, invoice, notice),
          }).toString(),
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const rows = await ctx.db
        .selectFrom('payment_notifications')
        .select('status')
        .where('invoice', '=', invoice)
        .execute();
      expect(rows).toEqual([{ status: 'alert:amount_mismatch:0000' }]);
      const payment = await ctx.db
        .selectFrom('payments')
        .select('status')
        .where('invoice', '=', invoice)
        .executeTakeFirstOrThrow();
      expect(payment.status).toBe('pending');
    });
  },
  {
    env: {
      PUBLIC_URL: appUrl,
      PAYMENT_SIMULATOR_URL: simulatorUrl,
      PAYMENT_SIMULATOR: '0',
      PAYMENT_SIMULATOR_SECRET: secret,
    },
    setup: offerEveryOnlineMethodAtBistro,
  },
);
