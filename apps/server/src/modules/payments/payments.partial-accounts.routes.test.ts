/**
 * A venue with accounts at one provider only (the operator's PAYMENTS_CONFIG_FILE names them; no simulator), and a
 * venue with none, on SQLite and PostgreSQL:
 *   - ePay only (invoices payable 5 minutes): a Bizum order gets no form and nothing is logged, an online order
 *     the ePay form; Redsys and One Touch answer 503 payments_not_configured with their own text, a Bizum deposit
 *     too; a deposit's invoice expires with the configured 5 minutes when the booking's hold lasts longer; a
 *     Redsys notice is for an unknown merchant;
 *   - Redsys only: ePay answers 503, an online order gets the Redsys form, an ePay notice is for an unknown
 *     merchant;
 *   - none (demo/hotel, payments module on): initiating answers 503, notices of both are for an unknown merchant.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import { setSetting } from '../../../test/fixtures.ts';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { freePort } from '../../../test/spawn-server.ts';
import { OPEN_AT } from '../orders/orders.fixtures.ts';
import { epayNotifier, offerEveryOnlineMethodAtBistro, signedInDemoGuest } from './payments.fixtures.ts';
import { simulatorAccounts } from './payments.config.ts';
import { redsysEncodeParameters, redsysSign } from './providers/redsys.ts';

// Accounts in the shape of real ones; no provider is ever called by these tests.
const accounts = simulatorAccounts(
  'demo/bistro',
  'http://127.0.0.1:9',
  'partial-accounts-test-secret-0123456789',
);
const dir = mkdtempSync(join(tmpdir(), 'trapeza-partial-accounts-'));
const configFile = (name: string, bistro: object) => {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ places: { 'demo/bistro': bistro } }));
  return file;
};
const publicUrl = `http://127.0.0.1:${await freePort()}`;
const envOf = (file: string) => ({ PAYMENTS_CONFIG_FILE: file, PUBLIC_URL: publicUrl });

/** Tuesday 2026-03-03 10:00 in Sofia: the bookings' "now". */
const BOOKING_NOW = new Date('2026-03-03T10:00:00+02:00');

