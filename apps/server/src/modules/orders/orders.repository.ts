/**
 * The only place with SQL for placing and listing guest orders. Reads are scoped by the tenant's place; the
 * product lookup is the one exception, on purpose: it reads the place of every product the cart names so that a
 * product of another venue is told apart (invalid_products_for_place) from one that no longer exists.
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { AppDatabase, DialectName } from '../../db/database.ts';
import type {
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
  UserDiscountsTable,
} from '../../db/schema.ts';

export type ProductRow = Selectable<ProductsTable>;
export type VariantRow = Selectable<ProductVariantsTable>;
export type PromoRow = Selectable<PromoCodesTable>;
export type UserDiscountRow = Selectable<UserDiscountsTable>;
export type RegionRow = Selectable<RegionsTable>;

export interface ProductCategoryRow {
  product_id: number;
  category_id: number;
  is_primary: number;
  order_allowed: number;
}

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
  { ok: true; orderId: number } | { ok: false; reason: 'duplicate' | 'promo_exhausted' | 'balance_changed' };

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

export class OrdersRepository {
  readonly #db: AppDatabase;
  readonly #dialect: DialectName;

  constructor(db: AppDatabase, dialect: DialectName) {
    this.#db = db;
    this.#dialect = dialect;
  }

  async getSettings(placeId: number): Promise<Record<string, string>> {
    const rows = await this.#db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('place_id', '=', placeId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  async getPlace(placeId: number) {
    return this.#db
      .selectFrom('places')
      .select(['id', 'client_id', 'lat', 'lng'])
      .where('id', '=', placeId)
      .executeTakeFirst();
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
    return this.#db
      .selectFrom('regions')
      .selectAll()
      .where('place_id', '=', placeId)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
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

  /** Products by id, whatever their place (see the module comment). */
  async findProducts(ids: readonly number[]): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('products')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  async findVariants(ids: readonly number[]): Promise<VariantRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('product_variants')
      .selectAll()
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
   * Stores an order with its lines, line ingredients and first status in one transaction, unless the same order
   * (same dedupe hash) was stored since `duplicateSince`. The check runs inside the transaction and is
   * serialised: on PostgreSQL by a transaction-scoped advisory lock on the hash (only identical orders wait for
   * each other); on SQLite by the single writer connection the transaction holds.
   */
  async storeOrder(input: StoreOrderInput): Promise<StoreOrderResult> {
    if (this.#dialect === 'sqlite') return this.#enqueue(input);
    try {
      return await this.#db.transaction().execute((trx) => this.#storeOne(trx, input));
    } catch (err) {
      if (err instanceof Rollback) return { ok: false, reason: err.reason };
      throw err;
    }
  }

  /**
   * SQLite group commit. better-sqlite3 is synchronous and the database runs with synchronous=FULL, so every COMMIT
   * is an fsync that blocks the event loop (≈ 10–20 ms on an ordinary disk): one transaction per order capped intake
   * at a few dozen orders per second. Orders that arrive while a commit is under way wait in a queue and the next
   * flush writes them all in one transaction, each inside its own SAVEPOINT — an order that fails (duplicate, promo
   * used up, balance changed, a constraint) is rolled back alone and answered alone; the others commit together. No
   * order is answered before its COMMIT returned, so an acknowledged order is as durable as before; the duplicate
   * check of a later order in the batch sees the earlier ones (same transaction).
   */
  #queue: { input: StoreOrderInput; resolve: (r: StoreOrderResult) => void; reject: (e: unknown) => void }[] =
    [];
  #flushing = false;

  #enqueue(input: StoreOrderInput): Promise<StoreOrderResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ input, resolve, reject });
      if (!this.#flushing) {
        this.#flushing = true;
        // One macrotask later: requests parsed in the same tick join the first batch.
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, GROUP_COMMIT_MAX);
        const outcomes: ({ ok: true; result: StoreOrderResult } | { ok: false; error: unknown })[] = [];
        try {
          await this.#db.transaction().execute(async (trx) => {
            outcomes.length = 0;
            for (const item of batch) {
              await sql`savepoint store_order`.execute(trx);
              try {
                const result = await this.#storeOne(trx, item.input);
                await sql`release savepoint store_order`.execute(trx);
                outcomes.push({ ok: true, result });
              } catch (err) {
                await sql`rollback to savepoint store_order`.execute(trx);
                await sql`release savepoint store_order`.execute(trx);
                outcomes.push(
                  err instanceof Rollback
                    ? { ok: true, result: { ok: false, reason: err.reason } }
                    : { ok: false, error: err },
                );
              }
            }
          });
        } catch (err) {
          // BEGIN or COMMIT failed: nothing of the batch is stored.
          for (const item of batch) item.reject(err);
          continue;
        }
        batch.forEach((item, i) => {
          const o = outcomes[i]!;
          if (o.ok) item.resolve(o.result);
          else item.reject(o.error);
        });
      }
    } finally {
      this.#flushing = false;
    }
  }

  /** One order's writes inside a transaction (throws Rollback to undo them with a reason). */
  async #storeOne(trx: AppDatabase, input: StoreOrderInput): Promise<StoreOrderResult> {
    const { order } = input;
    {
      {
        if (this.#dialect === 'postgres' && order.dedupe_hash) {
          await sql`select pg_advisory_xact_lock(hashtextextended(${order.dedupe_hash}, 0))`.execute(trx);
        }
        if (order.dedupe_hash) {
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
        const { id: orderId } = await trx
          .insertInto('orders')
          .values(order)
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
        return { ok: true as const, orderId };
      }
    }
  }

  /** The orders of a session (order token) at the place, newest first, with lines, ingredients and statuses. */
  async listOrdersByToken(placeId: number, token: string) {
    const orders = await this.#db
      .selectFrom('orders')
      .select(['id', 'key', 'type', 'status', 'created_at', 'total', 'payment_method'])
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
