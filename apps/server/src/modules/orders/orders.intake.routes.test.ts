/**
 * Placing an order (order-intake.ts) through the real routes on SQLite and PostgreSQL, the rules a guest or an
 * operator relies on beside the ones orders.routes.test.ts checks:
 * - which QR sessions order: a table's or a room's; a browse-only session (the venue offers no table ordering) none;
 *   a room session's order is room service (its guest's name, phone and payment method needed), never a table
 *   order; an order type the venue does not offer, none;
 * - who orders: a signed-in user of another client (its platform admin) is not this client's user: no user stored,
 *   no balance spent, no card payment as a signed-in guest; one banned at another client is not refused here;
 * - the payment method against the venue's offer (its currency), every form error answered at once, an online
 *   payment stored as pending;
 * - what is stored: the token only when it has the shape of one, line comments trimmed (blank ones none), the
 *   requested time as the venue-local day and time, the radius zone, the pickup venue, the cutlery count, the room
 *   number only on room orders;
 * - the accumulated amount: a guest without an account asking for some spends nothing; a balance spent by another
 *   order at the same moment is answered invalid_order_data.
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { insertClient, setSetting } from '../../../test/fixtures.ts';
import type { DialectName } from '../../db/database.ts';
import { signFor } from '../admin/admin.fixtures.ts';
import {
  PIN_IN_RADIUS,
  GUEST_CONTACT,
  cartLine,
  guestOrderCalls,
  insertInn,
  ownMinuteEachTest,
  seedOrderFixture,
  type OrderFixture,
} from './orders.fixtures.ts';

interface IntakeFixture extends OrderFixture {
  /** Room service and served-on-spot only (no table ordering): its table's QR opens a browse-only session. */
  inn: number;
  tea: { id: number; variant: number };
  /**
   * Users of another client: its platform admin (SUPER_ADMIN, whose token the auth plugin honours at every client's
   * venue), one of its guests banned there.
   */
  otherAdminId: number;
  otherBannedId: number;
}

const fixtures = new Map<DialectName, IntakeFixture>();