/** The signed-in demo guest, their orders at bistro, and the providers' notification calls. */
function guestOf(ctx: TestContext) {
  const { as, placeOrder } = signedInDemoGuest(ctx, { at: OPEN_AT });
  const postEpay = epayNotifier(ctx, accounts.epay.secret);
  const notifyEpay = (merchant: string) => postEpay('INVOICE=1234567890:STATUS=PAID\n', { merchant });
  const notifyRedsys = (merchant: string) => {
    const notice = redsysEncodeParameters({
      Ds_Order: '1234567890',
      Ds_Response: '0000',
      Ds_Amount: '1000',
      Ds_MerchantCode: accounts.redsys.merchantCode,
    });
    return ctx.app.inject({
      method: 'POST',
      url: `/api/redsys/notify/${merchant}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        Ds_SignatureVersion: 'HMAC_SHA256_V1',
        Ds_MerchantParameters: notice,
        Ds_Signature: redsysSign(accounts.redsys.key, '1234567890', notice),
      }).toString(),
    });
  };
  return {
    as,
    placeOrder,
    notifyEpay,
    notifyRedsys,
    attempts: async (key: string) =>
      ctx.db
        .selectFrom('payments')
        .innerJoin('orders', 'orders.id', 'payments.order_id')
        .select('payments.id')
        .where('orders.key', '=', key)
        .execute(),
  };
}

describeEachDatabase(
  'ePay accounts only',
  (ctx) => {
    const guest = guestOf(ctx);

    ctx.test(
      'a Bizum order gets no form and nothing is logged; an online order gets the ePay form',
      async () => {
        const logged = vi.spyOn(ctx.app.log, 'error');
        try {
          const bizum = await guest.placeOrder('bizum');
          expect(bizum.ppResp).toEqual({});
          expect(await guest.attempts(bizum.key)).toEqual([]);
          expect(logged).not.toHaveBeenCalled();
        } finally {
          logged.mockRestore();
        }
        const online = await guest.placeOrder('online');
        expect(online.ppResp.redForm).toContain(`action="${accounts.epay.baseUrl}"`);
        expect(online.ppResp.redLink).toMatch(/PAGE=paylogin&ENCODED=/);
        expect(await guest.attempts(online.key)).toHaveLength(1);
      },
    );

    ctx.test('Redsys and One Touch answer 503 payments_not_configured, naming the provider', async () => {
      const bizum = await guest.placeOrder('bizum');
      const redsys = await ctx.post('/api/redsys/initiateRedsysOrder', { orderKey: bizum.key }, guest.as());
      expect(redsys.statusCode, redsys.body).toBe(503);
      expect(redsys.json()).toMatchObject({
        code: 'payments_not_configured',
        message: 'Redsys is not configured for this place',
      });
      const epay = await guest.placeOrder('epay');
      const oneTouch = await ctx.post(
        '/api/epay/initiateEpayOrderOneTouch',
        { orderKey: epay.key, payment_instrument: null },
        guest.as(),
      );
      expect(oneTouch.statusCode, oneTouch.body).toBe(503);
      expect(oneTouch.json()).toMatchObject({
        code: 'payments_not_configured',
        message: 'One Touch is not configured for this place',
      });
      expect(await guest.attempts(bizum.key)).toEqual([]);
      expect(await guest.attempts(epay.key)).toEqual([]);
    });

    ctx.test(
      'deposits: Bizum answers 503; the ePay invoice expires after the configured 5 minutes, before the 15-minute hold',
      async () => {
        const placeId = await ctx.placeId('bistro');
        await setSetting(ctx.db, placeId, 'booking_online_payment', '1');
        await setSetting(ctx.db, placeId, 'booking_deposit', '20');
        try {
          ctx.clock.setOverride(BOOKING_NOW);
          const res = await ctx.post('/api/bookings', {
            date: '2026-03-18',
            time: '19:00',
            people: 2,
            name: 'Мария Иванова',
            phone: '+359 88 765 5001',
            email: `partial-${ctx.dialect}@example.com`,
            terms_accepted: true,
          });
          expect(res.statusCode, res.body).toBe(201);
          const id = res.json().reservationId as number;
          const token = new URL(res.json().cancelUrl as string).searchParams.get('token')!;
          const bizum = await ctx.post(`/api/bookings/${id}/pay`, { token, provider: 'bizum' });
          expect(bizum.statusCode, bizum.body).toBe(503);
          expect(bizum.json()).toMatchObject({
            code: 'payments_not_configured',
            message: 'Redsys is not configured for this place',
          });
          const start = await ctx.post(`/api/bookings/${id}/pay`, { token });
          expect(start.statusCode, start.body).toBe(200);
          const data = Buffer.from(
            new URL(start.json().red as string).searchParams.get('ENCODED')!,
            'base64',
          ).toString('utf8');
          // Booked at 10:00 Sofia time: the hold lasts until 10:15, the invoice until 10:05.
          expect(data).toContain('EXP_TIME=03.03.2026 10:05');
        } finally {
          await setSetting(ctx.db, placeId, 'booking_online_payment', '0');
          await setSetting(ctx.db, placeId, 'booking_deposit', '0');
          ctx.clock.setOverride(OPEN_AT);
        }
      },
    );

    ctx.test('a Redsys notice is for an unknown merchant; ePay notices are read', async () => {
      const redsys = await guest.notifyRedsys('demo/bistro');
      expect(redsys.statusCode).toBe(404);
      expect(redsys.body).toBe('Unknown merchant');
      expect((await guest.notifyEpay('demo/bistro')).body).toBe('INVOICE=1234567890:STATUS=NO\n');
    });

    ctx.test(
      'a venue without accounts (demo/hotel): 503 payments_not_configured; notices of both providers are for an unknown merchant',
      async () => {
        const res = await ctx.post(
          '/api/epay/initiateEpayOrder',
          { orderKey: 'any-order' },
          { place: 'hotel', headers: guest.as().headers },
        );
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({
          code: 'payments_not_configured',
          message: 'Online payments are not configured for this place',
        });
        expect((await guest.notifyEpay('demo/hotel')).body).toBe('ERR=Unknown merchant\n');
        const redsys = await guest.notifyRedsys('demo/hotel');
        expect(redsys.statusCode).toBe(404);
        expect(redsys.body).toBe('Unknown merchant');
      },
    );
  },
  {
    env: envOf(configFile('epay-only', { epay: accounts.epay, invoiceTtlMinutes: 5 })),
    setup: offerEveryOnlineMethodAtBistro,
  },
);

describeEachDatabase(
  'Redsys accounts only',
  (ctx) => {
    const guest = guestOf(ctx);

    ctx.test(
      'ePay answers 503; an online order gets the Redsys form; an ePay notice is for an unknown merchant',
      async () => {
        const order = await guest.placeOrder('online');
        expect(order.ppResp.redForm).toContain(`action="${accounts.redsys.url}"`);
        expect(order.ppResp.redLink).toBeUndefined();
        const epay = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, guest.as());
        expect(epay.statusCode, epay.body).toBe(503);
        expect(epay.json()).toMatchObject({
          code: 'payments_not_configured',
          message: 'ePay is not configured for this place',
        });
        expect(await guest.attempts(order.key)).toHaveLength(1);
        expect((await guest.notifyEpay('demo/bistro')).body).toBe('ERR=Unknown merchant\n');
        const redsys = await guest.notifyRedsys('demo/bistro');
        expect(redsys.statusCode).toBe(404);
        expect(redsys.body).toBe('Unknown order');
      },
    );
  },
  {
    env: envOf(configFile('redsys-only', { redsys: accounts.redsys })),
    setup: offerEveryOnlineMethodAtBistro,
  },
);
