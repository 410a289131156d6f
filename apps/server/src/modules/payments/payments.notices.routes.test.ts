/**
 * Provider notices as the provider, the venue and the guest observe them, on SQLite and PostgreSQL (the real app,
 * notices posted to its notification addresses, signed with the simulator accounts of demo/bistro):
 *   - a notice for a merchant this installation does not know is answered as such (ePay `ERR=Unknown merchant`,
 *     Redsys 404), a signed Redsys notice of an invoice that is not ours (or is another provider's) 404 `Unknown
 *     order`, an ePay line the parser cannot read but names an invoice `STATUS=ERR`;
 *   - a Redsys decline is applied whatever amount it states; a success with a wrong (or no) amount is kept as an
 *     alert and told to staff as a warning with what was charged and expected;
 *   - the order's history line carries the provider's transaction data (none: the bare line; long: cut at 500);
 *   - a notice our database cannot store is answered "try again" (Redsys 500, ePay `STATUS=ERR`) and logged, and
 *     the provider's next delivery applies it;
 *   - a paid order's payment is never marked for refund (refunds are for deposits nobody can use).
 */
import { expect, vi } from 'vitest';
import { sql } from 'kysely';
import { describeEachDatabase } from '../../../test/harness.ts';
import { OPEN_AT } from '../orders/orders.fixtures.ts';
import {
  bistroSimulatorForFile,
  epayNotifier,
  offerEveryOnlineMethodAtBistro,
  signedInDemoGuest,
} from './payments.fixtures.ts';
import { redsysDecodeParameters, redsysEncodeParameters, redsysSign } from './providers/redsys.ts';

const { accounts, simulatorEnv } = await bistroSimulatorForFile();

