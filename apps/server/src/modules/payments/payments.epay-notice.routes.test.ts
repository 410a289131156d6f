/**
 * What ePay hears from `POST /api/epay/notify/:client/:place` for the lines of a correctly signed notice, and what
 * they do to the guest's order, through the real app on SQLite and PostgreSQL (payments.md §1):
 * - a line with blanks around it or a CRLF ending is still read (answered OK, the order paid);
 * - a line that does not start with INVOICE=<digits>: gets no answer line (nothing to name), while a line of a
 *   known invoice that is otherwise malformed is answered ERR;
 * - a PAID line without PAY_TIME / STAN / BCODE pays, and the history line names only what was sent.
 * Plus the provider-side guards of the checkout builders, which no route can reach with our own invoices.
 */
import { describe, expect, test } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { bistroAccountsWithoutSimulator, epayNotifier, signedInDemoGuest } from './payments.fixtures.ts';
import { EpayWebCheckout, formatEpayChecksumError } from './providers/epay-web.ts';
import { formatAmount } from './providers/provider.ts';
import { redsysDecodeParameters, RedsysRedirect } from './providers/redsys.ts';

// Only the accounts are needed: nothing here reaches the simulator, so it closes at once.
const { appUrl, accounts, simulatorEnv } = await bistroAccountsWithoutSimulator();

describeEachDatabase(
  'ePay notification lines',
  (ctx) => {
    const { as, placeOrder } = signedInDemoGuest(ctx, { host: new URL(appUrl).host });

    /** An ePay order of the signed-in guest with its invoice. */
    async function epayOrder() {
      const order = await placeOrder('epay');
      const start = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.key }, as());
      expect(start.statusCode, start.body).toBe(200);
      return { key: order.key, invoice: (start.json() as { payment_key: string }).payment_key };
    }

    const notify = epayNotifier(ctx, accounts.epay.secret);
    const orderOf = (key: string) =>
      ctx.db
        .selectFrom('orders')
        .select(['id', 'payment_status'])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
    const paidLines = async (key: string) => {
      const { id } = await orderOf(key);
      const lines = await ctx.db
        .selectFrom('order_status_history')
        .select('reason')
        .where('order_id', '=', id)
        .orderBy('id')
        .execute();
      return lines.map((l) => l.reason ?? '').filter((r) => r.startsWith('payment paid'));
    };

    ctx.test('blanks around a line and CRLF endings: still read, the order paid', async () => {
      const order = await epayOrder();
      const res = await notify(
        `  INVOICE=${order.invoice}:STATUS=PAID:PAY_TIME=20261124120000:STAN=111111:BCODE=AAAAAA \t\r\n\r\n`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe(`INVOICE=${order.invoice}:STATUS=OK\n`);
      expect((await orderOf(order.key)).payment_status).toBe('paid');
    });

    ctx.test(
      'a line without INVOICE=<digits>: first gets no answer; a malformed known line is ERR',
      async () => {
        const order = await epayOrder();
        const res = await notify(
          `XINVOICE=${order.invoice}:STATUS=PAID\nINVOICE=${order.invoice}:STATUS=MAYBE\n` +
            `INVOICE=${order.invoice}:STATUS=DENIED\n`,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).toBe(`INVOICE=${order.invoice}:STATUS=ERR\nINVOICE=${order.invoice}:STATUS=OK\n`);
        expect((await orderOf(order.key)).payment_status).toBe('failed');
      },
    );

    ctx.test(
      'a PAID line without PAY_TIME, STAN, BCODE pays; its history line names only the invoice',
      async () => {
        const order = await epayOrder();
        const res = await notify(`INVOICE=${order.invoice}:STATUS=PAID\n`);
        expect(res.body).toBe(`INVOICE=${order.invoice}:STATUS=OK\n`);
        expect((await orderOf(order.key)).payment_status).toBe('paid');
        expect(await paidLines(order.key)).toEqual([`payment paid: epay invoice=${order.invoice}`]);
      },
    );
  },
  { env: simulatorEnv },
);

describe('the checkout builders refuse what only a bug could send them', () => {
  const input = {
    invoice: '1234567890',
    amount: 1,
    currency: 'EUR',
    description: 'test',
    okUrl: 'https://shop.example/ok',
    cancelUrl: 'https://shop.example/cancel',
    notifyUrl: 'https://shop.example/notify',
    expiresAt: new Date('2026-11-24T12:00:00Z'),
  };
  const epay = new EpayWebCheckout({ min: '1234', secret: 'some-secret', baseUrl: 'https://demo.epay.bg' });

  test('ePay: 0.01 is below its least (400 amount_too_small, both amounts named); letters in the INVOICE', () => {
    const err = (() => {
      try {
        epay.buildCheckout(input);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({
      statusCode: 400,
      code: 'amount_too_small',
      message: 'ePay takes at least 0.02, not 0.01',
    });
    expect(() => epay.buildCheckout({ ...input, amount: 2, invoice: '12a4' })).toThrow(
      /^ePay INVOICE must be digits only$/,
    );
  });

  test('ePay: the page address gets its slash; credit_paydirect carries LANG, bg unless set', () => {
    const form = epay.buildCheckout({ ...input, amount: 2 });
    expect(form.action).toBe('https://demo.epay.bg/');
    expect(form.fields.LANG).toBeUndefined();
    const direct = new EpayWebCheckout({
      min: '1234',
      secret: 'some-secret',
      baseUrl: 'https://demo.epay.bg/',
      page: 'credit_paydirect',
    }).buildCheckout({ ...input, amount: 2 });
    expect(direct.action).toBe('https://demo.epay.bg/');
    expect(Object.keys(direct.fields)).toEqual([
      'PAGE',
      'LANG',
      'ENCODED',
      'CHECKSUM',
      'URL_OK',
      'URL_CANCEL',
    ]);
    expect(direct.fields.LANG).toBe('bg');
  });

  test('ePay: a checksum error text stays one line', () => {
    expect(formatEpayChecksumError('Unknown\r\n\nmerchant')).toBe('ERR=Unknown merchant\n');
    expect(formatEpayChecksumError()).toBe('ERR=Not valid CHECKSUM\n');
  });

  test('Redsys: an order that is not 4 digits first; parameters that are no object', () => {
    const redsys = new RedsysRedirect({
      merchantCode: '999008881',
      terminal: '1',
      key: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
      url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
    });
    expect(() => redsys.buildCheckout({ ...input, invoice: 'A234567890' })).toThrow(
      /^Redsys order must be 4–12 characters, 4 digits first$/,
    );
    expect(() => redsysDecodeParameters(Buffer.from('[1,2]').toString('base64'))).toThrow(/^not an object$/);
    expect(() => redsysDecodeParameters(Buffer.from('null').toString('base64'))).toThrow(/^not an object$/);
  });

  test('an amount that is no whole number of cents is a bug, named', () => {
    expect(() => formatAmount(-1)).toThrow(/^invalid amount -1$/);
    expect(() => formatAmount(1.5)).toThrow(/^invalid amount 1.5$/);
    expect(formatAmount(2280)).toBe('22.80');
  });
});
