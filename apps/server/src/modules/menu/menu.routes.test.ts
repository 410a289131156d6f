import { expect } from 'vitest';
import {
  StoreCategoriesHierarchyResponse,
  StoreCategoriesWithSubcategoriesResponse,
  StoreProductsResponse,
  type StoreCategory,
  type StoreProduct,
} from '@trapeza/domain/contracts/menu';
import type { AppDatabase } from '../../db/database.ts';
import { signFor } from '../admin/admin.fixtures.ts';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import {
  clientIdOf,
  insertCategory,
  insertClient,
  insertPlace,
  insertPlaceOf,
  insertProduct,
  insertSession,
  insertTable,
  setSetting,
} from '../../../test/fixtures.ts';

const FUTURE = '2099-01-01T00:00:00.000Z';
const PAST = '2000-01-01T00:00:00.000Z';

async function placeIdOf(db: AppDatabase, client: string, place: string): Promise<number> {
  const row = await db
    .selectFrom('places')
    .innerJoin('clients', 'clients.id', 'places.client_id')
    .select('places.id')
    .where('clients.slug', '=', client)
    .where('places.slug', '=', place)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rows the assertions below name, on top of the demo seed. */
async function setup(db: AppDatabase): Promise<void> {
  const bistro = await placeIdOf(db, 'demo', 'bistro');
  const hotel = await placeIdOf(db, 'demo', 'hotel');
  await setSetting(db, bistro, 'hide_products_for_ordering_with_token', '1');
  await setSetting(db, bistro, 'notification_email', 'owner@example.com');

  const spot = await insertCategory(db, bistro, {
    slug: 't-spot-only',
    name: 'T spot',
    show_cat_only_for_spot_orders: 1,
  });
  await insertProduct(db, bistro, { slug: 't-spot-dish', name: 'T spot dish' }, { categoryIds: [spot] });
  const delivery = await insertCategory(db, bistro, {
    slug: 't-delivery-only',
    name: 'T delivery',
    show_cat_only_for_delivery_orders: 1,
  });
  await insertProduct(
    db,
    bistro,
    { slug: 't-delivery-dish', name: 'T delivery dish' },
    { categoryIds: [delivery] },
  );
  const notSpot = await insertCategory(db, bistro, {
    slug: 't-not-spot',
    name: 'T not spot',
    hide_cat_only_for_spot_orders: 1,
  });
  await insertProduct(
    db,
    bistro,
    { slug: 't-not-spot-dish', name: 'T not spot dish' },
    { categoryIds: [notSpot] },
  );

  const parent = await insertCategory(db, bistro, { slug: 't-parent', name: 'T parent', priority: 900 });
  const child = await insertCategory(db, bistro, { slug: 't-child', name: 'T child', parent_id: parent });
  const childOff = await insertCategory(db, bistro, {
    slug: 't-child-off',
    name: 'T child off',
    parent_id: parent,
    active: 0,
  });
  await insertCategory(db, bistro, { slug: 't-empty', name: 'T empty', priority: 901 });
  await insertProduct(db, bistro, { slug: 't-child-dish', name: 'T child dish' }, { categoryIds: [child] });
  await insertProduct(
    db,
    bistro,
    { slug: 't-hide-ordering', name: 'T hide', hide_for_ordering: 1 },
    { categoryIds: [child] },
  );
  await insertProduct(
    db,
    bistro,
    { slug: 't-inactive', name: 'T inactive', active: 0 },
    { categoryIds: [child] },
  );
  await insertProduct(
    db,
    bistro,
    { slug: 't-in-off-cat', name: 'T in off cat' },
    { categoryIds: [childOff] },
  );

  const hotelCat = await insertCategory(db, hotel, { slug: 't-hotel-cat', name: 'T hotel' });
  await insertProduct(
    db,
    hotel,
    { slug: 't-browse-only', name: 'T browse only', show_only_for_spot_browse: 1 },
    { categoryIds: [hotelCat] },
  );
  await insertProduct(
    db,
    hotel,
    { slug: 't-not-browse', name: 'T not browse', hide_only_for_spot_browse: 1 },
    { categoryIds: [hotelCat] },
  );

  const t1 = await db
    .selectFrom('tables')
    .select('id')
    .where('token', '=', 'demo-t1')
    .executeTakeFirstOrThrow();
  await insertSession(db, bistro, t1.id, 't-session-spot', 1, FUTURE);
  await insertSession(db, bistro, t1.id, 't-session-expired', 1, PAST);
  await insertSession(db, bistro, t1.id, 't-session-delivery', 2, FUTURE);
  const r101 = await db
    .selectFrom('tables')
    .select('id')
    .where('token', '=', 'demo-r101')
    .executeTakeFirstOrThrow();
  await insertSession(db, hotel, r101.id, 't-session-browse', 4, FUTURE);

  // Another brand with a place of the same slug: its rows must never show through the demo headers.
  const other = await insertClient(db, 'other');
  const otherBistro = await insertPlace(db, other, 'bistro', { orderTypes: [1] });
  const otherCat = await insertCategory(db, otherBistro, { slug: 'secret', name: 'Other secret' });
  await insertProduct(
    db,
    otherBistro,
    { slug: 'other-secret', name: 'Other secret dish' },
    { categoryIds: [otherCat] },
  );
}

async function products(
  ctx: TestContext,
  url = '/api/products?active=1',
  opts = {},
): Promise<StoreProduct[]> {
  const res = await ctx.get(url, opts);
  expect(res.statusCode, res.body).toBe(200);
  return StoreProductsResponse.parse(res.json());
}
const slugs = (list: { slug: string }[]) => list.map((p) => p.slug);

function flatten(tree: StoreCategory[]): StoreCategory[] {
  return tree.flatMap((c) => [c, ...flatten(c.children)]);
}

describeEachDatabase(
  'menu API',
  (ctx) => {
    ctx.test('GET settings answers key → {value} without private keys', async () => {
      const res = await ctx.get('/api/settings');
      expect(res.statusCode).toBe(200);
      const body = res.json() as Record<string, { value: string }>;
      expect(body.hide_products_for_ordering_with_token).toEqual({ value: '1' });
      expect(body.notification_email).toBeUndefined();
      for (const v of Object.values(body)) expect(typeof v.value).toBe('string');
    });

    ctx.test(
      'GET settings hides each private pattern, shows the near misses, and fills the brand only where the venue sets nothing, in key order',
      async () => {
        const placeId = await insertPlaceOf(ctx.db, 'demo', `settings-${ctx.dialect}`, { orderTypes: [1] });
        const hidden = [
          'private_note',
          'notification_phone',
          'new_order_notification_to',
          'order_notification_sms',
          'sms_sender',
          'redsys_secret',
          'smtp_password',
          'maps_api_key',
          'fb_access_token',
        ];
        const shown = [
          'my_private_note',
          'show_notification',
          'x_new_order_notification',
          'a_order_notification',
          'smsish',
          'secret_word',
          'a_secret_b',
          'password_hint',
          'api_key_hint',
          'access_token_hint',
        ];
        for (const key of [...hidden, ...shown]) await setSetting(ctx.db, placeId, key, `v-${key}`);
        await setSetting(ctx.db, placeId, 'primary_color', '#112233');
        const client = await ctx.db
          .selectFrom('clients')
          .select(['id', 'logo', 'primary_color', 'secondary_color'])
          .where('slug', '=', 'demo')
          .executeTakeFirstOrThrow();
        await ctx.db
          .updateTable('clients')
          .set({ logo: 'brand.png', primary_color: '#aaaaaa', secondary_color: '#bbbbbb' })
          .where('id', '=', client.id)
          .execute();
        try {
          const res = await ctx.get('/api/settings', { place: `settings-${ctx.dialect}` });
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json() as Record<string, { value: string }>;
          for (const key of hidden) expect(body[key], key).toBeUndefined();
          for (const key of shown) expect(body[key], key).toEqual({ value: `v-${key}` });
          // The venue's own colour wins; the brand fills the logo and the other colour.
          expect(body.primary_color).toEqual({ value: '#112233' });
          expect(body.logo).toEqual({ value: 'brand.png' });
          expect(body.secondary_color).toEqual({ value: '#bbbbbb' });
          const keys = Object.keys(body);
          expect(keys).toEqual([...keys].sort());
          expect(keys.filter((k) => k === 'primary_color')).toHaveLength(1);
        } finally {
          await ctx.db
            .updateTable('clients')
            .set({
              logo: client.logo,
              primary_color: client.primary_color,
              secondary_color: client.secondary_color,
            })
            .where('id', '=', client.id)
            .execute();
        }
      },
    );

    ctx.test(
      "a venue's languages in its order (unknown codes skipped), its ingredients by priority with their active flag, a signed-in guest's accumulated amount (never below 0)",
      async () => {
        const slug = `lists-${ctx.dialect}`;
        const placeId = await insertPlaceOf(ctx.db, 'demo', slug, { orderTypes: [1] });
        await ctx.db.deleteFrom('languages').where('place_id', '=', placeId).execute();
        await ctx.db
          .insertInto('languages')
          .values([
            { place_id: placeId, code: 'de', name: 'Deutsch', is_default: 0, position: 2 },
            { place_id: placeId, code: 'xx', name: 'Unknown', is_default: 0, position: 0 },
            { place_id: placeId, code: 'en', name: 'English', is_default: 1, position: 1 },
          ])
          .execute();
        const langs = await ctx.get('/api/languages', { place: slug });
        expect(langs.statusCode, langs.body).toBe(200);
        expect(langs.json()).toEqual([
          { code: 'en', name: 'English', is_default: 1 },
          { code: 'de', name: 'Deutsch', is_default: 0 },
        ]);

        await ctx.db
          .insertInto('ingredients')
          .values([
            {
              place_id: placeId,
              name: 'Късно',
              translations: '{"en":{"name":"Late"}}',
              price: 150,
              active: 0,
              priority: 5,
            },
            { place_id: placeId, name: 'Рано', translations: 'not json', price: 0, active: 1, priority: 1 },
          ])
          .execute();
        const ingredients = await ctx.get('/api/ingredients', { place: slug });
        expect(ingredients.statusCode, ingredients.body).toBe(200);
        expect((ingredients.json() as { id: number }[]).map(({ id: _id, ...rest }) => rest)).toEqual([
          { name: 'Рано', translations: {}, price: 0, active: 1, priority: 1 },
          { name: 'Късно', translations: { en: { name: 'Late' } }, price: 1.5, active: 0, priority: 5 },
        ]);

        const demo = await ctx.db
          .selectFrom('clients')
          .select('id')
          .where('slug', '=', 'demo')
          .executeTakeFirstOrThrow();
        const amountFor = async (accumulated: number) => {
          const user = await ctx.db
            .insertInto('users')
            .values({
              client_id: demo.id,
              email: `acc-${accumulated}-${ctx.dialect}@example.com`,
              password_hash: 'x',
              first_name: 'Гост',
              last_name: 'Гостов',
              phone: null,
              address: null,
              role: 'USER',
              points: 0,
              accumulated_amount: accumulated,
              banned: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const token = await signFor(ctx, user.id);
          const res = await ctx.get('/api/accumulated-order-amount-setting-place', {
            headers: { authorization: `Bearer ${token}` },
          });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.headers['cache-control']).toBe('private, no-store');
          return (res.json() as { setting: { accumulatedUserAmount: number } }).setting.accumulatedUserAmount;
        };
        expect(await amountFor(1250)).toBe(12.5);
        expect(await amountFor(-300)).toBe(0);
      },
    );

    ctx.test('GET accumulated-order-amount-setting-place answers 0 for a guest', async () => {
      const res = await ctx.get('/api/accumulated-order-amount-setting-place');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ setting: { accumulatedUserAmount: 0 } });
    });

    ctx.test('GET ingredients lists only the place’s ingredients', async () => {
      const res = await ctx.get('/api/ingredients');
      expect(res.statusCode).toBe(200);
      const list = res.json() as { id: number; price: number; active: number }[];
      expect(list.length).toBeGreaterThan(0);
      const bistro = await ctx.placeId('bistro');
      const own = await ctx.db
        .selectFrom('ingredients')
        .select('id')
        .where('place_id', '=', bistro)
        .execute();
      expect(new Set(list.map((i) => i.id))).toEqual(new Set(own.map((i) => i.id)));
      // Prices in the venue currency, at most 2 decimals (issue 25 #1), and the database's minor units / 100.
      const rows = await ctx.db
        .selectFrom('ingredients')
        .select(['id', 'price'])
        .where('place_id', '=', bistro)
        .execute();
      for (const i of list) {
        expect(Number.isInteger(Math.round(i.price * 100))).toBe(true);
        expect(i.price).toBe(Number(rows.find((r) => r.id === i.id)!.price) / 100);
      }
    });

    ctx.test('GET languages lists the five languages, Bulgarian default', async () => {
      const res = await ctx.get('/api/languages');
      expect(res.statusCode).toBe(200);
      const list = res.json() as { code: string; is_default: number }[];
      expect(list.map((l) => l.code).sort()).toEqual(['bg', 'de', 'en', 'es', 'fr-CH']);
      expect(list.find((l) => l.is_default === 1)?.code).toBe('bg');
    });

    ctx.test(
      'GET products?active=1 answers the contract with variants, images, allergens, ingredients',
      async () => {
        const list = await products(ctx);
        expect(list.length).toBeGreaterThan(20);
        expect(list.some((p) => p.product_variants.length > 1)).toBe(true);
        expect(list.some((p) => p.product_images.length > 0)).toBe(true);
        expect(list.some((p) => p.allergens.length > 0)).toBe(true);
        expect(list.some((p) => p.product_ingredients.length > 0)).toBe(true);
        expect(list.some((p) => p.type === 'booking')).toBe(true);
        const ids = new Set(list.map((p) => p.id));
        for (const p of list) {
          for (const r of p.related_products) expect(ids.has(r)).toBe(true);
          if (p.catHierarchyId !== null) expect(p.catHierarchyIds).toContain(p.catHierarchyId);
        }
        expect(slugs(list)).not.toContain('t-inactive');
        expect(slugs(list)).not.toContain('t-in-off-cat');
      },
    );

    ctx.test(
      'a product and a category answer every stored field as the contract spells it: flags as 0/1 both ways, the booking and link types, time-based days 1-7 only, unreadable JSON as empty',
      async () => {
        const bistro = await ctx.placeId('bistro');
        const cat = await insertCategory(ctx.db, bistro, {
          slug: 't-shape-cat',
          name: 'T shape cat',
          type: 'link',
          links: [{ link: 'https://example.com/a' }],
          open_call_waiter: 1,
          order_allowed: 0,
          hide_cat_only_for_spot_orders: 1,
          icon: 'fish',
          priority: 950,
          description: 'Описание',
          background_image: 'bg.jpg',
          video_name: 'v.mp4',
          pdf_path: 'm.pdf',
        });
        const imageCat = await insertCategory(ctx.db, bistro, {
          slug: 't-shape-image',
          name: 'T shape image',
          type: 'image',
          priority: 951,
        });
        const otherType = await insertCategory(ctx.db, bistro, {
          slug: 't-shape-other',
          name: 'T shape other',
          type: 'something-else',
          priority: 952,
        });
        // Links stored by hand: one without a text link is dropped, not answered.
        await ctx.db
          .updateTable('categories')
          .set({
            links: JSON.stringify([{ link: 'https://example.com/a' }, { link: 7 }, null, { url: 'x' }]),
          })
          .where('id', '=', cat)
          .execute();
        await ctx.db
          .updateTable('categories')
          .set({ links: '[not json', translations: 'null' })
          .where('id', '=', imageCat)
          .execute();
        const flagsOn = await insertProduct(
          ctx.db,
          bistro,
          {
            slug: 't-shape-on',
            name: 'T shape on',
            type: 'booking',
            description: 'Д',
            subcategory: 'Sub',
            label: 'new',
            in_stock: 1,
            hide_for_ordering: 1,
            is_liquid: 1,
            discount_percent: 15,
            discount_money: 120,
            hide_variants: 1,
            minimum_durability: 3,
            image_position_y: 30,
            image_scale: 2,
            disable_promocode_discount: 1,
            min_count_addable_ingredients: 1,
            max_count_addable_ingredients: 3,
            hide_only_for_spot_browse: 1,
            time_based_discount_enabled: 1,
            time_based_discount_start_hour: 9,
            time_based_discount_end_hour: 11,
            time_based_discount_percent: 20,
            priority: 960,
          },
          { categoryIds: [cat] },
        );
        const flagsOff = await insertProduct(
          ctx.db,
          bistro,
          { slug: 't-shape-off', name: 'T shape off', type: 'other', in_stock: 0, priority: 961 },
          { categoryIds: [cat] },
        );
        await ctx.db
          .updateTable('products')
          .set({
            time_based_discount_days: JSON.stringify([1, 7, 0, 8, 2.5, '3', null]),
            translations: '{bad',
          })
          .where('id', '=', flagsOn)
          .execute();
        await ctx.db
          .updateTable('products')
          .set({ time_based_discount_days: '', translations: '' })
          .where('id', '=', flagsOff)
          .execute();

        const list = await products(ctx, '/api/products');
        expect(list.find((p) => p.id === flagsOn)).toMatchObject({
          name: 'T shape on',
          slug: 't-shape-on',
          type: 'booking',
          description: 'Д',
          translations: {},
          subcategory: 'Sub',
          in_stock: 1,
          label: 'new',
          hide_for_ordering: 1,
          isLiquid: 1,
          discount_percent: 15,
          discount_money: 120,
          hide_variants: 1,
          minimum_durability: 3,
          image_position_y: 30,
          image_scale: 2,
          disable_promocode_discount: 1,
          min_count_addable_ingredients: 1,
          max_count_addable_ingredients: 3,
          show_only_for_spot_browse: 0,
          hide_only_for_spot_browse: 1,
          time_based_discount_enabled: 1,
          time_based_discount_days: [1, 7],
          time_based_discount_start_hour: 9,
          time_based_discount_end_hour: 11,
          time_based_discount_percent: 20,
          priority: 960,
          catHierarchyIds: [cat],
          catHierarchyId: cat,
        });
        expect(list.find((p) => p.id === flagsOff)).toMatchObject({
          type: 'normal',
          translations: {},
          in_stock: 0,
          hide_for_ordering: 0,
          isLiquid: 0,
          hide_variants: 0,
          disable_promocode_discount: 0,
          hide_only_for_spot_browse: 0,
          time_based_discount_enabled: 0,
          time_based_discount_days: [],
        });

        const tree = flatten(
          StoreCategoriesHierarchyResponse.parse((await ctx.get('/api/categoriesHierarchy')).json()),
        );
        expect(tree.find((c) => c.id === cat)).toEqual({
          id: cat,
          slug: 't-shape-cat',
          name: 'T shape cat',
          description: 'Описание',
          translations: {},
          icon: 'fish',
          type: 'link',
          links: [{ link: 'https://example.com/a' }],
          hierarchyLevel: 1,
          parentId: null,
          priority: 950,
          background_image: 'bg.jpg',
          video_name: 'v.mp4',
          pdf_path: 'm.pdf',
          open_call_waiter: 1,
          order_allowed: 0,
          show_cat_only_for_spot_orders: 0,
          hide_cat_only_for_spot_orders: 1,
          show_only_for_spot_browse: 0,
          hide_only_for_spot_browse: 0,
          show_cat_only_for_delivery_orders: 0,
          hide_cat_only_for_delivery_orders: 0,
          children: [],
        });
        expect(tree.find((c) => c.id === imageCat)).toMatchObject({
          type: 'image',
          links: [],
          translations: {},
          open_call_waiter: 0,
          order_allowed: 1,
          hide_cat_only_for_spot_orders: 0,
        });
        expect(tree.find((c) => c.id === otherType)?.type).toBe('normal');
      },
    );

    ctx.test(
      'a category is shown only under shown ancestors (a hidden or missing parent, a parent cycle: hidden, never a hang); a product names its primary category, else its first; ingredient links of an unknown kind and products without a size are answered as such; categoriesWithSubcategories drops empty subcategories when products are required',
      async () => {
        const bistro = await ctx.placeId('bistro');
        const spotOnly = await ctx.db
          .selectFrom('categories')
          .select('id')
          .where('slug', '=', 't-spot-only')
          .executeTakeFirstOrThrow();
        const childOff = await ctx.db
          .selectFrom('categories')
          .select('id')
          .where('slug', '=', 't-child-off')
          .executeTakeFirstOrThrow();
        // Visible by their own flags, each under an ancestor that is not shown here (no token: delivery context).
        const underSpot = await insertCategory(ctx.db, bistro, {
          slug: 't-under-spot',
          name: 'T under spot',
          parent_id: spotOnly.id,
        });
        const deeper = await insertCategory(ctx.db, bistro, {
          slug: 't-under-spot-2',
          name: 'T deeper',
          parent_id: underSpot,
        });
        const underOff = await insertCategory(ctx.db, bistro, {
          slug: 't-under-off',
          name: 'T under off',
          parent_id: childOff.id,
        });
        const loopA = await insertCategory(ctx.db, bistro, { slug: 't-loop-a', name: 'T loop a' });
        const loopB = await insertCategory(ctx.db, bistro, {
          slug: 't-loop-b',
          name: 'T loop b',
          parent_id: loopA,
        });
        await ctx.db.updateTable('categories').set({ parent_id: loopB }).where('id', '=', loopA).execute();
        await insertProduct(
          ctx.db,
          bistro,
          { slug: 't-loop-dish', name: 'T loop dish' },
          { categoryIds: [loopB] },
        );

        const tree = await ctx.get('/api/categoriesHierarchy?active=1');
        expect(tree.statusCode, tree.body).toBe(200);
        const shownSlugs = slugs(flatten(StoreCategoriesHierarchyResponse.parse(tree.json())));
        for (const hidden of ['t-under-spot', 't-under-spot-2', 't-under-off', 't-loop-a', 't-loop-b']) {
          expect(shownSlugs, hidden).not.toContain(hidden);
        }
        expect(shownSlugs).toContain('t-child');
        const spot = slugs(
          flatten(
            StoreCategoriesHierarchyResponse.parse(
              (await ctx.get('/api/categoriesHierarchy?active=1', { token: 't-session-spot' })).json(),
            ),
          ),
        );
        expect(spot).toEqual(expect.arrayContaining(['t-spot-only', 't-under-spot', 't-under-spot-2']));
        expect(slugs(await products(ctx))).not.toContain('t-loop-dish');
        expect(deeper).toBeGreaterThan(0);
        expect(underOff).toBeGreaterThan(0);

        // Primary category second in the menu's order; a product with no primary link names its first category.
        const first = await insertCategory(ctx.db, bistro, {
          slug: 't-prim-first',
          name: 'T first',
          priority: 970,
        });
        const second = await insertCategory(ctx.db, bistro, {
          slug: 't-prim-second',
          name: 'T second',
          priority: 971,
        });
        const third = await insertCategory(ctx.db, bistro, {
          slug: 't-prim-third',
          name: 'T third',
          priority: 972,
        });
        const withPrimary = await insertProduct(
          ctx.db,
          bistro,
          { slug: 't-with-primary', name: 'T with primary' },
          { categoryIds: [second, first, third] },
        );
        const noPrimary = await insertProduct(
          ctx.db,
          bistro,
          { slug: 't-no-primary', name: 'T no primary' },
          { categoryIds: [third, second] },
        );
        await ctx.db
          .updateTable('product_categories')
          .set({ is_primary: 0 })
          .where('product_id', '=', noPrimary)
          .execute();
        // Ingredient links: one of each kind in order, and one of a kind the contract does not know.
        const ing = await ctx.db
          .selectFrom('ingredients')
          .select('id')
          .where('place_id', '=', bistro)
          .orderBy('id')
          .limit(4)
          .execute();
        expect(ing).toHaveLength(4);
        await ctx.db
          .insertInto('product_ingredients')
          .values([
            { product_id: withPrimary, ingredient_id: ing[0]!.id, type: 'required', position: 0 },
            { product_id: withPrimary, ingredient_id: ing[1]!.id, type: 'bogus', position: 1 },
            { product_id: withPrimary, ingredient_id: ing[2]!.id, type: 'addable', position: 2 },
            { product_id: withPrimary, ingredient_id: ing[3]!.id, type: 'removable', position: 3 },
          ])
          .execute();
        await ctx.db.deleteFrom('product_variants').where('product_id', '=', noPrimary).execute();
        const list = await products(ctx);
        const wp = list.find((p) => p.id === withPrimary)!;
        expect({ ids: wp.catHierarchyIds, primary: wp.catHierarchyId }).toEqual({
          ids: [first, second, third],
          primary: second,
        });
        expect(wp.product_ingredients).toEqual([
          { ingredientId: ing[0]!.id, type: 'required' },
          { ingredientId: ing[2]!.id, type: 'addable' },
          { ingredientId: ing[3]!.id, type: 'removable' },
        ]);
        const np = list.find((p) => p.id === noPrimary)!;
        expect({
          ids: np.catHierarchyIds,
          primary: np.catHierarchyId,
          variants: np.product_variants,
        }).toEqual({
          ids: [second, third],
          primary: second,
          variants: [],
        });

        // A parent with one subcategory that leads to a product and one that does not.
        const parent = await insertCategory(ctx.db, bistro, {
          slug: 't-kept-parent',
          name: 'T kept parent',
          priority: 980,
        });
        const full = await insertCategory(ctx.db, bistro, {
          slug: 't-kept-full',
          name: 'T kept full',
          parent_id: parent,
        });
        await insertCategory(ctx.db, bistro, {
          slug: 't-kept-empty',
          name: 'T kept empty',
          parent_id: parent,
        });
        await insertProduct(
          ctx.db,
          bistro,
          { slug: 't-kept-dish', name: 'T kept dish' },
          { categoryIds: [full] },
        );
        const cws = await ctx.get(
          '/api/categoriesWithSubcategories?active=1&subcatRequired=1&productRequired=1&productActive=1',
        );
        const cwsList = StoreCategoriesWithSubcategoriesResponse.parse(cws.json());
        expect(cwsList.find((c) => c.slug === 't-kept-parent')?.subcategories.map((c) => c.slug)).toEqual([
          't-kept-full',
        ]);
        const withEmpty = await ctx.get('/api/categoriesWithSubcategories?active=1&subcatRequired=1');
        expect(
          StoreCategoriesWithSubcategoriesResponse.parse(withEmpty.json())
            .find((c) => c.slug === 't-kept-parent')
            ?.subcategories.map((c) => c.slug),
        ).toEqual(['t-kept-full', 't-kept-empty']);
      },
    );

    ctx.test(
      'OpenAPI documents every menu call: tag, summary, the venue headers, the 200 answer',
      async () => {
        const doc = (await ctx.get('/api/docs/json')).json() as {
          paths: Record<
            string,
            {
              get?: Record<string, unknown> & {
                responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
                parameters?: { in: string; name: string }[];
              };
            }
          >;
        };
        for (const path of [
          '/api/settings',
          '/api/accumulated-order-amount-setting-place',
          '/api/ingredients',
          '/api/languages',
          '/api/promotions',
          '/api/subcategories/{id}',
          '/api/products',
          '/api/categoriesWithSubcategories',
          '/api/categoriesHierarchy',
        ]) {
          const op = doc.paths[path]?.get;
          expect(op, path).toBeDefined();
          expect(op!.tags, path).toEqual(['menu']);
          expect(op!.summary, path).toEqual(expect.stringMatching(/\w{4,}/));
          expect(op!.responses['200']?.content?.['application/json']?.schema, path).toBeDefined();
          expect(
            (op!.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name),
            path,
          ).toEqual(expect.arrayContaining(['client', 'place']));
        }
        expect(
          doc.paths['/api/promotions']!.get!.responses['403']!.content?.['application/json']?.schema,
        ).toBeDefined();
        expect(JSON.stringify(doc.paths['/api/promotions']!.get!.responses['403'])).toContain(
          'promotions_module_disabled',
        );
        expect(doc.paths['/api/products']!.get!.description).toContain('active=1');
        expect(doc.paths['/api/categoriesWithSubcategories']!.get!.description).toContain(
          'productRequired=1',
        );
        expect(doc.paths['/api/categoriesWithSubcategories']!.get!.description).toContain('subcatRequired=1');
      },
    );

    ctx.test('GET products without active=1 includes inactive products', async () => {
      const list = await products(ctx, '/api/products');
      expect(slugs(list)).toContain('t-inactive');
    });

    ctx.test('GET categoriesHierarchy?active=1 nests active children only', async () => {
      const res = await ctx.get('/api/categoriesHierarchy?active=1');
      expect(res.statusCode).toBe(200);
      const tree = StoreCategoriesHierarchyResponse.parse(res.json());
      const parent = flatten(tree).find((c) => c.slug === 't-parent');
      expect(parent?.children.map((c) => c.slug)).toEqual(['t-child']);
      expect(tree.every((c) => c.parentId === null)).toBe(true);
      const all = await ctx.get('/api/categoriesHierarchy');
      const allParent = flatten(StoreCategoriesHierarchyResponse.parse(all.json())).find(
        (c) => c.slug === 't-parent',
      );
      expect(allParent?.children.map((c) => c.slug).sort()).toEqual(['t-child', 't-child-off']);
    });

    ctx.test(
      'GET categoriesWithSubcategories with every flag keeps categories that lead to products',
      async () => {
        const res = await ctx.get(
          '/api/categoriesWithSubcategories?active=1&subcatRequired=1&productRequired=1&productActive=1',
        );
        expect(res.statusCode).toBe(200);
        const list = StoreCategoriesWithSubcategoriesResponse.parse(res.json());
        const parent = list.find((c) => c.slug === 't-parent');
        const child = list.find((c) => c.slug === 't-child');
        expect(parent?.subcategories.map((c) => c.slug)).toEqual(['t-child']);
        expect(parent?.productIds).toEqual([]);
        const shown = await products(ctx);
        const childDish = shown.find((p) => p.slug === 't-child-dish')!;
        expect(child?.productIds).toContain(childDish.id);
        expect(slugs(list)).not.toContain('t-empty');
        expect(slugs(list)).not.toContain('t-child-off');
        const loose = await ctx.get('/api/categoriesWithSubcategories?active=1');
        const looseList = StoreCategoriesWithSubcategoriesResponse.parse(loose.json());
        expect(slugs(looseList)).toContain('t-empty');
        expect(looseList.every((c) => c.subcategories.length === 0)).toBe(true);
      },
    );

    ctx.test('GET subcategories/{id} lists active children; foreign or unknown ids are 404', async () => {
      const parent = await ctx.db
        .selectFrom('categories')
        .select('id')
        .where('slug', '=', 't-parent')
        .executeTakeFirstOrThrow();
      const res = await ctx.get(`/api/subcategories/${parent.id}`);
      expect(res.statusCode).toBe(200);
      expect(slugs(res.json())).toEqual(['t-child']);
      const hotelCat = await ctx.db
        .selectFrom('categories')
        .select('id')
        .where('slug', '=', 't-hotel-cat')
        .executeTakeFirstOrThrow();
      const foreign = await ctx.get(`/api/subcategories/${hotelCat.id}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'category_not_found' });
      expect((await ctx.get('/api/subcategories/99999999')).statusCode).toBe(404);
      const bad = await ctx.get('/api/subcategories/abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_error' });
    });

    ctx.test('malformed query parameters are 400 validation errors', async () => {
      for (const url of [
        '/api/products?active=2',
        '/api/products?active=yes',
        '/api/categoriesHierarchy?active=',
        '/api/categoriesWithSubcategories?productRequired=maybe',
      ]) {
        const res = await ctx.get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.json(), url).toMatchObject({ code: 'validation_error', message: expect.any(String) });
      }
    });

    ctx.test(
      'unknown query parameters are ignored: a cache-buster still gets the menu (issue 25)',
      async () => {
        const plain = await ctx.get('/api/products?active=1');
        for (const url of [
          '/api/products?active=1&_=123',
          '/api/products?_=1700000000000&active=1&utm_source=qr',
        ]) {
          const res = await ctx.get(url);
          expect(res.statusCode, url).toBe(200);
          expect(res.json(), url).toEqual(plain.json());
        }
        const hierarchy = await ctx.get('/api/categoriesHierarchy?active=1&v=2');
        expect(hierarchy.statusCode).toBe(200);
        const withSubs = await ctx.get(
          '/api/categoriesWithSubcategories?active=1&subcatRequired=1&productRequired=1&productActive=1&_=9',
        );
        expect(withSubs.statusCode).toBe(200);
      },
    );

    ctx.test(
      'GET promotions: the current ones in order while the module is on, 403 promotions_module_disabled otherwise',
      async () => {
        const bistro = await ctx.db
          .selectFrom('places')
          .select(['id', 'functionality_modules'])
          .where('slug', '=', 'bistro')
          .executeTakeFirstOrThrow();
        const stored = await ctx.db
          .selectFrom('promotions')
          .select(['id', 'title'])
          .where('place_id', '=', bistro.id)
          .where('active', '=', 1)
          .orderBy('position')
          .execute();
        expect(stored.length).toBeGreaterThan(0);
        const res = await ctx.get('/api/promotions');
        expect(res.statusCode, res.body).toBe(200);
        const list = res.json() as {
          id: number;
          title: string;
          translations: Record<string, { title?: string }>;
        }[];
        expect(list.map((p) => p.id)).toEqual(stored.map((p) => p.id));
        expect(list[0]!.translations.en?.title).toMatch(/\w/);
        // An inactive one is not offered.
        await ctx.db.updateTable('promotions').set({ active: 0 }).where('id', '=', stored[0]!.id).execute();
        try {
          const fewer = (await ctx.get('/api/promotions')).json() as { id: number }[];
          expect(fewer.map((p) => p.id)).not.toContain(stored[0]!.id);
          // The module off: none at all.
          await ctx.db
            .updateTable('places')
            .set({ functionality_modules: JSON.stringify(['payments', 'booking']) })
            .where('id', '=', bistro.id)
            .execute();
          const off = await ctx.get('/api/promotions');
          expect(off.statusCode).toBe(403);
          expect(off.json()).toMatchObject({ code: 'promotions_module_disabled' });
        } finally {
          await ctx.db.updateTable('promotions').set({ active: 1 }).where('id', '=', stored[0]!.id).execute();
          await ctx.db
            .updateTable('places')
            .set({ functionality_modules: bistro.functionality_modules })
            .where('id', '=', bistro.id)
            .execute();
        }
        // Back on: offered again. The hotel (module off) refuses; no place shows another's.
        expect((await ctx.get('/api/promotions')).statusCode).toBe(200);
        expect((await ctx.get('/api/promotions', { place: 'hotel' })).json()).toMatchObject({
          code: 'promotions_module_disabled',
        });
      },
    );

    ctx.test('every error answer carries the spec §8 payload.message with its code', async () => {
      const cases = [
        { res: await ctx.get('/api/products?active=2'), code: 'validation_error' },
        { res: await ctx.get('/api/nope'), code: 'not_found' },
        { res: await ctx.get('/api/products', { place: 'no-such-place' }), code: undefined },
        {
          res: await ctx.request('POST', '/api/orders/preorder', { body: { products: [] } }),
          code: undefined,
        },
      ];
      for (const { res, code } of cases) {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        const body = res.json();
        expect(typeof body.code, res.body).toBe('string');
        if (code) expect(body.code).toBe(code);
        expect(body.payload, res.body).toMatchObject({ message: body.code });
      }
    });

    ctx.test('missing, malformed and unknown tenancy headers are 4xx JSON', async () => {
      const cases: [Parameters<TestContext['get']>[1], number, string][] = [
        [{ client: null }, 400, 'missing_client'],
        [{ place: null }, 400, 'missing_place'],
        [{ client: null, place: null }, 400, 'missing_client'],
        [{ client: 'no-such-client' }, 404, 'unknown_client'],
        [{ place: 'no-such-place' }, 404, 'unknown_place'],
        [{ place: 'bad slug!' }, 400, 'invalid_place'],
        [{ place: '99999999' }, 404, 'unknown_place'],
      ];
      for (const [opts, status, code] of cases) {
        for (const url of ['/api/products?active=1', '/api/settings', '/api/languages']) {
          const res = await ctx.get(url, opts);
          expect(res.statusCode, `${url} ${JSON.stringify(opts)}`).toBe(status);
          expect(res.json()).toMatchObject({ code, message: expect.any(String) });
        }
      }
    });

    ctx.test('numeric ids work as tenancy headers', async () => {
      const demo = await clientIdOf(ctx.db, 'demo');
      const bistro = await ctx.placeId('bistro');
      const bySlug = await products(ctx);
      const byId = await products(ctx, '/api/products?active=1', {
        client: String(demo),
        place: String(bistro),
      });
      expect(byId.map((p) => p.id)).toEqual(bySlug.map((p) => p.id));
    });

    ctx.test('no data crosses places or clients', async () => {
      const bistro = await products(ctx, '/api/products');
      const hotel = await products(ctx, '/api/products', { place: 'hotel' });
      const other = await products(ctx, '/api/products', { client: 'other' });
      const bistroIds = new Set(bistro.map((p) => p.id));
      expect(hotel.length).toBeGreaterThan(0);
      expect(hotel.some((p) => bistroIds.has(p.id))).toBe(false);
      expect(slugs(other)).toEqual(['other-secret']);
      expect(slugs(bistro)).not.toContain('other-secret');
      // A place id of the demo client under another client's header is unknown, not borrowed.
      const demoBistro = await ctx.placeId('bistro');
      const res = await ctx.get('/api/products', { client: 'other', place: String(demoBistro) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'unknown_place' });
      // A hotel category id through the bistro headers is never found.
      const hotelCats = await ctx.get('/api/categoriesHierarchy', { place: 'hotel' });
      const bistroCats = await ctx.get('/api/categoriesHierarchy');
      const bistroCatIds = new Set(flatten(bistroCats.json()).map((c) => c.id));
      expect(flatten(hotelCats.json()).some((c) => bistroCatIds.has(c.id))).toBe(false);
      const hotelIngredients = (await ctx.get('/api/ingredients', { place: 'hotel' })).json() as {
        id: number;
      }[];
      const bistroIngredients = (await ctx.get('/api/ingredients')).json() as { id: number }[];
      const bi = new Set(bistroIngredients.map((i) => i.id));
      expect(hotelIngredients.some((i) => bi.has(i.id))).toBe(false);
    });

    ctx.test('without a token: delivery context (spec §4 visibility)', async () => {
      const list = slugs(await products(ctx));
      expect(list).not.toContain('t-spot-dish');
      expect(list).toContain('t-delivery-dish');
      expect(list).toContain('t-not-spot-dish');
      expect(list).toContain('t-hide-ordering');
      const cats = slugs(flatten((await ctx.get('/api/categoriesHierarchy?active=1')).json()));
      expect(cats).not.toContain('t-spot-only');
      expect(cats).toContain('t-delivery-only');
    });

    ctx.test(
      'a spot session token shows spot-only and hides delivery-only and hide_for_ordering',
      async () => {
        for (const opts of [
          { token: 't-session-spot' },
          { token: 'demo-t1' },
          // The cookie under the spec's name (§3 user order token), as the web app writes it.
          {
            cookies: {
              user_order_token: JSON.stringify({
                token: 't-session-spot',
                expires: Date.now() + 3_600_000,
                ordertype: 1,
                room_number: null,
                tablet_mode: false,
                table: '1',
                place: 'bistro',
              }),
            },
          },
          { cookies: { user_order_token: 't-session-spot' } },
        ]) {
          const list = slugs(await products(ctx, '/api/products?active=1', opts));
          expect(list, JSON.stringify(opts)).toContain('t-spot-dish');
          expect(list).not.toContain('t-delivery-dish');
          expect(list).not.toContain('t-not-spot-dish');
          expect(list).not.toContain('t-hide-ordering');
          expect(list).toContain('t-child-dish');
          const cats = slugs(flatten((await ctx.get('/api/categoriesHierarchy?active=1', opts)).json()));
          expect(cats).toContain('t-spot-only');
          expect(cats).not.toContain('t-delivery-only');
          expect(cats).not.toContain('t-not-spot');
        }
      },
    );

    ctx.test('hide_for_ordering applies to token users only while the setting is on', async () => {
      const bistro = await ctx.placeId('bistro');
      await setSetting(ctx.db, bistro, 'hide_products_for_ordering_with_token', '0');
      try {
        expect(slugs(await products(ctx, '/api/products?active=1', { token: 't-session-spot' }))).toContain(
          't-hide-ordering',
        );
      } finally {
        await setSetting(ctx.db, bistro, 'hide_products_for_ordering_with_token', '1');
      }
    });

    ctx.test('an expired, unknown or foreign token counts as no token', async () => {
      const base = slugs(await products(ctx));
      for (const token of ['t-session-expired', 'no-such-token', 'demo-r101', 't-session-browse']) {
        expect(slugs(await products(ctx, '/api/products?active=1', { token })), token).toEqual(base);
      }
    });

    ctx.test('session expiry follows the server clock', async () => {
      ctx.clock.setOverride(new Date('2100-01-01T00:00:00Z'));
      try {
        expect(
          slugs(await products(ctx, '/api/products?active=1', { token: 't-session-spot' })),
        ).not.toContain('t-spot-dish');
      } finally {
        ctx.clock.setOverride(null);
      }
    });

    ctx.test('a delivery session shows delivery-only categories', async () => {
      const list = slugs(await products(ctx, '/api/products?active=1', { token: 't-session-delivery' }));
      expect(list).toContain('t-delivery-dish');
      expect(list).not.toContain('t-spot-dish');
    });

    ctx.test('spot browse (type 4) and room service (type 6) at the hotel', async () => {
      const browse = slugs(
        await products(ctx, '/api/products?active=1', { place: 'hotel', token: 't-session-browse' }),
      );
      expect(browse).toContain('t-browse-only');
      expect(browse).not.toContain('t-not-browse');
      const room = slugs(
        await products(ctx, '/api/products?active=1', { place: 'hotel', token: 'demo-r101' }),
      );
      expect(room).not.toContain('t-browse-only');
      expect(room).toContain('t-not-browse');
    });

    ctx.test('hide_products_for_ordering_with_token also reads "true" as on', async () => {
      const bistro = await ctx.placeId('bistro');
      await setSetting(ctx.db, bistro, 'hide_products_for_ordering_with_token', 'true');
      try {
        const spot = slugs(await products(ctx, '/api/products?active=1', { token: 't-session-spot' }));
        expect(spot).toContain('t-spot-dish');
        expect(spot).not.toContain('t-hide-ordering');
      } finally {
        await setSetting(ctx.db, bistro, 'hide_products_for_ordering_with_token', '1');
      }
    });

    ctx.test(
      "a table's QR token browses where spot orders are off; a room's browses where room service is off",
      async () => {
        // Each place: the order types it offers, a table and a room, and a dish shown only while browsing (type 4).
        const cases: { types: number[]; table: 'browse' | 'order'; room: 'browse' | 'order' }[] = [
          { types: [4], table: 'browse', room: 'browse' },
          { types: [1, 4], table: 'order', room: 'browse' },
          { types: [2], table: 'order', room: 'browse' },
          { types: [4, 6], table: 'browse', room: 'order' },
        ];
        for (const [i, c] of cases.entries()) {
          const slug = `qr-types-${i}-${ctx.dialect}`;
          const placeId = await insertPlaceOf(ctx.db, 'demo', slug, { orderTypes: c.types });
          const cat = await insertCategory(ctx.db, placeId, { slug: `${slug}-cat`, name: 'Cat' });
          await insertProduct(
            ctx.db,
            placeId,
            { slug: `${slug}-browse`, name: 'Browse only', show_only_for_spot_browse: 1 },
            { categoryIds: [cat] },
          );
          await insertTable(ctx.db, placeId, '1', `${slug}-t1`);
          await insertTable(ctx.db, placeId, '101', `${slug}-r101`, 'room');
          for (const [kind, token] of [
            ['table', `${slug}-t1`],
            ['room', `${slug}-r101`],
          ] as const) {
            const list = slugs(await products(ctx, '/api/products?active=1', { place: slug, token }));
            const browsing = list.includes(`${slug}-browse`);
            expect(browsing ? 'browse' : 'order', `${kind} at a place offering ${c.types.join(',')}`).toBe(
              c[kind],
            );
          }
        }
      },
    );

    ctx.test(
      "another place's ingredients, another client's allergens and another place's products never attach to this place's products",
      async () => {
        const bistro = await ctx.placeId('bistro');
        const hotel = await ctx.placeId('hotel');
        const other = await clientIdOf(ctx.db, 'other');
        const mine = await insertProduct(ctx.db, bistro, { slug: 'x-links-mine', name: 'Mine' });
        const ownRelated = await insertProduct(ctx.db, bistro, { slug: 'x-links-related', name: 'Related' });
        const hotelProduct = await insertProduct(ctx.db, hotel, {
          slug: 'x-links-hotel',
          name: 'Hotel dish',
        });
        const ingredient = async (placeId: number, name: string) =>
          (
            await ctx.db
              .insertInto('ingredients')
              .values({ place_id: placeId, name, translations: '{}', price: 50, active: 1, priority: 0 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        const ownIngredient = await ingredient(bistro, 'Own cheese');
        const hotelIngredient = await ingredient(hotel, 'Hotel cheese');
        await ctx.db
          .insertInto('product_ingredients')
          .values([
            { product_id: mine, ingredient_id: ownIngredient, type: 'addable', position: 0 },
            { product_id: mine, ingredient_id: hotelIngredient, type: 'addable', position: 1 },
          ])
          .execute();
        const allergen = async (clientId: number, name: string) =>
          (
            await ctx.db
              .insertInto('allergens')
              .values({ client_id: clientId, name, translations: '{}', image: null })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        const demoClient = await ctx.db
          .selectFrom('places')
          .select('client_id')
          .where('id', '=', bistro)
          .executeTakeFirstOrThrow();
        const ownAllergen = await allergen(demoClient.client_id, 'Own gluten');
        const foreignAllergen = await allergen(other, 'Other gluten');
        await ctx.db
          .insertInto('product_allergens')
          .values([
            { product_id: mine, allergen_id: ownAllergen },
            { product_id: mine, allergen_id: foreignAllergen },
          ])
          .execute();
        await ctx.db
          .insertInto('related_products')
          .values([
            { product_id: mine, related_product_id: ownRelated, position: 0 },
            { product_id: mine, related_product_id: hotelProduct, position: 1 },
          ])
          .execute();

        const shown = (await products(ctx, '/api/products')).find((p) => p.slug === 'x-links-mine')!;
        expect(shown.product_ingredients.map((i) => i.ingredientId)).toEqual([ownIngredient]);
        expect(shown.allergens.map((a) => a.name)).toEqual(['Own gluten']);
        expect(shown.related_products).toEqual([ownRelated]);
      },
    );

    ctx.test('translations_type none: every menu answer carries only the own texts (spec §3)', async () => {
      const bistro = await ctx.placeId('bistro');
      const translated = (body: unknown): number =>
        (JSON.stringify(body).match(/"translations":\{"/g) ?? []).length;
      const calls = [
        '/api/products?active=1',
        '/api/categoriesHierarchy?active=1',
        '/api/categoriesWithSubcategories?active=1&subcatRequired=1',
        '/api/ingredients',
      ];
      for (const url of calls) expect(translated((await ctx.get(url)).json()), url).toBeGreaterThan(0);
      await setSetting(ctx.db, bistro, 'translations_type', 'none');
      try {
        for (const url of calls) {
          const res = await ctx.get(url);
          expect(res.statusCode, url).toBe(200);
          expect(translated(res.json()), url).toBe(0);
        }
        // The own texts stay: the products and their names are all there.
        const names = (await products(ctx)).map((p) => p.name);
        expect(names.length).toBeGreaterThan(0);
        expect(names.every((n) => n.length > 0)).toBe(true);
      } finally {
        await setSetting(ctx.db, bistro, 'translations_type', 'json');
      }
    });
  },
  { setup },
);

describeEachDatabase(
  'menu API with the answer cache on',
  (ctx) => {
    ctx.test(
      'each query flag of a cached answer is its own entry: active, and every option of categoriesWithSubcategories',
      async () => {
        // Asked first with the flag on, then off (and the reverse): a key without the flag would answer the first.
        expect(slugs(await products(ctx, '/api/products?active=1'))).not.toContain('t-inactive');
        expect(slugs(await products(ctx, '/api/products'))).toContain('t-inactive');
        const tree = async (url: string) =>
          flatten(StoreCategoriesHierarchyResponse.parse((await ctx.get(url)).json())).map((c) => c.slug);
        expect(await tree('/api/categoriesHierarchy')).toContain('t-child-off');
        expect(await tree('/api/categoriesHierarchy?active=1')).not.toContain('t-child-off');
        const cws = async (query: string) => {
          const res = await ctx.get(`/api/categoriesWithSubcategories?${query}`);
          expect(res.statusCode, res.body).toBe(200);
          return StoreCategoriesWithSubcategoriesResponse.parse(res.json());
        };
        const all = 'active=1&subcatRequired=1&productRequired=1&productActive=1';
        const full = await cws(all);
        expect(full.find((c) => c.slug === 't-parent')?.subcategories.map((c) => c.slug)).toEqual([
          't-child',
        ]);
        expect(slugs(full)).not.toContain('t-empty');
        // Each option off alone changes the answer.
        expect(slugs(await cws('subcatRequired=1&productRequired=1&productActive=1'))).toContain(
          't-child-off',
        );
        expect(
          (await cws('active=1&productRequired=1&productActive=1')).every(
            (c) => c.subcategories.length === 0,
          ),
        ).toBe(true);
        expect(slugs(await cws('active=1&subcatRequired=1&productActive=1'))).toContain('t-empty');
        const inactive = await ctx.db
          .selectFrom('products')
          .select('id')
          .where('slug', '=', 't-inactive')
          .executeTakeFirstOrThrow();
        const childOf = (list: { slug: string; productIds: number[] }[]) =>
          list.find((c) => c.slug === 't-child')?.productIds ?? [];
        expect(childOf(full)).not.toContain(inactive.id);
        expect(childOf(await cws('active=1&subcatRequired=1&productRequired=1'))).toContain(inactive.id);
      },
    );

    ctx.test(
      'cached answers stay per place and order context, and invalidation publishes edits',
      async () => {
        const guest = slugs(await products(ctx));
        const spot = slugs(await products(ctx, '/api/products?active=1', { token: 't-session-spot' }));
        expect(guest).not.toContain('t-spot-dish');
        expect(spot).toContain('t-spot-dish');
        expect(slugs(await products(ctx))).toEqual(guest);
        expect(slugs(await products(ctx, '/api/products?active=1', { place: 'hotel' }))).not.toEqual(guest);

        const bistro = await ctx.placeId('bistro');
        const mains = await ctx.db
          .selectFrom('categories')
          .select('id')
          .where('slug', '=', 't-child')
          .executeTakeFirstOrThrow();
        await insertProduct(
          ctx.db,
          bistro,
          { slug: 't-new-dish', name: 'T new' },
          { categoryIds: [mains.id] },
        );
        expect(slugs(await products(ctx))).not.toContain('t-new-dish');
        ctx.app.invalidateMenuCache(bistro);
        expect(slugs(await products(ctx))).toContain('t-new-dish');
        const res = await ctx.get('/api/categoriesHierarchy?active=1');
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        StoreCategoriesHierarchyResponse.parse(res.json());
      },
    );
  },
  { setup, env: { MENU_CACHE_TTL_MS: '60000' } },
);
