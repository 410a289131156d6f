/**
 * Test data of the ordering suites: its own client `ordt` with places `bistro` (tables, delivery zones, promo,
 * Monday closed) and `hotel` (rooms), so the assertions never depend on what the demo seed happens to contain.
 */
import { beforeEach, expect } from 'vitest';
import type { AppDatabase } from '../../db/database.ts';
import type { TestContext } from '../../../test/harness.ts';
import type { NewOrderLine, StoreOrderInput } from './orders.store.ts';
import {
  insertCategory,
  insertClient,
  insertPlace,
  insertProduct,
  insertTable,
  setSetting,
} from '../../../test/fixtures.ts';

export const CLIENT = 'ordt';
/** Tuesday 2026-11-24 12:00 in Sofia (UTC+2): the bistro is open. */
export const OPEN_AT = new Date('2026-11-24T10:00:00Z');
/** Monday 2026-11-23 12:00 in Sofia: the bistro is closed all day. */
export const MONDAY = new Date('2026-11-23T10:00:00Z');
const VENUE = { lat: 42.6977, lng: 23.3219 };
/** A pin about 1 km from the venue, inside the delivery shape. */
export const PIN_IN_SHAPE = { lat: 42.7047, lng: 23.3219 };
/** About 3 km away: outside the shape, inside the 0–5 km radius ring. */
export const PIN_IN_RADIUS = { lat: 42.7247, lng: 23.3219 };
/** About 20 km away: outside every zone. */
export const PIN_FAR = { lat: 42.8777, lng: 23.3219 };

const minutesTaken = new WeakMap<TestContext['clock'], number>();

/**
 * Moves the suite's clock to its next own minute after `start` (an open Tuesday) and answers which minute that is
 * (1, 2, …), so no two orders of a suite fall in one duplicate-order window; the number also makes a test's data its
 * own. Counted per suite (per clock), so the SQLite and the PostgreSQL runs of a file step alike.
 */
export function nextMinute(ctx: Pick<TestContext, 'clock'>, start: Date = OPEN_AT): number {
  const minute = (minutesTaken.get(ctx.clock) ?? 0) + 1;
  minutesTaken.set(ctx.clock, minute);
  ctx.clock.setOverride(new Date(start.getTime() + minute * 60_000));
  return minute;
}

/**
 * Before each test of the suite, moves its clock to the test's own minute (nextMinute). Call it first in the
 * suite: hooks run in order. Answers a reader of the current test's minute.
 */
export function ownMinuteEachTest(ctx: Pick<TestContext, 'clock'>, start: Date = OPEN_AT): () => number {
  let minute = 0;
  beforeEach(() => {
    minute = nextMinute(ctx, start);
  });
  return () => minute;
}

export interface OrderFixture {
  bistro: number;
  hotel: number;
  soup: { id: number; variant: number; bread: number; cheese: number; onion: number; oldCheese: number };
  salad: { id: number; variant: number };
  soldOut: { id: number; variant: number };
  retired: { id: number; variant: number };
  infoOnly: { id: number; variant: number };
  picky: { id: number; variant: number; a: number; b: number };
  club: { id: number; variant: number };
  promoId: number;
  regionId: number;
  userId: number;
  bannedUserId: number;
  questions: { rating: number; text: number };
}

export async function variantOf(db: AppDatabase, productId: number): Promise<number> {
  const v = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return v.id;
}

