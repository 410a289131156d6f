/**
 * The only place with SQL for placing and listing guest orders (storing a new one: orders.store.ts, the group
 * commit). Reads are scoped by the tenant's place; the
 * product lookup is the one exception, on purpose: it reads the place of every product the cart names so that a
 * product of another venue is told apart (invalid_products_for_place) from one that no longer exists.
 */
import type { Selectable } from 'kysely';
import type pg from 'pg';
import { withRawSqlite, type AppDatabase, type DatabaseHandle, type RawSqlite } from '../../db/database.ts';
import { BatchQueue, type BatchOutcome } from '../../lib/batch-queue.ts';
import { preparedQuery } from '../../db/pg-prepared.ts';
import type { TtlCache } from '../../lib/json-cache.ts';
import type {
  CategoriesTable,
  DeliveryRadiusesTable,
  DeliveryShapesTable,
  OrderTypeDiscountsTable,
  OrderTypePricesTable,
  ProductsTable,
  ProductVariantsTable,
  PromoCodesTable,
  RegionsTable,
  UserDiscountsTable,
} from '../../db/schema.ts';
import { readPlaceSettings } from '../../db/place-settings.ts';
import { parseJson } from '../menu/menu.mapping.ts';
import { createOrderStore, type NewOrderEvents } from './orders.store.ts';
import { placeModules } from '../places/place-modules.repository.ts';

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
// The order store's types, where the service and the tests have always imported them from.
export type { NewOrderLine, StoreOrderInput } from './orders.store.ts';

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
/**
 * The orders repository of a database. `venueCache`: the venue configuration (settings, the place, order types with
 * their tiers and zones, regions) is read through it, keyed `{placeId}|…` so that the admin's writes drop it with the
 * menu cache. Products, stock, sessions, promo codes and users are always read live. Storing is orders.store.ts.
 */
