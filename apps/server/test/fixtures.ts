/**
 * Test data helpers. `seedMiniDemo` stands in for the demo seed until it exists (same identifiers: client demo,
 * places bistro and hotel, table tokens demo-t1…t12, rooms demo-r101…r120); the insert helpers let a test add the
 * exact rows it asserts on, on top of whichever seed ran.
 */
import type { Insertable } from 'kysely';
import type { AppDatabase } from '../src/db/database.ts';
import type { CategoriesTable, ProductsTable } from '../src/db/schema.ts';

type CategoryInput = Partial<Omit<Insertable<CategoriesTable>, 'place_id' | 'translations' | 'links'>> & {
  slug: string;
  name: string;
  translations?: Record<string, Record<string, string>>;
  links?: { link: string }[];
};
type ProductInput = Partial<
  Omit<Insertable<ProductsTable>, 'place_id' | 'translations' | 'time_based_discount_days'>
> & {
  slug: string;
  name: string;
  translations?: Record<string, Record<string, string>>;
  time_based_discount_days?: number[];
};

export async function insertClient(db: AppDatabase, slug: string, name = slug): Promise<number> {
  const row = await db.insertInto('clients').values({ slug, name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPlace(
  db: AppDatabase,
  clientId: number,
  slug: string,
  extra: { name?: string; orderTypes?: number[]; modules?: string[]; cityId?: number | null } = {},
): Promise<number> {
  const row = await db
    .insertInto('places')
    .values({
      client_id: clientId,
      slug,
      name: extra.name ?? slug,
      translations: JSON.stringify({ en: { name: `${slug} (en)` } }),
      functionality_modules: JSON.stringify(extra.modules ?? []),
      city_id: extra.cityId ?? null,
      address: `${slug} street 1`,
      phone: '+359 2 000 0000',
      email: null,
      lat: 42.6977,
      lng: 23.3219,
      active: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const type of extra.orderTypes ?? []) {
    await db.insertInto('order_types').values({ place_id: row.id, type, active: 1 }).execute();
  }
  return row.id;
}

/** The id of a client by its slug (the demo seed's `demo` and `other`, or a fixture's own). */
export async function clientIdOf(db: AppDatabase, slug: string): Promise<number> {
  const row = await db.selectFrom('clients').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A place of its own for one test, under a client that already exists (by slug), with exactly the order types and
 * modules the test asserts on: the new place's id.
 */
export async function insertPlaceOf(
  db: AppDatabase,
  clientSlug: string,
  slug: string,
  extra: Parameters<typeof insertPlace>[3] = {},
): Promise<number> {
  return insertPlace(db, await clientIdOf(db, clientSlug), slug, extra);
}

export async function setSetting(
  db: AppDatabase,
  placeId: number,
  key: string,
  value: string,
): Promise<void> {
  const existing = await db
    .selectFrom('settings')
    .select('id')
    .where('place_id', '=', placeId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (existing) await db.updateTable('settings').set({ value }).where('id', '=', existing.id).execute();
  else await db.insertInto('settings').values({ place_id: placeId, key, value }).execute();
}

export async function insertCategory(
  db: AppDatabase,
  placeId: number,
  input: CategoryInput,
): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({
      type: 'normal',
      hierarchy_level: input.parent_id ? 2 : 1,
      priority: 0,
      order_allowed: 1,
      active: 1,
      open_call_waiter: 0,
      show_cat_only_for_spot_orders: 0,
      hide_cat_only_for_spot_orders: 0,
      show_only_for_spot_browse: 0,
      hide_only_for_spot_browse: 0,
      show_cat_only_for_delivery_orders: 0,
      hide_cat_only_for_delivery_orders: 0,
      description: null,
      icon: null,
      background_image: null,
      video_name: null,
      pdf_path: null,
      parent_id: null,
      ...input,
      place_id: placeId,
      translations: JSON.stringify(input.translations ?? {}),
      links: JSON.stringify(input.links ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A product with one variant (price given in minor units) linked to the categories (first one primary). */
export async function insertProduct(
  db: AppDatabase,
  placeId: number,
  input: ProductInput,
  opts: { categoryIds?: number[]; price?: number } = {},
): Promise<number> {
  const row = await db
    .insertInto('products')
    .values({
      type: 'normal',
      description: null,
      subcategory: null,
      label: null,
      in_stock: 1,
      active: 1,
      hide_for_ordering: 0,
      is_liquid: 0,
      discount_percent: 0,
      discount_money: 0,
      hide_variants: 0,
      minimum_durability: null,
      image_position_y: 50,
      image_scale: 1,
      disable_promocode_discount: 0,
      min_count_addable_ingredients: 0,
      max_count_addable_ingredients: 0,
      show_only_for_spot_browse: 0,
      hide_only_for_spot_browse: 0,
      time_based_discount_enabled: 0,
      time_based_discount_start_hour: 0,
      time_based_discount_end_hour: 23,
      time_based_discount_percent: 0,
      priority: 0,
      ...input,
      place_id: placeId,
      translations: JSON.stringify(input.translations ?? {}),
      time_based_discount_days: JSON.stringify(input.time_based_discount_days ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('product_variants')
    .values({
      product_id: row.id,
      price: opts.price ?? 1000,
      additional_price: 0,
      size: '300 г',
      booking_duration: null,
      translations: '{}',
      position: 0,
      active: 1,
    })
    .execute();
  for (const [i, categoryId] of (opts.categoryIds ?? []).entries()) {
    await db
      .insertInto('product_categories')
      .values({ product_id: row.id, category_id: categoryId, is_primary: i === 0 ? 1 : 0 })
      .execute();
  }
  return row.id;
}

export async function insertTable(
  db: AppDatabase,
  placeId: number,
  number: string,
  token: string,
  kind: 'table' | 'room' = 'table',
): Promise<number> {
  const row = await db
    .insertInto('tables')
    .values({ place_id: placeId, hall_id: null, number, kind, seats: 4, token, active: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSession(
  db: AppDatabase,
  placeId: number,
  tableId: number,
  session: string,
  orderType: number,
  expiresAt: string,
): Promise<void> {
  await db
    .insertInto('table_sessions')
    .values({
      place_id: placeId,
      table_id: tableId,
      session,
      order_type: orderType,
      expires_at: expiresAt,
      bill_wanted: 0,
      bill_payment_method: null,
    })
    .execute();
}

/** A small stand-in for the demo seed with the same identifiers. */
export async function seedMiniDemo(db: AppDatabase): Promise<void> {
  const clientId = await insertClient(db, 'demo', 'Demo');
  const bistro = await insertPlace(db, clientId, 'bistro', {
    name: 'Бистро',
    orderTypes: [1, 2, 3, 7],
    modules: ['booking'],
  });
  const hotel = await insertPlace(db, clientId, 'hotel', { name: 'Хотел', orderTypes: [4, 6] });
  for (const placeId of [bistro, hotel]) {
    for (const [i, [code, name]] of [
      ['bg', 'Български'],
      ['en', 'English'],
      ['es', 'Español'],
      ['de', 'Deutsch'],
      ['fr-CH', 'Français (CH)'],
    ].entries()) {
      await db
        .insertInto('languages')
        .values({ place_id: placeId, code: code!, name: name!, is_default: i === 0 ? 1 : 0, position: i })
        .execute();
    }
    await setSetting(db, placeId, 'default_lang', 'bg');
    await setSetting(db, placeId, 'working_hours', '{"1":"-","2":"08:00-23:00"}');
  }
  const salads = await insertCategory(db, bistro, {
    slug: 'salati',
    name: 'Салати',
    translations: { en: { name: 'Salads' } },
  });
  const mains = await insertCategory(db, bistro, { slug: 'osnovni', name: 'Основни', priority: 1 });
  const shopska = await insertProduct(
    db,
    bistro,
    { slug: 'shopska', name: 'Шопска салата' },
    { categoryIds: [salads], price: 890 },
  );
  const kebapche = await insertProduct(
    db,
    bistro,
    { slug: 'kebapche', name: 'Кебапче' },
    { categoryIds: [mains], price: 250 },
  );
  await db
    .insertInto('related_products')
    .values({ product_id: shopska, related_product_id: kebapche, position: 0 })
    .execute();
  const allergen = await db
    .insertInto('allergens')
    .values({
      client_id: clientId,
      name: 'Мляко',
      translations: '{"en":{"name":"Milk"}}',
      image: 'allergen-milk.svg',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('product_allergens')
    .values({ product_id: shopska, allergen_id: allergen.id })
    .execute();
  const cheese = await db
    .insertInto('ingredients')
    .values({ place_id: bistro, name: 'Сирене', translations: '{}', price: 150, active: 1, priority: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('product_ingredients')
    .values({ product_id: shopska, ingredient_id: cheese.id, type: 'addable', position: 0 })
    .execute();
  await db
    .insertInto('product_images')
    .values({ product_id: shopska, path: '/images/shopska.jpg', width: 800, height: 600, position: 0 })
    .execute();
  for (let n = 1; n <= 12; n++) await insertTable(db, bistro, String(n), `demo-t${n}`);
  const roomService = await insertCategory(db, hotel, { slug: 'room-service', name: 'Рум сървис' });
  await insertProduct(
    db,
    hotel,
    { slug: 'club-sandwich', name: 'Клуб сандвич' },
    { categoryIds: [roomService], price: 1400 },
  );
  for (let n = 101; n <= 120; n++) await insertTable(db, hotel, String(n), `demo-r${n}`, 'room');
  await db
    .insertInto('gallery_images')
    .values({ place_id: bistro, path: '/images/gallery-1.jpg', translations: '{}', position: 0 })
    .execute();
}
