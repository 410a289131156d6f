/**
 * ePay One Touch as the guest and the provider see it (payments.md §2), on SQLite and PostgreSQL, against the
 * provider simulator: sign-in required for every call; the first-card page's fields; a first card declined, slow
 * (pending, then paid) or paid from an order without an account; the status call's answers for attempts that are
 * not the caller's, not One Touch, or unknown; a saved card ePay no longer knows; a saved-card payment the provider
 * settles later (processing, failed) or whose card was forgotten meanwhile; the app's reply address for odd
 * returns; forgetting the last card revokes the ePay token (and only for a One Touch card).
 */
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { bistroSimulatorForFile, pressOnProviderPage, signedInDemoGuest } from './payments.fixtures.ts';
import { freePort } from '../../../test/spawn-server.ts';
import { EpayOneTouch } from './providers/epay-one-touch.ts';

const { sim, appPort: APP_PORT, appUrl: APP_URL, accounts, simulatorEnv } = await bistroSimulatorForFile();
/** The test's own One Touch client: the venue's app at the simulator, to read what ePay holds. */
const provider = new EpayOneTouch(accounts.oneTouch);

/** An address where no provider listens: every call to ePay fails to connect. */
const UNREACHABLE_URL = `http://127.0.0.1:${await freePort()}`;

interface OneTouchAnswer {
  success: boolean;
  payload: { payment_status?: string; payment_key: string; red?: string };
}

