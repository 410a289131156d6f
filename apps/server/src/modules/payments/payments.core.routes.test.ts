/**
 * Starting a payment and reading its state, as the guest sees them, on SQLite and PostgreSQL (demo/bistro with the
 * provider simulator's accounts):
 *   - POST epay/checkPaymentStatus through an attempt's life: no attempt yet (no key), pending with the invoice,
 *     failed after a decline; a cash order's 'none'; login needed; another guest's order is not found, an order of
 *     nobody's is readable;
 *   - every refusal of initiateEpayOrder / initiateRedsysOrder with its code and text: another guest's order, not
 *     paid online, already paid, rejected by the venue, nothing to pay, the payments module off;
 *   - the Redsys answer: Bizum only for a Bizum order, no link to follow (a form to post).
 */
import { expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { OPEN_AT } from '../orders/orders.fixtures.ts';
import {
  bistroSimulatorForFile,
  epayNotifier,
  offerEveryOnlineMethodAtBistro,
  signedInDemoGuest,
} from './payments.fixtures.ts';
import { redsysDecodeParameters } from './providers/redsys.ts';

const { sim, accounts, simulatorEnv } = await bistroSimulatorForFile();

describeEachDatabase(
  'payment start and status',
  (ctx) => {
    const { as, placeOrder } = signedInDemoGuest(ctx, { at: OPEN_AT });
    const orderRow = (key: string) =>
      ctx.db
        .selectFrom('orders')
        .select(['id', 'payment_status', 'total', 'user_id'])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
    const setOrder = (key: string, values: { user_id?: number | null; status?: string; total?: number }) =>
      ctx.db.updateTable('orders').set(values).where('key', '=', key).execute();
    const otherUserId = async () =>
      (
        await ctx.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'admin@demo.test')
          .executeTakeFirstOrThrow()
      ).id;
    const status = (orderKey: string, opts: { headers: Record<string, string> } = as()) =>
      ctx.post('/api/epay/checkPaymentStatus', { orderKey }, opts);
    const notifyEpay = epayNotifier(ctx, accounts.epay.secret);

    ctx.test('checkPaymentStatus follows the attempt: no key, pending with its invoice, failed', async () => {
      const order = await placeOrder('epay');
      const row = await orderRow(order.key);
      const before = await status(order.key);
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json()).toEqual({
        success: true,
        payload: {
          payment_status: 'pending',
          payment_method: 'epay',
          payment_key: null,
          amount: row.total / 100,
        },
      });
      const start = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as());
      expect(start.statusCode, start.body).toBe(200);
      const invoice = start.json().payment_key as string;
      expect((await status(order.key)).json().payload).toMatchObject({
        payment_status: 'pending',
        payment_key: invoice,
      });
      expect((await notifyEpay(`INVOICE=${invoice}:STATUS=DENIED\n`)).body).toBe(
        `INVOICE=${invoice}:STATUS=OK\n`,
      );
      expect((await status(order.key)).json().payload).toMatchObject({
        payment_status: 'failed',
        payment_key: invoice,
      });

      const cash = await placeOrder('cash');
      expect((await status(cash.key)).json()).toEqual({
        success: true,
        payload: {
          payment_status: 'none',
          payment_method: 'cash',
          payment_key: null,
          amount: (await orderRow(cash.key)).total / 100,
        },
      });
    });

    ctx.test(
      "checkPaymentStatus and initiateRedsysOrder: login needed; another guest's order is not found; an order of nobody's is readable",
      async () => {
        const order = await placeOrder('epay');
        const anonymous = await status(order.key, { headers: {} });
        expect(anonymous.statusCode).toBe(403);
        expect(anonymous.json().code).toBe('card_payment_requires_login');
        const anonymousRedsys = await ctx.post('/api/redsys/initiateRedsysOrder', { orderKey: order.key });
        expect(anonymousRedsys.statusCode).toBe(403);
        expect(anonymousRedsys.json().code).toBe('card_payment_requires_login');

        await setOrder(order.key, { user_id: await otherUserId() });
        const foreign = await status(order.key);
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json()).toMatchObject({ code: 'order_not_found', message: 'Order not found' });
        expect((await status('no-such-order')).statusCode).toBe(404);

        await setOrder(order.key, { user_id: null });
        const unowned = await status(order.key);
        expect(unowned.statusCode, unowned.body).toBe(200);
        expect(unowned.json().payload.payment_status).toBe('pending');
      },
    );

    ctx.test('initiate refusals answer their code and text, for ePay and Redsys alike', async () => {
      const initiate = (path: string, orderKey: string) => ctx.post(path, { orderKey }, as());
      for (const path of ['/api/epay/initiateEpayOrder', '/api/redsys/initiateRedsysOrder']) {
        const foreign = await placeOrder('epay');
        await setOrder(foreign.key, { user_id: await otherUserId() });
        const notFound = await initiate(path, foreign.key);
        expect(notFound.statusCode, path).toBe(404);
        expect(notFound.json()).toMatchObject({ code: 'order_not_found', message: 'Order not found' });

        const cash = await placeOrder('cash');
        const notOnline = await initiate(path, cash.key);
        expect(notOnline.statusCode, path).toBe(400);
        expect(notOnline.json()).toMatchObject({
          code: 'payment_method_not_online',
          message: 'This order is not paid online',
        });

        const paid = await placeOrder('epay');
        const { payment_key: invoice } = (await initiate('/api/epay/initiateEpayOrder', paid.key)).json() as {
          payment_key: string;
        };
        await notifyEpay(`INVOICE=${invoice}:STATUS=PAID\n`);
        const again = await initiate(path, paid.key);
        expect(again.statusCode, path).toBe(409);
        expect(again.json()).toMatchObject({ code: 'already_paid', message: 'This order is already paid' });

        const rejected = await placeOrder('epay');
        await setOrder(rejected.key, { status: 'rejected' });
        const closed = await initiate(path, rejected.key);
        expect(closed.statusCode, path).toBe(409);
        expect(closed.json()).toMatchObject({ code: 'order_closed', message: 'This order was rejected' });

        const tiny = await placeOrder('epay');
        await setOrder(tiny.key, { total: 1 });
        const small = await initiate(path, tiny.key);
        expect(small.statusCode, path).toBe(400);
        expect(small.json()).toMatchObject({ code: 'amount_too_small', message: 'Nothing to pay online' });

        // An order of nobody's (made before the login rule) may be paid by whoever holds its key.
        const unowned = await placeOrder('epay');
        await setOrder(unowned.key, { user_id: null });
        expect((await initiate(path, unowned.key)).statusCode, path).toBe(200);
      }
    });

    ctx.test('the payments module off: initiating answers 403 payments_module_disabled', async () => {
      const order = await placeOrder('epay');
      const placeId = await ctx.placeId('bistro');
      const { functionality_modules } = await ctx.db
        .selectFrom('places')
        .select('functionality_modules')
        .where('id', '=', placeId)
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('places')
        .set({ functionality_modules: JSON.stringify(['booking', 'promotions', 'feedback']) })
        .where('id', '=', placeId)
        .execute();
      try {
        for (const path of ['/api/epay/initiateEpayOrder', '/api/redsys/initiateRedsysOrder']) {
          const res = await ctx.post(path, { orderKey: order.key }, as());
          expect(res.statusCode, path).toBe(403);
          expect(res.json()).toMatchObject({
            code: 'payments_module_disabled',
            message: 'Online payments are not enabled at this place',
          });
        }
      } finally {
        await ctx.db.updateTable('places').set({ functionality_modules }).where('id', '=', placeId).execute();
      }
    });

    ctx.test(
      'Redsys: a form to post (no link); Bizum is asked only for a Bizum order, a card order gets the card page',
      async () => {
        const params = (form: { fields: Record<string, string> }) =>
          redsysDecodeParameters(form.fields.Ds_MerchantParameters!);
        const card = await placeOrder('online');
        const cardStart = await ctx.post('/api/redsys/initiateRedsysOrder', { orderKey: card.key }, as());
        expect(cardStart.statusCode, cardStart.body).toBe(200);
        expect(cardStart.json().red).toBe('');
        expect(cardStart.json().form.action).toBe(`${sim.url}/sis/realizarPago`);
        const cardParams = params(cardStart.json().form);
        expect(cardParams.DS_MERCHANT_AMOUNT).toBe(String((await orderRow(card.key)).total));
        expect(cardParams.DS_MERCHANT_PAYMETHODS).toBeUndefined();

        const bizum = await placeOrder('bizum');
        const bizumStart = await ctx.post('/api/redsys/initiateRedsysOrder', { orderKey: bizum.key }, as());
        expect(bizumStart.statusCode, bizumStart.body).toBe(200);
        expect(bizumStart.json().red).toBe('');
        expect(params(bizumStart.json().form).DS_MERCHANT_PAYMETHODS).toBe('z');
      },
    );
  },
  { env: simulatorEnv, setup: offerEveryOnlineMethodAtBistro },
);
