/**
 * Menu editor writes and the admin reads the guest menu does not need. Every statement is scoped by the place (or,
 * for the allergen library, the client); child rows are only touched through a product or category of the place.
 * The product parts (variants, images, allergens, ingredients, related, categories) are read with the menu
 * repository's place-scoped queries, so admin and guests see the same joins.
 */
import type { Insertable, Updateable } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';
import type { CategoriesTable, IngredientsTable, ProductsTable } from '../../db/schema.ts';

interface VariantRow {
  id?: number;
  price: number;
  additional_price: number;
  size: string | null;
  booking_duration: number | null;
  translations: string;
}

function make(db: AppDatabase) {
  const placeProductIds = (placeId: number) =>
    db.selectFrom('products').select('id').where('place_id', '=', placeId);

  return {
    // -- categories ----------------------------------------------------------------------------------------------
    listCategories(placeId: number) {
      return db
        .selectFrom('categories')
        .selectAll()
        .where('place_id', '=', placeId)
        .orderBy('priority')
        .orderBy('id')
        .execute();
    },

    /** Direct product links per category of the place. */
    async categoryProductCounts(placeId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('product_categories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.category_id')
        .select(['pc.category_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('c.place_id', '=', placeId)
        .groupBy('pc.category_id')
        .execute();
      return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
    },

    findCategory(placeId: number, id: number) {
      return db
        .selectFrom('categories')
        .selectAll()
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async insertCategory(values: Insertable<CategoriesTable>): Promise<number> {
      const row = await db.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateCategory(placeId: number, id: number, values: Updateable<CategoriesTable>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db
        .updateTable('categories')
        .set(values)
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .execute();
    },

    async deleteCategory(placeId: number, id: number): Promise<void> {
      await db.deleteFrom('categories').where('place_id', '=', placeId).where('id', '=', id).execute();
    },

    /** Sets parent, priority and level of many categories of the place (one statement each). */
    async placeCategories(
      placeId: number,
      rows: { id: number; parent_id: number | null; priority: number; hierarchy_level: number }[],
    ): Promise<void> {
      for (const r of rows) {
        await db
          .updateTable('categories')
          .set({ parent_id: r.parent_id, priority: r.priority, hierarchy_level: r.hierarchy_level })
          .where('place_id', '=', placeId)
          .where('id', '=', r.id)
          .execute();
      }
    },

    // -- products ------------------------------------------------------------------------------------------------
    listProducts(placeId: number) {
      return db
        .selectFrom('products')
        .selectAll()
        .where('place_id', '=', placeId)
        .orderBy('priority')
        .orderBy('id')
        .execute();
    },

    findProduct(placeId: number, id: number) {
      return db
        .selectFrom('products')
        .selectAll()
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async slugs(table: 'products' | 'categories', placeId: number, exceptId?: number): Promise<Set<string>> {
      let q = db.selectFrom(table).select('slug').where('place_id', '=', placeId);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return new Set((await q.execute()).map((r) => r.slug));
    },

    /** Which of `ids` are rows of the place in `table`. */
    async existingIds(
      table: 'products' | 'categories' | 'ingredients',
      placeId: number,
      ids: readonly number[],
    ): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom(table)
        .select('id')
        .where('place_id', '=', placeId)
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async existingAllergenIds(clientId: number, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('allergens')
        .select('id')
        .where('client_id', '=', clientId)
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async insertProduct(values: Insertable<ProductsTable>): Promise<number> {
      const row = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateProduct(placeId: number, id: number, values: Updateable<ProductsTable>): Promise<number> {
      if (Object.keys(values).length === 0) return 1;
      const res = await db
        .updateTable('products')
        .set(values)
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    async deleteProduct(placeId: number, id: number): Promise<void> {
      // Rows pointing at the product from elsewhere (related lists of other products) go with it.
      await db.deleteFrom('related_products').where('related_product_id', '=', id).execute();
      await db.deleteFrom('products').where('place_id', '=', placeId).where('id', '=', id).execute();
    },

    async productOrderCount(productId: number): Promise<number> {
      const row = await db
        .selectFrom('order_lines')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Variants of a product of the place, active or not, with whether an order or booking refers to them. */
    async productVariants(placeId: number, productId: number) {
      const rows = await db
        .selectFrom('product_variants as v')
        .select([
          'v.id',
          (eb) =>
            eb
              .or([
                eb.exists(
                  eb.selectFrom('order_lines as ol').select('ol.id').whereRef('ol.variant_id', '=', 'v.id'),
                ),
                eb.exists(
                  eb.selectFrom('bookings as b').select('b.id').whereRef('b.variant_id', '=', 'v.id'),
                ),
              ])
              .as('referenced'),
        ])
        .where('v.product_id', '=', productId)
        .where('v.product_id', 'in', placeProductIds(placeId))
        .execute();
      return rows.map((r) => ({ id: r.id, referenced: Boolean(r.referenced) }));
    },

    /**
     * Replaces a product's variants: listed ids are updated and kept (carts keep working), new ones inserted,
     * the rest deleted, or deactivated when an order or booking refers to them.
     */
    async replaceVariants(placeId: number, productId: number, variants: VariantRow[]): Promise<void> {
      const existing = await this.productVariants(placeId, productId);
      const keep = new Set(variants.map((v) => v.id).filter((id): id is number => id !== undefined));
      for (const old of existing) {
        if (keep.has(old.id)) continue;
        if (old.referenced)
          await db.updateTable('product_variants').set({ active: 0 }).where('id', '=', old.id).execute();
        else await db.deleteFrom('product_variants').where('id', '=', old.id).execute();
      }
      for (const [position, v] of variants.entries()) {
        const values = {
          price: v.price,
          additional_price: v.additional_price,
          size: v.size,
          booking_duration: v.booking_duration,
          translations: v.translations,
          position,
          active: 1,
        };
        if (v.id !== undefined) {
          await db
            .updateTable('product_variants')
            .set(values)
            .where('id', '=', v.id)
            .where('product_id', '=', productId)
            .execute();
        } else {
          await db
            .insertInto('product_variants')
            .values({ ...values, product_id: productId })
            .execute();
        }
      }
    },

    async replaceCategories(productId: number, categoryIds: readonly number[], primaryId: number | null) {
      await db.deleteFrom('product_categories').where('product_id', '=', productId).execute();
      if (categoryIds.length === 0) return;
      const primary = primaryId ?? categoryIds[0];
      await db
        .insertInto('product_categories')
        .values(
          categoryIds.map((category_id) => ({
            product_id: productId,
            category_id,
            is_primary: category_id === primary ? 1 : 0,
          })),
        )
        .execute();
    },

    async replaceImages(
      productId: number,
      images: { path: string; width: number | null; height: number | null }[],
    ) {
      await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
      if (images.length === 0) return;
      await db
        .insertInto('product_images')
        .values(images.map((img, position) => ({ ...img, product_id: productId, position })))
        .execute();
    },

    async replaceIngredients(productId: number, links: { ingredientId: number; type: string }[]) {
      await db.deleteFrom('product_ingredients').where('product_id', '=', productId).execute();
      if (links.length === 0) return;
      await db
        .insertInto('product_ingredients')
        .values(
          links.map((l, position) => ({
            product_id: productId,
            ingredient_id: l.ingredientId,
            type: l.type,
            position,
          })),
        )
        .execute();
    },

    async replaceAllergens(productId: number, allergenIds: readonly number[]) {
      await db.deleteFrom('product_allergens').where('product_id', '=', productId).execute();
      if (allergenIds.length === 0) return;
      await db
        .insertInto('product_allergens')
        .values(allergenIds.map((allergen_id) => ({ product_id: productId, allergen_id })))
        .execute();
    },

    async replaceRelated(productId: number, relatedIds: readonly number[]) {
      await db.deleteFrom('related_products').where('product_id', '=', productId).execute();
      if (relatedIds.length === 0) return;
      await db
        .insertInto('related_products')
        .values(
          relatedIds.map((related_product_id, position) => ({
            product_id: productId,
            related_product_id,
            position,
          })),
        )
        .execute();
    },

    async setStock(placeId: number, id: number, inStock: number): Promise<boolean> {
      const res = await db
        .updateTable('products')
        .set({ in_stock: inStock })
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    // -- ingredients ---------------------------------------------------------------------------------------------
    async listIngredients(placeId: number) {
      const rows = await db
        .selectFrom('ingredients as i')
        .select([
          'i.id',
          'i.name',
          'i.translations',
          'i.price',
          'i.active',
          'i.priority',
          (eb) =>
            eb
              .selectFrom('product_ingredients as pi')
              .select((e) => e.fn.count<string | number>('pi.product_id').distinct().as('n'))
              .whereRef('pi.ingredient_id', '=', 'i.id')
              .as('product_count'),
        ])
        .where('i.place_id', '=', placeId)
        .orderBy('i.priority')
        .orderBy('i.id')
        .execute();
      return rows.map((r) => ({ ...r, product_count: Number(r.product_count ?? 0) }));
    },

    async insertIngredient(values: Insertable<IngredientsTable>): Promise<number> {
      const row = await db.insertInto('ingredients').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateIngredient(
      placeId: number,
      id: number,
      values: Updateable<IngredientsTable>,
    ): Promise<boolean> {
      if (Object.keys(values).length === 0)
        return (await this.existingIds('ingredients', placeId, [id])).has(id);
      const res = await db
        .updateTable('ingredients')
        .set(values)
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Products and order lines that use the ingredient (either blocks deleting it). */
    async ingredientUse(id: number): Promise<{ products: number[]; orderLines: number }> {
      const [products, lines] = await Promise.all([
        db
          .selectFrom('product_ingredients')
          .select('product_id')
          .distinct()
          .where('ingredient_id', '=', id)
          .execute(),
        db
          .selectFrom('order_line_ingredients')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('ingredient_id', '=', id)
          .executeTakeFirstOrThrow(),
      ]);
      return { products: products.map((p) => p.product_id), orderLines: Number(lines.n) };
    },

    async deleteIngredient(placeId: number, id: number): Promise<void> {
      await db.deleteFrom('ingredients').where('place_id', '=', placeId).where('id', '=', id).execute();
    },

    // -- allergens (the client's library) -------------------------------------------------------------------------
    async listAllergens(clientId: number) {
      const rows = await db
        .selectFrom('allergens as a')
        .select([
          'a.id',
          'a.name',
          'a.translations',
          'a.image',
          (eb) =>
            eb
              .selectFrom('product_allergens as pa')
              .select((e) => e.fn.countAll<string | number>().as('n'))
              .whereRef('pa.allergen_id', '=', 'a.id')
              .as('product_count'),
        ])
        .where('a.client_id', '=', clientId)
        .orderBy('a.id')
        .execute();
      return rows.map((r) => ({ ...r, product_count: Number(r.product_count ?? 0) }));
    },

    async insertAllergen(values: {
      client_id: number;
      name: string;
      translations: string;
      image: string | null;
    }) {
      const row = await db.insertInto('allergens').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateAllergen(
      clientId: number,
      id: number,
      values: Partial<{ name: string; translations: string; image: string | null }>,
    ): Promise<boolean> {
      if (Object.keys(values).length === 0) return (await this.existingAllergenIds(clientId, [id])).has(id);
      const res = await db
        .updateTable('allergens')
        .set(values)
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async deleteAllergen(clientId: number, id: number): Promise<void> {
      await db.deleteFrom('allergens').where('client_id', '=', clientId).where('id', '=', id).execute();
    },
  };
}

export type AdminMenuRepositoryOps = ReturnType<typeof make>;

export function createAdminMenuRepository(db: AppDatabase) {
  return {
    ...make(db),
    /** Runs the steps on one transaction (all or nothing). */
    transaction<T>(steps: (tx: AdminMenuRepositoryOps) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => steps(make(trx)));
    },
  };
}
export type AdminMenuRepository = ReturnType<typeof createAdminMenuRepository>;