describeEachDatabase(
  'payment notices',
  (ctx) => {
    const { as, placeOrder } = signedInDemoGuest(ctx, { at: OPEN_AT });

    const orderRow = (key: string) =>
      ctx.db
        .selectFrom('orders')
        .select(['id', 'payment_status', 'total'])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
    const paymentRow = (invoice: string) =>
      ctx.db
        .selectFrom('payments')
        .select(['id', 'status', 'refund_status', 'amount'])
        .where('invoice', '=', invoice)
        .executeTakeFirstOrThrow();
    const notes = async (invoice: string) =>
      (
        await ctx.db
          .selectFrom('payment_notifications')
          .select('status')
          .where('invoice', '=', invoice)
          .orderBy('id')
          .execute()
      ).map((n) => n.status);
    const paidLines = async (orderId: number) =>
      (
        await ctx.db
          .selectFrom('order_status_history')
          .select('reason')
          .where('order_id', '=', orderId)
          .orderBy('id')
          .execute()
      )
        .map((h) => h.reason ?? '')
        .filter((r) => r.startsWith('payment paid'));

    const notifyEpay = epayNotifier(ctx, accounts.epay.secret);
    const notifyRedsys = (params: Record<string, string>, merchant = 'demo/bistro') => {
      const notice = redsysEncodeParameters({
        Ds_Currency: '978',
        Ds_MerchantCode: accounts.redsys.merchantCode,
        Ds_Terminal: '001',
        Ds_TransactionType: '0',
        ...params,
      });
      return ctx.app.inject({
        method: 'POST',
        url: `/api/redsys/notify/${merchant}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          Ds_SignatureVersion: 'HMAC_SHA256_V1',
          Ds_MerchantParameters: notice,
          Ds_Signature: redsysSign(accounts.redsys.key, params.Ds_Order!, notice),
        }).toString(),
      });
    };
    /** An order paid by `method`, and the invoice of its attempt (ePay: initiateEpayOrder; Bizum: ppResp). */
    const attempt = async (method: 'epay' | 'bizum') => {
      const order = await placeOrder(method);
      let invoice: string;
      if (method === 'epay') {
        const start = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as());
        expect(start.statusCode, start.body).toBe(200);
        invoice = start.json().payment_key as string;
      } else {
        const fields = Object.fromEntries(
          [...order.ppResp.redForm!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
        );
        invoice = redsysDecodeParameters(fields.Ds_MerchantParameters!).DS_MERCHANT_ORDER!;
      }
      return { order, invoice, row: await orderRow(order.key) };
    };

    ctx.test(
      'a merchant this installation does not serve is answered as unknown, nothing parsed',
      async () => {
        const epay = await notifyEpay('INVOICE=1234567890:STATUS=PAID\n', { merchant: 'demo/nowhere' });
        expect(epay.statusCode).toBe(200);
        expect(epay.body).toBe('ERR=Unknown merchant\n');
        const redsys = await notifyRedsys({ Ds_Order: '1234567890', Ds_Response: '0000' }, 'demo/nowhere');
        expect(redsys.statusCode).toBe(404);
        expect(redsys.body).toBe('Unknown merchant');
        expect(redsys.headers['content-type']).toMatch(/^text\/plain/);
      },
    );

    ctx.test(
      'Redsys: a signed notice of an invoice that is not ours, or is an ePay attempt, is 404 Unknown order and pays nothing',
      async () => {
        const unknown = await notifyRedsys({
          Ds_Order: '9999999991',
          Ds_Response: '0000',
          Ds_Amount: '1000',
          Ds_AuthorisationCode: '123456',
        });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.body).toBe('Unknown order');

        // An ePay attempt's invoice, "paid" through Redsys with its exact amount: not this provider's payment.
        const { order, invoice, row } = await attempt('epay');
        const foreign = await notifyRedsys({
          Ds_Order: invoice,
          Ds_Response: '0000',
          Ds_Amount: String(row.total),
          Ds_AuthorisationCode: '123456',
        });
        expect(foreign.statusCode).toBe(404);
        expect(foreign.body).toBe('Unknown order');
        expect((await orderRow(order.key)).payment_status).toBe('pending');
        expect((await paymentRow(invoice)).status).toBe('pending');
        expect(await notes(invoice)).toEqual([]);
      },
    );

    ctx.test(
      'ePay: an unreadable line that names an invoice is answered ERR for it, the others as usual',
      async () => {
        const { order, invoice } = await attempt('epay');
        const res = await notifyEpay(`INVOICE=${invoice}:STATUS=REFUNDED\nINVOICE=9999999992:STATUS=PAID\n`);
        expect(res.body).toBe(`INVOICE=${invoice}:STATUS=ERR\nINVOICE=9999999992:STATUS=NO\n`);
        expect((await orderRow(order.key)).payment_status).toBe('pending');
      },
    );

    ctx.test(
      'ePay PAID without transaction data: the history line names provider and invoice only; the payment is not for refund',
      async () => {
        const { order, invoice, row } = await attempt('epay');
        const res = await notifyEpay(`INVOICE=${invoice}:STATUS=PAID\n`);
        expect(res.body).toBe(`INVOICE=${invoice}:STATUS=OK\n`);
        expect((await orderRow(order.key)).payment_status).toBe('paid');
        expect(await paidLines(row.id)).toEqual([`payment paid: epay invoice=${invoice}`]);
        // An order's payment: nothing to refund (only a deposit without its booking is).
        expect(await paymentRow(invoice)).toMatchObject({ status: 'paid', refund_status: null });
        const status = await ctx.post('/api/epay/checkPaymentStatus', { orderKey: order.key }, as());
        expect(status.json().payload).toMatchObject({ payment_status: 'paid', payment_key: invoice });
      },
    );

    ctx.test('Redsys: a long transaction record is cut to 500 characters in the history', async () => {
      const { invoice, row } = await attempt('bizum');
      const res = await notifyRedsys({
        Ds_Order: invoice,
        Ds_Response: '0000',
        Ds_Amount: String(row.total),
        Ds_AuthorisationCode: '654321',
        Ds_Date: 'D'.repeat(300),
        Ds_Hour: 'H'.repeat(300),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe('OK');
      const [line] = await paidLines(row.id);
      expect(line).toHaveLength(500);
      expect(line).toMatch(
        new RegExp(`^payment paid: redsys invoice=${invoice} Ds_Response=0000 Ds_AuthorisationCode=654321 `),
      );
    });

    ctx.test(
      'Redsys: a decline is applied whatever amount it states (the order fails); only a success is checked against the amount',
      async () => {
        const { order, invoice } = await attempt('bizum');
        const res = await notifyRedsys({ Ds_Order: invoice, Ds_Response: '0190', Ds_Amount: '1' });
        expect(res.statusCode, res.body).toBe(200);
        expect((await orderRow(order.key)).payment_status).toBe('failed');
        expect((await paymentRow(invoice)).status).toBe('denied');
        expect(await notes(invoice)).toEqual(['0190']);
      },
    );

    ctx.test(
      'Redsys: a success with a wrong amount, or none, is kept as an alert and told to staff as a warning',
      async () => {
        const { order, invoice, row } = await attempt('bizum');
        const payment = await paymentRow(invoice);
        const warned = vi.spyOn(ctx.app.log, 'warn');
        const logged = vi.spyOn(ctx.app.log, 'error');
        try {
          const wrong = await notifyRedsys({
            Ds_Order: invoice,
            Ds_Response: '0000',
            Ds_Amount: String(row.total + 1),
            Ds_AuthorisationCode: '111111',
          });
          expect(wrong.statusCode).toBe(200);
          expect(wrong.body).toBe('OK');
          const bistro = await ctx.placeId('bistro');
          const message =
            'redsys notice with a wrong amount ignored and kept as an alert (payment_notifications)';
          expect(warned).toHaveBeenCalledWith(
            {
              placeId: bistro,
              paymentId: payment.id,
              invoice,
              charged: String(row.total + 1),
              expected: row.total,
            },
            message,
          );
          const none = await notifyRedsys({
            Ds_Order: invoice,
            Ds_Response: '0001',
            Ds_AuthorisationCode: '222222',
          });
          expect(none.statusCode).toBe(200);
          expect(warned).toHaveBeenLastCalledWith(
            { placeId: bistro, paymentId: payment.id, invoice, charged: null, expected: row.total },
            message,
          );
          expect(logged).not.toHaveBeenCalled();
        } finally {
          warned.mockRestore();
          logged.mockRestore();
        }
        expect((await orderRow(order.key)).payment_status).toBe('pending');
        expect(await notes(invoice)).toEqual(['alert:amount_mismatch:0000', 'alert:amount_mismatch:0001']);
      },
    );

    /** Our database refuses to record notices for a moment (a trigger), as a failing disk or server would. */
    async function withNoticesRefused(run: () => Promise<void>) {
      if (ctx.dialect === 'sqlite') {
        await sql`create trigger refuse_notices before insert on payment_notifications
          begin select raise(abort, 'notices refused'); end`.execute(ctx.db);
      } else {
        await sql`create function refuse_notices() returns trigger language plpgsql as $$
          begin raise exception 'notices refused'; end $$`.execute(ctx.db);
        await sql`create trigger refuse_notices before insert on payment_notifications
          for each row execute function refuse_notices()`.execute(ctx.db);
      }
      try {
        await run();
      } finally {
        if (ctx.dialect === 'sqlite') {
          await sql`drop trigger refuse_notices`.execute(ctx.db);
        } else {
          await sql`drop trigger refuse_notices on payment_notifications`.execute(ctx.db);
          await sql`drop function refuse_notices()`.execute(ctx.db);
        }
      }
    }

    ctx.test(
      'a notice our database cannot store is answered "try again" and logged; the next delivery pays',
      async () => {
        const bizum = await attempt('bizum');
        const epay = await attempt('epay');
        const paid = {
          Ds_Order: bizum.invoice,
          Ds_Response: '0000',
          Ds_Amount: String(bizum.row.total),
          Ds_AuthorisationCode: '333333',
        };
        const epayLine = `INVOICE=${epay.invoice}:STATUS=PAID:PAY_TIME=20261124120000:STAN=123123:BCODE=AB12CD\n`;
        const logged = vi.spyOn(ctx.app.log, 'error');
        try {
          await withNoticesRefused(async () => {
            const redsys = await notifyRedsys(paid);
            expect(redsys.statusCode).toBe(500);
            expect(redsys.body).toBe('Try again');
            expect((await notifyEpay(epayLine)).body).toBe(`INVOICE=${epay.invoice}:STATUS=ERR\n`);
          });
          expect(logged).toHaveBeenCalledTimes(2);
          expect(logged.mock.calls.map((c) => c[1])).toEqual([
            'payment notification failed',
            'payment notification failed',
          ]);
        } finally {
          logged.mockRestore();
        }
        expect((await orderRow(bizum.order.key)).payment_status).toBe('pending');
        expect((await orderRow(epay.order.key)).payment_status).toBe('pending');
        const again = await notifyRedsys(paid);
        expect(again.statusCode).toBe(200);
        expect((await notifyEpay(epayLine)).body).toBe(`INVOICE=${epay.invoice}:STATUS=OK\n`);
        expect((await orderRow(bizum.order.key)).payment_status).toBe('paid');
        expect((await orderRow(epay.order.key)).payment_status).toBe('paid');
      },
    );
  },
  { env: simulatorEnv, setup: offerEveryOnlineMethodAtBistro },
);
