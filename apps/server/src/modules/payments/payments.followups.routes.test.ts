/**
 * What a verified payment sets off, end to end against the provider simulator on SQLite and PostgreSQL:
 *   - the staff board sees `order.payment_changed` live (paid, and failed after a decline);
 *   - loyalty: a paid online order credits its user's points and accumulated amount once (a later staff `paid`
 *     does not credit again), and GET accumulated-order-amount-setting-place answers the new balance; a cash order
 *     earns on the staff status `paid`; the balance is spent through accumulatedOrderAmountUsed, capped;
 *   - booking deposits: POST bookings/{id}/pay → the simulator pays → the booking is confirmed and e-mailed; a
 *     deposit paid after the hold expired and the table was given away is marked for refund.
 */
import { beforeAll, expect } from 'vitest';
import { setSetting } from '../../../test/fixtures.ts';
import { orderableDemoLine } from '../../../test/demo-orders.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { OPEN_AT, nextMinute } from '../orders/orders.fixtures.ts';
import {
  bistroSimulatorForFile,
  guestPickupBody,
  offerEveryOnlineMethodAtBistro,
  orderPlacer,
  pressOnProviderPage,
} from './payments.fixtures.ts';
import { openSse } from '../staff/sse-client.fixtures.ts';

const { sim, appPort: APP_PORT, appUrl: APP_URL, simulatorEnv } = await bistroSimulatorForFile();

/** Tuesday 2026-03-03 10:00 in Sofia: the bookings' "now". */
const BOOKING_NOW = new Date('2026-03-03T10:00:00+02:00');

