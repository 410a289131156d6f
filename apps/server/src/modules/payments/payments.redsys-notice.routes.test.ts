/**
 * What Redsys (or anyone posing as it) hears from `POST /api/redsys/notify/:client/:place`, and what a notice does
 * to the guest's Bizum order, through the real app on SQLite and PostgreSQL (payments.md §3, HMAC_SHA256_V1):
 * - each refusal answers 400 with its reason, and the order stays pending: no parameters or no signature, another
 *   signature version, parameters that are no JSON, a Ds_Order that is not 4 digits first, a signature that is not
 *   the merchant's (also one with characters outside base64), a notice signed for another merchant code;
 * - a notice without Ds_SignatureVersion or without Ds_MerchantCode is still the merchant's when signed;
 * - a paid notice writes its transaction data into the order's history in a fixed order, values URL-decoded (a
 *   value that is not valid percent-encoding is kept as sent), empty and null values left out;
 * - success is Ds_Response 0–99 written with 1–4 digits: 00000 is a decline; a notice without Ds_Response too.
 */
import { expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import {
  bistroAccountsWithoutSimulator,
  offerEveryOnlineMethodAtBistro,
  signedInDemoGuest,
} from './payments.fixtures.ts';
import { redsysDecodeParameters, redsysEncodeParameters, redsysSign } from './providers/redsys.ts';

// Only the accounts are needed: nothing here reaches the simulator, so it closes at once.
const { appUrl, accounts, simulatorEnv } = await bistroAccountsWithoutSimulator();

describeEachDatabase(
  'Redsys notifications',
  (ctx) => {
    const { placeOrder } = signedInDemoGuest(ctx, { host: new URL(appUrl).host });

    /** A Bizum order of the signed-in guest: its key, Redsys invoice (Ds_Order) and amount in cents. */
    async function bizumOrder() {
      const order = await placeOrder('bizum');
      const form = Object.fromEntries(
        [...order.ppResp.redForm!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      const params = redsysDecodeParameters(form.Ds_MerchantParameters!);
      return { key: order.key, invoice: params.DS_MERCHANT_ORDER!, amount: params.DS_MERCHANT_AMOUNT! };
    }

    const post = (fields: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/redsys/notify/demo/bistro',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    /** The three fields of a notice of `params`, signed with the merchant key for `order` (Ds_Order by default). */
    const signed = (params: Record<string, unknown>, order = String(params.Ds_Order)) => {
      const encoded = Buffer.from(JSON.stringify(params)).toString('base64');
      return {
        Ds_SignatureVersion: 'HMAC_SHA256_V1',
        Ds_MerchantParameters: encoded,
        Ds_Signature: redsysSign(accounts.redsys.key, order, encoded),
      };
    };
    const success = (invoice: string, amount: string, extra: Record<string, unknown> = {}) => ({
      Ds_Amount: amount,
      Ds_Currency: '978',
      Ds_Order: invoice,
      Ds_MerchantCode: accounts.redsys.merchantCode,
      Ds_Terminal: '001',
      Ds_Response: '0000',
      Ds_TransactionType: '0',
      Ds_AuthorisationCode: '123456',
      Ds_ProcessedPayMethod: '68',
      ...extra,
    });

    const orderOf = (key: string) =>
      ctx.db
        .selectFrom('orders')
        .select(['id', 'payment_status'])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
    const paymentOf = (invoice: string) =>
      ctx.db
        .selectFrom('payments')
        .select(['status', 'provider_ref'])
        .where('invoice', '=', invoice)
        .executeTakeFirstOrThrow();
    const noticesOf = (invoice: string) =>
      ctx.db
        .selectFrom('payment_notifications')
        .select(['status', 'raw'])
        .where('invoice', '=', invoice)
        .orderBy('id')
        .execute();
    const paidLine = async (key: string) => {
      const { id } = await orderOf(key);
      const lines = await ctx.db
        .selectFrom('order_status_history')
        .select('reason')
        .where('order_id', '=', id)
        .orderBy('id')
        .execute();
      return lines.map((l) => l.reason ?? '').filter((r) => r.startsWith('payment paid'));
    };

    ctx.test('each refusal answers 400 with its reason; the order stays pending', async () => {
      const order = await bizumOrder();
      const good = signed(success(order.invoice, order.amount));
      const refusals: [Record<string, string>, string][] = [
        [
          {
            Ds_SignatureVersion: good.Ds_SignatureVersion,
            Ds_MerchantParameters: good.Ds_MerchantParameters,
          },
          'missing parameters or signature',
        ],
        [
          { Ds_SignatureVersion: good.Ds_SignatureVersion, Ds_Signature: good.Ds_Signature },
          'missing parameters or signature',
        ],
        [{ ...good, Ds_SignatureVersion: 'HMAC_SHA512_V2' }, 'unsupported signature version'],
        [
          (() => {
            const notJson = Buffer.from(`{"Ds_Order":"${order.invoice}"`).toString('base64');
            return {
              ...good,
              Ds_MerchantParameters: notJson,
              Ds_Signature: redsysSign(accounts.redsys.key, order.invoice, notJson),
            };
          })(),
          'unreadable parameters',
        ],
        [signed(success('ABCD1234', order.amount)), 'invalid Ds_Order'],
        [
          signed({ ...success(order.invoice, order.amount), Ds_Order: undefined }, order.invoice),
          'invalid Ds_Order',
        ],
        [
          {
            ...good,
            Ds_Signature: redsysSign(accounts.redsys.key, order.invoice, redsysEncodeParameters({ x: '1' })),
          },
          'invalid signature',
        ],
        // The right signature with a character base64 does not have: not the bytes the merchant signed.
        [
          { ...good, Ds_Signature: `${good.Ds_Signature.slice(0, 8)}!${good.Ds_Signature.slice(8)}` },
          'invalid signature',
        ],
        [signed(success(order.invoice, order.amount, { Ds_MerchantCode: '999999999' })), 'foreign merchant'],
      ];
      for (const [fields, reason] of refusals) {
        const res = await post(fields);
        expect(res.statusCode, `${reason}: ${res.body}`).toBe(400);
        expect(res.body).toBe(reason);
      }
      expect((await orderOf(order.key)).payment_status).toBe('pending');
      expect(await noticesOf(order.invoice)).toEqual([]);
      // The genuine notice pays it.
      const ok = await post(good);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.body).toBe('OK');
      expect((await orderOf(order.key)).payment_status).toBe('paid');
    });

    ctx.test(
      'a signed notice without Ds_SignatureVersion or Ds_MerchantCode pays; its history line lists the transaction',
      async () => {
        const order = await bizumOrder();
        const { Ds_SignatureVersion: _version, ...fields } = signed(
          success(order.invoice, order.amount, {
            Ds_MerchantCode: undefined,
            Ds_Date: '22%2F10%2F2026',
            Ds_Hour: null,
            Ds_Card_Number: '454881%ZZ0004',
          }),
        );
        const res = await post(fields);
        expect(res.statusCode, res.body).toBe(200);
        expect((await orderOf(order.key)).payment_status).toBe('paid');
        expect(await paymentOf(order.invoice)).toEqual({ status: 'paid', provider_ref: '123456' });
        expect(await paidLine(order.key)).toEqual([
          `payment paid: redsys invoice=${order.invoice} Ds_Response=0000 Ds_AuthorisationCode=123456 ` +
            `Ds_ProcessedPayMethod=68 Ds_Amount=${order.amount} Ds_Currency=978 Ds_Date=22/10/2026 ` +
            'Ds_Card_Number=454881%ZZ0004',
        ]);
        const [notice] = await noticesOf(order.invoice);
        expect(notice!.status).toBe('0000');
        expect(JSON.parse(notice!.raw)).toMatchObject({
          Ds_Date: '22/10/2026',
          Ds_Hour: '',
          Ds_Card_Number: '454881%ZZ0004',
        });
      },
    );

    ctx.test(
      'Ds_Response 00000 (five digits) is a decline: the payment is denied, the order failed',
      async () => {
        const order = await bizumOrder();
        const res = await post(signed(success(order.invoice, order.amount, { Ds_Response: '00000' })));
        expect(res.statusCode, res.body).toBe(200);
        expect(await paymentOf(order.invoice)).toMatchObject({ status: 'denied' });
        expect((await orderOf(order.key)).payment_status).toBe('failed');
        expect(await paidLine(order.key)).toEqual([]);
        expect((await noticesOf(order.invoice)).map((n) => n.status)).toEqual(['00000']);
      },
    );

    ctx.test('a notice without Ds_Response is a decline, recorded with an empty status', async () => {
      const order = await bizumOrder();
      const res = await post(signed(success(order.invoice, order.amount, { Ds_Response: undefined })));
      expect(res.statusCode, res.body).toBe(200);
      expect(await paymentOf(order.invoice)).toMatchObject({ status: 'denied' });
      expect((await orderOf(order.key)).payment_status).toBe('failed');
      expect((await noticesOf(order.invoice)).map((n) => n.status)).toEqual(['']);
    });

    ctx.test('Ds_Response 0099 is the last success code, 0100 the first decline', async () => {
      const paid = await bizumOrder();
      expect(
        (await post(signed(success(paid.invoice, paid.amount, { Ds_Response: '0099' })))).statusCode,
      ).toBe(200);
      expect((await orderOf(paid.key)).payment_status).toBe('paid');
      const declined = await bizumOrder();
      expect(
        (await post(signed(success(declined.invoice, declined.amount, { Ds_Response: '0100' })))).statusCode,
      ).toBe(200);
      expect((await orderOf(declined.key)).payment_status).toBe('failed');
    });
  },
  { env: simulatorEnv, setup: offerEveryOnlineMethodAtBistro },
);
