/**
 * What an order call becomes before it is stored (order-draft.ts), through the real app on SQLite and PostgreSQL:
 * - the duplicate guard's notion of "the same order": the same table session, or the same guest (token, else phone,
 *   name and device), the same lines in any order, the same comments (trimmed, in any order), the same text comment;
 *   two tables, two guests, other ingredients or another text comment are two orders;
 * - the guest's fields stored trimmed, the device id read from `userDeviceData` (a string or an object naming it);
 * - the requested pickup time's day and time parts when the venue requires both;
 * - a signed-in guest spending the accumulated amount (stored with the order, taken from the balance in the order's
 *   transaction), and the loyalty the order earns when the staff mark it paid (loyalty.repository.ts), once;
 * - a venue not live yet: no orders but its admins' (request-user.ts closedToGuests).
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import type { DialectName } from '../../db/database.ts';
import { signFor } from '../admin/admin.fixtures.ts';
import { awardOrderLoyalty } from './loyalty.repository.ts';
import {
  CLIENT,
  cartLine,
  guestOrderCalls,
  ownMinuteEachTest,
  seedOrderFixture,
  type OrderFixture,
} from './orders.fixtures.ts';

const fixtures = new Map<DialectName, OrderFixture & { staffId: number }>();

describeEachDatabase(
  'the order draft: same order, stored guest fields, accumulated amount and loyalty',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    ownMinuteEachTest(ctx);

    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      ctx.post(url, body, { client: CLIENT, place: 'bistro', headers });
    const spot = (session: string, products: unknown[], order_comment: unknown = [], headers = {}) =>
      post('/api/orders', { session, products, order_comment }, headers);
    const { openSession, pickup, stored } = guestOrderCalls(ctx);
    const salad = (quantity = 2) => [cartLine(fx().salad.id, fx().salad.variant, quantity)];

    ctx.test('two tables ordering the same in the same minute are two orders', async () => {
      const first = await spot(await openSession('ordt-t1'), salad());
      const second = await spot(await openSession('ordt-t2'), salad());
      expect(first.statusCode, first.body).toBe(201);
      expect(second.statusCode, second.body).toBe(201);
    });

    ctx.test(
      'guests without a token are told apart by phone, name and device; the same guest again is a duplicate',
      async () => {
        const variants: Record<string, unknown>[] = [
          {},
          { client_phone: '+359 888 999 000' },
          { client_name: 'Петър Петров' },
          { userDeviceData: 'dev-guest-a' },
          { userDeviceData: 'dev-guest-b' },
        ];
        for (const extra of variants) {
          const res = await pickup(salad(), extra);
          expect(res.statusCode, JSON.stringify(extra)).toBe(201);
        }
        const again = await pickup(salad(), { userDeviceData: 'dev-guest-b' });
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe('too_mony_orders_for_session_in_x_seconds');
      },
    );

    ctx.test(
      'the same lines and comments in another order, a comment padded with spaces: the same order (409)',
      async () => {
        const f = fx();
        const session = await openSession('ordt-t3');
        const soup = cartLine(f.soup.id, f.soup.variant, 1, { required: f.soup.bread });
        const lines = [soup, cartLine(f.salad.id, f.salad.variant, 3)];
        const comments = [
          { variantId: f.soup.variant, comment: 'без сол' },
          { variantId: f.salad.variant, comment: 'без лук' },
        ];
        expect((await spot(session, lines, comments)).statusCode).toBe(201);
        const again = await spot(session, [...lines].reverse(), [
          { variantId: f.salad.variant, comment: 'без лук' },
          { variantId: f.soup.variant, comment: '  без сол ' },
        ]);
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe('too_mony_orders_for_session_in_x_seconds');
      },
    );

    ctx.test('other ingredients or another text comment make another order (201)', async () => {
      const f = fx();
      const plain = [cartLine(f.soup.id, f.soup.variant, 1, { required: f.soup.bread })];
      const withCheese = [
        cartLine(f.soup.id, f.soup.variant, 1, { required: f.soup.bread, addable: [f.soup.cheese] }),
      ];
      const extra = { products: salad(), order_text_comment: 'на тераса' };
      const results = [
        await pickup([...plain, ...salad()]),
        await pickup([...withCheese, ...salad()]),
        await pickup(extra.products, { order_text_comment: extra.order_text_comment }),
        await pickup(extra.products, { order_text_comment: 'на бара' }),
      ];
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    });

    ctx.test('the guest fields are stored trimmed; blank ones as null', async () => {
      const res = await pickup(salad(), {
        client_name: '  Мария  ',
        client_email: '   ',
        order_text_comment: '  на тераса  ',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await stored(res.json().key)).toMatchObject({
        client_name: 'Мария',
        client_email: null,
        order_comment: 'на тераса',
      });
    });

    ctx.test(
      "a refused form: invalid_order_data, its text the first field's, in the guest's language",
      async () => {
        for (const [lang, text] of [
          ['en', 'Please enter a valid phone'],
          ['de', 'Bitte geben Sie eine gültige Telefonnummer ein'],
        ] as const) {
          const res = await pickup(salad(), { client_phone: 'abc' }, { lang });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({
            code: 'invalid_order_data',
            message: 'invalid_order_data',
            payload: { message: 'invalid_order_data' },
            message_trans: text,
            errors: [{ field: 'client_phone', code: 'invalid_phone' }],
          });
        }
      },
    );

    ctx.test('the device id comes from userDeviceData: a string, or an object naming it', async () => {
      const long = 'd'.repeat(250);
      const cases: [unknown, string | null][] = [
        ['  dev-string  ', 'dev-string'],
        [`x${long}`, `x${long}`.slice(0, 200)],
        ['   ', null],
        [{ deviceId: ' dev-object ' }, 'dev-object'],
        [{ device_id: 'dev-snake' }, 'dev-snake'],
        [{ id: 'dev-id' }, 'dev-id'],
        [{ fingerprint: 'dev-fingerprint' }, 'dev-fingerprint'],
        [{ deviceId: '  ', id: 'dev-next' }, 'dev-next'],
        [{ deviceId: 4242 }, '4242'],
        [{ deviceId: `y${long}` }, `y${long}`.slice(0, 200)],
        [{ other: 'x' }, null],
      ];
      for (const [i, [data, expected]] of cases.entries()) {
        // Each case its own guest (name), so none is taken for a duplicate of another.
        const res = await pickup(salad(), { userDeviceData: data, client_name: `Гост ${i + 1}` });
        expect(res.statusCode, JSON.stringify(data)).toBe(201);
        expect((await stored(res.json().key)).device_id, JSON.stringify(data)).toBe(expected);
      }
    });

    ctx.test('an exact time chosen without a time of day is stored as chosen', async () => {
      const res = await pickup(salad(), { exact_time_selected: 1 });
      expect(res.statusCode, res.body).toBe(201);
      expect((await stored(res.json().key)).exact_time_selected).toBe(1);
    });

    ctx.test(
      'a venue requiring pickup times: a time alone is today, a day alone lacks its time, neither lacks both',
      async () => {
        await setSetting(ctx.db, fx().bistro, 'required_delivery_pickup_times', '1');
        try {
          const timeOnly = await pickup(salad(), { pickup_time: '18:30' });
          expect(timeOnly.statusCode, timeOnly.body).toBe(201);
          const dayOnly = await pickup(salad(3), { pickup_time: '25.11' });
          expect(dayOnly.statusCode).toBe(400);
          expect(dayOnly.json().errors).toEqual([{ field: 'pickup_time', code: 'order_time_required' }]);
          const dayWithDot = await pickup(salad(3), { pickup_time: '25.11.' });
          expect(dayWithDot.json().errors).toEqual([{ field: 'pickup_time', code: 'order_time_required' }]);
          const neither = await pickup(salad(4), { pickup_time: 'soon' });
          expect(neither.statusCode).toBe(400);
          expect(
            neither
              .json()
              .errors.map((e: { code: string }) => e.code)
              .sort(),
          ).toEqual(['order_date_required', 'order_time_required']);
        } finally {
          await setSetting(ctx.db, fx().bistro, 'required_delivery_pickup_times', '0');
        }
      },
    );

    const userRow = () =>
      ctx.db
        .selectFrom('users')
        .select(['points', 'accumulated_amount'])
        .where('id', '=', fx().userId)
        .executeTakeFirstOrThrow();

    ctx.test(
      'a signed-in guest spends the accumulated amount: stored with the order, taken from the balance',
      async () => {
        const f = fx();
        await ctx.db
          .updateTable('users')
          .set({ accumulated_amount: 500 })
          .where('id', '=', f.userId)
          .execute();
        const auth = { authorization: `Bearer ${await signFor(ctx, f.userId)}` };
        // 3.00 on the wire (money in major units), 300 minor units stored.
        const res = await pickup(salad(), { accumulatedOrderAmountUsed: 3 }, auth);
        expect(res.statusCode, res.body).toBe(201);
        const order = await stored(res.json().key);
        expect(order).toMatchObject({ user_id: f.userId, accumulated_amount_used: 300 });
        expect((await userRow()).accumulated_amount).toBe(200);
        // Not asked: nothing spent.
        const none = await pickup(salad(3), {}, auth);
        expect((await stored(none.json().key)).accumulated_amount_used).toBe(0);
        expect((await userRow()).accumulated_amount).toBe(200);
      },
    );

    ctx.test('paid by the staff: the order earns its loyalty for its user, once', async () => {
      const f = fx();
      await setSetting(ctx.db, f.bistro, 'points_per_currency_unit', '2');
      await setSetting(ctx.db, f.bistro, 'accumulated_amount_percent', '10');
      try {
        await ctx.db
          .updateTable('users')
          .set({ points: 7, accumulated_amount: 0 })
          .where('id', '=', f.userId)
          .execute();
        const user = { authorization: `Bearer ${await signFor(ctx, f.userId)}` };
        const res = await spot(await openSession('ordt-t2'), salad(5), [], user);
        expect(res.statusCode, res.body).toBe(201);
        const order = await stored(res.json().key);
        expect(order.user_id).toBe(f.userId);
        const staff = { authorization: `Bearer ${await signFor(ctx, f.staffId)}` };
        const paid = () =>
          ctx.request('PATCH', `/api/staff/orders/${order.id}/status`, {
            client: CLIENT,
            place: 'bistro',
            headers: staff,
            body: { status: 'paid' },
          });
        expect((await paid()).statusCode).toBe(200);
        // salad 800 − 10 % = 720 × 5 = 3600: 2 points per 1.00 → 72, 10 % → 360.
        expect(order.total).toBe(3600);
        expect(await userRow()).toEqual({ points: 7 + 72, accumulated_amount: 360 });
        expect(await stored(order.key)).toMatchObject({ loyalty_points: 72, loyalty_amount: 360 });
        expect((await stored(order.key)).loyalty_awarded_at).not.toBeNull();
        expect((await paid()).statusCode).toBe(409);
        expect(await userRow()).toEqual({ points: 7 + 72, accumulated_amount: 360 });
        // Once per order also for the other payer (the payments module's online-payment notice after the staff's
        // `paid`, or before it): the order is claimed, a second award credits nothing.
        expect(await awardOrderLoyalty(ctx.db, order.id, new Date().toISOString())).toBeNull();
        expect(await userRow()).toEqual({ points: 7 + 72, accumulated_amount: 360 });

        // While the venue's loyalty module is off a paid order earns nothing, and is claimed all the same.
        const place = await ctx.db
          .selectFrom('places')
          .select('functionality_modules')
          .where('id', '=', f.bistro)
          .executeTakeFirstOrThrow();
        const off = await spot(await openSession('ordt-t3'), salad(7), [], user);
        const offOrder = await stored(off.json().key);
        await ctx.db
          .updateTable('places')
          .set({ functionality_modules: JSON.stringify(['payments']) })
          .where('id', '=', f.bistro)
          .execute();
        try {
          const offPaid = await ctx.request('PATCH', `/api/staff/orders/${offOrder.id}/status`, {
            client: CLIENT,
            place: 'bistro',
            headers: staff,
            body: { status: 'paid' },
          });
          expect(offPaid.statusCode).toBe(200);
        } finally {
          await ctx.db
            .updateTable('places')
            .set({ functionality_modules: place.functionality_modules })
            .where('id', '=', f.bistro)
            .execute();
        }
        expect(await stored(offOrder.key)).toMatchObject({ loyalty_points: 0, loyalty_amount: 0 });
        expect((await stored(offOrder.key)).loyalty_awarded_at).not.toBeNull();
        expect(await userRow()).toEqual({ points: 7 + 72, accumulated_amount: 360 });

        // A guest's order (no user) earns nothing and stays unclaimed.
        const anon = await spot(await openSession('ordt-t1'), salad(6));
        const anonOrder = await stored(anon.json().key);
        const anonPaid = await ctx.request('PATCH', `/api/staff/orders/${anonOrder.id}/status`, {
          client: CLIENT,
          place: 'bistro',
          headers: staff,
          body: { status: 'paid' },
        });
        expect(anonPaid.statusCode).toBe(200);
        expect(await stored(anonOrder.key)).toMatchObject({
          loyalty_awarded_at: null,
          loyalty_points: 0,
          loyalty_amount: 0,
        });
      } finally {
        await setSetting(ctx.db, f.bistro, 'points_per_currency_unit', '0');
        await setSetting(ctx.db, f.bistro, 'accumulated_amount_percent', '0');
      }
    });

    ctx.test(
      'a venue not live yet takes no orders from guests or signed-in guests, only from its admins',
      async () => {
        const f = fx();
        const room = (n: number, headers: Record<string, string> = {}) =>
          ctx.post(
            '/api/orders/room',
            {
              products: [cartLine(f.club.id, f.club.variant, n)],
              client_name: 'Гост Хотел',
              client_phone: '+359888000111',
              payment_method: 'cash',
              room_number: '101',
              cutlery: 0,
            },
            { client: CLIENT, place: 'hotel', headers },
          );
        const bearer = async (id: number) => ({ authorization: `Bearer ${await signFor(ctx, id)}` });
        const anonymous = await room(1);
        expect(anonymous.statusCode).toBe(403);
        expect(anonymous.json().message).toBe('orders_not_allowed');
        const user = await room(2, await bearer(f.userId));
        expect(user.statusCode).toBe(403);
        expect(user.json().message).toBe('orders_not_allowed');
        const admin = await room(3, await bearer(f.staffId));
        expect(admin.statusCode, admin.body).toBe(201);
      },
    );
  },
  {
    setup: async (db, dialect) => {
      const f = await seedOrderFixture(db);
      const client = await db
        .selectFrom('clients')
        .select('id')
        .where('slug', '=', CLIENT)
        .executeTakeFirstOrThrow();
      const staff = await db
        .insertInto('users')
        .values({
          client_id: client.id,
          email: 'admin@ordt.test',
          password_hash: 'x',
          first_name: 'Админ',
          last_name: 'Ордт',
          phone: null,
          address: null,
          role: 'CLIENT_ADMIN',
          points: 0,
          accumulated_amount: 0,
          banned: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The hotel is not live yet (go-live checklist): only its admins may try ordering there.
      await db.updateTable('places').set({ live: 0 }).where('id', '=', f.hotel).execute();
      fixtures.set(dialect, { ...f, staffId: staff.id });
    },
  },
);
