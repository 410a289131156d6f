/**
 * The orders repository's reads (orders.repository.ts), called directly on both databases. The cart check's reads
 * answer the same rows on every path — SQLite's prepared statements, PostgreSQL's batched statement for carts
 * arriving together (`readCartsPg`) and its Kysely queries when no pool is at hand: products and variants by id
 * whatever their place, and the venue's own category and ingredient links of those products. Also the venue cache's
 * keys per order type, a place's modules, a user's order count, promo codes by any case and a session's orders.
 */
import { expect } from 'vitest';
import { openDatabase, type DatabaseHandle, type DialectName } from '../../db/database.ts';
import { createTtlCache } from '../../lib/json-cache.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { clientIdOf, insertCategory, insertPlace } from '../../../test/fixtures.ts';
import { CLIENT, saladLine, seedOrderFixture, storeInput, type OrderFixture } from './orders.fixtures.ts';
import { createOrdersRepository, type CartRows } from './orders.repository.ts';

const fixtures = new Map<DialectName, OrderFixture>();

/** Rows in a stable order (the reads promise no order). */
function sorted(rows: CartRows): CartRows {
  const by =
    <T>(key: (r: T) => string) =>
    (a: T, b: T) =>
      key(a).localeCompare(key(b));
  return {
    products: [...rows.products].sort(by((r) => String(r.id).padStart(9, '0'))),
    variants: [...rows.variants].sort(by((r) => String(r.id).padStart(9, '0'))),
    categories: [...rows.categories].sort(
      by((r) => `${String(r.product_id).padStart(9, '0')}|${String(r.category_id).padStart(9, '0')}`),
    ),
    ingredients: [...rows.ingredients].sort(
      by((r) => `${String(r.product_id).padStart(9, '0')}|${String(r.ingredient_id).padStart(9, '0')}`),
    ),
  };
}

