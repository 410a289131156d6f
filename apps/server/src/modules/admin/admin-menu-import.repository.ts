/**
 * The only SQL of the menu import (admin-menu-import.service.ts) beyond the menu editor's repository: the venue's
 * variants, allergen links, primary categories and allergen library in one read, and the batched writes of an
 * import. Every statement is scoped by the place (child rows through a product of the place) or, for the allergen
 * library, the client. The writes are chunked: a 2 000-row file is a few dozen statements (bench/menu-import).
 */
import { sql, type Insertable } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';
import type {
  ProductAllergensTable,
  ProductCategoriesTable,
  ProductVariantsTable,
  ProductsTable,
} from '../../db/schema.ts';
import { createAdminMenuRepository, type AdminMenuRepositoryOps } from './admin-menu.repository.ts';

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function importOps(db: AppDatabase) {
  const placeProductIds = (placeId: number) =>
    db.selectFrom('products').select('id').where('place_id', '=', placeId);

  return {
    /** Inserts the products (200 a statement); their ids by slug (RETURNING's order is not guaranteed on SQLite). */
    async insertProducts(rows: Insertable<ProductsTable>[]): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (const part of chunk(rows, 200)) {
        const inserted = await db.insertInto('products').values(part).returning(['id', 'slug']).execute();
        for (const r of inserted) ids.set(r.slug, r.id);
      }
      return ids;
    },

    async insertVariants(rows: Insertable<ProductVariantsTable>[]): Promise<void> {
      for (const part of chunk(rows, 500)) await db.insertInto('product_variants').values(part).execute();
    },

    async insertCategoryLinks(rows: Insertable<ProductCategoriesTable>[]): Promise<void> {
      for (const part of chunk(rows, 500)) await db.insertInto('product_categories').values(part).execute();
    },

    async insertAllergenLinks(rows: Insertable<ProductAllergensTable>[]): Promise<void> {
      for (const part of chunk(rows, 500)) await db.insertInto('product_allergens').values(part).execute();
    },

    /** Drops every allergen link of the products (of the place). */
    async clearAllergenLinks(placeId: number, productIds: number[]): Promise<void> {
      for (const part of chunk(productIds, 500)) {
        await db
          .deleteFrom('product_allergens')
          .where('product_id', 'in', part)
          .where('product_id', 'in', placeProductIds(placeId))
          .execute();
      }
    },

    /** The active variants of a product of the place, with what a re-import keeps of a variant of the same size. */
    activeVariants(placeId: number, productId: number) {
      return db
        .selectFrom('product_variants')
        .select(['id', 'size', 'additional_price', 'booking_duration', 'translations'])
        .where('product_id', '=', productId)
        .where('product_id', 'in', placeProductIds(placeId))
        .where('active', '=', 1)
        .execute();
    },

    /** The ids of the categories a product of the place is linked to. */
    async categoryIdsOf(placeId: number, productId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('product_categories')
        .select('category_id')
        .where('product_id', '=', productId)
        .where('product_id', 'in', placeProductIds(placeId))
        .execute();
      return rows.map((r) => r.category_id);
    },

    /** New prices of variants of the place, 300 in one `case` statement. */
    async setVariantPrices(placeId: number, prices: { id: number; price: number }[]): Promise<void> {
      for (const part of chunk(prices, 300)) {
        await db
          .updateTable('product_variants')
          .set({
            price: sql<number>`case id ${sql.join(
              part.map((u) => sql`when ${u.id} then cast(${u.price} as bigint)`),
              sql` `,
            )} else price end`,
          })
          .where(
            'id',
            'in',
            part.map((u) => u.id),
          )
          .where('product_id', 'in', placeProductIds(placeId))
          .execute();
      }
    },
  };
}

export type MenuImportOps = AdminMenuRepositoryOps & ReturnType<typeof importOps>;

export function createMenuImportRepository(db: AppDatabase) {
  return {
    /** The venue's active variants, allergen links (of the client's library), primary categories, and the library. */
    async menuParts(placeId: number, clientId: number) {
      const placeProducts = db.selectFrom('products').select('id').where('place_id', '=', placeId);
      const [variants, allergenLinks, primary, library] = await Promise.all([
        db
          .selectFrom('product_variants')
          .select(['id', 'product_id', 'size', 'price'])
          .where('product_id', 'in', placeProducts)
          .where('active', '=', 1)
          .orderBy('product_id')
          .orderBy('position')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('product_allergens as pa')
          .innerJoin('allergens as a', 'a.id', 'pa.allergen_id')
          .select(['pa.product_id', 'a.id'])
          .where('a.client_id', '=', clientId)
          .where('pa.product_id', 'in', placeProducts)
          .orderBy('a.id')
          .execute(),
        db
          .selectFrom('product_categories')
          .select(['product_id', 'category_id'])
          .where('product_id', 'in', placeProducts)
          .where('is_primary', '=', 1)
          .execute(),
        db
          .selectFrom('allergens')
          .select(['id', 'name', 'translations'])
          .where('client_id', '=', clientId)
          .orderBy('id')
          .execute(),
      ]);
      return { variants, allergenLinks, primary, library };
    },

    /**
     * Runs the steps on one transaction (all or nothing); every statement inside goes through `tx`: on SQLite a
     * query on the outer handle would wait for the transaction to end.
     */
    transaction<T>(steps: (tx: MenuImportOps) => Promise<T>): Promise<T> {
      return db
        .transaction()
        .execute((trx) => steps({ ...createAdminMenuRepository(trx), ...importOps(trx) }));
    },
  };
}
export type MenuImportRepository = ReturnType<typeof createMenuImportRepository>;
