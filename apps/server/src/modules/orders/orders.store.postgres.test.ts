/**
 * The order store on PostgreSQL (orders.store.ts), called directly: what a caller of `storeOrder` gets and what the
 * database then holds, on both of its paths —
 * - one order per transaction (`storeSingle`: a handle without its pool, and the orders of a batch that could not be
 *   stored as one);
 * - the group commit (`storeBatchPostgres`): the orders pushed together in one transaction of multi-row inserts,
 *   falling back to one by one when the batch's rows differ in shape or a statement fails before the COMMIT, its
 *   connection given back to the pool healthy or dropped when its ROLLBACK failed; a failed COMMIT fails every order
 *   of the batch and stores none a second time.
 * Each order comes with its lines, line ingredients, first status, short number of the venue's day, promo use and
 * balance use; a duplicate, a spent promo code or a changed balance is answered alone and leaves nothing behind.
 */
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { POSTGRES_AVAILABLE, createTestState } from '../../../test/harness.ts';
import { insertTable } from '../../../test/fixtures.ts';
import { createStaffRepository } from '../staff/staff.repository.ts';
import { newOrderEvents } from '../staff/staff.events.ts';
import { toStaffOrders } from '../staff/staff.service.ts';
import { saladLine, seedOrderFixture, storeInput, type OrderFixture } from './orders.fixtures.ts';
import {
  createOrderStore,
  type NewOrderLine,
  type StoreOrderInput,
  type StoreOrderResult,
} from './orders.store.ts';

/** Tuesday 2026-11-24 12:00 in Sofia: each test stores its orders at its own minute after it. */
const START = Date.parse('2026-11-24T10:00:00.000Z');
const minute = (n: number, seconds = 0) => new Date(START + n * 60_000 + seconds * 1000).toISOString();

