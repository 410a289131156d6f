/**
 * Storing a new order (orders.repository.ts `storeOrder`): the order, its lines, line ingredients, first status,
 * short number, promo use and accumulated amount in one transaction, refused when the same order was stored
 * seconds ago. Orders arriving together are written by a group commit on either database (below); split from the
 * repository's reads (issue 22 #6).
 */
import { sql, type Insertable } from 'kysely';
import type pg from 'pg';
import {
  namedInsert,
  withRawSqlite,
  type AppDatabase,
  type DatabaseHandle,
  type RawSqlite,
} from '../../db/database.ts';
import { BatchQueue, type BatchOutcome } from '../../lib/batch-queue.ts';
import { preparedQuery } from '../../db/pg-prepared.ts';
import type {
  OrderLineIngredientsTable,
  OrderLinesTable,
  OrdersTable,
  StaffEventsTable,
} from '../../db/schema.ts';
import { storeEventsPg } from '../../plugins/events.ts';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import { createStaffRepository, type OrderBundle } from '../staff/staff.repository.ts';

export type NewOrderLine = Omit<Insertable<OrderLinesTable>, 'order_id'> & {
  ingredients: Omit<Insertable<OrderLineIngredientsTable>, 'order_line_id'>[];
};

export interface StoreOrderInput {
  order: Insertable<OrdersTable>;
  lines: NewOrderLine[];
  /** Only for the duplicate check: orders with the same hash created at or after this instant. */
  duplicateSince: string;
  promoId: number | null;
  accumulatedUsed: { userId: number; amount: number } | null;
}

export type StoreOrderResult =
  | {
      ok: true;
      orderId: number;
      number: number | null;
      /**
       * The board's order when its `order.created` staff event was stored in the order's own transaction (the
       * PostgreSQL group commit with `newOrderEvents`): the staff notifier then only mails it. Absent otherwise.
       */
      published?: StaffOrder;
    }
  | { ok: false; reason: 'duplicate' | 'promo_exhausted' | 'balance_changed' };

/**
 * The next short number of the venue's day (issue 24 #8), in the order's own transaction: one upsert on the
 * (place, day) counter row. PostgreSQL locks that row until the transaction ends, so concurrent orders of any
 * number of server processes wait for each other here and never share a number (nothing is counted in a process);
 * SQLite has one writer. A rolled-back order gives its number back.
 */
const NEXT_NUMBER_SQLITE =
  'insert into order_numbers (place_id, day, last_number) values (?, ?, 1) ' +
  'on conflict (place_id, day) do update set last_number = last_number + 1 returning last_number';

/** Most orders written in one SQLite transaction (group commit). */
const GROUP_COMMIT_MAX = 64;

/** Thrown inside the transaction to roll it back with a reason. */
class Rollback extends Error {
  readonly reason: 'promo_exhausted' | 'balance_changed';
  constructor(reason: 'promo_exhausted' | 'balance_changed') {
    super(reason);
    this.reason = reason;
  }
}

/**
 * The group commit on SQLite, synchronously: one transaction for the batch, each order inside its own savepoint
 * (better-sqlite3 nests a transaction function as a SAVEPOINT, rolled back alone when it throws). The same writes
 * as `#storeOne`, as prepared statements: on this path Kysely's query building cost more than SQLite's work.
 */