describeEachDatabase(
  'One Touch: what the guest and ePay see',
  (ctx) => {
    let device = '';
    let guestId = 0;

    beforeAll(() => {
      // Both databases' suites talk to the same simulator with the same DEVICEID: start each from a fresh provider.
      sim.reset();
    });
    const guest = signedInDemoGuest(ctx, { listenOn: APP_PORT, host: new URL(APP_URL).host });
    const { as, placeOrder } = guest;
    beforeAll(async () => {
      const user = await guestRow(ctx);
      guestId = user.id;
      device = `trapeza-${user.client_id}-${user.id}`;
    });

    afterEach(() => {
      vi.restoreAllMocks();
    });

    const order = () => placeOrder('epay');

    const initiate = (orderKey: string, instrument: number | null, token = guest.auth()) =>
      ctx.post(
        '/api/epay/initiateEpayOrderOneTouch',
        { orderKey, payment_instrument: instrument },
        as(token),
      );
    const status = (paymentKey: string, token = guest.auth()) =>
      ctx.post('/api/epay/checkPaymentStatusOneTouch', { paymentKey }, as(token));
    const orderRow = (key: string) =>
      ctx.db
        .selectFrom('orders')
        .select(['id', 'payment_status', 'user_id'])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
    const lastHistoryReason = async (key: string) =>
      (
        await ctx.db
          .selectFrom('order_status_history')
          .select('reason')
          .where('order_id', '=', (await orderRow(key)).id)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).reason;
    /** The last provider answer recorded for an attempt (the audit trail of status queries). */
    const lastQuery = (invoice: string) =>
      ctx.db
        .selectFrom('payment_notifications')
        .select(['status', 'raw'])
        .where('invoice', '=', invoice)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const cardNames = async () =>
      ((await ctx.get('/api/users/payment-instruments', as())).json() as { name: string }[])
        .map((c) => c.name)
        .sort();
    /** A card row as the app keeps it (the sibling suites insert linked cards the same way). */
    const insertCard = async (fields: { provider?: string; token: string; pins: string; name: string }) =>
      (
        await ctx.db
          .insertInto('payment_instruments')
          .values({
            user_id: guestId,
            place_id: await ctx.placeId('bistro'),
            provider: fields.provider ?? 'epay_onetouch',
            provider_token: fields.token,
            provider_instrument_id: fields.pins,
            name: fields.name,
            type: 1,
            expires: '12/2030',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    /** The guest's ePay account at the simulator holds `last4` (a fresh token once the last one was revoked). */
    const linkedCard = async (last4: string, name: string) => {
      const linked = sim.provisionOneTouchUser(accounts.oneTouch.appId, device, [last4]);
      const id = await insertCard({ token: linked.token, pins: linked.instrumentIds[0]!, name });
      return { id, token: linked.token, pins: linked.instrumentIds[0]! };
    };

    ctx.test('every One Touch call needs a sign-in (403 card_payment_requires_login)', async () => {
      const placed = await order();
      const started = await initiate(placed.key, null);
      const key = (started.json() as OneTouchAnswer).payload.payment_key;
      for (const res of [
        await ctx.post('/api/epay/initiateEpayOrderOneTouch', {
          orderKey: placed.key,
          payment_instrument: null,
        }),
        await ctx.post('/api/epay/completeOneTouchLink', { key: 'a'.repeat(32) }),
        await ctx.post('/api/epay/checkPaymentStatusOneTouch', { paymentKey: key }),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().code).toBe('card_payment_requires_login');
      }
    });

    ctx.test(
      'first card: the page names the order (REASON), a declined card fails the order, the status says so',
      async () => {
        const placed = await order();
        const res = await initiate(placed.key, null);
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json() as OneTouchAnswer;
        expect(answer).toEqual({
          success: true,
          payload: {
            payment_status: 'pending',
            payment_key: expect.stringMatching(/^\d{10}$/),
            red: expect.any(String),
          },
        });
        const red = new URL(answer.payload.red!);
        expect(red.searchParams.get('REASON')).toBe(`Order ${placed.key.slice(0, 8)}`);
        expect(red.searchParams.get('ID')).toBe(answer.payload.payment_key);
        expect(red.searchParams.get('DEVICEID')).toBe(device);

        const declined = await pressOnProviderPage(sim.url, answer.payload.red!, '0002');
        expect(declined.status).toBe(303);
        const checked = await status(answer.payload.payment_key);
        expect(checked.json()).toEqual({
          success: true,
          payload: { payment_status: 'failed', payment_key: answer.payload.payment_key },
        });
        expect((await orderRow(placed.key)).payment_status).toBe('failed');
        expect(await lastQuery(answer.payload.payment_key)).toEqual({
          status: 'QUERY:FAILED',
          raw: JSON.stringify({ ID: answer.payload.payment_key, STATE: '4' }),
        });
        expect(await cardNames()).not.toContain('Visa •••• 0002');
      },
    );

    ctx.test(
      'first card, slow: not paid yet, then processing (pending), then paid with the provider data; the card is saved',
      async () => {
        const placed = await order();
        const answer = (await initiate(placed.key, null)).json() as OneTouchAnswer;
        const key = answer.payload.payment_key;
        const pendingAnswer = { success: true, payload: { payment_status: 'pending', payment_key: key } };
        // Nothing paid at ePay yet: NOT PAID.
        expect((await status(key)).json()).toEqual(pendingAnswer);
        const slow = await pressOnProviderPage(sim.url, answer.payload.red!, '3220');
        expect(slow.status).toBe(303);
        // ePay processes it (STATE 2): still pending.
        expect((await status(key)).json()).toEqual(pendingAnswer);
        expect((await orderRow(placed.key)).payment_status).toBe('pending');
        expect((await status(key)).json()).toEqual({
          success: true,
          payload: { payment_status: 'paid', payment_key: key },
        });
        expect((await orderRow(placed.key)).payment_status).toBe('paid');
        expect(await lastHistoryReason(placed.key)).toBe(
          `payment paid: epay_noreg invoice=${key} ID=${key} STATE=3`,
        );
        expect(await cardNames()).toContain('Mastercard •••• 3220');
      },
    );

    ctx.test(
      'an order placed without an account is paid by the signed-in guest, asked with their DEVICEID',
      async () => {
        const placed = await order();
        const { id } = await orderRow(placed.key);
        await ctx.db.updateTable('orders').set({ user_id: null }).where('id', '=', id).execute();
        const answer = (await initiate(placed.key, null)).json() as OneTouchAnswer;
        const paid = await pressOnProviderPage(sim.url, answer.payload.red!, '4242');
        expect(paid.status).toBe(303);
        expect((await status(answer.payload.payment_key)).json()).toEqual({
          success: true,
          payload: { payment_status: 'paid', payment_key: answer.payload.payment_key },
        });
        expect((await orderRow(placed.key)).payment_status).toBe('paid');
      },
    );

    ctx.test(
      "the status of an unknown attempt, another guest's, or an ePay web checkout's: 404 payment_not_found",
      async () => {
        const notFound = (res: { statusCode: number; body: string; json: () => unknown }) => {
          expect(res.statusCode, res.body).toBe(404);
          expect(res.json()).toMatchObject({ code: 'payment_not_found', message: 'Payment not found' });
        };
        notFound(await status('1234567890'));

        const placed = await order();
        const key = ((await initiate(placed.key, null)).json() as OneTouchAnswer).payload.payment_key;
        const waiter = await ctx.post('/api/login', { email: 'waiter@demo.test', password: 'demo-waiter' });
        expect(waiter.statusCode, waiter.body).toBe(200);
        notFound(await status(key, `Bearer ${waiter.json().token}`));

        const web = await order();
        const started = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: web.key }, as());
        expect(started.statusCode, started.body).toBe(200);
        const invoice = (started.json() as { payment_key: string }).payment_key;
        expect(invoice).toMatch(/^\d{10}$/);
        notFound(await status(invoice));
      },
    );

    ctx.test("a saved card that is unknown, or another provider's: 404 instrument_not_found", async () => {
      const placed = await order();
      const unknown = await initiate(placed.key, 999_999);
      expect(unknown.statusCode, unknown.body).toBe(404);
      expect(unknown.json()).toMatchObject({
        code: 'instrument_not_found',
        message: 'Payment instrument not found',
      });
      const linked = sim.provisionOneTouchUser(accounts.oneTouch.appId, device, ['4242']);
      const other = await insertCard({
        provider: 'redsys',
        token: linked.token,
        pins: linked.instrumentIds[0]!,
        name: 'Visa •••• 4242',
      });
      const refused = await initiate(placed.key, other);
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json().code).toBe('instrument_not_found');
      expect((await orderRow(placed.key)).payment_status).not.toBe('paid');
      await ctx.db.deleteFrom('payment_instruments').where('id', '=', other).execute();
    });

    ctx.test(
      'a saved card whose token ePay no longer knows: the attempt fails with the provider code, and stays failed',
      async () => {
        const placed = await order();
        const card = await insertCard({ token: 'f'.repeat(32), pins: '123456', name: 'Visa •••• 9999' });
        const logged = vi.spyOn(ctx.app.log, 'error');
        const res = await initiate(placed.key, card);
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json() as OneTouchAnswer;
        expect(answer).toEqual({
          success: false,
          payload: { payment_status: 'failed', payment_key: expect.stringMatching(/^\d{10}$/) },
        });
        expect((await orderRow(placed.key)).payment_status).toBe('failed');
        const note = await ctx.db
          .selectFrom('payment_notifications')
          .select(['status', 'raw'])
          .where('invoice', '=', answer.payload.payment_key)
          .executeTakeFirstOrThrow();
        expect(note).toEqual({ status: 'QUERY:FAILED', raw: JSON.stringify({ error: 'TOKEN' }) });
        // ePay's refusal is the attempt's outcome, not an error of the server: nothing logged.
        expect(logged).not.toHaveBeenCalledWith(expect.anything(), 'one touch payment failed');
        // Asked again, the attempt is over: failed, without asking ePay about a payment it never started.
        expect((await status(answer.payload.payment_key)).json()).toEqual({
          success: true,
          payload: { payment_status: 'failed', payment_key: answer.payload.payment_key },
        });
        await ctx.db.deleteFrom('payment_instruments').where('id', '=', card).execute();
      },
    );

    ctx.test(
      'a pending saved-card payment: processing, then paid; failed when ePay says so; no answer once its card is forgotten',
      async () => {
        const slow = await linkedCard('3220', 'Mastercard •••• 3220');
        const placed = await order();
        const started = (await initiate(placed.key, slow.id)).json() as OneTouchAnswer;
        expect(started).toEqual({
          success: true,
          payload: { payment_status: 'pending', payment_key: expect.stringMatching(/^\d{10}$/) },
        });
        const key = started.payload.payment_key;
        /** Points the app's attempt at another payment of ePay (what ePay answers for it is then that one's). */
        const attemptIs = async (providerId: string) =>
          ctx.db
            .updateTable('payments')
            .set({ provider_ref: JSON.stringify({ id: providerId, instrument: slow.id }) })
            .where('invoice', '=', key)
            .execute();
        const pay = (pins: string) =>
          provider.payWithInstrument({
            deviceId: device,
            token: slow.token,
            instrumentId: pins,
            amount: 500,
            description: 'Бистро',
            reason: 'test',
          });

        // ePay still processes it (STATE 2 on this status query): pending; then paid.
        const processing = await pay(slow.pins);
        expect(processing.state).toBe(2);
        await attemptIs(processing.id);
        expect((await status(key)).json()).toEqual({
          success: true,
          payload: { payment_status: 'pending', payment_key: key },
        });
        expect((await orderRow(placed.key)).payment_status).toBe('pending');

        // ePay settles it as failed (STATE 4): the order's payment failed.
        const declinedCard = sim.provisionOneTouchUser(accounts.oneTouch.appId, device, ['0002']);
        const declined = await pay(declinedCard.instrumentIds[0]!);
        expect(declined.state).toBe(4);
        await attemptIs(declined.id);
        expect((await status(key)).json()).toEqual({
          success: true,
          payload: { payment_status: 'failed', payment_key: key },
        });
        expect((await orderRow(placed.key)).payment_status).toBe('failed');
        expect(await lastQuery(key)).toEqual({
          status: 'QUERY:FAILED',
          raw: JSON.stringify({ ID: declined.id, STATE: '4', PINS: slow.pins }),
        });

        // Another pending attempt whose card the guest forgot meanwhile: no state to tell.
        const next = await order();
        const nextKey = ((await initiate(next.key, slow.id)).json() as OneTouchAnswer).payload.payment_key;
        const deleted = await ctx.post('/api/epay/deleteUserPaymentInstrument', { key: slow.id }, as());
        expect(deleted.statusCode, deleted.body).toBe(200);
        expect((await status(nextKey)).json()).toEqual({ success: false, payload: { payment_key: nextKey } });

        // An attempt ePay does not know at all: no state either.
        const again = await linkedCard('4242', 'Visa •••• 4242');
        const third = await order();
        const thirdKey = ((await initiate(third.key, again.id)).json() as OneTouchAnswer).payload.payment_key;
        await ctx.db
          .updateTable('payments')
          .set({ status: 'pending', provider_ref: JSON.stringify({ id: '1', instrument: again.id }) })
          .where('invoice', '=', thirdKey)
          .execute();
        expect((await status(thirdKey)).json()).toEqual({
          success: false,
          payload: { payment_key: thirdKey },
        });
      },
    );

    ctx.test(
      "forgetting the last card of an ePay token revokes the token at ePay; another provider's card does not",
      async () => {
        // A fresh ePay token for the guest's device, which no card saved by the tests above shares.
        sim.reset();
        const owned = sim.provisionOneTouchUser(accounts.oneTouch.appId, device, ['4242']);
        const tokenValid = () =>
          provider.instruments(device, owned.token).then(
            () => true,
            () => false,
          );
        const other = await insertCard({
          provider: 'redsys',
          token: owned.token,
          pins: owned.instrumentIds[0]!,
          name: 'Visa •••• 4242',
        });
        expect(
          (await ctx.post('/api/epay/deleteUserPaymentInstrument', { key: other }, as())).statusCode,
        ).toBe(200);
        expect(await tokenValid()).toBe(true);
        const card = await insertCard({
          token: owned.token,
          pins: owned.instrumentIds[0]!,
          name: 'Visa •••• 4242',
        });
        const res = await ctx.post('/api/epay/deleteUserPaymentInstrument', { key: card }, as());
        expect(res.statusCode, res.body).toBe(200);
        expect(await tokenValid()).toBe(false);
        await expect(provider.instruments(device, owned.token)).rejects.toMatchObject({ code: 'TOKEN' });
      },
    );

    ctx.test('a failed link answers why: 409 onetouch_link_failed', async () => {
      const logged = vi.spyOn(ctx.app.log, 'error');
      const res = await ctx.post('/api/epay/completeOneTouchLink', { key: 'b'.repeat(32) }, as());
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'onetouch_link_failed',
        message: 'The ePay account was not linked',
      });
      // ePay refused (NOT_AUTHORISED): the guest's matter, not the operator's.
      expect(logged).not.toHaveBeenCalledWith(expect.anything(), 'one touch account linking failed');
    });

    ctx.test(
      'the reply address with an odd return: the payment page, on the place named, at PUBLIC_URL',
      async () => {
        const back = async (path: string) => {
          const res = await ctx.get(`/api/epay/onetouch/return/${path}`, { client: null, place: null });
          expect(res.statusCode, res.body).toBe(303);
          return res.headers.location;
        };
        expect(await back('demo/bistro')).toBe(`${APP_URL}/bistro/payment?ID=&ret=`);
        expect(await back('demo/bistro?ret=cancel')).toBe(`${APP_URL}/bistro/payment?ID=&ret=cancel`);
        expect(await back('demo/bistro?ID=1234567890&ret=authok')).toBe(
          `${APP_URL}/bistro/payment?ID=1234567890&ret=authok`,
        );
        expect(await back('demo/nowhere?ID=1234567890&ret=ok')).toBe(
          `${APP_URL}/nowhere/payment?ID=1234567890&ret=ok`,
        );
        expect(await back('demo/nowhere?ret=authok')).toBe(`${APP_URL}/nowhere/profile?onetouch=authok`);
      },
    );
  },
  { env: simulatorEnv },
);

