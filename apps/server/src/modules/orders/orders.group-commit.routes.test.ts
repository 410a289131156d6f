/**
 * Orders arriving together (issue "Cart and ordering": nothing lost, nothing stored twice). They share one commit
 * (the group commit of orders.store.ts): on SQLite synchronous prepared statements inside one transaction, a savepoint
 * per order; on PostgreSQL one transaction of multi-row inserts per batch (issue "Scale out" #1: the burst is
 * stored in fewer transactions than orders). Either way each order is answered on its own: a duplicate
 * or a promo code used up inside the burst is refused alone and the others are stored whole, and every stored order
 * reaches the staff board once. The venue configuration the order path caches (MENU_CACHE_TTL_MS) is dropped by the
 * admin's change at once.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import {
  CLIENT,
  OPEN_AT,
  STORED_ORDER_AMOUNTS,
  cartLine,
  seedOrderFixture,
  type OrderFixture,
} from './orders.fixtures.ts';
import type { DialectName } from '../../db/database.ts';
import { createOrdersRepository, type StoreOrderInput } from './orders.repository.ts';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import { createStaffRepository } from '../staff/staff.repository.ts';
import { toStaffOrders } from '../staff/staff.service.ts';
import { newOrderEvents } from '../staff/staff.events.ts';

const fixtures = new Map<DialectName, OrderFixture>();

function preorder(ctx: TestContext, f: OrderFixture, n: number, extra: Record<string, unknown> = {}) {
  return ctx.request('POST', '/api/orders/preorder', {
    client: CLIENT,
    place: 'bistro',
    body: {
      client_name: 'Мария Иванова',
      client_phone: '+359 888 123 456',
      payment_method: 'cash',
      exact_time_selected: 0,
      cutlery: 0,
      products: [
        cartLine(f.salad.id, f.salad.variant, 1 + (n % 4)),
        cartLine(f.soup.id, f.soup.variant, 1, { required: f.soup.bread }),
      ],
      // The marker makes each order distinct (the duplicate guard hashes lines and comments).
      order_comment: [{ variantId: f.salad.variant, comment: `burst ${ctx.dialect} ${n}` }],
      token: null,
      pickup_time: '',
      promo_code: null,
      ...extra,
    },
  });
}

async function storedByMarker(ctx: TestContext, prefix: string) {
  const rows = await ctx.db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.comment', 'o.id', 'o.total'])
    .where('l.comment', 'like', `${prefix}%`)
    .execute();
  return rows;
}

describeEachDatabase(
  'orders arriving together',
  (ctx) => {
    const fx = () => fixtures.get(ctx.dialect)!;

    ctx.test(
      'a burst of distinct orders with a triple inside: each distinct order stored once with all its lines, ' +
        'the copies refused, every stored order announced to the board once',
      async () => {
        ctx.clock.setOverride(new Date(OPEN_AT.getTime() + 60_000));
        const f = fx();
        const distinct = Array.from({ length: 30 }, (_, n) => preorder(ctx, f, n));
        const copies = Array.from({ length: 3 }, () => preorder(ctx, f, 999));
        const answers = await Promise.all([...distinct, ...copies]);
        expect(answers.slice(0, 30).map((r) => r.statusCode)).toEqual(Array(30).fill(201));
        const copyStatuses = answers.slice(30).map((r) => r.statusCode);
        expect(copyStatuses.filter((s) => s === 201)).toHaveLength(1);
        expect(copyStatuses.filter((s) => s === 409)).toHaveLength(2);
        for (const r of answers.slice(30).filter((a) => a.statusCode === 409)) {
          expect(r.json().code).toBe('too_mony_orders_for_session_in_x_seconds');
        }

        const rows = await storedByMarker(ctx, `burst ${ctx.dialect} `);
        const ids = new Set(rows.map((r) => r.id));
        expect(rows).toHaveLength(31);
        expect(ids.size).toBe(31);
        const lines = await ctx.db
          .selectFrom('order_lines')
          .select((eb) => ['order_id', eb.fn.countAll<number>().as('n')])
          .where('order_id', 'in', [...ids])
          .groupBy('order_id')
          .execute();
        expect(lines.map((l) => Number(l.n))).toEqual(Array(31).fill(2));
        const history = await ctx.db
          .selectFrom('order_status_history')
          .select('order_id')
          .where('order_id', 'in', [...ids])
          .execute();
        expect(history).toHaveLength(31);
        if (ctx.dialect === 'postgres') {
          // Rows written by one transaction carry its id (xmin): the burst went in batches, not an order at a time.
          const { rows: txs } = await sql<{
            n: number;
          }>`select count(distinct xmin::text)::int as n from orders
            where id in (${sql.join([...ids])})`.execute(ctx.db);
          expect(txs[0]!.n).toBeLessThan(31);
        }
        // Each answer's total is the stored one (the server's price, not the browser's).
        const answered = new Map(
          answers
            .filter((a) => a.statusCode === 201)
            .map((a) => [a.json().key as string, a.json().totalPrice]),
        );
        const stored = await ctx.db
          .selectFrom('orders')
          .select(['key', 'total'])
          .where('id', 'in', [...ids])
          .execute();
        // The answer's total is in the venue currency (issue 25 #1), the stored one in minor units.
        for (const o of stored) expect(answered.get(o.key)).toBe(Number(o.total) / 100);

        // The board's events: one order.created per stored order (announced after the commit, read back together).
        let events: { data: string }[] = [];
        for (let i = 0; i < 50; i++) {
          events = await ctx.db
            .selectFrom('staff_events')
            .select('data')
            .where('type', '=', 'order.created')
            .where('place_id', '=', f.bistro)
            .execute();
          const announced = events.filter((e) =>
            ids.has((JSON.parse(e.data) as { order: { id: number } }).order.id),
          );
          if (announced.length >= 31) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        const announcedIds = events
          .map((e) => (JSON.parse(e.data) as { order: { id: number } }).order.id)
          .filter((id) => ids.has(id));
        expect(announcedIds.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
        // SQLite: the event batches commit with synchronous = NORMAL (events.ts); the connection is back to FULL
        // afterwards, so the next order's COMMIT waits for its fsync as before.
        const sqlite = ctx.database.sqlite?.database;
        if (sqlite) expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
      },
    );

    ctx.test(
      "each stored order's board event: on PostgreSQL committed in the order's own transaction (there as soon as " +
        'the answer is, same transaction id), carrying the order exactly as the board reads it back',
      async () => {
        ctx.clock.setOverride(new Date(OPEN_AT.getTime() + 120_000));
        const f = fx();
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, n) =>
            preorder(ctx, f, n, {
              order_comment: [{ variantId: f.salad.variant, comment: `together ${ctx.dialect} ${n}` }],
            }),
          ),
        );
        expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
        const ids = [...new Set((await storedByMarker(ctx, `together ${ctx.dialect} `)).map((r) => r.id))];
        expect(ids).toHaveLength(20);
        const eventsOf = async () =>
          (
            await ctx.db
              .selectFrom('staff_events')
              .select(['data', 'session'])
              .where('type', '=', 'order.created')
              .where('place_id', '=', f.bistro)
              .execute()
          )
            .map((e) => ({ ...e, order: (JSON.parse(e.data) as { order: StaffOrder }).order }))
            .filter((e) => ids.includes(e.order.id));
        let events = await eventsOf();
        if (ctx.dialect === 'postgres') {
          // No waiting: the answers came after the COMMIT, and the events were in it.
          expect(events).toHaveLength(20);
          const { rows } = await sql<{ same: number }>`select count(*)::int as same from staff_events e
            join orders o on o.xmin = e.xmin and (e.data::json->'order'->>'id')::int = o.id
            where o.id in (${sql.join(ids)}) and e.type = 'order.created'`.execute(ctx.db);
          expect(rows[0]!.same).toBe(20);
        } else {
          // SQLite: published right after the orders' commit, in the event bus's own.
          for (let i = 0; i < 50 && events.length < 20; i++) {
            await new Promise((r) => setTimeout(r, 50));
            events = await eventsOf();
          }
          expect(events).toHaveLength(20);
        }
        // The event carries what the board reads back (the shape the notifier publishes), and the guest's session.
        const bundle = await createStaffRepository(ctx.db).getOrders(f.bistro, ids);
        const board = new Map(toStaffOrders(bundle).map((o) => [o.id, o]));
        const tokens = new Map(bundle.orders.map((o) => [o.id, o.token]));
        for (const e of events) {
          expect(e.order).toEqual(board.get(e.order.id));
          expect(e.session).toBe(tokens.get(e.order.id));
        }
      },
    );

    ctx.test(
      'an order whose write fails inside a batch (a line naming no product: foreign key) fails alone, with the ' +
        "database's error; the batch's other orders are stored whole, and a duplicate inside the batch is refused",
      async () => {
        const f = fx();
        // With the staff events (PostgreSQL: the orders stored one by one after the batch failed carry theirs too).
        const repo = createOrdersRepository(ctx.database, null, { newOrderEvents });
        const at = new Date(OPEN_AT.getTime() + 3 * 60_000).toISOString();
        const input = (
          n: number,
          productId = f.salad.id,
          hash = `batch-fk ${ctx.dialect} ${n}`,
        ): StoreOrderInput => ({
          order: {
            place_id: f.bistro,
            key: `batch-fk-${ctx.dialect}-${n}-${Math.random().toString(36).slice(2)}`,
            token: `batch-fk-token-${n}`,
            type: 3,
            status: 'ordered',
            ...STORED_ORDER_AMOUNTS,
            dedupe_hash: hash,
            created_at: at,
            updated_at: at,
          },
          lines: [
            {
              product_id: productId,
              variant_id: f.salad.variant,
              name: 'Салата',
              size: null,
              quantity: 1,
              unit_price: 500,
              box_fee: 0,
              discount: 0,
              line_total: 500,
              comment: `batch-fk ${ctx.dialect} ${n}`,
              category_id: null,
              ingredients: [],
            },
          ],
          duplicateSince: new Date(Date.parse(at) - 10_000).toISOString(),
          promoId: null,
          accumulatedUsed: null,
        });
        // Pushed in one turn: one batch.
        const outcomes = await Promise.allSettled([
          repo.storeOrder(input(1)),
          repo.storeOrder(input(2, 999_999)),
          repo.storeOrder(input(3)),
          repo.storeOrder(input(4, f.salad.id, `batch-fk ${ctx.dialect} 3`)),
        ]);
        expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
        const values = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : null));
        expect(values[0]).toMatchObject({ ok: true });
        expect(values[2]).toMatchObject({ ok: true });
        expect(values[3]).toEqual({ ok: false, reason: 'duplicate' });
        const rows = await storedByMarker(ctx, `batch-fk ${ctx.dialect} `);
        expect(rows.map((r) => r.comment).sort()).toEqual([
          `batch-fk ${ctx.dialect} 1`,
          `batch-fk ${ctx.dialect} 3`,
        ]);
        const history = await ctx.db
          .selectFrom('order_status_history')
          .select('order_id')
          .where(
            'order_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
        expect(history).toHaveLength(2);
        if (ctx.dialect === 'postgres') {
          const ids = rows.map((r) => r.id);
          const { rows: same } = await sql<{ n: number }>`select count(*)::int as n from staff_events e
            join orders o on o.xmin = e.xmin and (e.data::json->'order'->>'id')::int = o.id
            where o.id in (${sql.join(ids)}) and e.type = 'order.created'`.execute(ctx.db);
          expect(same[0]!.n).toBe(2);
          for (const v of [values[0], values[2]])
            expect(v).toMatchObject({ ok: true, published: { id: expect.any(Number), status: 'ordered' } });
        }
      },
    );

    ctx.test(
      'two group commits at once (as two processes have) storing the same orders: each stored once, the other copy a duplicate',
      async () => {
        const f = fx();
        // Two repositories: two batch queues whose transactions run side by side on PostgreSQL.
        const repos = [createOrdersRepository(ctx.database), createOrdersRepository(ctx.database)];
        const at = new Date(OPEN_AT.getTime() + 4 * 60_000).toISOString();
        const input = (n: number): StoreOrderInput => ({
          order: {
            place_id: f.bistro,
            key: `twice-${ctx.dialect}-${n}-${Math.random().toString(36).slice(2)}`,
            token: `twice-token-${n}`,
            type: 3,
            status: 'ordered',
            ...STORED_ORDER_AMOUNTS,
            dedupe_hash: `twice ${ctx.dialect} ${n}`,
            created_at: at,
            updated_at: at,
          },
          lines: [
            {
              product_id: f.salad.id,
              variant_id: f.salad.variant,
              name: 'Салата',
              size: null,
              quantity: 1,
              unit_price: 500,
              box_fee: 0,
              discount: 0,
              line_total: 500,
              comment: `twice ${ctx.dialect} ${n}`,
              category_id: null,
              ingredients: [],
            },
          ],
          duplicateSince: new Date(Date.parse(at) - 10_000).toISOString(),
          promoId: null,
          accumulatedUsed: null,
        });
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, n) => Promise.all(repos.map((repo) => repo.storeOrder(input(n))))),
        );
        for (const pair of results) {
          expect(pair.filter((r) => r.ok)).toHaveLength(1);
          expect(pair.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'duplicate' }]);
        }
        const rows = await storedByMarker(ctx, `twice ${ctx.dialect} `);
        expect(rows).toHaveLength(10);
      },
    );

    ctx.test(
      'carts checked together (one read for the burst on PostgreSQL) are each answered from their own lines',
      async () => {
        ctx.clock.setOverride(new Date(OPEN_AT.getTime() + 5 * 60_000));
        const f = fx();
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, n) =>
            preorder(
              ctx,
              f,
              100 + n,
              n % 3 === 0
                ? {
                    products: [
                      cartLine(f.salad.id, f.salad.variant, 2),
                      cartLine(f.soldOut.id, f.soldOut.variant, 1),
                    ],
                  }
                : {},
            ),
          ),
        );
        answers.forEach((res, n) => {
          if (n % 3 !== 0) {
            expect(res.statusCode, res.body).toBe(201);
            return;
          }
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({
            message: 'inactiveProductsIds',
            ids: [f.soldOut.id],
            variant_ids: [f.soldOut.variant],
          });
        });
      },
    );

    ctx.test(
      'a promo code with 3 uses left, 8 orders at once: exactly 3 get it, the others are told and store nothing',
      async () => {
        ctx.clock.setOverride(new Date(OPEN_AT.getTime() + 2 * 60_000));
        const f = fx();
        await ctx.db
          .updateTable('promo_codes')
          .set({ max_uses: 3, used_count: 0 })
          .where('id', '=', f.promoId)
          .execute();
        const promo = await ctx.db
          .selectFrom('promo_codes')
          .select('code')
          .where('id', '=', f.promoId)
          .executeTakeFirstOrThrow();
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, n) =>
            preorder(ctx, f, n, {
              promo_code: promo.code,
              order_comment: [{ variantId: f.salad.variant, comment: `promo ${ctx.dialect} ${n}` }],
            }),
          ),
        );
        const statuses = answers.map((a) => a.statusCode);
        expect(statuses.filter((s) => s === 201)).toHaveLength(3);
        expect(statuses.filter((s) => s === 400)).toHaveLength(5);
        for (const a of answers.filter((r) => r.statusCode === 400))
          expect(a.json().code).toBe('invalid_promo_code');
        const used = await ctx.db
          .selectFrom('promo_codes')
          .select('used_count')
          .where('id', '=', f.promoId)
          .executeTakeFirstOrThrow();
        expect(Number(used.used_count)).toBe(3);
        const rows = await storedByMarker(ctx, `promo ${ctx.dialect} `);
        expect(rows).toHaveLength(3);
        const withPromo = await ctx.db
          .selectFrom('orders')
          .select('id')
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .where('promo_code', '=', promo.code)
          .execute();
        expect(withPromo).toHaveLength(3);
      },
    );
  },
  {
    setup: async (db, dialect) => {
      fixtures.set(dialect, await seedOrderFixture(db));
    },
  },
);

describeEachDatabase(
  'the cached venue configuration of the order path',
  (ctx) => {
    ctx.test('an admin closing ordering is obeyed by the very next order, cache or not', async () => {
      ctx.clock.setOverride(OPEN_AT);
      const scan = await ctx.post('/api/tables/verify_token', { token: 'demo-t1', placeSlug: 'bistro' });
      const { session } = scan.json();
      const product = await ctx.db
        .selectFrom('products as p')
        .innerJoin('product_variants as v', 'v.product_id', 'p.id')
        .select(['p.id', 'v.id as variant'])
        .where('p.place_id', '=', await ctx.placeId('bistro'))
        .where('p.in_stock', '=', 1)
        .where('p.active', '=', 1)
        .where('p.hide_for_ordering', '=', 0)
        .where('v.active', '=', 1)
        .orderBy('p.id')
        .executeTakeFirstOrThrow();
      const order = (n: number) =>
        ctx.post('/api/orders', {
          session,
          products: [cartLine(product.id, product.variant, n)],
          order_comment: [],
        });
      expect((await order(1)).statusCode).toBe(201);

      const login = await ctx.request('POST', '/api/login', {
        place: null,
        body: { email: 'admin@demo.test', password: 'demo-admin' },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().token as string;
      const closed = await ctx.request('PUT', '/api/admin/settings', {
        body: { orders_allowed: '0' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(closed.statusCode).toBe(200);
      const refused = await order(2);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('orders_not_allowed');

      await ctx.request('PUT', '/api/admin/settings', {
        body: { orders_allowed: '1' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect((await order(3)).statusCode).toBe(201);
    });
  },
  // The production TTL: without the invalidation the second order would still see ordering open.
  { env: { MENU_CACHE_TTL_MS: '60000' } },
);