function storeBatchSqlite(raw: RawSqlite, batch: StoreOrderInput[]): BatchOutcome<StoreOrderResult>[] {
  const storeOne = raw.database.transaction((input: StoreOrderInput): StoreOrderResult => {
    const { order } = input;
    if (order.dedupe_hash) {
      const dup = raw
        .prepare('select id from orders where place_id = ? and dedupe_hash = ? and created_at >= ? limit 1')
        .get(order.place_id, order.dedupe_hash, input.duplicateSince);
      if (dup) return { ok: false, reason: 'duplicate' };
    }
    if (input.promoId !== null) {
      const res = raw
        .prepare(
          'update promo_codes set used_count = used_count + 1 where id = ? and (max_uses is null or used_count < max_uses)',
        )
        .run(input.promoId);
      if (res.changes !== 1) throw new Rollback('promo_exhausted');
    }
    if (input.accumulatedUsed && input.accumulatedUsed.amount > 0) {
      const { userId, amount } = input.accumulatedUsed;
      const res = raw
        .prepare(
          'update users set accumulated_amount = accumulated_amount - ? where id = ? and accumulated_amount >= ?',
        )
        .run(amount, userId, amount);
      if (res.changes !== 1) throw new Rollback('balance_changed');
    }
    const insert = (table: string, row: Record<string, unknown>): number => {
      const { text, params } = namedInsert(table, row);
      return Number(raw.prepare(text).run(params).lastInsertRowid);
    };
    const number = order.number_day
      ? (raw.prepare(NEXT_NUMBER_SQLITE).get(order.place_id, order.number_day) as { last_number: number })
          .last_number
      : null;
    const orderId = insert('orders', { ...order, number });
    for (const { ingredients, ...line } of input.lines) {
      const lineId = insert('order_lines', { ...line, order_id: orderId });
      for (const ingredient of ingredients)
        insert('order_line_ingredients', { ...ingredient, order_line_id: lineId });
    }
    insert('order_status_history', {
      order_id: orderId,
      status: order.status,
      changed_by: null,
      reason: null,
      created_at: order.created_at,
    });
    return { ok: true, orderId, number };
  });
  const storeAll = raw.database.transaction((inputs: StoreOrderInput[]): BatchOutcome<StoreOrderResult>[] =>
    inputs.map((input): BatchOutcome<StoreOrderResult> => {
      try {
        return { value: storeOne(input) };
      } catch (err) {
        return err instanceof Rollback ? { value: { ok: false, reason: err.reason } } : { error: err };
      }
    }),
  );
  return storeAll(batch);
}

/** Most orders written in one PostgreSQL transaction (group commit). */
const PG_GROUP_COMMIT_MAX = 64;

/**
 * The staff events of orders just stored (given by the staff module, staff.events.ts `newOrderEvents`, so that this
 * module need not know the board's shape): from the stored rows, as the board would read them back, each order's
 * `order.created` event and the board's order it carries.
 */
export type NewOrderEvents = (
  bundle: OrderBundle,
) => { orderId: number; published: StaffOrder; event: Insertable<StaffEventsTable> }[];

/** `insert into t (cols) select cols from json_populate_recordset(null::t, $n)`: all rows of a table, one text. */
function jsonInsert(table: string, columns: readonly string[], param: number): string {
  const cols = columns.map((c) => `"${c}"`).join(', ');
  return `insert into "${table}" (${cols}) select ${cols} from json_populate_recordset(null::"${table}", $${param}::json)`;
}

/** The columns a row sets (undefined means the column's default, as Kysely and `namedInsert` treat it). */
function setColumns(row: Record<string, unknown>): string[] {
  return Object.keys(row).filter((k) => row[k] !== undefined);
}

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((c, i) => c === b[i]);

/** SQL texts of the batch insert by column sets: the same few texts, so each is prepared once per connection. */
const batchInsertTexts = new Map<string, string>();

/**
 * `withRows`: the statement also answers the stored rows (RETURNING *, with the order's table number and kind as
 * the staff board reads them), so that the orders' staff events are built without reading them back.
 */