export function createOrdersRepository(
  database: DatabaseHandle,
  venueCache: TtlCache<unknown> | null = null,
  opts: { newOrderEvents?: NewOrderEvents } = {},
) {
  const db: AppDatabase = database.db;
  /** SQLite: the database itself, for the cart check (null on PostgreSQL). */
  const sqlite: RawSqlite | null = database.sqlite ?? null;
  const pool = database.pgPool ?? null;
  /**
   * PostgreSQL: the cart checks of orders arriving together read in one statement per place (`readCartsPg`): one
   * round trip for a burst instead of one per order. Reads only: what each order sees is what its own query would
   * have seen a moment later.
   */
  const cartReads = pool
    ? new BatchQueue((batch: CartRequest[]) => readCartsPg(pool, batch), { max: 256, deferFirst: true })
    : null;
  const { storeOrder } = createOrderStore(database, opts);

  function venue<T>(placeId: number, what: string, load: () => Promise<T>): Promise<T> {
    return venueCache ? (venueCache.get(`${placeId}|orders:${what}`, load) as Promise<T>) : load();
  }

  async function getSettings(placeId: number): Promise<Readonly<Record<string, string>>> {
    return venue(placeId, 'settings', () => readPlaceSettings(db, placeId));
  }

  async function getPlace(placeId: number) {
    return venue(placeId, 'place', () =>
      db
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
  async function getCategoryVisibility(placeId: number): Promise<CategoryVisibilityRow[]> {
    return venue(placeId, 'categories', () =>
      db
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
  async function listPickupPlaces(clientId: number) {
    return db
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
  async function getOrderTypeConfig(placeId: number, type: number): Promise<OrderTypeConfigRows | undefined> {
    return venue(placeId, `order-type:${type}`, () => loadOrderTypeConfig(placeId, type));
  }

  async function loadOrderTypeConfig(
    placeId: number,
    type: number,
  ): Promise<OrderTypeConfigRows | undefined> {
    const ot = await db
      .selectFrom('order_types')
      .select('id')
      .where('place_id', '=', placeId)
      .where('type', '=', type)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!ot) return undefined;
    const [prices, discounts, radiuses, shapes] = await Promise.all([
      db
        .selectFrom('order_type_prices')
        .selectAll()
        .where('order_type_id', '=', ot.id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('order_type_discounts')
        .selectAll()
        .where('order_type_id', '=', ot.id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('delivery_radiuses')
        .selectAll()
        .where('order_type_id', '=', ot.id)
        .orderBy('id')
        .execute(),
      db.selectFrom('delivery_shapes').selectAll().where('order_type_id', '=', ot.id).orderBy('id').execute(),
    ]);
    return { prices, discounts, radiuses, shapes };
  }

  async function listActiveRegions(placeId: number): Promise<RegionRow[]> {
    return venue(placeId, 'regions', () =>
      db
        .selectFrom('regions')
        .selectAll()
        .where('place_id', '=', placeId)
        .where('active', '=', 1)
        .orderBy('id')
        .execute(),
    );
  }

  /** Whether `number` is one of the place's active rooms (tables of kind room), as its QR codes name them. */
  async function isRoomOfPlace(placeId: number, number: string): Promise<boolean> {
    const row = await db
      .selectFrom('tables')
      .select('id')
      .where('place_id', '=', placeId)
      .where('kind', '=', 'room')
      .where('active', '=', 1)
      .where('number', '=', number)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function isDeviceBlocked(placeId: number, deviceId: string): Promise<boolean> {
    const row = await db
      .selectFrom('blocked_devices')
      .select('id')
      .where('place_id', '=', placeId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function getUser(userId: number) {
    return db
      .selectFrom('users')
      .select(['id', 'client_id', 'banned', 'accumulated_amount'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** Orders the user placed at the place before (rejected ones do not count). */
  async function countUserOrders(placeId: number, userId: number): Promise<number> {
    const row = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('place_id', '=', placeId)
      .where('user_id', '=', userId)
      .where('status', '!=', 'rejected')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function listActiveUserDiscounts(placeId: number): Promise<UserDiscountRow[]> {
    return db
      .selectFrom('user_discounts')
      .selectAll()
      .where('place_id', '=', placeId)
      .where('active', '=', 1)
      .orderBy('on_order_number')
      .execute();
  }

  /** An active promo code of the place, compared case-insensitively. */
  async function findPromo(placeId: number, code: string): Promise<PromoRow | undefined> {
    return db
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
  async function findCartRows(
    placeId: number,
    productIds: readonly number[],
    variantIds: readonly number[],
  ): Promise<CartRows> {
    const raw = sqlite;
    if (!raw && cartReads) return cartReads.push({ placeId, productIds, variantIds });
    if (!raw) {
      const [products, variants, categories, ingredients] = await Promise.all([
        findProducts(productIds),
        findVariants(variantIds),
        findProductCategories(placeId, productIds),
        findProductIngredients(placeId, productIds),
      ]);
      return { products, variants, categories, ingredients };
    }
    const products = JSON.stringify(productIds);
    const variants = JSON.stringify(variantIds);
    return withRawSqlite(db, raw, (r) => ({
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
  async function findProducts(ids: readonly number[]): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('id', 'in', [...ids])
      .execute();
  }

  async function findVariants(ids: readonly number[]): Promise<VariantRow[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('product_variants')
      .select(VARIANT_COLUMNS)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Categories of the place's products, with their order_allowed flag (inactive categories never allow ordering). */
  async function findProductCategories(
    placeId: number,
    productIds: readonly number[],
  ): Promise<ProductCategoryRow[]> {
    if (productIds.length === 0) return [];
    return db
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
  async function findProductIngredients(
    placeId: number,
    productIds: readonly number[],
  ): Promise<ProductIngredientRow[]> {
    if (productIds.length === 0) return [];
    return db
      .selectFrom('product_ingredients as pi')
      .innerJoin('ingredients as i', 'i.id', 'pi.ingredient_id')
      .select(['pi.product_id', 'pi.ingredient_id', 'pi.type', 'i.name', 'i.price', 'i.active'])
      .where('i.place_id', '=', placeId)
      .where('pi.product_id', 'in', [...productIds])
      .execute();
  }

  /** The order a tracking page names (issue 24 #6), at this place only, with its status history. */
  async function getOrderByTrackingToken(placeId: number, trackingToken: string) {
    const order = await db
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
    const history = await db
      .selectFrom('order_status_history')
      .select(['status', 'created_at'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    return { order, history };
  }

  /** The orders of a session (order token) at the place, newest first, with lines, ingredients and statuses. */
  async function listOrdersByToken(placeId: number, token: string) {
    const orders = await db
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
      db
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
      db
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
        : await db
            .selectFrom('order_line_ingredients')
            .select(['order_line_id', 'ingredient_id', 'type', 'name', 'price'])
            .where('order_line_id', 'in', lineIds)
            .orderBy('id')
            .execute();
    return { orders, lines, ingredients, history };
  }
  return {
    getSettings,
    getPlace,
    /** The place's switched-on modules read now, not from the venue cache (an admin's switch holds at once). */
    currentModules: (placeId: number) => placeModules(db, placeId),
    getCategoryVisibility,
    listPickupPlaces,
    getOrderTypeConfig,
    listActiveRegions,
    isRoomOfPlace,
    isDeviceBlocked,
    getUser,
    countUserOrders,
    listActiveUserDiscounts,
    findPromo,
    findCartRows,
    findProducts,
    findVariants,
    findProductCategories,
    findProductIngredients,
    storeOrder,
    getOrderByTrackingToken,
    listOrdersByToken,
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
