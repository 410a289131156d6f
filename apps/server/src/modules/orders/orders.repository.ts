/**
 * The only place with SQL for placing and listing guest orders. Reads are scoped by the tenant's place; the
 * product lookup is the one exception, on purpose: it reads the place of every product the cart names so that a
 * product of another venue is told apart (invalid_products_for_place) from one that no longer exists.
 */
import { sql, type Insertable, type Selectable } from 'kysely';
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
import type { TtlCache } from '../../lib/json-cache.ts';
import type {
  CategoriesTable,
  DeliveryRadiusesTable,
  DeliveryShapesTable,
  OrderLineIngredientsTable,
  OrderLinesTable,
  OrdersTable,
  OrderTypeDiscountsTable,
  OrderTypePricesTable,
  ProductsTable,
  ProductVariantsTable,
  PromoCodesTable,
  RegionsTable,
  StaffEventsTable,
  UserDiscountsTable,
} from '../../db/schema.ts';
import { readPlaceSettings } from '../../db/place-settings.ts';
import { storeEventsPg } from '../../plugins/events.ts';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import { StaffRepository, type OrderBundle } from '../staff/staff.repository.ts';
import { parseJson } from '../menu/menu.mapping.ts';

/** What ordering needs of a product (not its descriptions and translations: the order path reads it per order). */
const PRODUCT_COLUMNS = [
  'id',
  'place_id',
  'name',
  'type',
  'in_stock',
  'active',
  'hide_for_ordering',
  'show_only_for_spot_browse',
  'hide_only_for_spot_browse',
  'discount_percent',
  'discount_money',
  'disable_promocode_discount',
  'min_count_addable_ingredients',
  'max_count_addable_ingredients',
  'time_based_discount_enabled',
  'time_based_discount_days',
  'time_based_discount_start_hour',
  'time_based_discount_end_hour',
  'time_based_discount_percent',
] as const satisfies readonly (keyof ProductsTable)[];
const VARIANT_COLUMNS = [
  'id',
  'product_id',
  'price',
  'additional_price',
  'size',
  'active',
] as const satisfies readonly (keyof ProductVariantsTable)[];
export type ProductRow = Pick<Selectable<ProductsTable>, (typeof PRODUCT_COLUMNS)[number]>;
export type VariantRow = Pick<Selectable<ProductVariantsTable>, (typeof VARIANT_COLUMNS)[number]>;
export type PromoRow = Selectable<PromoCodesTable>;
export type UserDiscountRow = Selectable<UserDiscountsTable>;
export type RegionRow = Selectable<RegionsTable>;

export interface ProductCategoryRow {
  product_id: number;
  category_id: number;
  is_primary: number;
  order_allowed: number;
}

export type CategoryVisibilityRow = Pick<
  Selectable<CategoriesTable>,
  | 'id'
  | 'parent_id'
  | 'show_cat_only_for_spot_orders'
  | 'hide_cat_only_for_spot_orders'
  | 'show_only_for_spot_browse'
  | 'hide_only_for_spot_browse'
  | 'show_cat_only_for_delivery_orders'
  | 'hide_cat_only_for_delivery_orders'
>;

export interface ProductIngredientRow {
  product_id: number;
  ingredient_id: number;
  type: string;
  name: string;
  price: number;
  active: number;
}

export interface OrderTypeConfigRows {
  prices: Selectable<OrderTypePricesTable>[];
  discounts: Selectable<OrderTypeDiscountsTable>[];
  radiuses: Selectable<DeliveryRadiusesTable>[];
  shapes: Selectable<DeliveryShapesTable>[];
}

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
 * The cart check's four reads (products and variants by id whatever their place, the place's category and
 * ingredient links of those products) in one prepared statement and one round trip, each as a JSON array of rows
 * with the columns and values of the separate queries (integers, bigints within 2^53 and doubles are JSON numbers).
 */