function batchInsertText(
  orderColumns: string[],
  lineColumns: string[],
  ingredientColumns: string[],
  withRows: boolean,
): string {
  const key =
    [orderColumns, lineColumns, ingredientColumns].map((c) => c.join(',')).join('|') + `|${withRows}`;
  let text = batchInsertTexts.get(key);
  if (text === undefined) {
    const returning = withRows ? ' returning *' : '';
    // Writable CTEs run to completion whether read or not; the foreign keys are checked at the end of the statement,
    // when every row of it is in. The rows come back as JSON: integers, bigints (money, within 2^53) and doubles as
    // numbers, as node-postgres reads them here (db/pg-types.ts).
    text =
      `with o as (${jsonInsert('orders', ['id', ...orderColumns], 1)}${returning}), ` +
      `l as (${jsonInsert('order_lines', ['id', 'order_id', ...lineColumns], 2)}${returning}), ` +
      `i as (${jsonInsert('order_line_ingredients', ['order_line_id', ...ingredientColumns], 3)}${returning}), ` +
      `h as (${jsonInsert('order_status_history', ['order_id', 'status', 'changed_by', 'reason', 'created_at'], 4)}${returning}) ` +
      (withRows
        ? "select (select coalesce(json_agg(x), '[]') from (select o.*, t.number as table_number, " +
          't.kind as table_kind from o left join "tables" t on t.id = o.table_id) as x) as orders, ' +
          "(select coalesce(json_agg(l), '[]') from l) as lines, " +
          "(select coalesce(json_agg(i), '[]') from i) as ingredients, " +
          "(select coalesce(json_agg(h), '[]') from h) as history"
        : 'select 1 as done');
    if (batchInsertTexts.size < 100) batchInsertTexts.set(key, text);
  }
  return text;
}

/** Ingredient columns every stored line ingredient has (the service sets all four). */
const INGREDIENT_COLUMNS = ['ingredient_id', 'type', 'name', 'price'];

/**
 * Serialises identical orders across processes: a transaction-scoped advisory lock per dedupe hash (only identical
 * orders wait for each other), taken in key order so that two batches never wait on each other crosswise (a
 * deadlock PostgreSQL would still break by failing one of them, which then stores its orders one by one).
 */
const LOCK_HASHES =
  'select count(pg_advisory_xact_lock(k)) as locked from ' +
  '(select distinct hashtextextended(h, 0) as k from unnest($1::text[]) as h order by k) as s';

/**
 * After the locks (a new statement, so a new snapshot: it sees what an identical order committed while we waited):
 * which orders of the batch were stored in their duplicate window already, and ids for the batch's orders and
 * lines (so that one statement can insert them all, lines pointing at their orders).
 */
const DUPLICATES_AND_IDS =
  'select coalesce((select array_agg(t.i::int) from unnest($1::int[], $2::text[], $3::text[]) ' +
  'with ordinality as t(place_id, hash, since, i) where t.hash is not null and exists (select 1 from orders o ' +
  "where o.place_id = t.place_id and o.dedupe_hash = t.hash and o.created_at >= t.since)), '{}'::int[]) as dups, " +
  "(select array_agg(nextval(pg_get_serial_sequence('orders', 'id'))::int) from generate_series(1, $4::int)) as order_ids, " +
  "(select array_agg(nextval(pg_get_serial_sequence('order_lines', 'id'))::int) from generate_series(1, $5::int)) as line_ids";

/**
 * Short order numbers for a batch (issue 24 #8): `$3` numbers of one venue day at once, the last one answered. The
 * batch takes its counter rows in (place, day) order, so two batches never wait on each other crosswise.
 */
const TAKE_NUMBERS =
  'insert into order_numbers (place_id, day, last_number) values ($1, $2, $3) ' +
  'on conflict (place_id, day) do update set last_number = order_numbers.last_number + $3 returning last_number';

const USE_PROMO =
  'update promo_codes set used_count = used_count + 1 where id = $1 and (max_uses is null or used_count < max_uses)';
const UNUSE_PROMO = 'update promo_codes set used_count = used_count - 1 where id = $1';
const USE_BALANCE =
  'update users set accumulated_amount = accumulated_amount - $1 where id = $2 and accumulated_amount >= $1';