describeEachDatabase(
  'One Touch while ePay cannot be reached',
  (ctx) => {
    const { as, placeOrder } = signedInDemoGuest(ctx, { host: new URL(APP_URL).host });
    afterEach(() => {
      vi.restoreAllMocks();
    });
    /** The operator's log line for a failed call to ePay: the error and what failed. */
    const loggedFailure = (logged: ReturnType<typeof vi.spyOn>, message: string) =>
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.objectContaining({ message: 'fetch failed' }) }),
        message,
      );

    ctx.test(
      'a saved card: the attempt fails as a connection failure; a first card: the status has no state to tell',
      async () => {
        const user = await guestRow(ctx);
        const card = (
          await ctx.db
            .insertInto('payment_instruments')
            .values({
              user_id: user.id,
              place_id: await ctx.placeId('bistro'),
              provider: 'epay_onetouch',
              provider_token: 'e'.repeat(32),
              provider_instrument_id: '123456',
              name: 'Visa •••• 4242',
              type: 1,
              expires: '12/2030',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        const logged = vi.spyOn(ctx.app.log, 'error');
        const saved = await placeOrder('epay');
        const res = await ctx.post(
          '/api/epay/initiateEpayOrderOneTouch',
          { orderKey: saved.key, payment_instrument: card },
          as(),
        );
        expect(res.statusCode, res.body).toBe(200);
        const key = (res.json() as OneTouchAnswer).payload.payment_key;
        expect(res.json()).toEqual({
          success: false,
          payload: { payment_status: 'failed', payment_key: key },
        });
        const note = await ctx.db
          .selectFrom('payment_notifications')
          .select(['status', 'raw'])
          .where('invoice', '=', key)
          .executeTakeFirstOrThrow();
        expect(note).toEqual({ status: 'QUERY:FAILED', raw: JSON.stringify({ error: 'connection' }) });
        loggedFailure(logged, 'one touch payment failed');

        // The first-card page is only an address: it is handed out; asking its status then finds no answer.
        const first = await placeOrder('epay');
        const started = await ctx.post(
          '/api/epay/initiateEpayOrderOneTouch',
          { orderKey: first.key, payment_instrument: null },
          as(),
        );
        expect(started.statusCode, started.body).toBe(200);
        const firstKey = (started.json() as OneTouchAnswer).payload.payment_key;
        const checked = await ctx.post(
          '/api/epay/checkPaymentStatusOneTouch',
          { paymentKey: firstKey },
          as(),
        );
        expect(checked.statusCode, checked.body).toBe(200);
        expect(checked.json()).toEqual({ success: false, payload: { payment_key: firstKey } });
        loggedFailure(logged, 'one touch status query failed');

        // Forgetting the card still works: the token left at ePay is useless without it.
        const deleted = await ctx.post('/api/epay/deleteUserPaymentInstrument', { key: card }, as());
        expect(deleted.statusCode, deleted.body).toBe(200);
        expect((await ctx.get('/api/users/payment-instruments', as())).json()).toEqual([]);
        loggedFailure(logged, 'one touch token invalidation failed');
      },
    );

    ctx.test('linking an account fails with 409, logged for the operator', async () => {
      const logged = vi.spyOn(ctx.app.log, 'error');
      const res = await ctx.post('/api/epay/completeOneTouchLink', { key: 'c'.repeat(32) }, as());
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('onetouch_link_failed');
      loggedFailure(logged, 'one touch account linking failed');
    });
  },
  { env: { ...simulatorEnv, PAYMENT_SIMULATOR_URL: UNREACHABLE_URL } },
);

async function guestRow(ctx: TestContext) {
  return ctx.db
    .selectFrom('users')
    .innerJoin('clients', 'clients.id', 'users.client_id')
    .select(['users.id', 'users.client_id'])
    .where('users.email', '=', 'guest@demo.test')
    .where('clients.slug', '=', 'demo')
    .executeTakeFirstOrThrow();
}