const CART_ROWS_PG =
  `select (select coalesce(json_agg(r), '[]') from (select ${PRODUCT_COLUMNS.map((c) => `"${c}"`).join(', ')} ` +
  'from products where id = any($1::int[])) as r) as products, ' +
  `(select coalesce(json_agg(r), '[]') from (select ${VARIANT_COLUMNS.map((c) => `"${c}"`).join(', ')} ` +
  'from product_variants where id = any($2::int[])) as r) as variants, ' +
  "(select coalesce(json_agg(r), '[]') from (select pc.product_id, pc.category_id, pc.is_primary, " +
  'case when c.active = 1 then c.order_allowed else 0 end as order_allowed from product_categories pc ' +
  'join categories c on c.id = pc.category_id where c.place_id = $3 and pc.product_id = any($1::int[])) as r) ' +
  "as categories, (select coalesce(json_agg(r), '[]') from (select pi.product_id, pi.ingredient_id, pi.type, " +
  'i.name, i.price, i.active from product_ingredients pi join ingredients i on i.id = pi.ingredient_id ' +
  'where i.place_id = $3 and pi.product_id = any($1::int[])) as r) as ingredients';

interface CartRequest {
  placeId: number;
  productIds: readonly number[];
  variantIds: readonly number[];
}

/** What the cart check reads (OrdersRepository.findCartRows). */
export interface CartRows {
  products: ProductRow[];
  variants: VariantRow[];
  categories: ProductCategoryRow[];
  ingredients: ProductIngredientRow[];
}

/**
 * The cart reads of a batch: per place one CART_ROWS_PG for the union of the carts' ids, then each cart gets the
 * rows its own ids select — the same rows its own query would have returned (the filters are the query's).
 */
async function readCartsPg(pool: pg.Pool, batch: CartRequest[]): Promise<BatchOutcome<CartRows>[]> {
  const places = [...new Set(batch.map((b) => b.placeId))];
  const byPlace = new Map<number, CartRows>();
  const failed = new Map<number, unknown>();
  await Promise.all(
    places.map(async (placeId) => {
      const mine = batch.filter((b) => b.placeId === placeId);
      const productIds = [...new Set(mine.flatMap((b) => b.productIds))];
      const variantIds = [...new Set(mine.flatMap((b) => b.variantIds))];
      try {
        const { rows } = await preparedQuery<CartRows>(pool, CART_ROWS_PG, [productIds, variantIds, placeId]);
        byPlace.set(placeId, rows[0]!);
      } catch (err) {
        failed.set(placeId, err);
      }
    }),
  );
  return batch.map((b): BatchOutcome<CartRows> => {
    const rows = byPlace.get(b.placeId);
    if (!rows) return { error: failed.get(b.placeId) };
    const products = new Set(b.productIds);
    const variants = new Set(b.variantIds);
    return {
      value: {
        products: rows.products.filter((r) => products.has(r.id)),
        variants: rows.variants.filter((r) => variants.has(r.id)),
        categories: rows.categories.filter((r) => products.has(r.product_id)),
        ingredients: rows.ingredients.filter((r) => products.has(r.product_id)),
      },
    };
  });
}

export class OrdersRepository {
  readonly #db: AppDatabase;
  /** SQLite: the database itself, for the group commit and the cart check (null on PostgreSQL). */
  readonly #sqlite: RawSqlite | null;
  readonly #venueCache: TtlCache<unknown> | null;
  /**
   * PostgreSQL: the cart checks of orders arriving together read in one statement per place (`readCartsPg`): one
   * round trip for a burst instead of one per order. Reads only: what each order sees is what its own query would
   * have seen a moment later.
   */
  readonly #cartReads: BatchQueue<CartRequest, CartRows> | null;
  /**
   * SQLite group commit. better-sqlite3 is synchronous and the database runs with synchronous=FULL, so every COMMIT
   * is an fsync that blocks the event loop (≈ 10–20 ms on an ordinary disk): one transaction per order capped intake
   * at a few dozen orders per second. Orders that arrive while a commit is under way wait in a queue and the next
   * flush writes them all in one transaction, each inside its own SAVEPOINT — an order that fails (duplicate, promo
   * used up, balance changed, a constraint) is rolled back alone and answered alone; the others commit together. No
   * order is answered before its COMMIT returned, so an acknowledged order is as durable as before; the duplicate
   * check of a later order in the batch sees the earlier ones (same transaction).
   */
  readonly #groupCommit: BatchQueue<StoreOrderInput, StoreOrderResult> | null;
  /**
   * PostgreSQL group commit (`storeBatchPostgres`). Not for the disk's sake here but for the round trips: each
   * query costs the server a socket write and a parse, and one transaction per order was ten of them. Orders that
   * arrive while a batch is being stored go together into the next one. Correct with several processes: the
   * duplicate check runs under the per-hash advisory locks, the promo and balance updates are conditional, and ids
   * come from the sequences — nothing of it is decided in this process' memory beyond the batch itself.
   */
  readonly #pgGroupCommit: BatchQueue<StoreOrderInput, StoreOrderResult> | null;
  /** PostgreSQL group commit: the new orders' staff events, stored in their transaction (null: the notifier does). */
  readonly #newOrderEvents: NewOrderEvents | null;

