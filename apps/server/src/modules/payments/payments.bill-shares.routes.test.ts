/**
 * A share of a table's bill paid online (issue 19), from the payments module's side, on SQLite and PostgreSQL
 * (demo/bistro with the simulator's accounts; provider notices posted to the app):
 *   - the attempt: an ePay invoice for the share's amount, described by the place and table, returning to the
 *     table's bill page on the address the guest used (`&payment=ok|cancel` after the page's own query), expiring
 *     with the share's claim; a payment row of the share alone (no order, no booking);
 *   - a share of one minor unit is not paid online (400 amount_too_small, the share released);
 *   - the verified PAID notice settles the share (the bill counts it paid); a DENIED one releases it.
 */
import { expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { nextMinute } from '../orders/orders.fixtures.ts';
import { tablePartyAtTheBill, type Phone } from '../tables/table-party.fixtures.ts';
import { bistroSimulatorForFile, epayNotifier } from './payments.fixtures.ts';

const { appUrl, accounts, simulatorEnv } = await bistroSimulatorForFile();
/** The guest's browser on another address of this installation than PUBLIC_URL (127.0.0.1): a loopback name. */
const GUEST_ADDRESS = 'http://localhost:5173';

describeEachDatabase(
  'bill shares paid online (payments)',
  (ctx) => {
    const { scan, order, billOf, take } = tablePartyAtTheBill(ctx, 71);
    const takeOnline = (p: Phone, amount: number) =>
      take(p, { mode: 'custom', amount, method: 'online' }, { host: new URL(GUEST_ADDRESS).host });
    const notifyEpay = epayNotifier(ctx, accounts.epay.secret);

    ctx.test(
      "the attempt: ePay for the share's amount, named by table, back to the bill on the guest's address; PAID settles it",
      async () => {
        nextMinute(ctx);
        const a = await scan('demo-t5', 'Vera');
        await order(a, 2);
        const taken = await takeOnline(a, 500);
        expect(taken.statusCode, taken.body).toBe(201);
        const { share, payment } = taken.json() as {
          share: { id: number };
          payment: { red: string; payment_key: string; form: { fields: Record<string, string> } };
        };
        const data = Buffer.from(new URL(payment.red).searchParams.get('ENCODED')!, 'base64').toString(
          'utf8',
        );
        expect(data).toContain('AMOUNT=5.00\n');
        expect(data).toContain('DESCR=Бистро Трапеза table 5\n');
        // The claim lasts 15 minutes: the invoice expires with it (not the 60 of the accounts), Sofia time.
        const expires = new Date(ctx.clock.now().getTime() + 15 * 60_000);
        const sofia = new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/Sofia',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(expires);
        expect(data).toMatch(new RegExp(`EXP_TIME=\\d\\d\\.\\d\\d\\.\\d{4} ${sofia}`));
        expect(payment.form.fields.URL_OK).toBe(`${GUEST_ADDRESS}/bistro?bill=1&payment=ok`);
        expect(payment.form.fields.URL_CANCEL).toBe(`${GUEST_ADDRESS}/bistro?bill=1&payment=cancel`);
        expect(GUEST_ADDRESS).not.toBe(appUrl);
        const row = await ctx.db
          .selectFrom('payments')
          .select(['order_id', 'booking_id', 'bill_share_id', 'amount', 'provider', 'status'])
          .where('invoice', '=', payment.payment_key)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({
          order_id: null,
          booking_id: null,
          bill_share_id: share.id,
          amount: 500,
          provider: 'epay',
          status: 'pending',
        });
        expect((await billOf(a)).pending).toBe(500);

        const paid = await notifyEpay(`INVOICE=${payment.payment_key}:STATUS=PAID\n`);
        expect(paid.body).toBe(`INVOICE=${payment.payment_key}:STATUS=OK\n`);
        await expect.poll(async () => (await billOf(a)).paid).toBe(500);
        expect((await billOf(a)).pending).toBe(0);
      },
    );

    ctx.test('a declined share is released; a share of one minor unit is not paid online', async () => {
      nextMinute(ctx);
      const a = await scan('demo-t6', 'Georgi');
      await order(a, 1);
      const taken = await takeOnline(a, 300);
      expect(taken.statusCode, taken.body).toBe(201);
      const invoice = (taken.json() as { payment: { payment_key: string } }).payment.payment_key;
      expect((await billOf(a)).pending).toBe(300);
      expect((await notifyEpay(`INVOICE=${invoice}:STATUS=DENIED\n`)).body).toBe(
        `INVOICE=${invoice}:STATUS=OK\n`,
      );
      await expect.poll(async () => (await billOf(a)).pending).toBe(0);
      expect((await billOf(a)).paid).toBe(0);

      const tiny = await takeOnline(a, 1);
      expect(tiny.statusCode, tiny.body).toBe(400);
      expect(tiny.json()).toMatchObject({ code: 'amount_too_small', message: 'Nothing to pay online' });
      expect((await billOf(a)).pending).toBe(0);
      const none = await ctx.db
        .selectFrom('payments')
        .select('id')
        .where('amount', '=', 1)
        .where('bill_share_id', 'is not', null)
        .execute();
      expect(none).toEqual([]);
    });
  },
  { env: { ...simulatorEnv, RATE_LIMIT_PER_MINUTE: '0' } },
);
