/**
 * What a guest sees of their orders, and who they order as, through the real app on SQLite and PostgreSQL:
 * - the orders tab of a table session (GET orders/by_table_session): each order with its own lines, its own
 *   ingredients and its own status history; an order stays listed up to exactly order_expire_time_hours; a room
 *   session names its room;
 * - the tracking page shows the time the guest chose;
 * - a banned account's token is refused only when the Authorization header is a bearer token (`Bearer <token>`,
 *   any spaces between): any other header orders as a guest, never a 500;
 * - the same order again within the 10-second duplicate window is refused, after it is taken;
 * - a waiter's scan of a table QR opens an 8-hour session (the login's role is read), a guest's 2 hours.
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import type { DialectName } from '../../db/database.ts';
import {
  CLIENT,
  cartLine,
  guestOrderCalls,
  ownMinuteEachTest,
  seedOrderFixture,
  type OrderFixture,
} from './orders.fixtures.ts';
import { signFor } from '../admin/admin.fixtures.ts';

const fixtures = new Map<DialectName, OrderFixture>();

interface TabOrder {
  key: string;
  status: string;
  statuses: { status: string }[];
  lines: { product_id: number; quantity: number; ingredients: { ingredient_id: number; type: string }[] }[];
}

describeEachDatabase(
  'orders: the session tab, the tracked time and who orders',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    const minute = ownMinuteEachTest(ctx);
    const { openSession, pickup, post } = guestOrderCalls(ctx);
    const tab = async (session: string, place = 'bistro') => {
      const res = await ctx.get(`/api/orders/by_table_session/${encodeURIComponent(session)}`, {
        client: CLIENT,
        place,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ orders: TabOrder[]; room_number: string | null; table: string }>();
    };

    ctx.test('each order of the tab with its own lines, ingredients and status history', async () => {
      const f = fx();
      const session = await openSession('ordt-t1');
      const soup = await post('/api/orders', {
        session,
        products: [
          cartLine(f.soup.id, f.soup.variant, 1, { required: f.soup.bread, addable: [f.soup.cheese] }),
        ],
        order_comment: null,
      });
      expect(soup.statusCode, soup.body).toBe(201);
      const salad = await post('/api/orders', {
        session,
        products: [cartLine(f.salad.id, f.salad.variant, 2)],
        order_comment: null,
      });
      expect(salad.statusCode, salad.body).toBe(201);
      // The kitchen moved the soup on: its history has two steps, the salad's one.
      const soupId = (
        await ctx.db
          .selectFrom('orders')
          .select('id')
          .where('key', '=', soup.json().key)
          .executeTakeFirstOrThrow()
      ).id;
      await ctx.db.updateTable('orders').set({ status: 'cooking' }).where('id', '=', soupId).execute();
      await ctx.db
        .insertInto('order_status_history')
        .values({ order_id: soupId, status: 'cooking', created_at: ctx.clock.now().toISOString() })
        .execute();

      const body = await tab(session);
      expect(body.room_number).toBeNull();
      const byKey = new Map(body.orders.map((o) => [o.key, o]));
      expect(byKey.size).toBe(2);
      const soupOrder = byKey.get(soup.json().key)!;
      const saladOrder = byKey.get(salad.json().key)!;
      expect(soupOrder.statuses.map((s) => s.status)).toEqual(['ordered', 'cooking']);
      expect(saladOrder.statuses.map((s) => s.status)).toEqual(['ordered']);
      expect(soupOrder.lines).toHaveLength(1);
      expect(soupOrder.lines[0]!.product_id).toBe(f.soup.id);
      expect(
        soupOrder.lines[0]!.ingredients.map((i) => [i.ingredient_id, i.type]).sort((a, b) => +a[0]! - +b[0]!),
      ).toEqual(
        [
          [f.soup.bread, 'required'],
          [f.soup.cheese, 'addable'],
        ].sort((a, b) => +a[0]! - +b[0]!),
      );
      expect(saladOrder.lines.map((l) => [l.product_id, l.quantity, l.ingredients])).toEqual([
        [f.salad.id, 2, []],
      ]);
    });

    ctx.test('an order is listed up to exactly order_expire_time_hours after it was made', async () => {
      const f = fx();
      await setSetting(ctx.db, f.bistro, 'order_expire_time_hours', '1');
      try {
        const session = await openSession('ordt-t2');
        const orderedAt = ctx.clock.now().getTime();
        const res = await post('/api/orders', {
          session,
          products: [cartLine(f.salad.id, f.salad.variant, minute())],
          order_comment: null,
        });
        expect(res.statusCode, res.body).toBe(201);
        ctx.clock.setOverride(new Date(orderedAt + 60 * 60_000));
        expect((await tab(session)).orders.map((o) => o.key)).toEqual([res.json().key]);
        ctx.clock.setOverride(new Date(orderedAt + 60 * 60_000 + 1));
        expect((await tab(session)).orders).toEqual([]);
      } finally {
        await setSetting(ctx.db, f.bistro, 'order_expire_time_hours', '3');
      }
    });

    ctx.test('a room session names its room', async () => {
      const session = await openSession('ordt-r101', 'hotel');
      const body = await tab(session, 'hotel');
      expect(body.table).toBe('101');
      expect(body.room_number).toBe('101');
    });

    ctx.test('the tracking page shows the pickup time the guest chose', async () => {
      const f = fx();
      const res = await pickup([cartLine(f.salad.id, f.salad.variant, minute())], { pickup_time: '18:30' });
      expect(res.statusCode, res.body).toBe(201);
      const tracked = await ctx.get(`/api/orders/track/${res.json().tracking_token}`, {
        client: CLIENT,
        place: 'bistro',
      });
      expect(tracked.statusCode, tracked.body).toBe(200);
      expect(tracked.json().requested_time).toBe('2026-11-24 18:30');
    });

    ctx.test('a banned account: refused for a bearer header, a guest for any other header', async () => {
      const f = fx();
      const token = await signFor(ctx, f.bannedUserId);
      const order = (authorization: string, n: number) =>
        pickup([cartLine(f.salad.id, f.salad.variant, 10 * minute() + n)], {}, { authorization });
      for (const [n, header] of [`Bearer ${token}`, `bearer   ${token}`].entries()) {
        const res = await order(header, n);
        expect(res.statusCode, `${header}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe('anon_user_banned');
      }
      for (const [n, header] of [
        `Basic ${token}`,
        `Token Bearer ${token}`,
        `Bearer ${token} ${token}`,
        'Bearer',
      ].entries()) {
        const res = await order(header, 5 + n);
        expect(res.statusCode, `${header}: ${res.body}`).toBe(201);
      }
    });

    ctx.test('the same order 9 s later → 409, 11 s later → taken', async () => {
      const f = fx();
      const products = [cartLine(f.salad.id, f.salad.variant, minute())];
      const first = await pickup(products);
      expect(first.statusCode, first.body).toBe(201);
      const at = ctx.clock.now().getTime();
      ctx.clock.setOverride(new Date(at + 9_000));
      const again = await pickup(products);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toBe('too_mony_orders_for_session_in_x_seconds');
      ctx.clock.setOverride(new Date(at + 11_000));
      expect((await pickup(products)).statusCode).toBe(201);
    });

    ctx.test("a waiter's scan opens an 8-hour session, a guest's 2 hours", async () => {
      const client = await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('slug', '=', CLIENT)
        .executeTakeFirstOrThrow();
      const waiter = await ctx.db
        .insertInto('users')
        .values({
          client_id: client.id,
          email: `waiter-${minute()}@ordt.test`,
          password_hash: 'x',
          first_name: 'Петър',
          last_name: 'Келнеров',
          phone: null,
          address: null,
          role: 'WAITER',
          points: 0,
          accumulated_amount: 0,
          banned: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const authorization = `Bearer ${await signFor(ctx, waiter.id)}`;
      const scan = (headers: Record<string, string>) =>
        post('/api/tables/verify_token', { token: 'ordt-t3', placeSlug: 'bistro' }, 'bistro', headers);
      const now = ctx.clock.now().getTime();
      const staff = await scan({ authorization });
      expect(staff.statusCode, staff.body).toBe(200);
      expect(new Date(staff.json().expires).getTime() - now).toBe(8 * 3_600_000);
      await ctx.db.deleteFrom('table_sessions').where('session', '=', staff.json().session).execute();
      const guest = await scan({});
      expect(guest.statusCode, guest.body).toBe(200);
      expect(new Date(guest.json().expires).getTime() - now).toBe(2 * 3_600_000);
    });
  },
  {
    setup: async (db, dialect) => {
      fixtures.set(dialect, await seedOrderFixture(db));
    },
  },
);