describeEachDatabase(
  'placing an order: sessions, who orders, payment, what is stored',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    ownMinuteEachTest(ctx);

    const bearer = async (id: number) => ({ authorization: `Bearer ${await signFor(ctx, id)}` });
    const { openSession, pickup, stored, post } = guestOrderCalls(ctx);
    const ordersOfPlace = async (placeId: number) =>
      Number(
        (
          await ctx.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('place_id', '=', placeId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const salad = (quantity = 2) => [cartLine(fx().salad.id, fx().salad.variant, quantity)];
    const tea = (quantity = 1) => [cartLine(fx().tea.id, fx().tea.variant, quantity)];

    ctx.test(
      'a browse-only table session (the venue offers no table ordering) orders nothing: orders_not_allowed',
      async () => {
        const f = fx();
        const session = await openSession('ordt-inn-t1', 'inn');
        const before = await ordersOfPlace(f.inn);
        const res = await post('/api/orders', { session, products: tea(), order_comment: [] }, 'inn');
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe('orders_not_allowed');
        expect(await ordersOfPlace(f.inn)).toBe(before);
      },
    );

    ctx.test(
      "a room session's order is room service: the table call asks for the room guest's details, stores no table order",
      async () => {
        const f = fx();
        const session = await openSession('ordt-inn-r7', 'inn');
        const before = await ordersOfPlace(f.inn);
        const res = await post('/api/orders', { session, products: tea(2), order_comment: [] }, 'inn');
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toEqual([
          { field: 'client_name', code: 'invalid_name' },
          { field: 'client_phone', code: 'invalid_phone' },
          { field: 'payment_method', code: 'payment_method_required' },
        ]);
        expect(await ordersOfPlace(f.inn)).toBe(before);
      },
    );

    ctx.test(
      'an order type the venue does not offer, without a session: orders_not_allowed, nothing stored',
      async () => {
        const f = fx();
        const before = await ordersOfPlace(f.bistro);
        // The bistro offers table, delivery, pickup and served-on-spot orders, no room service.
        const res = await post('/api/orders/room', {
          ...GUEST_CONTACT,
          products: salad(),
          token: null,
          room_number: '12',
          pickup_time: '',
        });
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe('orders_not_allowed');
        expect(await ordersOfPlace(f.bistro)).toBe(before);
      },
    );

    ctx.test(
      'a room order needs a room: not a table session, not a missing number (room_number_required)',
      async () => {
        const table = await openSession('ordt-inn-t1', 'inn');
        const body = { ...GUEST_CONTACT, products: tea(), pickup_time: '' };
        for (const extra of [{ token: table }, { token: table, room_number: null }, { token: null }]) {
          const res = await post('/api/orders/room', { ...body, ...extra }, 'inn');
          expect(res.statusCode, JSON.stringify(extra)).toBe(400);
          expect(res.json().errors, JSON.stringify(extra)).toEqual([
            { field: 'room_number', code: 'room_number_required' },
          ]);
        }
        // The room's own session names the room.
        const room = await openSession('ordt-inn-r7', 'inn');
        const ok = await post('/api/orders/room', { ...body, token: room, room_number: '' }, 'inn');
        expect(ok.statusCode, ok.body).toBe(201);
        expect(await stored(ok.json().key)).toMatchObject({ type: 6, room_number: '7' });
      },
    );

    ctx.test(
      'a served-on-spot order sent with a room session: no room number stored; its pickup venue is',
      async () => {
        const f = fx();
        const room = await openSession('ordt-inn-r7', 'inn');
        const res = await post(
          '/api/orders/served-on-spot',
          {
            ...GUEST_CONTACT,
            products: tea(3),
            token: room,
            pickup_time: '',
            client_address: 'маса до прозореца',
          },
          'inn',
        );
        expect(res.statusCode, res.body).toBe(201);
        expect(await stored(res.json().key)).toMatchObject({ type: 7, room_number: null });

        const there = await post('/api/orders/served-on-spot', {
          ...GUEST_CONTACT,
          products: salad(3),
          token: null,
          pickup_time: '',
          client_address: 'на бара',
          pickupPlaceId: f.bistro,
        });
        expect(there.statusCode, there.body).toBe(201);
        expect(await stored(there.json().key)).toMatchObject({ type: 7, pickup_place_id: f.bistro });
      },
    );

    ctx.test(
      "a signed-in user of another client is not this client's user: the order is a guest's, their ban is not this client's",
      async () => {
        const f = fx();
        for (const [i, id] of [f.otherAdminId, f.otherBannedId].entries()) {
          const res = await pickup(salad(2 + i), {}, await bearer(id));
          expect(res.statusCode, res.body).toBe(201);
          expect((await stored(res.json().key)).user_id).toBeNull();
        }
        // This client's own user is theirs.
        const own = await pickup(salad(4), {}, await bearer(f.userId));
        expect(own.statusCode, own.body).toBe(201);
        expect((await stored(own.json().key)).user_id).toBe(f.userId);
      },
    );

    ctx.test(
      'a user of another client cannot spend their balance here, nor pay by card as if signed in',
      async () => {
        const f = fx();
        const auth = await bearer(f.otherAdminId);
        const spend = await pickup(salad(), { accumulatedOrderAmountUsed: 3 }, auth);
        expect(spend.statusCode, spend.body).toBe(201);
        expect(await stored(spend.json().key)).toMatchObject({ user_id: null, accumulated_amount_used: 0 });
        const other = await ctx.db
          .selectFrom('users')
          .select('accumulated_amount')
          .where('id', '=', f.otherAdminId)
          .executeTakeFirstOrThrow();
        expect(other.accumulated_amount).toBe(900);

        const card = await pickup(salad(3), { payment_method: 'card' }, auth);
        expect(card.statusCode, card.body).toBe(403);
        expect(card.json().message).toBe('card_payment_requires_login');
      },
    );

    ctx.test('a guest without an account asking to spend an accumulated amount spends nothing', async () => {
      const res = await pickup(salad(), { accumulatedOrderAmountUsed: 3 });
      expect(res.statusCode, res.body).toBe(201);
      expect(await stored(res.json().key)).toMatchObject({ user_id: null, accumulated_amount_used: 0 });
    });

    ctx.test(
      'a balance spent by orders at the same moment: never more than it holds; an order that finds it gone is answered invalid_order_data and not stored',
      async () => {
        const f = fx();
        await ctx.db
          .updateTable('users')
          .set({ accumulated_amount: 500 })
          .where('id', '=', f.userId)
          .execute();
        const auth = await bearer(f.userId);
        const before = await ordersOfPlace(f.bistro);
        // Different orders (no duplicates), each asking to spend 4.00 of the 5.00.
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, n) => pickup(salad(5 + n), { accumulatedOrderAmountUsed: 4 }, auth)),
        );
        const placed = answers.filter((a) => a.statusCode === 201);
        const refused = answers.filter((a) => a.statusCode !== 201);
        // How many find the balance gone depends on how the six interleave (handled one after another, each later
        // one spends what is left, or nothing, and all are placed): not asserted, or the test would fail on a busy
        // machine. What must hold in every interleaving is asserted: each refusal is this one, nothing is
        // overspent, the balance left is the balance less what the placed orders spent.
        for (const r of refused)
          expect(r.json()).toMatchObject({ code: 'invalid_order_data', message: 'invalid_order_data' });
        expect(await ordersOfPlace(f.bistro)).toBe(before + placed.length);
        let spent = 0;
        for (const p of placed) spent += (await stored(p.json().key)).accumulated_amount_used;
        expect(spent).toBeLessThanOrEqual(500);
        const user = await ctx.db
          .selectFrom('users')
          .select('accumulated_amount')
          .where('id', '=', f.userId)
          .executeTakeFirstOrThrow();
        expect(user.accumulated_amount).toBe(500 - spent);
      },
    );

    ctx.test(
      'a form with several faults is answered with every field at once, the missing payment method among them',
      async () => {
        const res = await pickup(salad(), { payment_method: null, client_phone: 'abc' });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([
          { field: 'client_phone', code: 'invalid_phone' },
          { field: 'payment_method', code: 'payment_method_required' },
        ]);
      },
    );

    ctx.test(
      'a method no provider takes in the venue currency is refused (a CHF venue: epay); in EUR it is stored as pending',
      async () => {
        const f = fx();
        const auth = await bearer(f.userId);
        await setSetting(ctx.db, f.bistro, 'payment_types', 'cash,epay');
        try {
          await setSetting(ctx.db, f.bistro, 'default_currency_suffix', 'CHF');
          const chf = await pickup(salad(), { payment_method: 'epay' }, auth);
          expect(chf.statusCode, chf.body).toBe(400);
          expect(chf.json().errors).toEqual([{ field: 'payment_method', code: 'payment_method_required' }]);
          const cash = await pickup(salad(3), {}, auth);
          expect(cash.statusCode, cash.body).toBe(201);
          expect(await stored(cash.json().key)).toMatchObject({ currency: 'CHF', payment_status: 'none' });

          await setSetting(ctx.db, f.bistro, 'default_currency_suffix', '€');
          const eur = await pickup(salad(4), { payment_method: 'epay' }, auth);
          expect(eur.statusCode, eur.body).toBe(201);
          expect(await stored(eur.json().key)).toMatchObject({
            payment_method: 'epay',
            payment_status: 'pending',
            currency: 'EUR',
          });
        } finally {
          await setSetting(ctx.db, f.bistro, 'payment_types', 'cash,card,card_on_delivery,bizum');
          await ctx.db
            .deleteFrom('settings')
            .where('place_id', '=', f.bistro)
            .where('key', '=', 'default_currency_suffix')
            .execute();
        }
      },
    );

    ctx.test(
      'the guest token is kept only when it has the shape of one; otherwise the order gets a new one',
      async () => {
        const own = 'guest_token-0123456789abcdef';
        const kept = await pickup(salad(), { token: own });
        expect(kept.statusCode, kept.body).toBe(201);
        expect(kept.json().token).toBe(own);
        expect((await stored(kept.json().key)).token).toBe(own);
        for (const [i, token] of ['short', 'has spaces in it, not a token!'].entries()) {
          const res = await pickup(salad(3 + i), { token });
          expect(res.statusCode, res.body).toBe(201);
          const answer = res.json().token as string;
          expect(answer).not.toBe(token);
          expect(answer).toMatch(/^[A-Za-z0-9_-]{32}$/);
          expect((await stored(res.json().key)).token).toBe(answer);
        }
      },
    );

    ctx.test('line comments are stored trimmed; a blank one as none', async () => {
      const f = fx();
      const session = await openSession('ordt-t1');
      const res = await post('/api/orders', {
        session,
        products: [
          cartLine(f.soup.id, f.soup.variant, 1, { required: f.soup.bread }),
          cartLine(f.salad.id, f.salad.variant, 1),
        ],
        order_comment: [
          { variantId: f.soup.variant, comment: '  без сол  ' },
          { variantId: f.salad.variant, comment: '   ' },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const order = await stored(res.json().key);
      const lines = await ctx.db
        .selectFrom('order_lines')
        .select(['variant_id', 'comment'])
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      expect(lines).toEqual([
        { variant_id: f.soup.variant, comment: 'без сол' },
        { variant_id: f.salad.variant, comment: null },
      ]);
    });

    ctx.test("a time alone is stored as today's venue-local day and time", async () => {
      const res = await pickup(salad(), { pickup_time: '18:30' });
      expect(res.statusCode, res.body).toBe(201);
      // The suite's clock: Tuesday 2026-11-24 around noon in Sofia.
      expect((await stored(res.json().key)).requested_time).toBe('2026-11-24 18:30');
    });

    ctx.test('a delivery priced by the radius ring stores that radius as its zone', async () => {
      const f = fx();
      const radius = await ctx.db
        .selectFrom('delivery_radiuses')
        .innerJoin('order_types', 'order_types.id', 'delivery_radiuses.order_type_id')
        .select('delivery_radiuses.id')
        .where('order_types.place_id', '=', f.bistro)
        .executeTakeFirstOrThrow();
      const res = await post('/api/orders/delivery', {
        ...GUEST_CONTACT,
        products: salad(2),
        token: null,
        client_address: 'ул. Шипка',
        street_number: '12',
        floor_number: '3',
        ap_number: '7',
        bell_number: 'Иванова',
        entrance_number: 'А',
        delivery_time: '',
        delivery_address_lat: PIN_IN_RADIUS.lat,
        delivery_address_lng: PIN_IN_RADIUS.lng,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await stored(res.json().key)).toMatchObject({
        type: 2,
        delivery_radius_id: radius.id,
        delivery_shape_id: null,
        region_id: null,
        delivery_fee: 400,
      });
    });

    ctx.test('the cutlery a pickup guest asks for is stored and charged', async () => {
      const f = fx();
      await setSetting(ctx.db, f.bistro, 'cutlery_option_preorder', '1');
      await setSetting(ctx.db, f.bistro, 'cutlery_price', '0.5');
      try {
        const res = await pickup(salad(), { cutlery: 1, count_cutlery: 2 });
        expect(res.statusCode, res.body).toBe(201);
        expect(await stored(res.json().key)).toMatchObject({
          cutlery: 1,
          count_cutlery: 2,
          cutlery_fee: 100,
        });
      } finally {
        await setSetting(ctx.db, f.bistro, 'cutlery_option_preorder', '0');
        await setSetting(ctx.db, f.bistro, 'cutlery_price', '0');
      }
    });

    ctx.test(
      'products hidden from token holders: a guest whose token names no session still orders them',
      async () => {
        const f = fx();
        await setSetting(ctx.db, f.bistro, 'hide_products_for_ordering_with_token', '1');
        await ctx.db
          .updateTable('products')
          .set({ hide_for_ordering: 1 })
          .where('id', '=', f.salad.id)
          .execute();
        try {
          const res = await pickup(salad(), { token: 'no-such-session-0123456789' });
          expect(res.statusCode, res.body).toBe(201);
          // A table session's holder is a token holder: hidden.
          const session = await openSession('ordt-t2');
          const spot = await post('/api/orders', { session, products: salad(3), order_comment: [] });
          expect(spot.statusCode).toBe(400);
          expect(spot.json()).toMatchObject({ message: 'inactiveProductsIds', ids: [f.salad.id] });
        } finally {
          await setSetting(ctx.db, f.bistro, 'hide_products_for_ordering_with_token', '0');
          await ctx.db
            .updateTable('products')
            .set({ hide_for_ordering: 0 })
            .where('id', '=', f.salad.id)
            .execute();
        }
      },
    );
  },
  {
    setup: async (db, dialect) => {
      const f = await seedOrderFixture(db);
      const { inn, tea } = await insertInn(
        db,
        [6, 7],
        [
          ['1', 'ordt-inn-t1'],
          ['7', 'ordt-inn-r7', 'room'],
        ],
      );

      const other = await insertClient(db, 'ordx', 'Another client');
      const user = (email: string, banned: number, role = 'USER') =>
        db
          .insertInto('users')
          .values({
            client_id: other,
            email,
            password_hash: 'x',
            first_name: 'Друг',
            last_name: 'Клиент',
            phone: null,
            address: null,
            role,
            points: 0,
            accumulated_amount: 900,
            banned,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const otherAdminId = (await user('root@ordx.test', 0, 'SUPER_ADMIN')).id;
      const otherBannedId = (await user('banned@ordx.test', 1)).id;
      fixtures.set(dialect, {
        ...f,
        inn,
        tea,
        otherAdminId,
        otherBannedId,
      });
    },
  },
);