// The demo seed is part of the project: these suites always run (no guard that could make them vanish).
{
  describeEachDatabase(
    'payment follow-ups',
    (ctx) => {
      let guestAuth = '';
      let waiterToken = '';
      let guestId = 0;
      let ip = 0;

      const login = async (email: string, password: string) => {
        ip += 1;
        const res = await ctx.post(
          '/api/login',
          { email, password },
          { headers: { 'x-forwarded-for': `10.9.0.${ip}` } },
        );
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { token: string; user: { id: number } };
      };

      beforeAll(async () => {
        await ctx.app.listen({ port: APP_PORT, host: '127.0.0.1' });
        // Tokens are issued on the test clock: the staff token (12 h) must hold through the order tests.
        ctx.clock.setOverride(OPEN_AT);
        const guest = await login('guest@demo.test', 'demo-guest');
        guestAuth = `Bearer ${guest.token}`;
        guestId = guest.user.id;
        waiterToken = (await login('waiter@demo.test', 'demo-waiter')).token;
      });

      const asGuest = { headers: { authorization: '' } };
      const guestHeaders = () => ({ headers: { ...asGuest.headers, authorization: guestAuth } });

      const place = orderPlacer(ctx);
      /** A pickup order of the signed-in guest, a minute after the last; `extra` adds to the body. */
      const placeOrder = (method: string, extra: Record<string, unknown> = {}) =>
        place(method, guestHeaders(), extra);

      const decide = (page: Response | string, action: string) => pressOnProviderPage(sim.url, page, action);

      const orderRow = (key: string) =>
        ctx.db
          .selectFrom('orders')
          .select([
            'id',
            'payment_status',
            'status',
            'total',
            'loyalty_points',
            'loyalty_amount',
            'loyalty_awarded_at',
            'accumulated_amount_used',
          ])
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
      const userRow = () =>
        ctx.db
          .selectFrom('users')
          .select(['points', 'accumulated_amount'])
          .where('id', '=', guestId)
          .executeTakeFirstOrThrow();
      const board = () =>
        openSse(
          `${APP_URL}/api/staff/events?client=demo&place=bistro&access_token=${encodeURIComponent(waiterToken)}`,
        );

      ctx.test(
        'the staff board sees order.payment_changed live: paid, and failed after a decline',
        async () => {
          const stream = await board();
          try {
            expect(stream.status).toBe(200);
            await stream.waitFor((m) => m.event === 'ready');
            const paid = await placeOrder('online');
            const created = await stream.waitFor(
              (m) => m.event === 'order.created' && JSON.parse(m.data).order.key === paid.key,
            );
            expect(JSON.parse(created.data).order.payment_status).toBe('pending');
            await decide(paid.ppResp.redLink!, 'pay');
            await sim.settle();
            const event = await stream.waitFor(
              (m) => m.event === 'order.payment_changed' && JSON.parse(m.data).order.key === paid.key,
              3000,
            );
            const data = JSON.parse(event.data);
            expect(data).toMatchObject({ from: 'pending', to: 'paid', order: { payment_status: 'paid' } });
            expect(Number(event.id)).toBeGreaterThan(Number(created.id));

            const declined = await placeOrder('online');
            await decide(declined.ppResp.redLink!, 'decline');
            await sim.settle();
            const failed = await stream.waitFor(
              (m) => m.event === 'order.payment_changed' && JSON.parse(m.data).order.key === declined.key,
              3000,
            );
            expect(JSON.parse(failed.data)).toMatchObject({ from: 'pending', to: 'failed' });
            // Exactly one payment event per order.
            const count = (key: string) =>
              stream.messages.filter(
                (m) => m.event === 'order.payment_changed' && JSON.parse(m.data).order.key === key,
              ).length;
            expect(count(paid.key)).toBe(1);
            expect(count(declined.key)).toBe(1);
          } finally {
            stream.close();
          }
        },
      );

      ctx.test(
        'loyalty: a paid online order credits points and accumulated amount once; the balance is answered',
        async () => {
          const placeId = await ctx.placeId('bistro');
          await setSetting(ctx.db, placeId, 'points_per_currency_unit', '1');
          await setSetting(ctx.db, placeId, 'accumulated_amount_percent', '5');
          try {
            const before = await userRow();
            const order = await placeOrder('online');
            const pending = await orderRow(order.key);
            expect(pending.loyalty_awarded_at).toBeNull();
            await decide(order.ppResp.redLink!, 'pay');
            await sim.settle();
            const paid = await orderRow(order.key);
            expect(paid.payment_status).toBe('paid');
            const points = Math.floor(paid.total / 100);
            const amount = Math.round((paid.total * 5) / 100);
            expect(paid).toMatchObject({ loyalty_points: points, loyalty_amount: amount });
            expect(paid.loyalty_awarded_at).not.toBeNull();
            expect(await userRow()).toEqual({
              points: before.points + points,
              accumulated_amount: before.accumulated_amount + amount,
            });
            const balance = await ctx.get('/api/accumulated-order-amount-setting-place', guestHeaders());
            expect(balance.statusCode).toBe(200);
            expect(balance.json()).toEqual({
              // The guest API's amounts are decimals of the venue currency (issue 25 #1).
              setting: { accumulatedUserAmount: (before.accumulated_amount + amount) / 100 },
            });
            expect(balance.headers['cache-control']).toBe('private, no-store');
            expect((await ctx.get('/api/accumulated-order-amount-setting-place')).json()).toEqual({
              setting: { accumulatedUserAmount: 0 },
            });

            // Staff then close it as paid (pickup: ordered → cooked → paid): nothing is credited twice.
            const waiter = { headers: { authorization: `Bearer ${waiterToken}` } };
            for (const status of ['cooked_preorder', 'paid']) {
              const res = await ctx.request('PATCH', `/api/staff/orders/${paid.id}/status`, {
                ...waiter,
                body: { status },
              });
              expect(res.statusCode, res.body).toBe(200);
            }
            expect(await userRow()).toEqual({
              points: before.points + points,
              accumulated_amount: before.accumulated_amount + amount,
            });
          } finally {
            await setSetting(ctx.db, placeId, 'points_per_currency_unit', '0');
            await setSetting(ctx.db, placeId, 'accumulated_amount_percent', '0');
          }
        },
      );

      ctx.test(
        'loyalty on staff `paid` (cash): credited in the status change, once; the balance is then spendable, capped',
        async () => {
          const placeId = await ctx.placeId('bistro');
          await setSetting(ctx.db, placeId, 'points_per_currency_unit', '2');
          await setSetting(ctx.db, placeId, 'accumulated_amount_percent', '10');
          try {
            await ctx.db
              .updateTable('users')
              .set({ accumulated_amount: 0 })
              .where('id', '=', guestId)
              .execute();
            const before = await userRow();
            const order = await placeOrder('cash');
            const row = await orderRow(order.key);
            const waiter = { headers: { authorization: `Bearer ${waiterToken}` } };
            const status = (s: string) =>
              ctx.request('PATCH', `/api/staff/orders/${row.id}/status`, { ...waiter, body: { status: s } });
            expect((await status('cooked_preorder')).statusCode).toBe(200);
            expect(await userRow()).toEqual(before);
            expect((await status('paid')).statusCode).toBe(200);
            const earnedPoints = 2 * Math.floor(row.total / 100);
            const earned = Math.round(row.total / 10);
            expect(await userRow()).toEqual({
              points: before.points + earnedPoints,
              accumulated_amount: earned,
            });
            expect((await status('paid')).statusCode).toBe(409);
            expect((await userRow()).points).toBe(before.points + earnedPoints);

            // Spend it: asking for more than the balance uses the balance only.
            const spend = await placeOrder('cash', { accumulatedOrderAmountUsed: earned + 10_000 });
            const spent = await orderRow(spend.key);
            expect(spent.accumulated_amount_used).toBe(earned);
            expect((await userRow()).accumulated_amount).toBe(0);
            expect(
              (await ctx.get('/api/accumulated-order-amount-setting-place', guestHeaders())).json(),
            ).toEqual({
              setting: { accumulatedUserAmount: 0 },
            });
          } finally {
            await setSetting(ctx.db, placeId, 'points_per_currency_unit', '0');
            await setSetting(ctx.db, placeId, 'accumulated_amount_percent', '0');
          }
        },
      );

      ctx.test('loyalty: an order without a user earns nothing when paid', async () => {
        const placeId = await ctx.placeId('bistro');
        await setSetting(ctx.db, placeId, 'points_per_currency_unit', '1');
        try {
          nextMinute(ctx);
          const res = await ctx.post(
            '/api/orders/preorder',
            guestPickupBody([{ ...(await orderableDemoLine(ctx, 'bistro', 1)), quantity: 2 }], 'cash', {
              client_name: 'Анонимен Гост',
              client_phone: '+359888000222',
              client_email: 'anon@example.com',
              order_text_comment: 'anon',
            }),
          );
          expect(res.statusCode, res.body).toBe(201);
          const row = await orderRow(res.json().key);
          const waiter = { headers: { authorization: `Bearer ${waiterToken}` } };
          for (const s of ['cooked_preorder', 'paid']) {
            const r = await ctx.request('PATCH', `/api/staff/orders/${row.id}/status`, {
              ...waiter,
              body: { status: s },
            });
            expect(r.statusCode).toBe(200);
          }
          expect(await orderRow(res.json().key)).toMatchObject({
            loyalty_points: 0,
            loyalty_awarded_at: null,
          });
        } finally {
          await setSetting(ctx.db, placeId, 'points_per_currency_unit', '0');
        }
      });

      ctx.test(
        'loyalty module off (issue 24): a paid order credits nothing, even with points set',
        async () => {
          const placeId = await ctx.placeId('bistro');
          const place = await ctx.db
            .selectFrom('places')
            .select('functionality_modules')
            .where('id', '=', placeId)
            .executeTakeFirstOrThrow();
          await setSetting(ctx.db, placeId, 'points_per_currency_unit', '2');
          await setSetting(ctx.db, placeId, 'accumulated_amount_percent', '10');
          await ctx.db
            .updateTable('places')
            .set({ functionality_modules: JSON.stringify(['payments', 'booking', 'promotions']) })
            .where('id', '=', placeId)
            .execute();
          try {
            const before = await userRow();
            const order = await placeOrder('cash');
            const row = await orderRow(order.key);
            const waiter = { headers: { authorization: `Bearer ${waiterToken}` } };
            for (const s of ['cooked_preorder', 'paid']) {
              const r = await ctx.request('PATCH', `/api/staff/orders/${row.id}/status`, {
                ...waiter,
                body: { status: s },
              });
              expect(r.statusCode).toBe(200);
            }
            expect(await userRow()).toEqual(before);
            expect(await orderRow(order.key)).toMatchObject({ loyalty_points: 0, loyalty_amount: 0 });

            // A balance earned while the module was on is not spendable while it is off.
            await ctx.db
              .updateTable('users')
              .set({ accumulated_amount: 500 })
              .where('id', '=', guestId)
              .execute();
            const spend = await placeOrder('cash', { accumulatedOrderAmountUsed: 5 });
            const spent = await orderRow(spend.key);
            expect(spent.accumulated_amount_used).toBe(0);
            expect((await userRow()).accumulated_amount).toBe(500);
          } finally {
            await ctx.db
              .updateTable('users')
              .set({ accumulated_amount: 0 })
              .where('id', '=', guestId)
              .execute();
            await ctx.db
              .updateTable('places')
              .set({ functionality_modules: place.functionality_modules })
              .where('id', '=', placeId)
              .execute();
            await setSetting(ctx.db, placeId, 'points_per_currency_unit', '0');
            await setSetting(ctx.db, placeId, 'accumulated_amount_percent', '0');
          }
        },
      );

      /** Turns on deposits of 20.00 and answers a helper that books at BOOKING_NOW (or later). */
      async function withDeposits(run: (placeId: number) => Promise<void>) {
        const placeId = await ctx.placeId('bistro');
        await setSetting(ctx.db, placeId, 'booking_online_payment', '1');
        await setSetting(ctx.db, placeId, 'booking_deposit', '20');
        try {
          await run(placeId);
        } finally {
          await setSetting(ctx.db, placeId, 'booking_online_payment', '0');
          await setSetting(ctx.db, placeId, 'booking_deposit', '0');
        }
      }
      let mail = 0;
      async function book(date: string, time: string, people: number) {
        mail += 1;
        const email = `deposit${mail}-${ctx.dialect}@example.com`;
        const res = await ctx.post('/api/bookings', {
          date,
          time,
          people,
          name: 'Иван Петров',
          phone: '+359 88 765 4321',
          email,
          terms_accepted: true,
        });
        return { res, email };
      }
      const linkToken = (cancelUrl: string) => new URL(cancelUrl).searchParams.get('token')!;
      const bookingRow = (id: number) =>
        ctx.db
          .selectFrom('bookings')
          .select(['status', 'table_id'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      const paymentsOf = (bookingId: number) =>
        ctx.db
          .selectFrom('payments')
          .select(['order_id', 'booking_id', 'amount', 'status', 'refund_status', 'refund_reason'])
          .where('booking_id', '=', bookingId)
          .execute();

      ctx.test(
        'booking deposit: pending → POST bookings/{id}/pay → simulator pays → confirmed + e-mail',
        async () => {
          await withDeposits(async () => {
            ctx.clock.setOverride(BOOKING_NOW);
            const { res, email } = await book('2026-03-18', '19:00', 2);
            expect(res.statusCode, res.body).toBe(201);
            const booking = res.json() as { reservationId: number; cancelUrl: string; status: string };
            expect(booking.status).toBe('pending_payment');
            const id = booking.reservationId;
            const token = linkToken(booking.cancelUrl);

            const wrong = await ctx.post(`/api/bookings/${id}/pay`, { token: 'x'.repeat(43) });
            expect(wrong.statusCode).toBe(404);
            expect(wrong.json().code).toBe('booking_not_found');

            // The browser's Host is PUBLIC_URL's: the return address is built on it (lib/guest-origin.ts).
            const start = await ctx.post(
              `/api/bookings/${id}/pay`,
              { token },
              { headers: { host: new URL(APP_URL).host } },
            );
            expect(start.statusCode, start.body).toBe(200);
            const { red, payment_key } = start.json() as { red: string; payment_key: string };
            const data = Buffer.from(new URL(red).searchParams.get('ENCODED')!, 'base64').toString('utf8');
            expect(data).toContain('AMOUNT=20.00\n');
            // The invoice expires with the booking's hold (08:15 UTC).
            expect(data).toContain('EXP_TIME=03.03.2026 10:15');
            expect(await paymentsOf(id)).toEqual([
              {
                order_id: null,
                booking_id: id,
                amount: 2000,
                status: 'pending',
                refund_status: null,
                refund_reason: null,
              },
            ]);
            const back = await decide(red, 'pay');
            expect(back.headers.get('location')).toBe(
              `${APP_URL}/bistro/reservations?booking=${id}&payment=ok`,
            );
            await sim.settle();
            expect((await bookingRow(id)).status).toBe('confirmed');
            const shown = await ctx.get(`/api/bookings/${id}?token=${encodeURIComponent(token)}`);
            expect(shown.json().status).toBe('confirmed');
            const mails = (await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(email)}`)).json();
            expect(mails).toHaveLength(1);
            expect(mails[0].text).toContain(booking.cancelUrl);
            expect((await paymentsOf(id))[0]).toMatchObject({ status: 'paid', refund_status: null });
            expect(payment_key).toMatch(/^\d{10}$/);
            // Paid: a second attempt is refused.
            const again = await ctx.post(`/api/bookings/${id}/pay`, { token });
            expect(again.statusCode).toBe(409);
            expect(again.json().code).toBe('already_paid');
          });
        },
      );

      ctx.test(
        'booking deposit paid after expiry, its table given away meanwhile: payment marked for refund, logged',
        async () => {
          await withDeposits(async () => {
            ctx.clock.setOverride(BOOKING_NOW);
            const date = '2026-03-19';
            // A holds a 6-seat table; the others hold the rest of them.
            const a = await book(date, '19:00', 6);
            expect(a.res.statusCode, a.res.body).toBe(201);
            const id = a.res.json().reservationId as number;
            const token = linkToken(a.res.json().cancelUrl);
            const start = await ctx.post(`/api/bookings/${id}/pay`, { token, provider: 'redsys' });
            expect(start.statusCode, start.body).toBe(200);
            const { form } = start.json() as { form: { action: string; fields: Record<string, string> } };

            // 16 minutes later A has expired; new guests take every 6-seat table at 19:00.
            const later = new Date(BOOKING_NOW.getTime() + 16 * 60_000);
            ctx.clock.setOverride(later);
            let taken = 0;
            for (let i = 0; i < 20; i += 1) {
              const other = await book(date, '19:00', 6);
              if (other.res.statusCode === 409) break;
              expect(other.res.statusCode, other.res.body).toBe(201);
              taken += 1;
            }
            expect(taken).toBeGreaterThan(0);
            expect((await ctx.post(`/api/bookings/${id}/pay`, { token })).json().code).toBe(
              'booking_payment_expired',
            );

            // The guest had the Redsys page open and pays now: the notification arrives after expiry.
            const page = await fetch(form.action, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams(form.fields).toString(),
            });
            await decide(page, 'pay');
            await sim.settle();
            const [payment] = await paymentsOf(id);
            expect(payment).toMatchObject({ status: 'paid', refund_status: 'required' });
            expect(payment!.refund_reason).toContain('slot_taken');
            expect((await bookingRow(id)).status).not.toBe('confirmed');
            expect((await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(a.email)}`)).json()).toEqual(
              [],
            );
          });
        },
      );
    },
    { env: simulatorEnv, setup: offerEveryOnlineMethodAtBistro },
  );
}
