/**
 * One Touch account linking (issue 25 #10, payments.md §2 Authorisation) on SQLite and PostgreSQL, against the
 * provider simulator: a signed-in guest with no saved card links their ePay account (api/start → allow → the app's
 * reply address → code/get → token/get → user/info?PINS=1) and pays an order with one of its cards without paying
 * a first time. A cancelled authorisation, a KEY nobody allowed and another user's KEY link nothing.
 */
import { expect } from 'vitest';
import { orderableDemoLine } from '../../../test/demo-orders.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { OPEN_AT } from '../orders/orders.fixtures.ts';
import {
  bistroSimulatorForFile,
  guestPickupBody,
  pressOnProviderPage,
  signedInDemoGuest,
} from './payments.fixtures.ts';

const { sim, appPort: APP_PORT, appUrl: APP_URL, simulatorEnv } = await bistroSimulatorForFile();

describeEachDatabase(
  'One Touch account linking',
  (ctx) => {
    const { as } = signedInDemoGuest(ctx, { listenOn: APP_PORT, host: new URL(APP_URL).host });
    const press = (url: string, action: string) => pressOnProviderPage(sim.url, url, action);

    const cards = async () => {
      const res = await ctx.get('/api/users/payment-instruments', as());
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number; name: string }[];
    };

    ctx.test('link, come back, and pay with a card of the account without a first payment', async () => {
      expect(await cards()).toEqual([]);
      const start = await ctx.post('/api/epay/linkOneTouchAccount', {}, as());
      expect(start.statusCode, start.body).toBe(200);
      const { red, key } = start.json().payload as { red: string; key: string };
      const url = new URL(red);
      expect(url.pathname).toMatch(/\/xdev\/mobile\/api\/start$/);
      expect(url.searchParams.get('KEY')).toBe(key);
      expect(url.searchParams.get('APPCHECK')).toMatch(/^[0-9a-f]{40}$/);

      // Before the user allowed anything, the KEY gives no code.
      const early = await ctx.post('/api/epay/completeOneTouchLink', { key }, as());
      expect(early.statusCode, early.body).toBe(409);
      expect(early.json().code).toBe('onetouch_link_failed');

      const allowed = await press(red, 'allow');
      expect(allowed.status).toBe(303);
      expect(allowed.headers.get('location')).toBe(
        `${APP_URL}/api/epay/onetouch/return/demo/bistro?ret=authok`,
      );
      const back = await fetch(allowed.headers.get('location')!, { redirect: 'manual' });
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`${APP_URL}/bistro/profile?onetouch=authok`);

      // Another user's attempt: their DEVICEID with this KEY was never allowed.
      const other = await ctx.post('/api/login', { email: 'waiter@demo.test', password: 'demo-waiter' });
      expect(other.statusCode, other.body).toBe(200);
      const foreign = await ctx.post(
        '/api/epay/completeOneTouchLink',
        { key },
        as(`Bearer ${other.json().token}`),
      );
      expect(foreign.statusCode, foreign.body).toBe(409);

      const done = await ctx.post('/api/epay/completeOneTouchLink', { key }, as());
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ success: true, payload: { instruments: 2 } });
      const saved = await cards();
      expect(saved.map((c) => c.name).sort()).toEqual(['Mastercard •••• 3220', 'Visa •••• 4242']);
      // The code was used once: the same KEY links nothing again.
      expect((await ctx.post('/api/epay/completeOneTouchLink', { key }, as())).statusCode).toBe(409);

      ctx.clock.setOverride(OPEN_AT);
      const line = await orderableDemoLine(ctx, 'bistro', 1);
      const order = await ctx.post('/api/orders/preorder', guestPickupBody([line], 'epay'), as());
      expect(order.statusCode, order.body).toBe(201);
      const visa = saved.find((c) => c.name === 'Visa •••• 4242')!;
      const paid = await ctx.post(
        '/api/epay/initiateEpayOrderOneTouch',
        { orderKey: order.json().key, payment_instrument: visa.id },
        as(),
      );
      expect(paid.json()).toMatchObject({ success: true, payload: { payment_status: 'paid' } });
      const row = await ctx.db
        .selectFrom('orders')
        .select('payment_status')
        .where('key', '=', order.json().key)
        .executeTakeFirstOrThrow();
      expect(row.payment_status).toBe('paid');
    });

    ctx.test('a cancelled authorisation links nothing; linking needs a sign-in', async () => {
      const start = await ctx.post('/api/epay/linkOneTouchAccount', {}, as());
      const { red, key } = start.json().payload as { red: string; key: string };
      const cancelled = await press(red, 'cancel');
      expect(cancelled.headers.get('location')).toBe(
        `${APP_URL}/api/epay/onetouch/return/demo/bistro?ret=authcancel`,
      );
      const back = await fetch(cancelled.headers.get('location')!, { redirect: 'manual' });
      expect(back.headers.get('location')).toBe(`${APP_URL}/bistro/profile?onetouch=authcancel`);
      expect((await ctx.post('/api/epay/completeOneTouchLink', { key }, as())).statusCode).toBe(409);
      const anonymous = await ctx.post('/api/epay/linkOneTouchAccount', {});
      expect(anonymous.statusCode).toBe(403);
      expect(anonymous.json().code).toBe('card_payment_requires_login');
    });
  },
  { env: simulatorEnv },
);
