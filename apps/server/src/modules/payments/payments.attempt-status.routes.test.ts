/**
 * A payment settled by our own status query (not by a notice), on SQLite and PostgreSQL, with the provider
 * simulator: the One Touch first-card page (noreg) paid or declined, then POST epay/checkPaymentStatusOneTouch.
 *   - the query's result is recorded for the audit trail as `QUERY:PAID` / `QUERY:FAILED`, once;
 *   - the staff board hears the order's payment change (order.payment_changed, pending → paid / failed);
 *   - asked again, the settled attempt answers its state as stored (paid; failed), without asking the provider.
 */
import { expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { OPEN_AT } from '../orders/orders.fixtures.ts';
import {
  bistroSimulatorForFile,
  offerEveryOnlineMethodAtBistro,
  pressOnProviderPage,
  signedInDemoGuest,
} from './payments.fixtures.ts';

const { sim, simulatorEnv } = await bistroSimulatorForFile();

describeEachDatabase(
  'payments settled by a status query',
  (ctx) => {
    const { as, placeOrder } = signedInDemoGuest(ctx, { at: OPEN_AT });

    const notes = async (invoice: string) =>
      (
        await ctx.db
          .selectFrom('payment_notifications')
          .select('status')
          .where('invoice', '=', invoice)
          .orderBy('id')
          .execute()
      ).map((n) => n.status);
    /** The board's order.payment_changed events of the order (from → to). */
    const boardChanges = async (key: string) =>
      (
        await ctx.db
          .selectFrom('staff_events')
          .select('data')
          .where('type', '=', 'order.payment_changed')
          .orderBy('id')
          .execute()
      )
        .map(
          (r) =>
            (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as {
              order: { key: string };
              from: string;
              to: string;
            },
        )
        .filter((e) => e.order.key === key)
        .map((e) => `${e.from}→${e.to}`);
    const check = async (paymentKey: string) => {
      const res = await ctx.post('/api/epay/checkPaymentStatusOneTouch', { paymentKey }, as());
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { success: boolean; payload: { payment_status: string; payment_key: string } };
    };

    for (const [button, outcome, query] of [
      ['4242', 'paid', 'QUERY:PAID'],
      ['0002', 'failed', 'QUERY:FAILED'],
    ] as const) {
      ctx.test(
        `first card ${button}: the query settles it ${outcome} (${query}), the board hears it, asked again it answers ${outcome}`,
        async () => {
          const order = await placeOrder('epay');
          const start = await ctx.post(
            '/api/epay/initiateEpayOrderOneTouch',
            { orderKey: order.key, payment_instrument: null },
            as(),
          );
          expect(start.statusCode, start.body).toBe(200);
          const { red, payment_key: invoice } = start.json().payload as { red: string; payment_key: string };
          const back = await pressOnProviderPage(sim.url, red, button);
          expect(back.status).toBe(303);

          expect(await check(invoice)).toEqual({
            success: true,
            payload: { payment_status: outcome, payment_key: invoice },
          });
          expect(await notes(invoice)).toEqual([query]);
          await expect.poll(() => boardChanges(order.key)).toEqual([`pending→${outcome}`]);
          // A paid first card is saved as the provider lists it (name, type, expiry); a declined one is not.
          const saved = (await ctx.get('/api/users/payment-instruments', as())).json() as {
            name: string;
            expires: string | null;
          }[];
          expect(saved.filter((i) => i.name === `Visa •••• ${button}`)).toEqual(
            outcome === 'paid' ? [expect.objectContaining({ expires: '12/2030' })] : [],
          );

          // Settled: answered as stored, the provider is not asked again and nothing more is recorded.
          expect(await check(invoice)).toEqual({
            success: true,
            payload: { payment_status: outcome, payment_key: invoice },
          });
          expect(await notes(invoice)).toEqual([query]);
        },
      );
    }

    ctx.test('a first-card attempt stored as expired or denied answers failed', async () => {
      for (const status of ['expired', 'denied']) {
        const order = await placeOrder('epay');
        const start = await ctx.post(
          '/api/epay/initiateEpayOrderOneTouch',
          { orderKey: order.key, payment_instrument: null },
          as(),
        );
        const invoice = start.json().payload.payment_key as string;
        await ctx.db.updateTable('payments').set({ status }).where('invoice', '=', invoice).execute();
        expect((await check(invoice)).payload).toEqual({ payment_status: 'failed', payment_key: invoice });
      }
    });
  },
  { env: simulatorEnv, setup: offerEveryOnlineMethodAtBistro },
);
