/**
 * Rules of the order calls that no other suite pinned down, through the real routes on SQLite and PostgreSQL:
 * - the form answers every failing field at once: an unknown pickup venue, or a typed room number that is not one
 *   of the hotel's rooms, beside another field's error (order-form.ts);
 * - the promo preview trims the typed code and names only this venue's products as eligible (order-pricing.ts);
 * - a paid order earns points alone, or an accumulated amount alone, when the venue gives only that one
 *   (loyalty.repository.ts).
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import type { DialectName } from '../../db/database.ts';
import { signFor } from '../admin/admin.fixtures.ts';
import {
  CLIENT,
  GUEST_CONTACT,
  cartLine,
  guestOrderCalls,
  insertInn,
  ownMinuteEachTest,
  seedOrderFixture,
  type OrderFixture,
} from './orders.fixtures.ts';

interface SurvivorsFixture extends OrderFixture {
  /** A hotel (is_hotel) with room 7 and room service only. */
  inn: number;
  tea: { id: number; variant: number };
  /** The client's admin, who marks orders paid. */
  staffId: number;
}

const fixtures = new Map<DialectName, SurvivorsFixture>();

describeEachDatabase(
  'order calls: every field at once, the promo preview, loyalty of one kind',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    ownMinuteEachTest(ctx);
    const { openSession, pickup, stored, post } = guestOrderCalls(ctx);
    const bearer = async (id: number) => ({ authorization: `Bearer ${await signFor(ctx, id)}` });
    const salad = (quantity = 2) => [cartLine(fx().salad.id, fx().salad.variant, quantity)];

    ctx.test(
      'a pickup venue not among the client’s, beside a too short name: both fields are answered',
      async () => {
        const res = await pickup(salad(), { client_name: 'Ан', pickupPlaceId: 987_654 });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toEqual([
          { field: 'client_name', code: 'invalid_name' },
          { field: 'pickupPlaceId', code: 'pickup_place_required' },
        ]);
      },
    );

    ctx.test(
      'a typed room number that is not one of the hotel’s rooms, beside a too short name: both fields are answered',
      async () => {
        const f = fx();
        const res = await post(
          '/api/orders/room',
          {
            ...GUEST_CONTACT,
            client_name: 'Ан',
            products: [cartLine(f.tea.id, f.tea.variant)],
            token: null,
            room_number: '999',
            pickup_time: '',
          },
          'inn',
        );
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toEqual([
          { field: 'client_name', code: 'invalid_name' },
          { field: 'room_number', code: 'room_number_required' },
        ]);
      },
    );

    ctx.test('the promo preview takes the code as typed with spaces around it', async () => {
      const res = await post('/api/promo-codes/check', { code: '  welcome10 ', products: [] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ found: true, discount_type: 'percent', discount_value: 10 });
    });

    ctx.test('the promo preview names only this venue’s products as eligible', async () => {
      const f = fx();
      const res = await post('/api/promo-codes/check', {
        code: 'WELCOME10',
        products: [{ product_id: f.salad.id }, { product_id: f.club.id }, { product_id: f.tea.id }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ found: true, eligible_product_ids: [f.salad.id] });
    });

    ctx.test(
      'a delivery sent with a room session of a venue that does not deliver is refused: a session offers only its own order type',
      async () => {
        const f = fx();
        const session = await openSession('ordt-r101', 'hotel');
        const res = await post(
          '/api/orders/delivery',
          {
            ...GUEST_CONTACT,
            products: [cartLine(f.club.id, f.club.variant)],
            token: session,
            client_address: 'ул. Шипка',
            street_number: '12',
            floor_number: '3',
            ap_number: '7',
            bell_number: 'Иванова',
            entrance_number: 'А',
            delivery_time: '',
            delivery_address_lat: 42.7,
            delivery_address_lng: 23.32,
          },
          'hotel',
        );
        // The room's QR offers room service, not delivery (the venue offers none): nothing is stored.
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ code: 'orders_not_allowed' });
        expect(await ctx.db.selectFrom('orders').select('id').where('token', '=', session).execute()).toEqual(
          [],
        );
      },
    );

    /** The fixture user's table order, paid by the staff: what the order and the user were credited. */
    async function paidOrderCredits(table: string) {
      const f = fx();
      const before = await userRow();
      const res = await post(
        '/api/orders',
        { session: await openSession(table), products: salad(2), order_comment: [] },
        'bistro',
        await bearer(f.userId),
      );
      expect(res.statusCode, res.body).toBe(201);
      const order = await stored(res.json().key);
      // salad 800 − 10 % = 720 × 2
      expect(order.total).toBe(1440);
      const paid = await ctx.request('PATCH', `/api/staff/orders/${order.id}/status`, {
        client: CLIENT,
        place: 'bistro',
        headers: await bearer(f.staffId),
        body: { status: 'paid' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const after = await userRow();
      const row = await stored(order.key);
      return {
        order: { loyalty_points: row.loyalty_points, loyalty_amount: row.loyalty_amount },
        user: {
          points: after.points - before.points,
          accumulated_amount: after.accumulated_amount - before.accumulated_amount,
        },
      };
    }
    const userRow = () =>
      ctx.db
        .selectFrom('users')
        .select(['points', 'accumulated_amount'])
        .where('id', '=', fx().userId)
        .executeTakeFirstOrThrow();
    async function withLoyalty(points: string, percent: string, run: () => Promise<void>) {
      const f = fx();
      await setSetting(ctx.db, f.bistro, 'points_per_currency_unit', points);
      await setSetting(ctx.db, f.bistro, 'accumulated_amount_percent', percent);
      try {
        await run();
      } finally {
        await setSetting(ctx.db, f.bistro, 'points_per_currency_unit', '0');
        await setSetting(ctx.db, f.bistro, 'accumulated_amount_percent', '0');
      }
    }

    ctx.test('a venue giving points only: the paid order earns its points, no amount', async () => {
      await withLoyalty('2', '0', async () => {
        // 14.40 → 14 whole units × 2 points
        expect(await paidOrderCredits('ordt-t1')).toEqual({
          order: { loyalty_points: 28, loyalty_amount: 0 },
          user: { points: 28, accumulated_amount: 0 },
        });
      });
    });

    ctx.test(
      'a venue giving an accumulated amount only: the paid order earns its amount, no points',
      async () => {
        await withLoyalty('0', '10', async () => {
          expect(await paidOrderCredits('ordt-t2')).toEqual({
            order: { loyalty_points: 0, loyalty_amount: 144 },
            user: { points: 0, accumulated_amount: 144 },
          });
        });
      },
    );
  },
  {
    setup: async (db, dialect) => {
      const f = await seedOrderFixture(db);
      const { inn, tea } = await insertInn(db, [6], [['7', 'ordt-inn-r7', 'room']], { hotel: true });
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
      fixtures.set(dialect, { ...f, inn, tea, staffId: staff.id });
    },
  },
);