/**
 * The group commit on PostgreSQL: the batch's orders in one transaction of a handful of statements whatever its
 * size — the hash locks, the duplicate check with the ids, the promo and balance updates of the orders that use
 * them, then every order, line, line ingredient and first status in one statement of multi-row inserts (rows as
 * JSON, one prepared text) — instead of ten round trips per order. The outcome per order is what `#storeOne` gives
 * it: a duplicate (of a stored order or of an earlier one in the batch) or a spent promo code / changed balance is
 * answered alone and its writes are not made (the failed conditional update changed nothing; a promo counted for an
 * order whose balance then failed is given back). Returns null, with the transaction rolled back, when anything
 * else went wrong before the COMMIT: the caller then stores the orders one by one, so that each gets its own error.
 */
async function storeBatchPostgres(
  client: pg.PoolClient,
  batch: StoreOrderInput[],
  newOrderEvents: NewOrderEvents | null,
): Promise<StoreOrderResult[] | { retrySingly: true; broken: boolean }> {
  const orderColumns = setColumns(batch[0]!.order as Record<string, unknown>).filter((c) => c !== 'id');
  // The short number is taken here, not set by the service.
  const numbered = orderColumns.includes('number_day');
  const insertColumns = numbered ? [...orderColumns, 'number'] : orderColumns;
  const firstLine = batch.find((b) => b.lines.length > 0)?.lines[0];
  const lineColumns = firstLine
    ? setColumns(firstLine as Record<string, unknown>).filter(
        (c) => c !== 'ingredients' && c !== 'id' && c !== 'order_id',
      )
    : [];
  // Rows that set other columns (none on today's paths) take the one-by-one path, which honours each row's defaults.
  for (const input of batch) {
    if (!sameColumns(setColumns(input.order as Record<string, unknown>), orderColumns))
      return { retrySingly: true, broken: false };
    for (const { ingredients, ...line } of input.lines) {
      const cols = setColumns(line as Record<string, unknown>);
      if (!sameColumns(cols, lineColumns)) return { retrySingly: true, broken: false };
      for (const ing of ingredients)
        if (!sameColumns(setColumns(ing as Record<string, unknown>), INGREDIENT_COLUMNS))
          return { retrySingly: true, broken: false };
    }
  }
  const hashes = batch.map((b) => b.order.dedupe_hash ?? null);
  const lineCount = batch.reduce((n, b) => n + b.lines.length, 0);
  await client.query('begin');
  let committed = false;
  try {
    const toLock = hashes.filter((h): h is string => h !== null);
    if (toLock.length > 0) await preparedQuery(client, LOCK_HASHES, [toLock]);
    const found = await preparedQuery<{ dups: number[]; order_ids: number[]; line_ids: number[] | null }>(
      client,
      DUPLICATES_AND_IDS,
      [
        batch.map((b) => b.order.place_id),
        hashes,
        batch.map((b) => b.duplicateSince),
        batch.length,
        lineCount,
      ],
    );
    const { dups, order_ids: orderIds, line_ids: lineIds } = found.rows[0]!;
    const storedDuplicate = new Set(dups.map((i) => i - 1));
    const results: StoreOrderResult[] = [];
    /** Orders of this batch kept so far, by place and hash: a later identical one is its duplicate. */
    const kept = new Map<string, string>();
    const orders: Record<string, unknown>[] = [];
    const lines: Record<string, unknown>[] = [];
    const ingredients: Record<string, unknown>[] = [];
    const history: Record<string, unknown>[] = [];
    let nextLine = 0;
    for (const [i, input] of batch.entries()) {
      const { order } = input;
      const orderId = orderIds[i]!;
      const lineIdsOfOrder = input.lines.map(() => lineIds![nextLine++]!);
      const hashKey = order.dedupe_hash ? `${order.place_id}|${order.dedupe_hash}` : null;
      const earlier = hashKey ? kept.get(hashKey) : undefined;
      if (storedDuplicate.has(i) || (earlier !== undefined && earlier >= input.duplicateSince)) {
        results.push({ ok: false, reason: 'duplicate' });
        continue;
      }
      if (input.promoId !== null) {
        const res = await preparedQuery(client, USE_PROMO, [input.promoId]);
        if (res.rowCount !== 1) {
          results.push({ ok: false, reason: 'promo_exhausted' });
          continue;
        }
      }
      if (input.accumulatedUsed && input.accumulatedUsed.amount > 0) {
        const { userId, amount } = input.accumulatedUsed;
        const res = await preparedQuery(client, USE_BALANCE, [amount, userId]);
        if (res.rowCount !== 1) {
          if (input.promoId !== null) await preparedQuery(client, UNUSE_PROMO, [input.promoId]);
          results.push({ ok: false, reason: 'balance_changed' });
          continue;
        }
      }
      if (hashKey) kept.set(hashKey, String(order.created_at));
      orders.push({ ...order, id: orderId });
      input.lines.forEach(({ ingredients: ings, ...line }, n) => {
        const lineId = lineIdsOfOrder[n]!;
        lines.push({ ...line, id: lineId, order_id: orderId });
        for (const ing of ings) ingredients.push({ ...ing, order_line_id: lineId });
      });
      history.push({
        order_id: orderId,
        status: order.status,
        changed_by: null,
        reason: null,
        created_at: order.created_at,
      });
      results.push({ ok: true, orderId, number: null });
    }
    if (numbered && orders.length > 0) {
      const groups = new Map<string, { placeId: number; day: string; rows: Record<string, unknown>[] }>();
      for (const row of orders) {
        const placeId = Number(row.place_id);
        const day = String(row.number_day);
        const k = `${String(placeId).padStart(12, '0')}|${day}`;
        const g = groups.get(k) ?? { placeId, day, rows: [] };
        g.rows.push(row);
        groups.set(k, g);
      }
      const numberOf = new Map<number, number>();
      for (const k of [...groups.keys()].sort()) {
        const g = groups.get(k)!;
        const res = await preparedQuery<{ last_number: number }>(client, TAKE_NUMBERS, [
          g.placeId,
          g.day,
          g.rows.length,
        ]);
        const first = Number(res.rows[0]!.last_number) - g.rows.length + 1;
        g.rows.forEach((row, n) => {
          row.number = first + n;
          numberOf.set(Number(row.id), first + n);
        });
      }
      for (const r of results) if (r.ok) r.number = numberOf.get(r.orderId) ?? null;
    }
    if (orders.length > 0) {
      const inserted = await preparedQuery<OrderBundle>(
        client,
        batchInsertText(insertColumns, lineColumns, INGREDIENT_COLUMNS, newOrderEvents !== null),
        [JSON.stringify(orders), JSON.stringify(lines), JSON.stringify(ingredients), JSON.stringify(history)],
      );
      if (newOrderEvents) {
        // The orders' staff events in the same transaction (issue "Scale out" #1): an order and its event commit
        // together or not at all, and the boards of every process hear of it at this COMMIT.
        const bundle = inserted.rows[0]!;
        const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
        const made = newOrderEvents({
          orders: bundle.orders.sort(byId),
          lines: bundle.lines.sort(byId),
          ingredients: bundle.ingredients.sort(byId),
          history: bundle.history.sort(byId),
        });
        await storeEventsPg(
          client,
          made.map((m) => m.event),
        );
        const published = new Map(made.map((m) => [m.orderId, m.published]));
        for (const r of results) if (r.ok) r.published = published.get(r.orderId);
      }
    }
    committed = true;
    await client.query('commit');
    return results;
  } catch (err) {
    // A failed COMMIT leaves the outcome unknown: the batch fails as a whole (each of its callers gets the error),
    // never stored a second time by the one-by-one path.
    if (committed) throw err;
    try {
      await client.query('rollback');
      return { retrySingly: true, broken: false };
    } catch {
      return { retrySingly: true, broken: true };
    }
  }
}

