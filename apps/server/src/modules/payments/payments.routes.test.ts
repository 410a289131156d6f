/**
 * Card payments end to end on SQLite and PostgreSQL: the real app listening on a port, the provider simulator on
 * another, a logged-in demo guest ordering at bistro. Covers ePay web checkout (pay, decline, expire and retry,
 * replay, forged checksum, unknown invoice, several invoices per POST, a tampered form), One Touch (first card
 * saved, saved card paid, declined, pending then paid), Redsys/Bizum (paid with Ds_ProcessedPayMethod=68,
 * declined), deleting an instrument, login, the online payment tax in the amount charged, and secrets absent
 * from GET settings.
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { venueCurrency } from '@trapeza/domain/money';
import { parseSettings } from '@trapeza/domain/settings';
import { paymentMethodsFor } from '@trapeza/domain/pricing/fees';
import { orderableDemoLine } from '../../../test/demo-orders.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import {
  bistroSimulatorForFile,
  epayNotifier,
  guestPickupBody,
  offerEveryOnlineMethodAtBistro,
  pressOnProviderPage,
  signedInDemoGuest,
} from './payments.fixtures.ts';
import { epayChecksum } from './providers/epay-web.ts';
import { redsysDecodeParameters, redsysEncodeParameters, redsysSign } from './providers/redsys.ts';

const { sim, appPort: APP_PORT, appUrl: APP_URL, accounts, simulatorEnv } = await bistroSimulatorForFile();

// The demo seed is part of the project: these suites always run (no guard that could make them vanish).
{
  describeEachDatabase(
    'payments',
    (ctx) => {
      const guest = signedInDemoGuest(ctx, { listenOn: APP_PORT });
      const { place } = guest;

      /** The guest's headers: their token (none when ''), and the Host of a browser at PUBLIC_URL (APP_URL). */
      const as = (
        token = guest.auth(),
        host = new URL(APP_URL).host,
      ): { headers: Record<string, string> } => ({
        headers: token ? { authorization: token, host } : { host },
      });

      /** A pickup order at bistro paid by `method`, by the guest of `token`. */
      const placeOrder = (method: string, token = guest.auth()) => place(method, as(token));

      const orderRow = (key: string) =>
        ctx.db
          .selectFrom('orders')
          .select(['id', 'payment_status', 'total'])
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
      const history = (orderId: number) =>
        ctx.db
          .selectFrom('order_status_history')
          .select(['status', 'reason'])
          .where('order_id', '=', orderId)
          .orderBy('id')
          .execute();
      const notificationCount = async () =>
        Number(
          (
            await ctx.db
              .selectFrom('payment_notifications')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );

      const decide = (page: Response, action: string) => pressOnProviderPage(sim.url, page, action);

      const postForm = (action: string, fields: Record<string, string>) =>
        fetch(action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
          redirect: 'manual',
        });

      const notifyEpay = epayNotifier(ctx, accounts.epay.secret);

      ctx.test(
        'online order: ppResp carries the signed ePay form; the simulator pays; the notification marks it paid',
        async () => {
          const order = await placeOrder('online');
          expect(order.ppResp.redForm).toContain(`action="${sim.url}/epay/"`);
          expect(order.ppResp.redLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/epay\/\?PAGE=paylogin&ENCODED=/);
          expect(order.ppResp.redForm).not.toContain(accounts.epay.secret);
          const row = await orderRow(order.key);
          expect(row.payment_status).toBe('pending');
          const encoded = new URL(order.ppResp.redLink!).searchParams.get('ENCODED')!;
          const data = Buffer.from(encoded, 'base64').toString('utf8');
          // The amount is the stored order's total.
          expect(data).toContain(`AMOUNT=${(row.total / 100).toFixed(2)}\n`);
          expect(data).toMatch(/^MIN=\d{10}\nINVOICE=\d{10}\n/);

          const paid = await decide(await fetch(order.ppResp.redLink!), 'pay');
          expect(paid.status).toBe(303);
          expect(paid.headers.get('location')).toBe(
            `${APP_URL}/bistro/payment?orderKey=${order.key}&result=ok`,
          );
          await sim.settle();
          expect((await orderRow(order.key)).payment_status).toBe('paid');
          const last = (await history(row.id)).at(-1)!;
          expect(last.reason).toMatch(
            /^payment paid: epay invoice=\d{10} PAY_TIME=\d{14} STAN=\d{6} BCODE=[0-9A-F]{6}$/,
          );
          const status = await ctx.post('/api/epay/checkPaymentStatus', { orderKey: order.key }, as());
          expect(status.json()).toMatchObject({
            success: true,
            payload: { payment_status: 'paid', amount: row.total / 100 }, // venue currency (issue 25 #1)
          });
          // Paid is final: another attempt is refused.
          const again = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as());
          expect(again.statusCode).toBe(409);
          expect(sim.epayAttempts.at(-1)?.settled).toHaveLength(1);
        },
      );

      ctx.test(
        'the return address is the address the guest used (LAN, loopback, own brand domain), never a foreign Host',
        async () => {
          const returnOf = async (host: string, via: 'order' | 'initiate') => {
            if (via === 'order') {
              const link = (await place('online', as(guest.auth(), host))).ppResp.redLink!;
              return new URL(link).searchParams.get('URL_OK');
            }
            const order = await placeOrder('epay');
            const start = await ctx.post(
              '/api/epay/initiateEpayOrder',
              { orderKey: order.key },
              as(guest.auth(), host),
            );
            expect(start.statusCode, start.body).toBe(200);
            return (start.json() as { form: { fields: Record<string, string> } }).form.fields.URL_OK;
          };
          // A phone on the venue's Wi-Fi, the loopback address, a *.localhost name: back where the guest was.
          expect(await returnOf('192.168.1.20:3000', 'order')).toMatch(
            /^http:\/\/192\.168\.1\.20:3000\/bistro\/payment\?orderKey=\w+&result=ok$/,
          );
          expect(await returnOf('localhost:4321', 'initiate')).toMatch(
            /^http:\/\/localhost:4321\/bistro\/payment\?orderKey=/,
          );
          // A Host this installation does not serve (a forged header, another brand's unverified claim): PUBLIC_URL.
          expect(await returnOf('evil.example', 'initiate')).toMatch(
            new RegExp(`^${APP_URL.replace(/\./g, '\\.')}/bistro/payment\\?orderKey=`),
          );
          expect(await returnOf('8.8.8.8:3000', 'order')).toMatch(
            new RegExp(`^${APP_URL.replace(/\./g, '\\.')}/`),
          );
          // The brand's own verified domain counts; the notification address stays on PUBLIC_URL.
          const demo = await ctx.db
            .selectFrom('clients')
            .select(['id', 'domain', 'domain_verified_at'])
            .where('slug', '=', 'demo')
            .executeTakeFirstOrThrow();
          await ctx.db
            .updateTable('clients')
            .set({ domain: 'menu.bistro.example', domain_verified_at: new Date().toISOString() })
            .where('id', '=', demo.id)
            .execute();
          try {
            expect(await returnOf('www.menu.bistro.example', 'initiate')).toMatch(
              /^http:\/\/www\.menu\.bistro\.example\/bistro\/payment\?orderKey=/,
            );
          } finally {
            await ctx.db
              .updateTable('clients')
              .set({ domain: demo.domain, domain_verified_at: demo.domain_verified_at })
              .where('id', '=', demo.id)
              .execute();
          }
        },
      );

      ctx.test('epay method: initiateEpayOrder answers red; decline → DENIED → failed', async () => {
        const order = await placeOrder('epay');
        expect(order.ppResp).toEqual({});
        const start = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as());
        expect(start.statusCode, start.body).toBe(200);
        const { red, payment_key, form } = start.json();
        expect(form.fields.CHECKSUM).toMatch(/^[0-9a-f]{40}$/);
        const declined = await decide(await fetch(red), 'decline');
        expect(declined.status).toBe(200);
        await sim.settle();
        expect((await orderRow(order.key)).payment_status).toBe('failed');
        const payment = await ctx.db
          .selectFrom('payments')
          .select(['status'])
          .where('invoice', '=', payment_key)
          .executeTakeFirstOrThrow();
        expect(payment.status).toBe('denied');
      });

      ctx.test('cancel, EXPIRED, then a retry gets a new invoice and pays', async () => {
        const order = await placeOrder('epay');
        const first = (await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as())).json();
        const cancelled = await decide(await fetch(first.red), 'cancel');
        expect(cancelled.status).toBe(303);
        expect((await orderRow(order.key)).payment_status).toBe('pending');
        expect(sim.expireEpayInvoice(first.payment_key)).toBe(true);
        await sim.settle();
        expect((await orderRow(order.key)).payment_status).toBe('failed');
        const second = (await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as())).json();
        expect(second.payment_key).not.toBe(first.payment_key);
        expect((await orderRow(order.key)).payment_status).toBe('pending');
        await decide(await fetch(second.red), 'pay');
        await sim.settle();
        expect((await orderRow(order.key)).payment_status).toBe('paid');
        // The old invoice is single-use at the provider too.
        const reuse = await fetch(first.red);
        expect(reuse.status).toBe(409);
      });

      ctx.test(
        'a PAID notice signed with the secret earlier versions derived from public data alone is refused',
        async () => {
          // Before: secret = sha256("trapeza-payment-simulator:epay-secret:<client>/<place>"), anyone could sign.
          const publicSecret = createHash('sha256')
            .update('trapeza-payment-simulator:epay-secret:demo/bistro')
            .digest('hex')
            .slice(0, 32);
          expect(accounts.epay.secret).not.toBe(publicSecret);
          const order = await placeOrder('epay');
          const { payment_key: invoice } = (
            await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as())
          ).json();
          const line = `INVOICE=${invoice}:STATUS=PAID:PAY_TIME=20261124120000:STAN=111111:BCODE=AAAAAA\n`;
          const encoded = Buffer.from(line).toString('base64');
          const forged = await notifyEpay(line, { checksum: epayChecksum(publicSecret, encoded) });
          expect(forged.body).toBe('ERR=Not valid CHECKSUM\n');
          expect((await orderRow(order.key)).payment_status).toBe('pending');
          // Redsys the same: a key derived from public data does not verify.
          const publicKey = createHash('sha256')
            .update('trapeza-payment-simulator:redsys-key:demo/bistro')
            .digest()
            .subarray(0, 24)
            .toString('base64');
          expect(accounts.redsys.key).not.toBe(publicKey);
          const bizum = await placeOrder('bizum');
          const fields = Object.fromEntries(
            [...bizum.ppResp.redForm!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
          );
          const params = redsysDecodeParameters(fields.Ds_MerchantParameters!);
          const notice = redsysEncodeParameters({
            Ds_Amount: params.DS_MERCHANT_AMOUNT!,
            Ds_Currency: params.DS_MERCHANT_CURRENCY ?? '978',
            Ds_Order: params.DS_MERCHANT_ORDER!,
            Ds_MerchantCode: params.DS_MERCHANT_MERCHANTCODE!,
            Ds_Terminal: '001',
            Ds_Response: '0000',
            Ds_TransactionType: '0',
            Ds_AuthorisationCode: '123456',
            Ds_ProcessedPayMethod: '68',
          });
          const forgedRedsys = await ctx.app.inject({
            method: 'POST',
            url: '/api/redsys/notify/demo/bistro',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({
              Ds_SignatureVersion: 'HMAC_SHA256_V1',
              Ds_MerchantParameters: notice,
              Ds_Signature: redsysSign(publicKey, params.DS_MERCHANT_ORDER!, notice),
            }).toString(),
          });
          expect(forgedRedsys.statusCode).toBe(400);
          expect((await orderRow(bizum.key)).payment_status).toBe('pending');
        },
      );

      ctx.test(
        'replayed PAID → OK again, nothing changes twice; forged checksum → ERR; unknown → NO',
        async () => {
          const order = await placeOrder('epay');
          const { payment_key: invoice } = (
            await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as())
          ).json();
          const row = await orderRow(order.key);
          const line = `INVOICE=${invoice}:STATUS=PAID:PAY_TIME=20261124120000:STAN=654321:BCODE=XYZ789\n`;

          const forged = await notifyEpay(line, { checksum: 'a'.repeat(40) });
          expect(forged.body).toBe('ERR=Not valid CHECKSUM\n');
          expect(forged.headers['content-type']).toMatch(/^text\/plain/);
          expect((await orderRow(order.key)).payment_status).toBe('pending');
          const tampered = Buffer.from(line.replace('STAN=654321', 'STAN=000000')).toString('base64');
          const tamperedRes = await ctx.app.inject({
            method: 'POST',
            url: '/api/epay/notify/demo/bistro',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({
              encoded: tampered,
              checksum: epayChecksum(accounts.epay.secret, Buffer.from(line).toString('base64')),
            }).toString(),
          });
          expect(tamperedRes.body).toBe('ERR=Not valid CHECKSUM\n');

          const before = await notificationCount();
          const first = await notifyEpay(line);
          expect(first.body).toBe(`INVOICE=${invoice}:STATUS=OK\n`);
          expect((await orderRow(order.key)).payment_status).toBe('paid');
          const historyAfterFirst = (await history(row.id)).length;
          const replay = await notifyEpay(line);
          expect(replay.body).toBe(`INVOICE=${invoice}:STATUS=OK\n`);
          expect(await notificationCount()).toBe(before + 1);
          expect((await history(row.id)).length).toBe(historyAfterFirst);
          // PAID is terminal: a later DENIED (or EXPIRED) is acknowledged and changes nothing: not the order, not
          // the payment (a refund and the staff board read the payment's own status), not the order's history.
          const historyBeforeLate = (await history(row.id)).length;
          for (const status of ['DENIED', 'EXPIRED']) {
            const late = await notifyEpay(`INVOICE=${invoice}:STATUS=${status}\n`);
            expect(late.body).toBe(`INVOICE=${invoice}:STATUS=OK\n`);
            expect((await orderRow(order.key)).payment_status).toBe('paid');
            const payment = await ctx.db
              .selectFrom('payments')
              .select(['status'])
              .where('invoice', '=', invoice)
              .executeTakeFirstOrThrow();
            expect(payment.status).toBe('paid');
          }
          expect((await history(row.id)).length).toBe(historyBeforeLate);

          const several = await notifyEpay(
            `INVOICE=${invoice}:STATUS=PAID:PAY_TIME=20261124120000:STAN=654321:BCODE=XYZ789\nINVOICE=9999999999:STATUS=PAID:PAY_TIME=20261124120000:STAN=1:BCODE=A1\nINVOICE=12x:STATUS=PAID\n`,
          );
          expect(several.body).toBe(`INVOICE=${invoice}:STATUS=OK\nINVOICE=9999999999:STATUS=NO\n`);
          const otherPlace = await ctx.app.inject({
            method: 'POST',
            url: '/api/epay/notify/demo/hotel',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'encoded=x&checksum=y',
          });
          expect(otherPlace.body).toMatch(/^ERR=/);
        },
      );

      ctx.test(
        'a PAID after the attempt expired or was declined still pays it (the money was taken); only a pending attempt is declined or expired',
        async () => {
          for (const early of ['EXPIRED', 'DENIED']) {
            const order = await placeOrder('epay');
            const { payment_key: invoice } = (
              await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as())
            ).json();
            const row = await orderRow(order.key);
            const paymentStatus = async () =>
              (
                await ctx.db
                  .selectFrom('payments')
                  .select('status')
                  .where('invoice', '=', invoice)
                  .executeTakeFirstOrThrow()
              ).status;
            expect((await notifyEpay(`INVOICE=${invoice}:STATUS=${early}\n`)).body).toBe(
              `INVOICE=${invoice}:STATUS=OK\n`,
            );
            expect((await orderRow(order.key)).payment_status).toBe('failed');
            expect(await paymentStatus()).toBe(early.toLowerCase());
            // The other early outcome changes nothing more: only a pending attempt is declined or expired.
            const other = early === 'EXPIRED' ? 'DENIED' : 'EXPIRED';
            await notifyEpay(`INVOICE=${invoice}:STATUS=${other}\n`);
            expect(await paymentStatus()).toBe(early.toLowerCase());

            const paid = await notifyEpay(
              `INVOICE=${invoice}:STATUS=PAID:PAY_TIME=20261124120000:STAN=777001:BCODE=LATE01\n`,
            );
            expect(paid.body).toBe(`INVOICE=${invoice}:STATUS=OK\n`);
            expect(await paymentStatus()).toBe('paid');
            expect((await orderRow(order.key)).payment_status).toBe('paid');
            const paidLines = (await history(row.id)).filter((h) => h.reason?.startsWith('payment paid'));
            expect(paidLines).toHaveLength(1);
            expect(paidLines[0]!.reason).toContain('STAN=777001');
          }
        },
      );

      ctx.test(
        'Redsys: two signed success notices of one payment (0000, then 0099) pay it once: one history line, the first authorisation kept',
        async () => {
          const order = await placeOrder('bizum');
          const fields = Object.fromEntries(
            [...order.ppResp.redForm!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
          );
          const params = redsysDecodeParameters(fields.Ds_MerchantParameters!);
          const invoice = params.DS_MERCHANT_ORDER!;
          const row = await orderRow(order.key);
          const notify = (response: string, authorisation: string) => {
            const notice = redsysEncodeParameters({
              Ds_Amount: String(row.total),
              Ds_Currency: '978',
              Ds_Order: invoice,
              Ds_MerchantCode: accounts.redsys.merchantCode,
              Ds_Terminal: '001',
              Ds_Response: response,
              Ds_TransactionType: '0',
              Ds_AuthorisationCode: authorisation,
              Ds_ProcessedPayMethod: '68',
            });
            return ctx.app.inject({
              method: 'POST',
              url: '/api/redsys/notify/demo/bistro',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: new URLSearchParams({
                Ds_SignatureVersion: 'HMAC_SHA256_V1',
                Ds_MerchantParameters: notice,
                Ds_Signature: redsysSign(accounts.redsys.key, invoice, notice),
              }).toString(),
            });
          };
          expect((await notify('0000', '111111')).statusCode).toBe(200);
          expect((await orderRow(order.key)).payment_status).toBe('paid');
          expect((await notify('0099', '222222')).statusCode).toBe(200);
          expect((await orderRow(order.key)).payment_status).toBe('paid');
          const paidLines = (await history(row.id)).filter((h) => h.reason?.startsWith('payment paid'));
          expect(paidLines).toHaveLength(1);
          const payment = await ctx.db
            .selectFrom('payments')
            .select(['status', 'provider_ref'])
            .where('invoice', '=', invoice)
            .executeTakeFirstOrThrow();
          expect(payment).toEqual({ status: 'paid', provider_ref: '111111' });
        },
      );

      ctx.test('a form with a changed amount is refused by the provider', async () => {
        const order = await placeOrder('epay');
        const { form } = (
          await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as())
        ).json();
        const data = Buffer.from(form.fields.ENCODED, 'base64')
          .toString('utf8')
          .replace(/AMOUNT=[0-9.]+/, 'AMOUNT=0.50');
        const res = await postForm(form.action, {
          ...form.fields,
          ENCODED: Buffer.from(data).toString('base64'),
        });
        expect(res.status).toBe(400);
        expect(await res.text()).toContain('Invalid CHECKSUM');
      });

      ctx.test(
        'online payment needs login (spec §5 message), and only the owner reaches the order',
        async () => {
          const order = await placeOrder('epay');
          const anonymous = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key });
          // The same code has the same status as from the order calls (403).
          expect(anonymous.statusCode).toBe(403);
          expect(anonymous.json()).toMatchObject({
            code: 'card_payment_requires_login',
            message: 'За да платите онлайн трябва да сте влезли в акаунта си',
          });
          const guestOrder = await ctx.post('/api/orders/preorder', {
            products: [await orderableDemoLine(ctx, 'bistro', 1)],
            client_name: 'Гост Демо',
            client_phone: '+359888000111',
            payment_method: 'online',
            cutlery: 0,
          });
          expect(guestOrder.json()).toMatchObject({ message: 'card_payment_requires_login' });
          const unknown = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: 'nope' }, as());
          expect(unknown.statusCode).toBe(404);
          const cash = await placeOrder('cash');
          const notOnline = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: cash.key }, as());
          expect(notOnline.json()).toMatchObject({ code: 'payment_method_not_online' });
        },
      );

      ctx.test(
        'One Touch first card from another address than PUBLIC_URL: back on that address (issue 24 #3), a forged one is not',
        async () => {
          const guestHost = `localhost:${APP_PORT}`;
          const order = await placeOrder('epay');
          const start = await ctx.post(
            '/api/epay/initiateEpayOrderOneTouch',
            { orderKey: order.key, payment_instrument: null },
            as(guest.auth(), guestHost),
          );
          expect(start.statusCode, start.body).toBe(200);
          const { payload } = start.json();
          const declined = await decide(await fetch(payload.red), '0002');
          expect(declined.status).toBe(303);
          const back = await fetch(declined.headers.get('location')!, { redirect: 'manual' });
          expect(back.status).toBe(303);
          expect(back.headers.get('location')).toBe(
            `http://${guestHost}/bistro/payment?ID=${payload.payment_key}&ret=declined`,
          );
          // An address this installation does not serve is never taken from the request: PUBLIC_URL.
          const order2 = await placeOrder('epay');
          const forged = await ctx.post(
            '/api/epay/initiateEpayOrderOneTouch',
            { orderKey: order2.key, payment_instrument: null },
            as(guest.auth(), 'evil.example:443'),
          );
          const red2 = forged.json().payload;
          const cancelled = await decide(await fetch(red2.red), 'cancel');
          const back2 = await fetch(cancelled.headers.get('location')!, { redirect: 'manual' });
          expect(back2.headers.get('location')).toBe(
            `${APP_URL}/bistro/payment?ID=${red2.payment_key}&ret=cancel`,
          );
          // An unknown invoice: PUBLIC_URL's payment page.
          const unknown = await fetch(`${APP_URL}/api/epay/onetouch/return/demo/bistro?ID=123&ret=ok`, {
            redirect: 'manual',
          });
          expect(unknown.headers.get('location')).toBe(`${APP_URL}/bistro/payment?ID=123&ret=ok`);
        },
      );

      ctx.test(
        'One Touch: first card via noreg/send with SAVECARD=1, then one-touch with the saved card',
        async () => {
          const order = await placeOrder('epay');
          const start = await ctx.post(
            '/api/epay/initiateEpayOrderOneTouch',
            { orderKey: order.key, payment_instrument: null },
            as(),
          );
          expect(start.statusCode, start.body).toBe(200);
          const { payload } = start.json();
          expect(payload.payment_status).toBe('pending');
          expect(new URL(payload.red).searchParams.get('SAVECARD')).toBe('1');
          const pending = await ctx.post(
            '/api/epay/checkPaymentStatusOneTouch',
            { paymentKey: payload.payment_key },
            as(),
          );
          expect(pending.json().payload.payment_status).toBe('pending');
          const paid = await decide(await fetch(payload.red), '4242');
          expect(paid.status).toBe(303);
          // The app's reply address, which sends the guest on to the payment page on their own address.
          expect(paid.headers.get('location')).toBe(
            `${APP_URL}/api/epay/onetouch/return/demo/bistro?ID=${payload.payment_key}&ret=ok`,
          );
          const back = await fetch(paid.headers.get('location')!, { redirect: 'manual' });
          expect(back.status).toBe(303);
          expect(back.headers.get('location')).toBe(
            `${APP_URL}/bistro/payment?ID=${payload.payment_key}&ret=ok`,
          );
          // The return proves nothing; the status query does.
          expect((await orderRow(order.key)).payment_status).toBe('pending');
          const status = await ctx.post(
            '/api/epay/checkPaymentStatusOneTouch',
            { paymentKey: payload.payment_key },
            as(),
          );
          expect(status.json()).toEqual({
            success: true,
            payload: { payment_status: 'paid', payment_key: payload.payment_key },
          });
          expect((await orderRow(order.key)).payment_status).toBe('paid');

          const instruments = await ctx.get('/api/users/payment-instruments', as());
          expect(instruments.statusCode, instruments.body).toBe(200);
          const card = instruments.json().find((i: { name: string }) => i.name === 'Visa •••• 4242');
          expect(card).toBeTruthy();
          expect(instruments.body).not.toMatch(/provider_token/);

          const next = await placeOrder('epay');
          const oneTouch = await ctx.post(
            '/api/epay/initiateEpayOrderOneTouch',
            { orderKey: next.key, payment_instrument: card.id },
            as(),
          );
          expect(oneTouch.json()).toMatchObject({ success: true, payload: { payment_status: 'paid' } });
          expect((await orderRow(next.key)).payment_status).toBe('paid');
          const row = await orderRow(next.key);
          expect((await history(row.id)).at(-1)!.reason).toMatch(
            /^payment paid: epay_onetouch invoice=\d{10} ID=\d+ STATE=3/,
          );
        },
      );

      ctx.test('One Touch: a declined saved card, and a slow one (pending, then paid)', async () => {
        const user = await ctx.db
          .selectFrom('users')
          .innerJoin('clients', 'clients.id', 'users.client_id')
          .select(['users.id', 'users.client_id'])
          .where('users.email', '=', 'guest@demo.test')
          .where('clients.slug', '=', 'demo')
          .executeTakeFirstOrThrow();
        const device = `trapeza-${user.client_id}-${user.id}`;
        const linked = sim.provisionOneTouchUser(accounts.oneTouch.appId, device, ['0002', '3220']);
        const placeId = await ctx.placeId('bistro');
        const ids: number[] = [];
        for (const [i, name] of [
          [linked.instrumentIds[0]!, 'Visa •••• 0002'],
          [linked.instrumentIds[1]!, 'Mastercard •••• 3220'],
        ] as const) {
          const r = await ctx.db
            .insertInto('payment_instruments')
            .values({
              user_id: user.id,
              place_id: placeId,
              provider: 'epay_onetouch',
              provider_token: linked.token,
              provider_instrument_id: i,
              name,
              type: 1,
              expires: '12/2030',
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(r.id);
        }
        const declined = await placeOrder('epay');
        const d = await ctx.post(
          '/api/epay/initiateEpayOrderOneTouch',
          { orderKey: declined.key, payment_instrument: ids[0] },
          as(),
        );
        expect(d.json()).toMatchObject({ success: true, payload: { payment_status: 'failed' } });
        expect((await orderRow(declined.key)).payment_status).toBe('failed');

        const slow = await placeOrder('epay');
        const s = await ctx.post(
          '/api/epay/initiateEpayOrderOneTouch',
          { orderKey: slow.key, payment_instrument: ids[1] },
          as(),
        );
        expect(s.json()).toMatchObject({ success: true, payload: { payment_status: 'pending' } });
        expect((await orderRow(slow.key)).payment_status).toBe('pending');
        const later = await ctx.post(
          '/api/epay/checkPaymentStatusOneTouch',
          { paymentKey: s.json().payload.payment_key },
          as(),
        );
        expect(later.json().payload.payment_status).toBe('paid');
        expect((await orderRow(slow.key)).payment_status).toBe('paid');

        // Deleting: the instrument is forgotten, a new user token comes back, the ePay token is revoked with the last one.
        const del1 = await ctx.post('/api/epay/deleteUserPaymentInstrument', { key: ids[0] }, as());
        expect(del1.statusCode, del1.body).toBe(200);
        expect(del1.json()).toMatchObject({ success: true, message: 'Успешно изтрит инструмент за плащане' });
        const uToken = del1.json().payload.uToken as string;
        expect(uToken.split('.')).toHaveLength(3);
        const validate = await ctx.post('/api/users/validate', {}, as(`Bearer ${uToken}`));
        expect(validate.json()).toBe(true);
        const again = await ctx.post('/api/epay/deleteUserPaymentInstrument', { key: ids[0] }, as());
        expect(again.statusCode).toBe(404);
        const del2 = await ctx.post('/api/epay/deleteUserPaymentInstrument', { key: ids[1] }, as());
        expect(del2.statusCode).toBe(200);
        const left = (await ctx.get('/api/users/payment-instruments', as()))
          .json()
          .map((i: { id: number }) => i.id);
        expect(left).not.toContain(ids[0]);
        expect(left).not.toContain(ids[1]);
        // The 4242 card saved earlier shares the device's ePay token, so the token stays valid and still pays.
        const stillSaved = (await ctx.get('/api/users/payment-instruments', as())).json();
        expect(stillSaved.some((i: { name: string }) => i.name === 'Visa •••• 4242')).toBe(true);
      });

      ctx.test(
        'Bizum through Redsys: ppResp form, paid with Ds_ProcessedPayMethod=68; a declined one fails',
        async () => {
          const order = await placeOrder('bizum');
          expect(order.ppResp.redForm).toContain(`action="${sim.url}/sis/realizarPago"`);
          expect(order.ppResp.redLink).toBeUndefined();
          const fields = Object.fromEntries(
            [...order.ppResp.redForm!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
          );
          const params = redsysDecodeParameters(fields.Ds_MerchantParameters!);
          const row = await orderRow(order.key);
          expect(params).toMatchObject({
            DS_MERCHANT_PAYMETHODS: 'z',
            DS_MERCHANT_AMOUNT: String(row.total),
            DS_MERCHANT_MERCHANTURL: `${APP_URL}/api/redsys/notify/demo/bistro`,
          });
          const page = await postForm(`${sim.url}/sis/realizarPago`, fields);
          const paid = await decide(page, 'pay');
          expect(paid.status).toBe(303);
          await sim.settle();
          expect((await orderRow(order.key)).payment_status).toBe('paid');
          const note = await ctx.db
            .selectFrom('payment_notifications')
            .select(['raw', 'status'])
            .where('invoice', '=', params.DS_MERCHANT_ORDER!)
            .executeTakeFirstOrThrow();
          expect(note.status).toBe('0000');
          expect(JSON.parse(note.raw)).toMatchObject({ Ds_ProcessedPayMethod: '68', Ds_Response: '0000' });
          expect((await history(row.id)).at(-1)!.reason).toMatch(
            /Ds_AuthorisationCode=\d{6} Ds_ProcessedPayMethod=68/,
          );
          // A forged notification is refused.
          const forged = await ctx.app.inject({
            method: 'POST',
            url: '/api/redsys/notify/demo/bistro',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ ...fields, Ds_Signature: 'AAAA' }).toString(),
          });
          expect(forged.statusCode).toBe(400);

          const declined = await placeOrder('bizum');
          const koFields = Object.fromEntries(
            [...declined.ppResp.redForm!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [
              m[1]!,
              m[2]!,
            ]),
          );
          const ko = await decide(await postForm(`${sim.url}/sis/realizarPago`, koFields), 'decline');
          expect(ko.headers.get('location')).toContain('result=cancel');
          await sim.settle();
          expect((await orderRow(declined.key)).payment_status).toBe('failed');
        },
      );

      ctx.test(
        'Redsys: a signed first notice with a wrong amount is kept as an alert; the genuine one still pays (issue 23 #7)',
        async () => {
          const order = await placeOrder('bizum');
          const fields = Object.fromEntries(
            [...order.ppResp.redForm!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
          );
          const params = redsysDecodeParameters(fields.Ds_MerchantParameters!);
          const invoice = params.DS_MERCHANT_ORDER!;
          const row = await orderRow(order.key);
          // Signed with the merchant key, for the right invoice and a success code, but 1.00 less than the order.
          const wrong = redsysEncodeParameters({
            Ds_Amount: String(row.total - 100),
            Ds_Currency: '978',
            Ds_Order: invoice,
            Ds_MerchantCode: accounts.redsys.merchantCode,
            Ds_Terminal: '001',
            Ds_Response: '0000',
            Ds_TransactionType: '0',
            Ds_AuthorisationCode: '123456',
            Ds_ProcessedPayMethod: '68',
          });
          const first = await ctx.app.inject({
            method: 'POST',
            url: '/api/redsys/notify/demo/bistro',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({
              Ds_SignatureVersion: 'HMAC_SHA256_V1',
              Ds_MerchantParameters: wrong,
              Ds_Signature: redsysSign(accounts.redsys.key, invoice, wrong),
            }).toString(),
          });
          expect(first.statusCode, first.body).toBe(200);
          const afterWrong = await orderRow(order.key);
          expect(afterWrong.payment_status).toBe('pending');
          const alerts = await ctx.db
            .selectFrom('payment_notifications')
            .select(['status', 'raw'])
            .where('invoice', '=', invoice)
            .execute();
          expect(alerts).toHaveLength(1);
          expect(alerts[0]!.status).toBe('alert:amount_mismatch:0000');
          expect(JSON.parse(alerts[0]!.raw)).toMatchObject({ Ds_Amount: String(row.total - 100) });

          // The genuine notice of the same invoice and status (through the simulator) pays the order.
          const paid = await decide(await postForm(`${sim.url}/sis/realizarPago`, fields), 'pay');
          expect(paid.status).toBe(303);
          await sim.settle();
          expect((await orderRow(order.key)).payment_status).toBe('paid');
          const statuses = (
            await ctx.db
              .selectFrom('payment_notifications')
              .select('status')
              .where('invoice', '=', invoice)
              .orderBy('id')
              .execute()
          ).map((n) => n.status);
          expect(statuses).toEqual(['alert:amount_mismatch:0000', '0000']);
        },
      );

      ctx.test(
        'online payment tax (spec §9: percent × amount + fixed): in the order total and in the amount charged',
        async () => {
          const placeId = await ctx.placeId('bistro');
          await setSetting(ctx.db, placeId, 'online_payment_tax_percent', '2.5');
          await setSetting(ctx.db, placeId, 'online_payment_tax_fixed', '0.25');
          try {
            const fullRow = (key: string) =>
              ctx.db
                .selectFrom('orders')
                .select(['id', 'total', 'payment_fee', 'payment_status'])
                .where('key', '=', key)
                .executeTakeFirstOrThrow();

            // Web checkout (online): the fee is in totalPrice, in the stored total and in the ePay AMOUNT.
            const online = await placeOrder('online');
            const row = await fullRow(online.key);
            // Spelled out, not the domain's own function: 2.5 % of the order without the fee, plus the fixed 0.25.
            expect(row.payment_fee).toBe(Math.round((row.total - row.payment_fee) * 0.025) + 25);
            expect(online.totalPrice).toBe(row.total / 100); // venue currency on the wire (issue 25 #1)
            const encoded = new URL(online.ppResp.redLink!).searchParams.get('ENCODED')!;
            expect(Buffer.from(encoded, 'base64').toString('utf8')).toContain(
              `AMOUNT=${(row.total / 100).toFixed(2)}\n`,
            );
            await decide(await fetch(online.ppResp.redLink!), 'pay');
            await sim.settle();
            const payment = await ctx.db
              .selectFrom('payments')
              .select(['amount', 'status'])
              .where('order_id', '=', row.id)
              .executeTakeFirstOrThrow();
            expect(payment).toEqual({ amount: row.total, status: 'paid' });

            // epay (initiateEpayOrder): the signed form's amount includes the fee too.
            const epay = await placeOrder('epay');
            const epayRow = await fullRow(epay.key);
            expect(epayRow.payment_fee).toBe(Math.round((epayRow.total - epayRow.payment_fee) * 0.025) + 25);
            expect(epay.totalPrice).toBe(epayRow.total / 100);
            const start = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: epay.key }, as());
            expect(start.statusCode, start.body).toBe(200);
            const started = await ctx.db
              .selectFrom('payments')
              .select(['amount'])
              .where('invoice', '=', start.json().payment_key)
              .executeTakeFirstOrThrow();
            expect(started.amount).toBe(epayRow.total);

            // Cash: no online fee.
            const cash = await placeOrder('cash');
            expect((await fullRow(cash.key)).payment_fee).toBe(0);
          } finally {
            await setSetting(ctx.db, placeId, 'online_payment_tax_percent', '0');
            await setSetting(ctx.db, placeId, 'online_payment_tax_fixed', '0');
          }
        },
      );

      ctx.test(
        'a venue priced in CHF: its settings offer no online method, an online order is refused 400, and ePay and Redsys answer an order in CHF 503 payment_currency_not_supported in the guest language, no attempt stored',
        async () => {
          const login = await ctx.request('POST', '/api/login', {
            place: null,
            body: { email: 'admin@demo.test', password: 'demo-admin' },
          });
          expect(login.statusCode, login.body).toBe(200);
          const admin = { authorization: `Bearer ${login.json().token as string}` };
          const currency = async (suffix: string) => {
            const res = await ctx.request('PUT', '/api/admin/settings', {
              body: { default_currency_suffix: suffix },
              headers: admin,
            });
            expect(res.statusCode, res.body).toBe(200);
          };
          const attempts = async () =>
            Number(
              (
                await ctx.db
                  .selectFrom('payments')
                  .select((eb) => eb.fn.countAll<number | string>().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            );
          // An order taken in euro, then the venue switched to CHF: the providers still refuse an order in CHF.
          const order = await placeOrder('online');
          await currency('CHF');
          try {
            // What the guest's order form reads (GET settings, GET place) offers cash and the card at the venue only,
            // by the domain's rule the server orders by; every online method is refused at the order, before any
            // payment starts.
            const raw = (await ctx.get('/api/settings')).json() as Record<string, unknown>;
            const place = (await ctx.get('/api/place')).json() as { functionality_modules: string[] };
            const guestCurrency = venueCurrency(parseSettings(raw)).code;
            const paymentTypes = raw.payment_types as string | { value: string };
            const listed = typeof paymentTypes === 'string' ? paymentTypes : paymentTypes.value;
            expect(guestCurrency).toBe('CHF');
            expect(place.functionality_modules).toContain('payments');
            for (const type of [2, 3] as const) {
              expect(
                paymentMethodsFor(listed, type, place.functionality_modules, {
                  currency: guestCurrency,
                }),
              ).toEqual(['cash', 'card']);
            }
            for (const method of ['epay', 'online', 'bizum']) {
              const refused = await ctx.post(
                '/api/orders/preorder',
                guestPickupBody([await orderableDemoLine(ctx, 'bistro', 1)], method),
                as(),
              );
              expect(refused.statusCode, `${method}: ${refused.body}`).toBe(400);
              expect(refused.json().errors).toContainEqual({
                field: 'payment_method',
                code: 'payment_method_required',
              });
            }
            const cash = await placeOrder('cash');
            expect(
              (
                await ctx.db
                  .selectFrom('orders')
                  .select('currency')
                  .where('key', '=', cash.key)
                  .executeTakeFirstOrThrow()
              ).currency,
            ).toBe('CHF');
            // An order in CHF (stored as such) asked to be paid online: no pending attempt is left behind.
            await ctx.db
              .updateTable('orders')
              .set({ currency: 'CHF' })
              .where('key', '=', order.key)
              .execute();
            const before = await attempts();
            const texts = {
              de: 'Online-Zahlung ist in dieser Währung nicht verfügbar. Bitte zahlen Sie anders.',
              'fr-CH':
                'Le paiement en ligne n’est pas disponible dans cette monnaie. Veuillez payer autrement.',
            };
            for (const [path, provider, lang] of [
              ['/api/epay/initiateEpayOrder', 'ePay', 'de'],
              ['/api/redsys/initiateRedsysOrder', 'Redsys', 'fr-CH'],
            ] as const) {
              const { headers } = as();
              const res = await ctx.post(path, { orderKey: order.key }, { headers: { ...headers, lang } });
              expect(res.statusCode, res.body).toBe(503);
              expect(res.json()).toMatchObject({
                code: 'payment_currency_not_supported',
                message: `${provider} does not take CHF`,
                message_trans: texts[lang],
              });
            }
            expect(await attempts()).toBe(before);
            expect((await orderRow(order.key)).payment_status).toBe('pending');
          } finally {
            await currency('лв.');
          }
        },
      );

      ctx.test('no secret reaches GET settings or any payment answer', async () => {
        const settings = await ctx.get('/api/settings');
        expect(settings.statusCode).toBe(200);
        for (const secret of [accounts.epay.secret, accounts.oneTouch.secret, accounts.redsys.key]) {
          expect(settings.body).not.toContain(secret);
        }
        const order = await placeOrder('epay');
        const start = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as());
        const redsys = await ctx.post('/api/redsys/initiateRedsysOrder', { orderKey: order.key }, as());
        for (const body of [start.body, redsys.body]) {
          for (const secret of [accounts.epay.secret, accounts.oneTouch.secret, accounts.redsys.key]) {
            expect(body).not.toContain(secret);
          }
        }
      });
    },
    { env: simulatorEnv, setup: offerEveryOnlineMethodAtBistro },
  );
}