describe.skipIf(!POSTGRES_AVAILABLE)('the order store [postgres]', () => {
  let state: Awaited<ReturnType<typeof createTestState>>;
  let f: OrderFixture;
  let db: Kysely<Database>;
  /** The handle as the server opens it (with its pool: the group commit). */
  let pooled: DatabaseHandle;
  /** The same database without the pool at hand: every order in its own transaction. */
  let single: DatabaseHandle;

  beforeAll(async () => {
    state = await createTestState('postgres', {
      setup: async (d) => {
        f = await seedOrderFixture(d);
      },
    });
    pooled = state.handle;
    db = pooled.db;
    single = { ...pooled, pgPool: undefined };
  });

  afterAll(async () => {
    await state?.cleanup();
  });

  const line = (comment: string, ingredients: NewOrderLine['ingredients'] = []) =>
    saladLine(f, comment, ingredients);
  /** The soup's bread, as the service stores a line ingredient (all four columns, in this order). */
  const bread = () => ({ ingredient_id: f.soup.bread, type: 'required', name: 'Хляб', price: 50 });
  const cheese = () => ({ ingredient_id: f.soup.cheese, type: 'addable', name: 'Сирене', price: 100 });
  const order = (at: string, o: Parameters<typeof storeInput>[2] = {}) => storeInput(f, at, o);

  /** Everything stored for an order: its row, lines, line ingredients and status history. */
  async function storedOf(orderId: number) {
    const row = await db
      .selectFrom('orders')
      .select([
        'id',
        'key',
        'place_id',
        'number',
        'number_day',
        'client_email',
        'client_phone',
        'dedupe_hash',
      ])
      .where('id', '=', orderId)
      .executeTakeFirst();
    const lines = await db
      .selectFrom('order_lines')
      .select(['id', 'product_id', 'variant_id', 'size', 'comment', 'category_id', 'quantity', 'line_total'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    const ingredients = lines.length
      ? await db
          .selectFrom('order_line_ingredients')
          .select(['id', 'order_line_id', 'ingredient_id', 'type', 'name', 'price'])
          .where(
            'order_line_id',
            'in',
            lines.map((l) => l.id),
          )
          .orderBy('id')
          .execute()
      : [];
    const history = await db
      .selectFrom('order_status_history')
      .select(['status', 'changed_by', 'reason', 'created_at'])
      .where('order_id', '=', orderId)
      .execute();
    return { row, lines, ingredients, history };
  }

  /** Ids of the orders stored under these keys. */
  async function idsOfKeys(inputs: StoreOrderInput[]): Promise<number[]> {
    const rows = await db
      .selectFrom('orders')
      .select('id')
      .where(
        'key',
        'in',
        inputs.map((i) => i.order.key),
      )
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** How many transactions wrote these orders (rows written by one transaction carry its id, xmin). */
  async function transactionsOf(ids: number[]): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(distinct xmin::text)::int as n from orders
      where id in (${sql.join(ids)})`.execute(db);
    return rows[0]!.n;
  }

  const promoUses = async (id: number) =>
    Number(
      (await db.selectFrom('promo_codes').select('used_count').where('id', '=', id).executeTakeFirstOrThrow())
        .used_count,
    );
  const balanceOf = async (userId: number) =>
    Number(
      (
        await db
          .selectFrom('users')
          .select('accumulated_amount')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).accumulated_amount,
    );
  const lastNumber = async (place: number, day: string) =>
    (
      await db
        .selectFrom('order_numbers')
        .select('last_number')
        .where('place_id', '=', place)
        .where('day', '=', day)
        .executeTakeFirst()
    )?.last_number;

  /** A promo code of the bistro used `used` times out of `max` (null: no limit). */
  async function promo(code: string, used: number, max: number | null): Promise<number> {
    const row = await db
      .insertInto('promo_codes')
      .values({
        place_id: f.bistro,
        code,
        discount_type: 'percent',
        discount_value: 10,
        ignore_other_discounts: 0,
        valid_from: null,
        valid_to: null,
        max_uses: max,
        used_count: used,
        eligible_product_ids: 'null',
        active: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A user of the client holding `amount` (minor units) of accumulated amount. */
  async function userWith(email: string, amount: number): Promise<number> {
    const client = await db
      .selectFrom('places')
      .select('client_id')
      .where('id', '=', f.bistro)
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('users')
      .values({
        client_id: client.client_id,
        email,
        password_hash: 'x',
        first_name: 'Иван',
        last_name: 'Петров',
        phone: null,
        address: null,
        role: 'USER',
        points: 0,
        accumulated_amount: amount,
        banned: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Pushes the inputs in one turn (one batch of the group commit) and answers each one's outcome. */
  function together(store: ReturnType<typeof createOrderStore>, inputs: StoreOrderInput[]) {
    return Promise.allSettled(inputs.map((i) => store.storeOrder(i)));
  }
  const valueOf = (o: PromiseSettledResult<StoreOrderResult>) => {
    if (o.status === 'rejected') throw o.reason;
    return o.value;
  };

  describe('one order per transaction (no pool at hand)', () => {
    test('an order is stored with its lines, line ingredients and first status, numbered in its venue and day', async () => {
      const store = createOrderStore(single);
      const first = order(minute(1), {
        day: '2026-11-24',
        lines: [line('soup', [bread(), cheese()]), line('plain')],
      });
      const second = order(minute(1, 1), { day: '2026-11-24' });
      const otherDay = order(minute(1, 2), { day: '2026-11-25' });
      const otherVenue = order(minute(1, 3), { day: '2026-11-24', place: f.hotel });
      const unnumbered = order(minute(1, 4));
      const results = [];
      for (const input of [first, second, otherDay, otherVenue, unnumbered])
        results.push(await store.storeOrder(input));
      const ids = await idsOfKeys([first, second, otherDay, otherVenue, unnumbered]);
      expect(results).toStrictEqual([
        { ok: true, orderId: ids[0], number: 1 },
        { ok: true, orderId: ids[1], number: 2 },
        { ok: true, orderId: ids[2], number: 1 },
        { ok: true, orderId: ids[3], number: 1 },
        { ok: true, orderId: ids[4], number: null },
      ]);
      expect(await lastNumber(f.bistro, '2026-11-24')).toBe(2);
      expect(await lastNumber(f.bistro, '2026-11-25')).toBe(1);
      expect(await lastNumber(f.hotel, '2026-11-24')).toBe(1);

      const stored = await storedOf(ids[0]!);
      expect(stored.row).toMatchObject({ key: first.order.key, number: 1, number_day: '2026-11-24' });
      expect(stored.lines.map((l) => l.comment)).toEqual(['soup', 'plain']);
      expect(stored.ingredients.map(({ id: _, ...i }) => i)).toEqual([
        { order_line_id: stored.lines[0]!.id, ...bread() },
        { order_line_id: stored.lines[0]!.id, ...cheese() },
      ]);
      expect(stored.history).toEqual([
        { status: 'ordered', changed_by: null, reason: null, created_at: minute(1) },
      ]);
      for (const id of ids.slice(1)) {
        const other = await storedOf(id);
        expect(other.lines).toHaveLength(1);
        expect(other.ingredients).toEqual([]);
        expect(other.history).toHaveLength(1);
      }
    });

    test('the same order again within its window is a duplicate and stores nothing; after the window, or at another venue, it is stored', async () => {
      const store = createOrderStore(single);
      const first = order(minute(2), { hash: 'single same' });
      expect(await store.storeOrder(first)).toMatchObject({ ok: true });
      const again = order(minute(2, 5), { hash: 'single same' });
      expect(await store.storeOrder(again)).toStrictEqual({ ok: false, reason: 'duplicate' });
      expect(await idsOfKeys([again])).toEqual([]);
      // The window starts at the first order's instant exactly: still a duplicate.
      const atEdge = order(minute(2, 6), { hash: 'single same', since: minute(2) });
      expect(await store.storeOrder(atEdge)).toStrictEqual({ ok: false, reason: 'duplicate' });
      const later = order(minute(2, 30), { hash: 'single same', since: minute(2, 1) });
      expect(await store.storeOrder(later)).toMatchObject({ ok: true });
      const elsewhere = order(minute(2, 31), { hash: 'single same', place: f.hotel });
      expect(await store.storeOrder(elsewhere)).toMatchObject({ ok: true });
      const noHash = [order(minute(2, 40), { hash: null }), order(minute(2, 41), { hash: null })];
      for (const input of noHash) expect(await store.storeOrder(input)).toMatchObject({ ok: true });
      expect(await idsOfKeys([first, again, atEdge, later, elsewhere, ...noHash])).toHaveLength(5);
    });

    test('an identical order being stored by another process meanwhile is waited for, then this one is its duplicate', async () => {
      const store = createOrderStore(single);
      const mine = order(minute(3, 1), { hash: 'single racing' });
      let settled = false;
      let answer: Promise<StoreOrderResult> | undefined;
      // The other process: holds the hash's lock in its transaction and has written its copy, not yet committed.
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${'single racing'}, 0))`.execute(trx);
        await trx
          .insertInto('orders')
          .values({ ...order(minute(3), { hash: 'single racing' }).order, key: 'racing-other' })
          .execute();
        answer = store.storeOrder(mine).finally(() => (settled = true));
        // Until the store waits for the lock (or, if it took none, has answered).
        for (;;) {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
            where locktype = 'advisory' and not granted`.execute(db);
          if (rows[0]!.n > 0 || settled) break;
          await new Promise((r) => setTimeout(r, 10));
        }
      });
      expect(await answer).toStrictEqual({ ok: false, reason: 'duplicate' });
      expect(await idsOfKeys([mine])).toEqual([]);
    });

    test('a promo code: counted once per order; used up, the order is refused and stores nothing', async () => {
      const store = createOrderStore(single);
      const unlimited = await promo('SINGLE-UNLIMITED', 5, null);
      const lastOne = await promo('SINGLE-LAST', 1, 2);
      const ok1 = order(minute(4), { promoId: unlimited });
      expect(await store.storeOrder(ok1)).toMatchObject({ ok: true });
      expect(await promoUses(unlimited)).toBe(6);
      const ok2 = order(minute(4, 1), { promoId: lastOne });
      expect(await store.storeOrder(ok2)).toMatchObject({ ok: true });
      expect(await promoUses(lastOne)).toBe(2);
      const refused = order(minute(4, 2), { promoId: lastOne, day: '2026-11-30' });
      expect(await store.storeOrder(refused)).toStrictEqual({ ok: false, reason: 'promo_exhausted' });
      expect(await promoUses(lastOne)).toBe(2);
      expect(await idsOfKeys([ok1, ok2, refused])).toHaveLength(2);
      expect(await lastNumber(f.bistro, '2026-11-30')).toBeUndefined();
    });

    test('the accumulated amount: taken from the balance; more than it holds refuses the order (its promo use undone); none used touches no user', async () => {
      const store = createOrderStore(single);
      const user = await userWith('single-balance@ordt.test', 1000);
      const code = await promo('SINGLE-BALANCE', 0, null);
      const takes = order(minute(5), { accumulatedUsed: { userId: user, amount: 400 } });
      expect(await store.storeOrder(takes)).toMatchObject({ ok: true });
      expect(await balanceOf(user)).toBe(600);
      const tooMuch = order(minute(5, 1), { promoId: code, accumulatedUsed: { userId: user, amount: 700 } });
      expect(await store.storeOrder(tooMuch)).toStrictEqual({ ok: false, reason: 'balance_changed' });
      expect(await balanceOf(user)).toBe(600);
      expect(await promoUses(code)).toBe(0);
      const all = order(minute(5, 2), { accumulatedUsed: { userId: user, amount: 600 } });
      expect(await store.storeOrder(all)).toMatchObject({ ok: true });
      expect(await balanceOf(user)).toBe(0);
      // Nothing used: the user is not even looked at (here one that no longer exists).
      const none = order(minute(5, 3), { accumulatedUsed: { userId: 999_999, amount: 0 } });
      expect(await store.storeOrder(none)).toMatchObject({ ok: true });
      expect(await idsOfKeys([takes, tooMuch, all, none])).toHaveLength(3);
    });

    test("with the staff events: the order's event is stored in its transaction and its board order answered", async () => {
      const store = createOrderStore(single, { newOrderEvents });
      const input = order(minute(6), { day: '2026-11-24', lines: [line('evented', [bread()])] });
      const result = await store.storeOrder(input);
      const [id] = await idsOfKeys([input]);
      const board = toStaffOrders(await createStaffRepository(db).getOrders(f.bistro, [id!]));
      expect(result).toStrictEqual({
        ok: true,
        orderId: id,
        number: expect.any(Number),
        published: board[0],
      });
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from staff_events e
        join orders o on o.xmin = e.xmin where o.id = ${id} and e.type = 'order.created'`.execute(db);
      expect(rows[0]!.n).toBe(1);
      // A duplicate is answered as such, without an event.
      const again = order(minute(6, 1), { hash: input.order.dedupe_hash });
      expect(await store.storeOrder(again)).toStrictEqual({ ok: false, reason: 'duplicate' });
      // Events that announce nothing for an order (the caller's choice): stored, with nothing published.
      const quiet = createOrderStore(single, { newOrderEvents: () => [] });
      const unannounced = order(minute(6, 2));
      expect(await quiet.storeOrder(unannounced)).toStrictEqual({
        ok: true,
        orderId: (await idsOfKeys([unannounced]))[0] ?? expect.any(Number),
        number: null,
        published: undefined,
      });
    });
  });

  describe('the group commit (the pool at hand)', () => {
    test('orders pushed together are stored in one transaction, each with its lines, ingredients, first status and number', async () => {
      const store = createOrderStore(pooled);
      // The first order has no lines: the batch's line columns come from the next one.
      const inputs = [
        order(minute(10), { day: '2026-11-26', lines: [] }),
        order(minute(10, 1), { day: '2026-11-26', lines: [line('a', [bread(), cheese()]), line('b')] }),
        order(minute(10, 2), { day: '2026-11-26', lines: [line('c', [cheese()])] }),
      ];
      const results = (await together(store, inputs)).map(valueOf);
      const ids = await idsOfKeys(inputs);
      expect(results).toStrictEqual([
        { ok: true, orderId: ids[0], number: 1 },
        { ok: true, orderId: ids[1], number: 2 },
        { ok: true, orderId: ids[2], number: 3 },
      ]);
      expect(await transactionsOf(ids)).toBe(1);
      expect(await lastNumber(f.bistro, '2026-11-26')).toBe(3);
      const stored = await Promise.all(ids.map(storedOf));
      expect(stored.map((s) => s.row?.number)).toEqual([1, 2, 3]);
      expect(stored.map((s) => s.lines.map((l) => l.comment))).toEqual([[], ['a', 'b'], ['c']]);
      expect(stored[1]!.lines[0]).toMatchObject({
        product_id: f.salad.id,
        variant_id: f.salad.variant,
        quantity: 1,
        line_total: 500,
      });
      expect(stored[1]!.ingredients.map(({ id: _, ...i }) => i)).toEqual([
        { order_line_id: stored[1]!.lines[0]!.id, ...bread() },
        { order_line_id: stored[1]!.lines[0]!.id, ...cheese() },
      ]);
      expect(stored[2]!.ingredients.map(({ id: _, ...i }) => i)).toEqual([
        { order_line_id: stored[2]!.lines[0]!.id, ...cheese() },
      ]);
      for (const [n, s] of stored.entries())
        expect(s.history).toEqual([
          { status: 'ordered', changed_by: null, reason: null, created_at: inputs[n]!.order.created_at },
        ]);
    });

    test('orders without lines together: stored in one transaction', async () => {
      const store = createOrderStore(pooled);
      const inputs = [order(minute(10, 20), { lines: [] }), order(minute(10, 21), { lines: [] })];
      const results = (await together(store, inputs)).map(valueOf);
      const ids = await idsOfKeys(inputs);
      expect(results).toStrictEqual(ids.map((id) => ({ ok: true, orderId: id, number: null })));
      expect(await transactionsOf(ids)).toBe(1);
      for (const id of ids) expect((await storedOf(id)).history).toHaveLength(1);
    });

    test('unnumbered orders together get no number; numbered ones count per venue and per day', async () => {
      const store = createOrderStore(pooled);
      const plain = [order(minute(11)), order(minute(11, 1))];
      const counters = await db
        .selectFrom('order_numbers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const results = (await together(store, plain)).map(valueOf);
      expect(results.map((r) => r.ok && r.number)).toEqual([null, null]);
      expect(await transactionsOf(await idsOfKeys(plain))).toBe(1);
      const after = await db
        .selectFrom('order_numbers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(counters.n));

      await store.storeOrder(order(minute(11, 2), { day: '2026-11-27' }));
      const mixed = [
        order(minute(11, 3), { day: '2026-11-28' }),
        order(minute(11, 4), { day: '2026-11-27', place: f.hotel }),
        order(minute(11, 5), { day: '2026-11-27' }),
        order(minute(11, 6), { day: '2026-11-28' }),
      ];
      const numbers = (await together(store, mixed)).map((o) => {
        const r = valueOf(o);
        return r.ok ? r.number : r.reason;
      });
      expect(numbers).toEqual([1, 1, 2, 2]);
      expect(await lastNumber(f.bistro, '2026-11-27')).toBe(2);
      expect(await lastNumber(f.bistro, '2026-11-28')).toBe(2);
      expect(await lastNumber(f.hotel, '2026-11-27')).toBe(1);
      const stored = await Promise.all((await idsOfKeys(mixed)).map(storedOf));
      expect(stored.map((s) => [s.row?.key, s.row?.number])).toEqual(
        mixed.map((m, n) => [m.order.key, numbers[n]]),
      );
    });

    test('duplicates inside a batch and of stored orders: refused alone, by their own window', async () => {
      const store = createOrderStore(pooled);
      await store.storeOrder(order(minute(12), { hash: 'batch stored' }));
      const inputs = [
        order(minute(12, 1), { hash: 'batch stored', day: '2026-11-29' }),
        order(minute(12, 2), { hash: 'batch twice', day: '2026-11-29' }),
        order(minute(12, 3), { hash: 'batch twice', day: '2026-11-29' }),
        // Its window starts at the earlier copy's instant exactly: a duplicate.
        order(minute(12, 4), { hash: 'batch edge', day: '2026-11-29' }),
        order(minute(12, 5), { hash: 'batch edge', day: '2026-11-29', since: minute(12, 4) }),
        // Its window starts after the earlier copy: stored.
        order(minute(12, 6), { hash: 'batch late', day: '2026-11-29' }),
        order(minute(12, 7), {
          hash: 'batch late',
          day: '2026-11-29',
          since: new Date(Date.parse(minute(12, 6)) + 1).toISOString(),
        }),
        order(minute(12, 8), { hash: null, day: '2026-11-29' }),
        order(minute(12, 9), { hash: null, day: '2026-11-29' }),
      ];
      const results = (await together(store, inputs)).map(valueOf);
      const dup = { ok: false, reason: 'duplicate' };
      const ids = await idsOfKeys(inputs);
      expect(results).toStrictEqual([
        dup,
        { ok: true, orderId: ids[0], number: 1 },
        dup,
        { ok: true, orderId: ids[1], number: 2 },
        dup,
        { ok: true, orderId: ids[2], number: 3 },
        { ok: true, orderId: ids[3], number: 4 },
        { ok: true, orderId: ids[4], number: 5 },
        { ok: true, orderId: ids[5], number: 6 },
      ]);
      expect(ids).toHaveLength(6);
      expect(await transactionsOf(ids)).toBe(1);
    });

    test('promo codes and balances in a batch: a used-up code or a short balance refuses its order alone, undoing its promo use', async () => {
      const store = createOrderStore(pooled);
      const code = await promo('BATCH-TWO-LEFT', 3, 5);
      const user = await userWith('batch-balance@ordt.test', 1000);
      const inputs = [
        order(minute(13), { promoId: code }),
        order(minute(13, 1), { promoId: code, accumulatedUsed: { userId: user, amount: 300 } }),
        order(minute(13, 2), { promoId: code }),
        order(minute(13, 3), { accumulatedUsed: { userId: user, amount: 800 } }),
        order(minute(13, 4), { accumulatedUsed: { userId: user, amount: 700 } }),
        order(minute(13, 5), { accumulatedUsed: { userId: 999_999, amount: 0 } }),
      ];
      const results = (await together(store, inputs)).map(valueOf);
      expect(results.map((r) => (r.ok ? 'ok' : r.reason))).toEqual([
        'ok',
        'ok',
        'promo_exhausted',
        'balance_changed',
        'ok',
        'ok',
      ]);
      expect(results[3]).toStrictEqual({ ok: false, reason: 'balance_changed' });
      expect(await promoUses(code)).toBe(5);
      expect(await balanceOf(user)).toBe(0);
      const ids = await idsOfKeys(inputs);
      expect(ids).toHaveLength(4);
      expect(await transactionsOf(ids)).toBe(1);

      // The code's last use taken by an order whose balance then fails is given back.
      const last = await promo('BATCH-ONE-LEFT', 0, 1);
      const poor = await userWith('batch-poor@ordt.test', 100);
      const second = [
        order(minute(13, 10), { promoId: last, accumulatedUsed: { userId: poor, amount: 200 } }),
        order(minute(13, 11)),
        order(minute(13, 12)),
      ];
      const answers = (await together(store, second)).map(valueOf);
      expect(answers[0]).toStrictEqual({ ok: false, reason: 'balance_changed' });
      expect(await promoUses(last)).toBe(0);
      expect(await balanceOf(poor)).toBe(100);
      const stored = await idsOfKeys(second);
      expect(stored).toHaveLength(2);
      expect(await transactionsOf(stored)).toBe(1);
    });

    test("with the staff events: each order's event committed with it, in the orders' order, its board order answered", async () => {
      // The same rows stored first without events, then with them: each batch gets its own statement.
      const plain = createOrderStore(pooled);
      const first = [order(minute(14), { day: '2026-12-01' }), order(minute(14, 1), { day: '2026-12-01' })];
      (await together(plain, first)).map(valueOf);
      const store = createOrderStore(pooled, { newOrderEvents });
      const tables = await Promise.all(
        ['e3', 'e2', 'e1'].map((n) => insertTable(db, f.bistro, `store-${n}`, `store-table-${n}`)),
      );
      // The later order at the earlier table: the rows come back from the insert not in id order.
      const inputs = tables.map((_, n) =>
        order(minute(14, 2 + n), {
          day: '2026-12-01',
          lines: [line(`evented ${n}`, [bread()])],
          extra: { table_id: tables[tables.length - 1 - n] },
        }),
      );
      // The same column set as `first` but the table: stored before too, without events.
      (
        await together(plain, [order(minute(14, 10), { day: '2026-12-01', extra: { table_id: tables[0] } })])
      ).map(valueOf);
      const results = (await together(store, inputs)).map(valueOf);
      const ids = await idsOfKeys(inputs);
      const board = new Map(
        toStaffOrders(await createStaffRepository(db).getOrders(f.bistro, ids)).map((o) => [o.id, o]),
      );
      expect(results).toStrictEqual(
        ids.map((id, n) => ({ ok: true, orderId: id, number: 4 + n, published: board.get(id) })),
      );
      const events = await db
        .selectFrom('staff_events')
        .select(['id', 'data'])
        .where('type', '=', 'order.created')
        .where('place_id', '=', f.bistro)
        .orderBy('id')
        .execute();
      const announced = events
        .map((e) => (JSON.parse(e.data) as { order: { id: number } }).order.id)
        .filter((id) => ids.includes(id));
      expect(announced).toEqual(ids);
      const { rows } = await sql<{ n: number }>`select count(distinct o.xmin::text)::int as n from orders o
        join staff_events e on e.xmin = o.xmin where o.id in (${sql.join(ids)}) and e.type = 'order.created'`.execute(
        db,
      );
      expect(rows[0]!.n).toBe(1);
      expect(await transactionsOf(ids)).toBe(1);

      // Events that announce nothing (the caller's choice): the orders are stored, nothing published.
      const quiet = createOrderStore(pooled, { newOrderEvents: () => [] });
      const unannounced = [order(minute(14, 20)), order(minute(14, 21))];
      const answers = (await together(quiet, unannounced)).map(valueOf);
      expect(answers.map((a) => a.ok && a.published)).toEqual([undefined, undefined]);
      expect(await transactionsOf(await idsOfKeys(unannounced))).toBe(1);
    });

    test('orders of a batch setting different columns are stored one by one, each with its own values, the connection given back healthy', async () => {
      const watched = watchedPool(pooled.pgPool!);
      const store = createOrderStore({ ...pooled, pgPool: watched.pool });
      const email = { client_email: 'guest@example.com' };
      const cases: StoreOrderInput[][] = [
        // The second sets a column more.
        [order(minute(15)), order(minute(15, 1), { extra: email })],
        // As many columns, another one.
        [
          order(minute(15, 2), { extra: email }),
          order(minute(15, 3), { extra: { client_phone: '+359 888 000 111' } }),
        ],
        // A line sets a column more (the first leaves its size out).
        [
          order(minute(15, 4), { lines: [{ ...line('no size'), size: undefined }] }),
          order(minute(15, 5), {
            lines: [
              { ...line('no size'), size: undefined },
              { ...line('sized'), size: '300 г' },
            ],
          }),
        ],
        // A line ingredient brings its own id.
        [
          order(minute(15, 6), { lines: [line('ing', [bread()])] }),
          order(minute(15, 7), { lines: [line('own id', [{ id: 900_001, ...cheese() }])] }),
        ],
        // An order brings its own id.
        [order(minute(15, 8)), order(minute(15, 9), { extra: { id: 900_002 } })],
      ];
      for (const inputs of cases) {
        const results = (await together(store, inputs)).map(valueOf);
        expect(results.map((r) => r.ok)).toEqual([true, true]);
        const ids = await idsOfKeys(inputs);
        expect(ids).toHaveLength(2);
        // One by one: a transaction each.
        expect(await transactionsOf(ids)).toBe(2);
      }
      const [, withEmail] = await Promise.all((await idsOfKeys(cases[0]!)).map(storedOf));
      expect(withEmail!.row?.client_email).toBe('guest@example.com');
      const [one, other] = await Promise.all((await idsOfKeys(cases[1]!)).map(storedOf));
      expect([one!.row?.client_email, one!.row?.client_phone]).toEqual(['guest@example.com', null]);
      expect([other!.row?.client_email, other!.row?.client_phone]).toEqual([null, '+359 888 000 111']);
      const sized = await storedOf((await idsOfKeys([cases[2]![1]!]))[0]!);
      expect(sized.lines.map((l) => l.size)).toEqual([null, '300 г']);
      const ownIngredient = await storedOf((await idsOfKeys([cases[3]![1]!]))[0]!);
      expect(ownIngredient.ingredients.map((i) => i.id)).toEqual([900_001]);
      expect(await idsOfKeys([cases[4]![1]!])).toEqual([900_002]);
      expect(watched.released.map(Boolean)).toEqual(cases.map(() => false));
    });

    test('rows that cannot go as one are sent one by one before the transaction: no ids drawn for them', async () => {
      const store = createOrderStore(pooled);
      const lastId = async () => {
        const { rows } = await sql<{
          n: number;
        }>`select pg_sequence_last_value(pg_get_serial_sequence('orders', 'id')::regclass)::int as n`.execute(
          db,
        );
        return rows[0]!.n;
      };
      const cases: StoreOrderInput[][] = [
        // Orders that bring their own ids.
        [order(minute(16), { extra: { id: 900_010 } }), order(minute(16, 1), { extra: { id: 900_011 } })],
        // Lines that bring their own ids, or their order's.
        [
          order(minute(16, 2), { lines: [{ ...line('own line id'), id: 900_012 } as NewOrderLine] }),
          order(minute(16, 3), { lines: [{ ...line('own line id'), id: 900_013 } as NewOrderLine] }),
        ],
        [
          order(minute(16, 4), { lines: [{ ...line('own order id'), order_id: 1 } as NewOrderLine] }),
          order(minute(16, 5), { lines: [{ ...line('own order id'), order_id: 1 } as NewOrderLine] }),
        ],
        // The second sets a column less (one with a default: the loyalty points it earned).
        [order(minute(16, 6), { extra: { loyalty_points: 0 } }), order(minute(16, 7))],
      ];
      for (const inputs of cases) {
        const before = await lastId();
        const results = (await together(store, inputs)).map(valueOf);
        expect(results.map((r) => r.ok)).toEqual([true, true]);
        const ids = await idsOfKeys(inputs);
        expect(ids).toHaveLength(2);
        // Only the orders without an id of their own drew one.
        const drawn = inputs.filter((i) => i.order.id === undefined).length;
        expect(await lastId()).toBe(before + drawn);
      }
    });

    test('a key set to undefined is a column left to its default: such orders still go together', async () => {
      const store = createOrderStore(pooled);
      const inputs = [order(minute(17), { extra: { client_email: undefined } }), order(minute(17, 1))];
      (await together(store, inputs)).map(valueOf);
      expect(await transactionsOf(await idsOfKeys(inputs))).toBe(1);
    });

    test('a batch where every order sets a column the batches before did not: stored with it', async () => {
      const store = createOrderStore(pooled);
      const inputs = [
        order(minute(18), { extra: { order_comment: 'first' } }),
        order(minute(18, 1), { extra: { order_comment: 'second' } }),
      ];
      (await together(store, inputs)).map(valueOf);
      const ids = await idsOfKeys(inputs);
      expect(await transactionsOf(ids)).toBe(1);
      const rows = await db
        .selectFrom('orders')
        .select('order_comment')
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.order_comment)).toEqual(['first', 'second']);
    });

    test('an order whose write fails inside a batch fails alone with its error; the others are stored one by one, the connection given back healthy', async () => {
      const watched = watchedPool(pooled.pgPool!);
      const store = createOrderStore({ ...pooled, pgPool: watched.pool });
      const bad = { ...line('no such product'), product_id: 999_999 };
      const inputs = [order(minute(19)), order(minute(19, 1), { lines: [bad] }), order(minute(19, 2))];
      const outcomes = await together(store, inputs);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' });
      const ids = await idsOfKeys(inputs);
      expect(ids).toHaveLength(2);
      expect(outcomes.filter((o) => o.status === 'fulfilled').map((o) => valueOf(o))).toStrictEqual(
        ids.map((id) => ({ ok: true, orderId: id, number: null })),
      );
      expect(await transactionsOf(ids)).toBe(2);
      expect(watched.released.map(Boolean)).toEqual([false]);
    });

    test('when the ROLLBACK of a failed batch fails too, its connection is dropped and the orders are stored one by one on another', async () => {
      const watched = watchedPool(pooled.pgPool!, { failRollback: true });
      const store = createOrderStore({ ...pooled, pgPool: watched.pool });
      const bad = { ...line('no such product either'), product_id: 999_998 };
      const inputs = [order(minute(20)), order(minute(20, 1)), order(minute(20, 2), { lines: [bad] })];
      const outcomes = await together(store, inputs);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' });
      const ids = await idsOfKeys(inputs);
      expect(ids).toHaveLength(2);
      expect(outcomes.slice(0, 2).map((o) => valueOf(o))).toStrictEqual(
        ids.map((id) => ({ ok: true, orderId: id, number: null })),
      );
      expect(watched.released.map(Boolean)).toEqual([true]);
    });

    test('a COMMIT that fails fails every order of its batch with its error, and none is stored a second time', async () => {
      const watched = watchedPool(pooled.pgPool!);
      const store = createOrderStore({ ...pooled, pgPool: watched.pool });
      // A check the database makes at COMMIT only, refusing once.
      await sql`create sequence store_test_refusals`.execute(db);
      await sql
        .raw(
          `create function store_test_refuse() returns trigger language plpgsql as $$
        begin
          if new.order_comment = 'refused at commit' and nextval('store_test_refusals') = 1 then
            raise exception 'refused at commit';
          end if;
          return null;
        end $$`,
        )
        .execute(db);
      await sql`create constraint trigger store_test_refuse after insert on orders deferrable initially deferred
        for each row execute function store_test_refuse()`.execute(db);
      try {
        const inputs = [
          order(minute(21), { extra: { order_comment: 'refused at commit' } }),
          order(minute(21, 1), { extra: { order_comment: 'with it' } }),
        ];
        const outcomes = await together(store, inputs);
        expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
        for (const o of outcomes)
          expect((o as PromiseRejectedResult).reason).toMatchObject({ message: 'refused at commit' });
        expect(await idsOfKeys(inputs)).toEqual([]);
        expect(watched.released.map(Boolean)).toEqual([true]);
      } finally {
        await sql`drop trigger store_test_refuse on orders`.execute(db);
        await sql`drop function store_test_refuse()`.execute(db);
        await sql`drop sequence store_test_refusals`.execute(db);
      }
    });

    test('a batch holds at most 64 orders; orders pushed within one turn of the event loop share it', async () => {
      const store = createOrderStore(pooled);
      const many = Array.from({ length: 65 }, (_, n) => order(minute(22, n / 10)));
      (await together(store, many)).map(valueOf);
      expect(await transactionsOf(await idsOfKeys(many))).toBe(2);
      // Pushed in successive microtasks of one turn (requests parsed together): one batch.
      const inputs = [order(minute(23)), order(minute(23, 1)), order(minute(23, 2))];
      const answers: Promise<StoreOrderResult>[] = [];
      for (const input of inputs) {
        answers.push(store.storeOrder(input));
        await Promise.resolve();
      }
      await Promise.all(answers);
      expect(await transactionsOf(await idsOfKeys(inputs))).toBe(1);
    });
  });
});

/**
 * The pool as the order store takes connections from it (an edge we do not own, watched): records how each
 * connection was given back (a truthy argument: dropped as broken). `failRollback`: the connection's ROLLBACK fails
 * without reaching the server, as on a connection that broke mid-transaction — it is left inside its transaction.
 */
function watchedPool(pool: pg.Pool, opts: { failRollback?: boolean } = {}) {
  const released: unknown[] = [];
  const watched = {
    async connect(): Promise<pg.PoolClient> {
      const client = await pool.connect();
      const giveBack = client.release;
      if (opts.failRollback) {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as unknown as { query: unknown }).query = (...args: unknown[]) =>
          args[0] === 'rollback'
            ? Promise.reject(new Error('Connection terminated unexpectedly'))
            : query(...args);
      }
      client.release = (err?: Error | boolean) => {
        released.push(err);
        Reflect.deleteProperty(client, 'query');
        giveBack(err);
      };
      return client;
    },
  };
  return { pool: watched as unknown as pg.Pool, released };
}