async function ingredient(
  db: AppDatabase,
  placeId: number,
  name: string,
  price: number,
  active = 1,
): Promise<number> {
  const row = await db
    .insertInto('ingredients')
    .values({ place_id: placeId, name, translations: '{}', price, active, priority: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function link(db: AppDatabase, productId: number, ingredientId: number, type: string): Promise<void> {
  await db
    .insertInto('product_ingredients')
    .values({ product_id: productId, ingredient_id: ingredientId, type, position: 0 })
    .execute();
}

/** Inserts the whole fixture; returns its ids. */
export async function seedOrderFixture(db: AppDatabase): Promise<OrderFixture> {
  const clientId = await insertClient(db, CLIENT, 'Ordering tests');
  const bistro = await insertPlace(db, clientId, 'bistro', {
    orderTypes: [1, 2, 3, 7],
    modules: ['payments', 'feedback', 'gallery', 'loyalty'],
  });
  const hotel = await insertPlace(db, clientId, 'hotel', { orderTypes: [6], modules: ['feedback'] });
  const week = {
    1: '-',
    2: '08:00-23:00',
    3: '08:00-23:00',
    4: '08:00-23:00',
    5: '08:00-23:00',
    6: '08:00-23:00',
    7: '08:00-23:00',
  };
  await setSetting(db, bistro, 'working_hours', JSON.stringify(week));
  await setSetting(db, bistro, 'orders_allowed', '1');
  await setSetting(db, bistro, 'disable_overtime_orders', '1');
  await setSetting(db, bistro, 'minimal_order_price', '10');
  await setSetting(db, bistro, 'payment_types', 'cash,card,card_on_delivery,bizum');
  await setSetting(db, hotel, 'orders_allowed', '1');

  const mains = await insertCategory(db, bistro, { slug: 'mains', name: 'Основни' });
  const info = await insertCategory(db, bistro, { slug: 'info', name: 'Само меню', order_allowed: 0 });
  const soupId = await insertProduct(
    db,
    bistro,
    { slug: 'soup', name: 'Супа', max_count_addable_ingredients: 2 },
    { categoryIds: [mains], price: 500 },
  );
  const saladId = await insertProduct(
    db,
    bistro,
    { slug: 'salad', name: 'Салата', discount_percent: 10 },
    { categoryIds: [mains], price: 800 },
  );
  const soldOutId = await insertProduct(
    db,
    bistro,
    { slug: 'sold-out', name: 'Изчерпано', in_stock: 0 },
    { categoryIds: [mains] },
  );
  const retiredId = await insertProduct(
    db,
    bistro,
    { slug: 'retired', name: 'Спряно', active: 0 },
    { categoryIds: [mains] },
  );
  const infoId = await insertProduct(
    db,
    bistro,
    { slug: 'info-only', name: 'Само за показ' },
    { categoryIds: [info] },
  );
  const pickyId = await insertProduct(
    db,
    bistro,
    { slug: 'picky', name: 'Избирай', min_count_addable_ingredients: 1 },
    { categoryIds: [mains], price: 700 },
  );
  const bread = await ingredient(db, bistro, 'Хляб', 50);
  const cheese = await ingredient(db, bistro, 'Сирене', 100);
  const onion = await ingredient(db, bistro, 'Лук', 0);
  const oldCheese = await ingredient(db, bistro, 'Старо сирене', 120, 0);
  await link(db, soupId, bread, 'required');
  await link(db, soupId, cheese, 'addable');
  await link(db, soupId, oldCheese, 'addable');
  await link(db, soupId, onion, 'removable');
  const a = await ingredient(db, bistro, 'A', 10);
  const b = await ingredient(db, bistro, 'B', 20);
  await link(db, pickyId, a, 'addable');
  await link(db, pickyId, b, 'addable');

  const roomCat = await insertCategory(db, hotel, { slug: 'room-service', name: 'Рум сървис' });
  const clubId = await insertProduct(
    db,
    hotel,
    { slug: 'club', name: 'Клуб сандвич' },
    { categoryIds: [roomCat], price: 1200 },
  );

  for (let i = 1; i <= 3; i++) await insertTable(db, bistro, String(i), `ordt-t${i}`);
  await insertTable(db, hotel, '101', 'ordt-r101', 'room');

  // Delivery: a square of about ±2 km around the venue (shape), a 0–5 km ring (radius), a region.
  const delivery = await db
    .selectFrom('order_types')
    .select('id')
    .where('place_id', '=', bistro)
    .where('type', '=', 2)
    .executeTakeFirstOrThrow();
  const d = 0.018;
  await db
    .insertInto('delivery_shapes')
    .values({
      order_type_id: delivery.id,
      name: 'Center',
      delivery_price: 250,
      coordinates: JSON.stringify([
        [VENUE.lat - d, VENUE.lng - d],
        [VENUE.lat + d, VENUE.lng - d],
        [VENUE.lat + d, VENUE.lng + d],
        [VENUE.lat - d, VENUE.lng + d],
      ]),
      active_time_from: null,
      active_time_to: null,
      required_order_price_for_free_delivery: 5000,
    })
    .execute();
  await db
    .insertInto('delivery_radiuses')
    .values({
      order_type_id: delivery.id,
      radius_start: 0,
      radius_end: 5,
      delivery_price: 400,
      required_order_price_for_free_delivery: null,
    })
    .execute();

  const region = await db
    .insertInto('regions')
    .values({
      place_id: bistro,
      name: 'Лозенец',
      translations: '{}',
      delivery_price: 200,
      required_order_price_for_free_delivery: null,
      active: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const promo = await db
    .insertInto('promo_codes')
    .values({
      place_id: bistro,
      code: 'WELCOME10',
      discount_type: 'percent',
      discount_value: 10,
      ignore_other_discounts: 0,
      valid_from: null,
      valid_to: null,
      max_uses: null,
      used_count: 0,
      eligible_product_ids: 'null',
      active: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('blocked_devices').values({ place_id: bistro, device_id: 'dev-blocked' }).execute();

  const user = (email: string, banned: number) =>
    db
      .insertInto('users')
      .values({
        client_id: clientId,
        email,
        password_hash: 'x',
        first_name: 'Иван',
        last_name: 'Петров',
        phone: null,
        address: null,
        role: 'USER',
        points: 0,
        accumulated_amount: 0,
        banned,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const userId = (await user('guest@ordt.test', 0)).id;
  const bannedUserId = (await user('banned@ordt.test', 1)).id;

  const q = (text: string, type: string, position: number) =>
    db
      .insertInto('feedback_questions')
      .values({
        place_id: bistro,
        text,
        translations: JSON.stringify({ en: { text: `${text} (en)` } }),
        type,
        position,
        active: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const rating = (await q('Как беше храната?', 'rating', 1)).id;
  const text = (await q('Нещо друго?', 'text', 2)).id;

  return {
    bistro,
    hotel,
    soup: { id: soupId, variant: await variantOf(db, soupId), bread, cheese, onion, oldCheese },
    salad: { id: saladId, variant: await variantOf(db, saladId) },
    soldOut: { id: soldOutId, variant: await variantOf(db, soldOutId) },
    retired: { id: retiredId, variant: await variantOf(db, retiredId) },
    infoOnly: { id: infoId, variant: await variantOf(db, infoId) },
    picky: { id: pickyId, variant: await variantOf(db, pickyId), a, b },
    club: { id: clubId, variant: await variantOf(db, clubId) },
    promoId: promo.id,
    regionId: region.id,
    userId,
    bannedUserId,
    questions: { rating, text },
  };
}

/** A cart line as the browser keeps it (every §3 field), with deliberately wrong prices the server must ignore. */
export function cartLine(
  productId: number,
  variantId: number,
  quantity = 1,
  ingredients: { required?: number; addable?: number[]; removable?: number[] } = {},
) {
  return {
    product_variant_id: variantId,
    product_id: productId,
    size: '300 г',
    price: 1,
    additional_price: 0,
    name: 'whatever the browser had',
    image: null,
    date_added: '2026-11-24T09:59:00Z',
    product_translations: {},
    variant_translations: {},
    product_ingredients: [],
    ingredients: {
      required: ingredients.required ?? 0,
      addable: ingredients.addable ?? [],
      removable: ingredients.removable ?? [],
    },
    quantity,
    catHierarchyId: null,
    discount_percent: 99,
    discount_money: 0,
    time_based_discount_enabled: 0,
    time_based_discount_percent: 0,
    time_based_discount_start_hour: 0,
    time_based_discount_end_hour: 23,
    time_based_discount_days: [],
    disable_promocode_discount: 0,
  };
}

/** The contact fields of a guest order (pickup, delivery, room, served-on-spot), paying cash, no cutlery. */
export const GUEST_CONTACT = {
  client_name: 'Мария Иванова',
  client_phone: '+359 888 123 456',
  client_email: 'maria@example.com',
  payment_method: 'cash',
  exact_time_selected: 0,
  cutlery: 0,
};

/** The guest's order calls of the `ordt` client: open a table session, order for pickup, read the stored order. */
export function guestOrderCalls(ctx: TestContext) {
  /** A table or room QR scanned at a place (the bistro unless named): the session it opens. */
  async function openSession(token: string, place = 'bistro'): Promise<string> {
    const res = await ctx.post(
      '/api/tables/verify_token',
      { token, placeSlug: place },
      { client: CLIENT, place, headers: {} },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().session as string;
  }
  /** A pickup order at the bistro of a guest without a token, now; `extra` adds fields or replaces them. */
  const pickup = (
    products: unknown[],
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) =>
    ctx.post(
      '/api/orders/preorder',
      {
        ...GUEST_CONTACT,
        products,
        token: null,
        order_comment: null,
        pickup_time: '',
        promo_code: null,
        order_text_comment: '',
        ...extra,
      },
      { client: CLIENT, place: 'bistro', headers },
    );
  /** The stored order of an answer's key. */
  const stored = (key: string) =>
    ctx.db.selectFrom('orders').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  /** A guest's POST at a place of the client (the bistro unless named). */
  const post = (url: string, body: unknown, place = 'bistro', headers: Record<string, string> = {}) =>
    ctx.post(url, body, { client: CLIENT, place, headers });
  return { openSession, pickup, stored, post };
}

/**
 * A second place of the client, `inn`, taking `orderTypes` (room service: 6), with one product (tea, 3.00) and the
 * given tables and rooms (`[label, token, kind]`); a hotel (`is_hotel`) when asked.
 */
export async function insertInn(
  db: AppDatabase,
  orderTypes: number[],
  tables: readonly (readonly [label: string, token: string, kind?: 'room'])[],
  opts: { hotel?: boolean } = {},
): Promise<{ inn: number; tea: { id: number; variant: number } }> {
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where('slug', '=', CLIENT)
    .executeTakeFirstOrThrow();
  const inn = await insertPlace(db, client.id, 'inn', { orderTypes });
  await setSetting(db, inn, 'orders_allowed', '1');
  if (opts.hotel) await setSetting(db, inn, 'is_hotel', '1');
  const drinks = await insertCategory(db, inn, { slug: 'drinks', name: 'Напитки' });
  const teaId = await insertProduct(
    db,
    inn,
    { slug: 'tea', name: 'Чай' },
    { categoryIds: [drinks], price: 300 },
  );
  for (const [label, token, kind] of tables) await insertTable(db, inn, label, token, kind);
  return { inn, tea: { id: teaId, variant: await variantOf(db, teaId) } };
}

/** A line of one salad (5.00) as the service hands it to the order store, with the given line ingredients. */
export function saladLine(
  f: OrderFixture,
  comment: string,
  ingredients: NewOrderLine['ingredients'] = [],
): NewOrderLine {
  return {
    product_id: f.salad.id,
    variant_id: f.salad.variant,
    name: 'Салата',
    size: null,
    quantity: 1,
    unit_price: 500,
    box_fee: 0,
    discount: 0,
    line_total: 500,
    comment,
    category_id: null,
    ingredients,
  };
}

/** The columns an order stored straight through the store or repository needs beside its identity (a 5.00 cash order). */
export const STORED_ORDER_AMOUNTS = {
  exact_time_selected: 0,
  payment_status: 'none',
  cutlery: 0,
  count_cutlery: 0,
  subtotal: 500,
  discount_total: 0,
  delivery_fee: 0,
  box_fee: 0,
  cutlery_fee: 0,
  payment_fee: 0,
  accumulated_amount_used: 0,
  total: 500,
  currency: 'EUR',
  breakdown: '{}',
  bill_wanted: 0,
};

let storeInputs = 0;

/**
 * An order as the service hands it to the order store (orders.store.ts), for tests that call the store or the
 * repository directly: a 5.00 cash pickup order of the bistro (or `place`) at `at` with one salad line, its own key,
 * token and dedupe hash unless given, refused as a duplicate of an order with the same hash since 10 s before
 * (unless `since`), numbered in the venue's `day` when given; `extra` adds or replaces order columns.
 */
export function storeInput(
  f: OrderFixture,
  at: string,
  o: {
    hash?: string | null;
    since?: string;
    day?: string;
    place?: number;
    token?: string;
    lines?: NewOrderLine[];
    promoId?: number | null;
    accumulatedUsed?: StoreOrderInput['accumulatedUsed'];
    extra?: Partial<StoreOrderInput['order']>;
  } = {},
): StoreOrderInput {
  storeInputs += 1;
  const n = storeInputs;
  return {
    order: {
      place_id: o.place ?? f.bistro,
      key: `stored-${n}`,
      token: o.token ?? `stored-token-${n}`,
      type: 3,
      status: 'ordered',
      ...STORED_ORDER_AMOUNTS,
      dedupe_hash: o.hash === undefined ? `stored hash ${n}` : o.hash,
      created_at: at,
      updated_at: at,
      ...(o.day ? { number_day: o.day } : {}),
      ...o.extra,
    },
    lines: o.lines ?? [saladLine(f, `line of ${n}`)],
    duplicateSince: o.since ?? new Date(Date.parse(at) - 10_000).toISOString(),
    promoId: o.promoId ?? null,
    accumulatedUsed: o.accumulatedUsed ?? null,
  };
}
