/**
 * The payment an order starts (order-intake.ts → the payments module's paymentForNewOrder), through the real order
 * route on SQLite and PostgreSQL: a signed-in guest paying online or by Bizum gets the provider's form in `ppResp`,
 * for this order, with its return address on the address the guest ordered from (not PUBLIC_URL); a cash order
 * starts nothing. The provider is never called here: the form is only signed (the simulator's accounts, derived
 * from its secret).
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import type { DialectName } from '../../db/database.ts';
import { signFor } from '../admin/admin.fixtures.ts';
import { redsysDecodeParameters } from '../payments/providers/redsys.ts';
import {
  cartLine,
  guestOrderCalls,
  ownMinuteEachTest,
  seedOrderFixture,
  type OrderFixture,
} from './orders.fixtures.ts';

const fixtures = new Map<DialectName, OrderFixture>();

/** The guest's browser, on a phone in the venue's Wi-Fi: an address this installation serves, not PUBLIC_URL. */
const GUEST_HOST = '192.168.1.20:8080';
const PUBLIC_URL = 'http://trapeza.test';

/** The hidden fields of a rendered provider form. */
const formFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));

describeEachDatabase(
  'the payment an order starts',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    ownMinuteEachTest(ctx);
    const { pickup } = guestOrderCalls(ctx);

    const order = async (payment_method: string) =>
      pickup(
        [cartLine(fx().salad.id, fx().salad.variant, 2)],
        { payment_method },
        {
          authorization: `Bearer ${await signFor(ctx, fx().userId)}`,
          host: GUEST_HOST,
        },
      );

    ctx.test('Bizum: the Redsys form of this order, returning to the guest’s own address', async () => {
      const res = await order('bizum');
      expect(res.statusCode, res.body).toBe(201);
      const { key, ppResp } = res.json();
      const params = redsysDecodeParameters(formFields(ppResp.redForm).Ds_MerchantParameters!);
      expect(params.DS_MERCHANT_URLOK).toBe(`http://${GUEST_HOST}/bistro/payment?orderKey=${key}&result=ok`);
      expect(params.DS_MERCHANT_AMOUNT).toBe('1440');
    });

    ctx.test('online: the ePay form of this order, returning to the guest’s own address', async () => {
      const res = await order('online');
      expect(res.statusCode, res.body).toBe(201);
      const { key, ppResp } = res.json();
      expect(formFields(ppResp.redForm).URL_OK).toBe(
        `http://${GUEST_HOST}/bistro/payment?orderKey=${key}&amp;result=ok`,
      );
      expect(ppResp.redLink).toContain('ENCODED=');
    });

    ctx.test('cash: no payment is started', async () => {
      const res = await order('cash');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().ppResp).toEqual({});
    });
  },
  {
    env: {
      PUBLIC_URL,
      PAYMENT_SIMULATOR_URL: 'http://127.0.0.1:9',
      PAYMENT_SIMULATOR: '0',
      PAYMENT_SIMULATOR_SECRET: 'orders-payment-start-test-secret-0123456789',
    },
    setup: async (db, dialect) => {
      const f = await seedOrderFixture(db);
      await setSetting(db, f.bistro, 'payment_types', 'cash,card,online,bizum');
      fixtures.set(dialect, f);
    },
  },
);