/**
 * The order store of a database. SQLite group commit: better-sqlite3 is synchronous and the database runs with
 * synchronous=FULL, so every COMMIT is an fsync that blocks the event loop (≈ 10–20 ms on an ordinary disk): one
 * transaction per order capped intake at a few dozen orders per second. Orders that arrive while a commit is under
 * way wait in a queue and the next flush writes them all in one transaction, each inside its own SAVEPOINT — an
 * order that fails (duplicate, promo used up, balance changed, a constraint) is rolled back alone and answered
 * alone; the others commit together. No order is answered before its COMMIT returned, so an acknowledged order is as
 * durable as before; the duplicate check of a later order in the batch sees the earlier ones (same transaction).
 *
 * PostgreSQL group commit (`storeBatchPostgres`): not for the disk's sake here but for the round trips — each query
 * costs the server a socket write and a parse, and one transaction per order was ten of them. Orders that arrive
 * while a batch is being stored go together into the next one. Correct with several processes: the duplicate check
 * runs under the per-hash advisory locks, the promo and balance updates are conditional, and ids come from the
 * sequences — nothing of it is decided in this process' memory beyond the batch itself.
 */
export function createOrderStore(database: DatabaseHandle, opts: { newOrderEvents?: NewOrderEvents } = {}) {
  const db: AppDatabase = database.db;
  /**
   * PostgreSQL group commit: the new orders' staff events, stored in their transaction (null: the notifier does).
   * PostgreSQL only (SQLite's events follow the commit through the bus, in their own cheap transaction).
   */
  const newOrderEvents = database.dialect === 'postgres' ? (opts.newOrderEvents ?? null) : null;
  const raw = database.sqlite ?? null;
  // BEGIN or COMMIT failing rejects the whole batch (nothing of it is stored): BatchQueue rejects each item.
  const groupCommit = raw
    ? new BatchQueue(
        (batch: StoreOrderInput[]) => withRawSqlite(db, raw, (r) => storeBatchSqlite(r, batch)),
        {
          max: GROUP_COMMIT_MAX,
          deferFirst: true,
        },
      )
    : null;
  const pool = database.pgPool ?? null;
  const pgGroupCommit = pool
    ? new BatchQueue((batch: StoreOrderInput[]) => storeBatchPg(pool, batch), {
        max: PG_GROUP_COMMIT_MAX,
        deferFirst: true,
      })
    : null;

  /** One batch on PostgreSQL; the orders one by one (`#storeSingle`) when the batch could not be stored as one. */
  async function storeBatchPg(
    pool: pg.Pool,
    batch: StoreOrderInput[],
  ): Promise<BatchOutcome<StoreOrderResult>[]> {
    // No connection (PostgreSQL down): every order of the batch gets the error, as one by one it would.
    const client = await pool.connect();
    let outcome: Awaited<ReturnType<typeof storeBatchPostgres>>;
    try {
      outcome = await storeBatchPostgres(client, batch, newOrderEvents);
    } catch (err) {
      // The COMMIT failed: the connection is dropped and every order of the batch gets the error.
      client.release(err instanceof Error ? err : true);
      throw err;
    }
    if (Array.isArray(outcome)) {
      client.release();
      return outcome.map((value) => ({ value }));
    }
    client.release(outcome.broken || undefined);
    const outcomes: BatchOutcome<StoreOrderResult>[] = [];
    for (const input of batch) {
      try {
        outcomes.push({ value: await storeSingle(input) });
      } catch (error) {
        outcomes.push({ error });
      }
    }
    return outcomes;
  }

  /**
   * Stores an order with its lines, line ingredients and first status in one transaction (shared with the orders
   * that arrive with it: the group commits), unless the same order (same dedupe hash) was stored since
   * `duplicateSince`. The check runs inside the transaction and is serialised: on PostgreSQL by a
   * transaction-scoped advisory lock on the hash (only identical orders wait for each other, in any process); on
   * SQLite by the single writer connection the transaction holds.
   */
  async function storeOrder(input: StoreOrderInput): Promise<StoreOrderResult> {
    if (groupCommit) return groupCommit.push(input);
    if (pgGroupCommit) return pgGroupCommit.push(input);
    return storeSingle(input);
  }

  /**
   * One order in its own transaction (PostgreSQL without the pool at hand, and a failed batch's orders), with its
   * staff event when `newOrderEvents` is given (read back inside the transaction: a rare path).
   */
  async function storeSingle(input: StoreOrderInput): Promise<StoreOrderResult> {
    try {
      return await db.transaction().execute(async (trx) => {
        const stored = await storeOne(trx, input);
        if (!stored.ok || !newOrderEvents) return stored;
        const made = newOrderEvents(
          await createStaffRepository(trx).getOrders(input.order.place_id, [stored.orderId]),
        );
        await storeEventsPg(
          trx,
          made.map((m) => m.event),
        );
        return { ...stored, published: made[0]?.published };
      });
    } catch (err) {
      if (err instanceof Rollback) return { ok: false, reason: err.reason };
      throw err;
    }
  }

  /**
   * One order's writes inside a PostgreSQL transaction (throws Rollback to undo them with a reason); SQLite's are
   * `storeBatchSqlite`.
   */
  async function storeOne(trx: AppDatabase, input: StoreOrderInput): Promise<StoreOrderResult> {
    const { order } = input;
    if (order.dedupe_hash) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${order.dedupe_hash}, 0))`.execute(trx);
      const dup = await trx
        .selectFrom('orders')
        .select('id')
        .where('place_id', '=', order.place_id)
        .where('dedupe_hash', '=', order.dedupe_hash)
        .where('created_at', '>=', input.duplicateSince)
        .limit(1)
        .executeTakeFirst();
      if (dup) return { ok: false as const, reason: 'duplicate' as const };
    }
    if (input.promoId !== null) {
      const res = await trx
        .updateTable('promo_codes')
        .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
        .where('id', '=', input.promoId)
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new Rollback('promo_exhausted');
    }
    if (input.accumulatedUsed && input.accumulatedUsed.amount > 0) {
      const { userId, amount } = input.accumulatedUsed;
      const res = await trx
        .updateTable('users')
        .set((eb) => ({ accumulated_amount: eb('accumulated_amount', '-', amount) }))
        .where('id', '=', userId)
        .where('accumulated_amount', '>=', amount)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new Rollback('balance_changed');
    }
    const number = order.number_day
      ? (
          await trx
            .insertInto('order_numbers')
            .values({ place_id: order.place_id, day: order.number_day, last_number: 1 })
            .onConflict((oc) =>
              oc
                .columns(['place_id', 'day'])
                .doUpdateSet((eb) => ({ last_number: eb('order_numbers.last_number', '+', 1) })),
            )
            .returning('last_number')
            .executeTakeFirstOrThrow()
        ).last_number
      : null;
    const { id: orderId } = await trx
      .insertInto('orders')
      .values({ ...order, number })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const { ingredients, ...line } of input.lines) {
      const { id: lineId } = await trx
        .insertInto('order_lines')
        .values({ ...line, order_id: orderId })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (ingredients.length > 0) {
        await trx
          .insertInto('order_line_ingredients')
          .values(ingredients.map((i) => ({ ...i, order_line_id: lineId })))
          .execute();
      }
    }
    await trx
      .insertInto('order_status_history')
      .values({
        order_id: orderId,
        status: order.status,
        changed_by: null,
        reason: null,
        created_at: order.created_at,
      })
      .execute();
    return { ok: true as const, orderId, number };
  }

  return { storeOrder };
}