  /**
   * `venueCache`: the venue configuration (settings, the place, order types with their tiers and zones, regions)
   * is read through it, keyed `{placeId}|…` so that the admin's writes drop it with the menu cache. Products, stock,
   * sessions, promo codes and users are always read live.
   */
  constructor(
    database: DatabaseHandle,
    venueCache: TtlCache<unknown> | null = null,
    opts: { newOrderEvents?: NewOrderEvents } = {},
  ) {
    this.#db = database.db;
    // PostgreSQL only (SQLite's events follow the commit through the bus, in their own cheap transaction).
    this.#newOrderEvents = database.dialect === 'postgres' ? (opts.newOrderEvents ?? null) : null;
    this.#sqlite = database.sqlite ?? null;
    this.#venueCache = venueCache;
    const raw = this.#sqlite;
    // BEGIN or COMMIT failing rejects the whole batch (nothing of it is stored): BatchQueue rejects each item.
    this.#groupCommit = raw
      ? new BatchQueue((batch) => withRawSqlite(this.#db, raw, (r) => storeBatchSqlite(r, batch)), {
          max: GROUP_COMMIT_MAX,
          deferFirst: true,
        })
      : null;
    const pool = database.pgPool ?? null;
    this.#cartReads = pool
      ? new BatchQueue((batch) => readCartsPg(pool, batch), { max: 256, deferFirst: true })
      : null;
    this.#pgGroupCommit = pool
      ? new BatchQueue((batch) => this.#storeBatchPg(pool, batch), {
          max: PG_GROUP_COMMIT_MAX,
          deferFirst: true,
        })
      : null;
  }

  /** One batch on PostgreSQL; the orders one by one (`#storeSingle`) when the batch could not be stored as one. */
  async #storeBatchPg(pool: pg.Pool, batch: StoreOrderInput[]): Promise<BatchOutcome<StoreOrderResult>[]> {
    // No connection (PostgreSQL down): every order of the batch gets the error, as one by one it would.
    const client = await pool.connect();
    let outcome: Awaited<ReturnType<typeof storeBatchPostgres>>;
    try {
      outcome = await storeBatchPostgres(client, batch, this.#newOrderEvents);
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
        outcomes.push({ value: await this.#storeSingle(input) });
      } catch (error) {
        outcomes.push({ error });
      }
    }
    return outcomes;
  }

  #venue<T>(placeId: number, what: string, load: () => Promise<T>): Promise<T> {
    return this.#venueCache
      ? (this.#venueCache.get(`${placeId}|orders:${what}`, load) as Promise<T>)
      : load();
  }

  async getSettings(placeId: number): Promise<Readonly<Record<string, string>>> {
    return this.#venue(placeId, 'settings', () => readPlaceSettings(this.#db, placeId));
  }

  async getPlace(placeId: number) {
    return this.#venue(placeId, 'place', () =>
      this.#db
        .selectFrom('places')
        .select(['id', 'client_id', 'lat', 'lng', 'functionality_modules'])
        .where('id', '=', placeId)
        .executeTakeFirst()
        .then(
          (row) =>
            row && {
              ...row,
              /** The place's functionality modules (payments, booking, …). */
              modules: parseJson<unknown[]>(row.functionality_modules, []).filter(
                (m): m is string => typeof m === 'string',
              ),
            },
        ),
    );
  }

  /**
   * The place's categories with their parent and visibility flags (spec §4): whether a product may be ordered in an
   * order type depends on its categories and their ancestors. Venue configuration: cached, dropped by admin writes.
   */
  async getCategoryVisibility(placeId: number): Promise<CategoryVisibilityRow[]> {
    return this.#venue(placeId, 'categories', () =>
      this.#db
        .selectFrom('categories')
        .select([
          'id',
          'parent_id',
          'show_cat_only_for_spot_orders',
          'hide_cat_only_for_spot_orders',
          'show_only_for_spot_browse',
          'hide_only_for_spot_browse',
          'show_cat_only_for_delivery_orders',
          'hide_cat_only_for_delivery_orders',
        ])
        .where('place_id', '=', placeId)
        .execute(),
    );
  }

  /** Active places of the client that offer pickup (an active order type 3), by name: the pickup venues. */
  async listPickupPlaces(clientId: number) {
    return this.#db
      .selectFrom('places as p')
      .innerJoin('order_types as ot', 'ot.place_id', 'p.id')
      .select(['p.id', 'p.slug', 'p.name', 'p.translations', 'p.address'])
      .where('p.client_id', '=', clientId)
      .where('p.active', '=', 1)
      .where('ot.type', '=', 3)
      .where('ot.active', '=', 1)
      .distinct()
      .orderBy('p.name')
      .orderBy('p.id')
      .execute();
  }

  /** The active order type of the place with its tiers and zones, or undefined when the place does not offer it. */
  async getOrderTypeConfig(placeId: number, type: number): Promise<OrderTypeConfigRows | undefined> {
    return this.#venue(placeId, `order-type:${type}`, () => this.#loadOrderTypeConfig(placeId, type));
  }

  async #loadOrderTypeConfig(placeId: number, type: number): Promise<OrderTypeConfigRows | undefined> {
    const ot = await this.#db
      .selectFrom('order_types')
      .select('id')
      .where('place_id', '=', placeId)
      .where('type', '=', type)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!ot) return undefined;
    const [prices, discounts, radiuses, shapes] = await Promise.all([
      this.#db
        .selectFrom('order_type_prices')
        .selectAll()
        .where('order_type_id', '=', ot.id)
        .orderBy('id')
        .execute(),
      this.#db
        .selectFrom('order_type_discounts')
        .selectAll()
        .where('order_type_id', '=', ot.id)
        .orderBy('id')
        .execute(),
      this.#db
        .selectFrom('delivery_radiuses')
        .selectAll()
        .where('order_type_id', '=', ot.id)
        .orderBy('id')
        .execute(),
      this.#db
        .selectFrom('delivery_shapes')
        .selectAll()
        .where('order_type_id', '=', ot.id)
        .orderBy('id')
        .execute(),
    ]);
    return { prices, discounts, radiuses, shapes };
  }

  async listActiveRegions(placeId: number): Promise<RegionRow[]> {
    return this.#venue(placeId, 'regions', () =>
      this.#db
        .selectFrom('regions')
        .selectAll()
        .where('place_id', '=', placeId)
        .where('active', '=', 1)
        .orderBy('id')
        .execute(),
    );
  }

  /** Whether `number` is one of the place's active rooms (tables of kind room), as its QR codes name them. */
  async isRoomOfPlace(placeId: number, number: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('tables')
      .select('id')
      .where('place_id', '=', placeId)
      .where('kind', '=', 'room')
      .where('active', '=', 1)
      .where('number', '=', number)
      .executeTakeFirst();
    return row !== undefined;
  }

  async isDeviceBlocked(placeId: number, deviceId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('blocked_devices')
      .select('id')
      .where('place_id', '=', placeId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async getUser(userId: number) {
    return this.#db
      .selectFrom('users')
      .select(['id', 'client_id', 'banned', 'accumulated_amount'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** Orders the user placed at the place before (rejected ones do not count). */
  async countUserOrders(placeId: number, userId: number): Promise<number> {
    const row = await this.#db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('place_id', '=', placeId)
      .where('user_id', '=', userId)
      .where('status', '!=', 'rejected')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async listActiveUserDiscounts(placeId: number): Promise<UserDiscountRow[]> {
    return this.#db
      .selectFrom('user_discounts')
      .selectAll()
      .where('place_id', '=', placeId)
      .where('active', '=', 1)
      .orderBy('on_order_number')
      .execute();
  }

  /** An active promo code of the place, compared case-insensitively. */
  async findPromo(placeId: number, code: string): Promise<PromoRow | undefined> {
    return this.#db
      .selectFrom('promo_codes')
      .selectAll()
      .where('place_id', '=', placeId)
      .where((eb) => eb(eb.fn('upper', ['code']), '=', code.toUpperCase()))
      .where('active', '=', 1)
      .executeTakeFirst();
  }

  /**
   * Everything the cart check reads, in one go: the products and variants the cart names (whatever their place),
   * and the place's category links and ingredient links of those products. On SQLite one synchronous pass of
   * prepared statements (the id lists bound as JSON arrays, so the SQL text and its statement are reused); on
   * PostgreSQL one prepared statement (CART_ROWS_PG); the Kysely queries below only without the pool at hand.
   */
  async findCartRows(
    placeId: number,
    productIds: readonly number[],
    variantIds: readonly number[],
  ): Promise<CartRows> {
    const raw = this.#sqlite;
    if (!raw && this.#cartReads) return this.#cartReads.push({ placeId, productIds, variantIds });
    if (!raw) {
      const [products, variants, categories, ingredients] = await Promise.all([
        this.findProducts(productIds),
        this.findVariants(variantIds),
        this.findProductCategories(placeId, productIds),
        this.findProductIngredients(placeId, productIds),
      ]);
      return { products, variants, categories, ingredients };
    }
    const products = JSON.stringify(productIds);
    const variants = JSON.stringify(variantIds);
    return withRawSqlite(this.#db, raw, (r) => ({
      products: r
        .prepare(
          `select ${PRODUCT_COLUMNS.map((c) => `"${c}"`).join(', ')} from products ` +
            'where id in (select value from json_each(?))',
        )
        .all(products) as ProductRow[],
      variants: r
        .prepare(
          `select ${VARIANT_COLUMNS.map((c) => `"${c}"`).join(', ')} from product_variants ` +
            'where id in (select value from json_each(?))',
        )
        .all(variants) as VariantRow[],
      categories: r
        .prepare(
          // Driven by the cart's few products (CROSS JOIN fixes the order): SQLite would otherwise start from
          // every category of the place. The unary + keeps the place filter out of index planning: a bound
          // parameter the planner looks at makes SQLite re-prepare the statement on each new binding (~40 µs).
          'select pc.product_id, pc.category_id, pc.is_primary, ' +
            'case when c.active = 1 then c.order_allowed else 0 end as order_allowed ' +
            'from json_each(?) j cross join product_categories pc on pc.product_id = j.value ' +
            'cross join categories c on c.id = pc.category_id where +c.place_id = ?',
        )
        .all(products, placeId) as ProductCategoryRow[],
      ingredients: r
        .prepare(
          'select pi.product_id, pi.ingredient_id, pi.type, i.name, i.price, i.active ' +
            'from json_each(?) j cross join product_ingredients pi on pi.product_id = j.value ' +
            'cross join ingredients i on i.id = pi.ingredient_id where +i.place_id = ?',
        )
        .all(products, placeId) as ProductIngredientRow[],
    }));
  }

  /** Products by id, whatever their place (see the module comment). */
  async findProducts(ids: readonly number[]): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('id', 'in', [...ids])
      .execute();
  }

  async findVariants(ids: readonly number[]): Promise<VariantRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('product_variants')
      .select(VARIANT_COLUMNS)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Categories of the place's products, with their order_allowed flag (inactive categories never allow ordering). */
  async findProductCategories(placeId: number, productIds: readonly number[]): Promise<ProductCategoryRow[]> {
    if (productIds.length === 0) return [];
    return this.#db
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select([
        'pc.product_id',
        'pc.category_id',
        'pc.is_primary',
        (eb) =>
          eb
            .case()
            .when('c.active', '=', 1)
            .then(eb.ref('c.order_allowed'))
            .else(0)
            .end()
            .as('order_allowed'),
      ])
      .where('c.place_id', '=', placeId)
      .where('pc.product_id', 'in', [...productIds])
      .execute();
  }

  /** The ingredients linked to the place's products, with their price and whether they are active. */
  async findProductIngredients(
    placeId: number,
    productIds: readonly number[],
  ): Promise<ProductIngredientRow[]> {
    if (productIds.length === 0) return [];
    return this.#db
      .selectFrom('product_ingredients as pi')
      .innerJoin('ingredients as i', 'i.id', 'pi.ingredient_id')
      .select(['pi.product_id', 'pi.ingredient_id', 'pi.type', 'i.name', 'i.price', 'i.active'])
      .where('i.place_id', '=', placeId)
      .where('pi.product_id', 'in', [...productIds])
      .execute();
  }

  /**
   * Stores an order with its lines, line ingredients and first status in one transaction (shared with the orders
   * that arrive with it: the group commits), unless the same order (same dedupe hash) was stored since
   * `duplicateSince`. The check runs inside the transaction and is serialised: on PostgreSQL by a
   * transaction-scoped advisory lock on the hash (only identical orders wait for each other, in any process); on
   * SQLite by the single writer connection the transaction holds.
   */
  async storeOrder(input: StoreOrderInput): Promise<StoreOrderResult> {
    if (this.#groupCommit) return this.#groupCommit.push(input);
    if (this.#pgGroupCommit) return this.#pgGroupCommit.push(input);
    return this.#storeSingle(input);
  }

  /**
   * One order in its own transaction (PostgreSQL without the pool at hand, and a failed batch's orders), with its
   * staff event when `newOrderEvents` is given (read back inside the transaction: a rare path).
   */
  async #storeSingle(input: StoreOrderInput): Promise<StoreOrderResult> {
    const newOrderEvents = this.#newOrderEvents;
    try {
      return await this.#db.transaction().execute(async (trx) => {
        const stored = await this.#storeOne(trx, input);
        if (!stored.ok || !newOrderEvents) return stored;
        const made = newOrderEvents(
          await new StaffRepository(trx).getOrders(input.order.place_id, [stored.orderId]),
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
  async #storeOne(trx: AppDatabase, input: StoreOrderInput): Promise<StoreOrderResult> {
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

  /** The order a tracking page names (issue 24 #6), at this place only, with its status history. */
  async getOrderByTrackingToken(placeId: number, trackingToken: string) {
    const order = await this.#db
      .selectFrom('orders')
      .select([
        'id',
        'key',
        'token',
        'number',
        'type',
        'status',
        'created_at',
        'requested_time',
        'total',
        'currency',
        'payment_method',
        'payment_status',
      ])
      .where('place_id', '=', placeId)
      .where('tracking_token', '=', trackingToken)
      .executeTakeFirst();
    if (!order) return undefined;
    const history = await this.#db
      .selectFrom('order_status_history')
      .select(['status', 'created_at'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    return { order, history };
  }

  /** The orders of a session (order token) at the place, newest first, with lines, ingredients and statuses. */
  async listOrdersByToken(placeId: number, token: string) {
    const orders = await this.#db
      .selectFrom('orders')
      .select(['id', 'key', 'number', 'type', 'status', 'created_at', 'total', 'payment_method'])
      .where('place_id', '=', placeId)
      .where('token', '=', token)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const ids = orders.map((o) => o.id);
    if (ids.length === 0) return { orders, lines: [], ingredients: [], history: [] };
    const [lines, history] = await Promise.all([
      this.#db
        .selectFrom('order_lines')
        .select([
          'id',
          'order_id',
          'product_id',
          'variant_id',
          'name',
          'size',
          'quantity',
          'unit_price',
          'line_total',
          'comment',
        ])
        .where('order_id', 'in', ids)
        .orderBy('id')
        .execute(),
      this.#db
        .selectFrom('order_status_history')
        .select(['order_id', 'status', 'created_at'])
        .where('order_id', 'in', ids)
        .orderBy('id')
        .execute(),
    ]);
    const lineIds = lines.map((l) => l.id);
    const ingredients =
      lineIds.length === 0
        ? []
        : await this.#db
            .selectFrom('order_line_ingredients')
            .select(['order_line_id', 'ingredient_id', 'type', 'name', 'price'])
            .where('order_line_id', 'in', lineIds)
            .orderBy('id')
            .execute();
    return { orders, lines, ingredients, history };
  }
}