describeEachDatabase(
  'the orders repository',
  (ctx) => {
    const fx = () => fixtures.get(ctx.dialect)!;

    /**
     * Every reader of the database: SQLite's; on PostgreSQL the server's (batched, the pool at hand) and one
     * without the pool (the Kysely queries).
     */
    function readers() {
      const all: { name: string; repo: ReturnType<typeof createOrdersRepository> }[] = [
        { name: ctx.dialect, repo: createOrdersRepository(ctx.database) },
      ];
      if (ctx.dialect === 'postgres')
        all.push({
          name: 'postgres without its pool',
          repo: createOrdersRepository({ ...ctx.database, pgPool: undefined }),
        });
      return all;
    }

    ctx.test(
      "the cart check's reads: products and variants by id whatever their place, the venue's own category and " +
        'ingredient links only, an inactive category allowing no ordering; nothing for no ids',
      async () => {
        const f = fx();
        const db = ctx.db;
        // The salad is also in an inactive category; the soup has an ingredient of the hotel; the club is the hotel's.
        const closed = await insertCategory(db, f.bistro, { slug: 'closed', name: 'Затворено', active: 0 });
        await db
          .insertInto('product_categories')
          .values({ product_id: f.salad.id, category_id: closed, is_primary: 0 })
          .execute();
        const honey = await db
          .insertInto('ingredients')
          .values({ place_id: f.hotel, name: 'Мед', translations: '{}', price: 70, active: 1, priority: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('product_ingredients')
          .values({ product_id: f.soup.id, ingredient_id: honey.id, type: 'addable', position: 1 })
          .execute();
        const mains = await db
          .selectFrom('product_categories')
          .select('category_id')
          .where('product_id', '=', f.soup.id)
          .executeTakeFirstOrThrow();
        const info = await db
          .selectFrom('product_categories')
          .select('category_id')
          .where('product_id', '=', f.infoOnly.id)
          .executeTakeFirstOrThrow();
        const room = await db
          .selectFrom('product_categories')
          .select('category_id')
          .where('product_id', '=', f.club.id)
          .executeTakeFirstOrThrow();

        const productIds = [f.salad.id, f.soup.id, f.infoOnly.id, f.club.id, 999_999];
        const variantIds = [f.salad.variant, f.club.variant, 999_999];
        const expected = sorted({
          products: [
            { id: f.salad.id, place_id: f.bistro, name: 'Салата', discount_percent: 10 },
            { id: f.soup.id, place_id: f.bistro, name: 'Супа', max_count_addable_ingredients: 2 },
            { id: f.infoOnly.id, place_id: f.bistro, name: 'Само за показ' },
            { id: f.club.id, place_id: f.hotel, name: 'Клуб сандвич' },
          ],
          variants: [
            { id: f.salad.variant, product_id: f.salad.id, price: 800, active: 1 },
            { id: f.club.variant, product_id: f.club.id, price: 1200, active: 1 },
          ],
          categories: [
            { product_id: f.salad.id, category_id: mains.category_id, is_primary: 1, order_allowed: 1 },
            { product_id: f.salad.id, category_id: closed, is_primary: 0, order_allowed: 0 },
            { product_id: f.soup.id, category_id: mains.category_id, is_primary: 1, order_allowed: 1 },
            { product_id: f.infoOnly.id, category_id: info.category_id, is_primary: 1, order_allowed: 0 },
          ],
          ingredients: [
            {
              product_id: f.soup.id,
              ingredient_id: f.soup.bread,
              type: 'required',
              name: 'Хляб',
              price: 50,
              active: 1,
            },
            {
              product_id: f.soup.id,
              ingredient_id: f.soup.cheese,
              type: 'addable',
              name: 'Сирене',
              price: 100,
              active: 1,
            },
            {
              product_id: f.soup.id,
              ingredient_id: f.soup.onion,
              type: 'removable',
              name: 'Лук',
              price: 0,
              active: 1,
            },
            {
              product_id: f.soup.id,
              ingredient_id: f.soup.oldCheese,
              type: 'addable',
              name: 'Старо сирене',
              price: 120,
              active: 0,
            },
          ],
        } as unknown as CartRows);
        for (const { name, repo } of readers()) {
          const rows = sorted(await repo.findCartRows(f.bistro, productIds, variantIds));
          expect(rows, name).toMatchObject(expected);
          expect(
            rows.products.map((p) => p.id),
            name,
          ).toEqual(expected.products.map((p) => p.id));
          expect(
            rows.variants.map((v) => v.id),
            name,
          ).toEqual(expected.variants.map((v) => v.id));
          expect(rows.categories, name).toHaveLength(4);
          expect(rows.ingredients, name).toHaveLength(4);
          // Read for the hotel: its own links of the same products.
          const hotel = sorted(await repo.findCartRows(f.hotel, [f.soup.id, f.club.id], []));
          expect(hotel.categories, name).toEqual([
            { product_id: f.club.id, category_id: room.category_id, is_primary: 1, order_allowed: 1 },
          ]);
          expect(hotel.ingredients, name).toEqual([
            {
              product_id: f.soup.id,
              ingredient_id: honey.id,
              type: 'addable',
              name: 'Мед',
              price: 70,
              active: 1,
            },
          ]);
          expect(hotel.variants, name).toEqual([]);
          const none = { products: [], variants: [], categories: [], ingredients: [] };
          expect(await repo.findCartRows(f.bistro, [], []), name).toEqual(none);
          expect(
            await Promise.all([
              repo.findProducts([]),
              repo.findVariants([]),
              repo.findProductCategories(f.bistro, []),
              repo.findProductIngredients(f.bistro, []),
            ]),
            name,
          ).toEqual([[], [], [], []]);
        }
      },
    );

    ctx.test('carts checked together are each answered from their own ids', async () => {
      const f = fx();
      for (const { name, repo } of readers()) {
        const [salad, soup, club] = await Promise.all([
          repo.findCartRows(f.bistro, [f.salad.id], [f.salad.variant]),
          repo.findCartRows(f.bistro, [f.soup.id], []),
          repo.findCartRows(f.hotel, [f.club.id], [f.club.variant]),
        ]);
        expect(
          salad.products.map((p) => p.id),
          name,
        ).toEqual([f.salad.id]);
        expect(
          salad.variants.map((v) => v.id),
          name,
        ).toEqual([f.salad.variant]);
        expect(new Set(salad.categories.map((c) => c.product_id)), name).toEqual(new Set([f.salad.id]));
        expect(salad.ingredients, name).toEqual([]);
        expect(
          soup.products.map((p) => p.id),
          name,
        ).toEqual([f.soup.id]);
        expect(soup.variants, name).toEqual([]);
        expect(new Set(soup.categories.map((c) => c.product_id)), name).toEqual(new Set([f.soup.id]));
        expect(new Set(soup.ingredients.map((i) => i.product_id)), name).toEqual(new Set([f.soup.id]));
        expect(
          club.products.map((p) => p.id),
          name,
        ).toEqual([f.club.id]);
        expect(
          club.categories.map((c) => c.product_id),
          name,
        ).toEqual([f.club.id]);
      }
    });

    ctx.test(
      'on PostgreSQL a cart whose read fails fails alone, with the database error; carts arriving together share one read',
      async () => {
        if (ctx.dialect !== 'postgres') return;
        const f = fx();
        // Its own pool, so that only these reads take connections from it.
        const handle: DatabaseHandle = await openDatabase({
          dataDir: ctx.dataDir,
          databaseUrl: ctx.database.connectionString!,
        });
        try {
          const repo = createOrdersRepository(handle);
          // An id beyond PostgreSQL's integer: the read of its place fails.
          const outcomes = await Promise.allSettled([
            repo.findCartRows(f.bistro, [f.salad.id, 2 ** 31], [f.salad.variant]),
            repo.findCartRows(f.hotel, [f.club.id], [f.club.variant]),
          ]);
          expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: { code: '22003' } });
          expect(outcomes[1]).toMatchObject({
            status: 'fulfilled',
            value: { products: [{ id: f.club.id }] },
          });

          let taken = 0;
          handle.pgPool!.on('acquire', () => (taken += 1));
          const carts = await Promise.all(
            Array.from({ length: 6 }, () =>
              repo.findCartRows(f.bistro, [f.salad.id, f.soup.id], [f.salad.variant]),
            ),
          );
          for (const cart of carts)
            expect(cart.products.map((p) => p.id).sort()).toEqual([f.salad.id, f.soup.id].sort());
          expect(taken).toBe(1);
        } finally {
          await handle.close();
        }
      },
    );

    ctx.test('the venue cache keeps each order type of a place apart', async () => {
      const f = fx();
      const repo = createOrdersRepository(ctx.database, createTtlCache<unknown>(60_000));
      const pickup = await repo.getOrderTypeConfig(f.bistro, 3);
      const delivery = await repo.getOrderTypeConfig(f.bistro, 2);
      expect(pickup).toMatchObject({ radiuses: [], shapes: [] });
      expect(delivery?.radiuses).toHaveLength(1);
      expect(delivery?.shapes).toHaveLength(1);
      expect(await repo.getOrderTypeConfig(f.bistro, 6)).toBeUndefined();
    });

    ctx.test("a place's modules: only its names, none when the stored list is unreadable", async () => {
      const db = ctx.db;
      const client = await clientIdOf(db, CLIENT);
      const mixed = await insertPlace(db, client, 'modules-mixed', { orderTypes: [3] });
      const broken = await insertPlace(db, client, 'modules-broken', { orderTypes: [3] });
      await db
        .updateTable('places')
        .set({ functionality_modules: '["payments", 5, null, "feedback"]' })
        .where('id', '=', mixed)
        .execute();
      await db
        .updateTable('places')
        .set({ functionality_modules: 'not json' })
        .where('id', '=', broken)
        .execute();
      const repo = createOrdersRepository(ctx.database);
      expect((await repo.getPlace(mixed))?.modules).toEqual(['payments', 'feedback']);
      expect((await repo.getPlace(broken))?.modules).toEqual([]);
    });

    ctx.test("a user's orders at the place: rejected ones do not count", async () => {
      const f = fx();
      const repo = createOrdersRepository(ctx.database);
      const at = '2026-11-24T11:00:00.000Z';
      for (const status of ['ordered', 'rejected', 'completed'])
        expect(
          await repo.storeOrder(storeInput(f, at, { extra: { user_id: f.userId, status } })),
        ).toMatchObject({ ok: true });
      expect(await repo.countUserOrders(f.bistro, f.userId)).toBe(2);
      expect(await repo.countUserOrders(f.hotel, f.userId)).toBe(0);
    });

    ctx.test('a promo code is found whatever the case it is stored or typed in', async () => {
      const f = fx();
      await ctx.db
        .insertInto('promo_codes')
        .values({
          place_id: f.bistro,
          code: 'spring5',
          discount_type: 'percent',
          discount_value: 5,
          ignore_other_discounts: 0,
          valid_from: null,
          valid_to: null,
          max_uses: null,
          used_count: 0,
          eligible_product_ids: 'null',
          active: 1,
        })
        .execute();
      const repo = createOrdersRepository(ctx.database);
      expect(await repo.findPromo(f.bistro, 'SPRING5')).toMatchObject({ code: 'spring5' });
      expect(await repo.findPromo(f.bistro, 'Spring5')).toMatchObject({ code: 'spring5' });
      expect(await repo.findPromo(f.bistro, 'welcome10')).toMatchObject({ code: 'WELCOME10' });
      expect(await repo.findPromo(f.hotel, 'spring5')).toBeUndefined();
    });

    ctx.test(
      "a session's orders with their lines, line ingredients and statuses; none for a session without orders",
      async () => {
        const f = fx();
        const repo = createOrdersRepository(ctx.database);
        expect(await repo.listOrdersByToken(f.bistro, 'no such session')).toEqual({
          orders: [],
          lines: [],
          ingredients: [],
          history: [],
        });
        const bare = storeInput(f, '2026-11-24T11:10:00.000Z', { token: 'session without lines', lines: [] });
        expect(await repo.storeOrder(bare)).toMatchObject({ ok: true });
        expect(await repo.listOrdersByToken(f.bistro, 'session without lines')).toMatchObject({
          orders: [{ key: bare.order.key }],
          lines: [],
          ingredients: [],
          history: [{ status: 'ordered' }],
        });
        const full = storeInput(f, '2026-11-24T11:20:00.000Z', {
          token: 'session with lines',
          lines: [
            saladLine(f, 'with bread', [
              { ingredient_id: f.soup.bread, type: 'required', name: 'Хляб', price: 50 },
            ]),
            saladLine(f, 'plain'),
          ],
        });
        expect(await repo.storeOrder(full)).toMatchObject({ ok: true });
        const listed = await repo.listOrdersByToken(f.bistro, 'session with lines');
        expect(listed.orders.map((o) => o.key)).toEqual([full.order.key]);
        expect(listed.lines.map((l) => l.comment)).toEqual(['with bread', 'plain']);
        expect(listed.ingredients).toEqual([
          {
            order_line_id: listed.lines[0]!.id,
            ingredient_id: f.soup.bread,
            type: 'required',
            name: 'Хляб',
            price: 50,
          },
        ]);
      },
    );
  },
  {
    setup: async (db, dialect) => {
      fixtures.set(dialect, await seedOrderFixture(db));
    },
  },
);
