/**
 * Menu reads. The only SQL of the menu module; every query is scoped by the place (or its client), including the
 * child tables, which are joined back to a product of the same place so a foreign id can never leak through them.
 */
import type { AppDatabase } from '../../db/database.ts';
import { readPlaceSetting } from '../../db/place-settings.ts';
import { requirePlaceModule } from '../places/place-modules.repository.ts';

export function createMenuRepository(db: AppDatabase) {
  /** Product ids of the place, as a subquery that scopes the child tables. */
  const placeProductIds = (placeId: number) =>
    db.selectFrom('products').select('id').where('place_id', '=', placeId);

  return {
    /** The user's accumulated order amount (minor units), 0 when the user is unknown. */
    async userAccumulatedAmount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select('accumulated_amount')
        .where('id', '=', userId)
        .executeTakeFirst();
      return Math.max(0, Number(row?.accumulated_amount ?? 0));
    },

    /** The place's settings; the client's brand (logo, colours) fills in what the place does not set itself. */
    async listSettings(placeId: number): Promise<{ key: string; value: string }[]> {
      const [rows, brand] = await Promise.all([
        db
          .selectFrom('settings')
          .select(['key', 'value'])
          .where('place_id', '=', placeId)
          .orderBy('key')
          .execute(),
        db
          .selectFrom('places as p')
          .innerJoin('clients as c', 'c.id', 'p.client_id')
          .select(['c.logo', 'c.primary_color', 'c.secondary_color'])
          .where('p.id', '=', placeId)
          .executeTakeFirst(),
      ]);
      const own = new Set(rows.map((r) => r.key));
      const defaults = (['logo', 'primary_color', 'secondary_color'] as const)
        .filter((key) => brand?.[key] && !own.has(key))
        .map((key) => ({ key, value: brand![key]! }));
      if (!defaults.length) return rows;
      return [...rows, ...defaults].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    getSetting(placeId: number, key: string): Promise<string | undefined> {
      return readPlaceSetting(db, placeId, key);
    },

    listIngredients(placeId: number) {
      return db
        .selectFrom('ingredients')
        .select(['id', 'name', 'translations', 'price', 'active', 'priority'])
        .where('place_id', '=', placeId)
        .orderBy('priority')
        .orderBy('id')
        .execute();
    },

    /** Active promotions of the place by position; 403 `promotions_module_disabled` while its module is off. */
    async listActivePromotions(placeId: number) {
      await requirePlaceModule(db, placeId, 'promotions');
      return db
        .selectFrom('promotions')
        .select(['id', 'title', 'description', 'translations', 'image'])
        .where('place_id', '=', placeId)
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    listLanguages(placeId: number) {
      return db
        .selectFrom('languages')
        .select(['code', 'name', 'is_default'])
        .where('place_id', '=', placeId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    listCategories(placeId: number, opts: { activeOnly: boolean }) {
      let q = db.selectFrom('categories').selectAll().where('place_id', '=', placeId);
      if (opts.activeOnly) q = q.where('active', '=', 1);
      return q.orderBy('priority').orderBy('id').execute();
    },

    listProducts(placeId: number, opts: { activeOnly: boolean }) {
      let q = db.selectFrom('products').selectAll().where('place_id', '=', placeId);
      if (opts.activeOnly) q = q.where('active', '=', 1);
      return q.orderBy('priority').orderBy('id').execute();
    },

    /** Product ↔ category links of the place (both ends in the place). */
    listProductCategories(placeId: number) {
      return db
        .selectFrom('product_categories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.category_id')
        .select(['pc.product_id', 'pc.category_id', 'pc.is_primary'])
        .where('c.place_id', '=', placeId)
        .where('pc.product_id', 'in', placeProductIds(placeId))
        .orderBy('pc.product_id')
        .orderBy('c.priority')
        .orderBy('c.id')
        .execute();
    },

    listVariants(placeId: number) {
      return db
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'price', 'additional_price', 'size', 'booking_duration', 'translations'])
        .where('product_id', 'in', placeProductIds(placeId))
        .where('active', '=', 1)
        .orderBy('product_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    listImages(placeId: number) {
      return db
        .selectFrom('product_images')
        .select(['product_id', 'path', 'width', 'height'])
        .where('product_id', 'in', placeProductIds(placeId))
        .orderBy('product_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /** Allergens are the client's library; only the place's products' links, only the same client's allergens. */
    listProductAllergens(placeId: number, clientId: number) {
      return db
        .selectFrom('product_allergens as pa')
        .innerJoin('allergens as a', 'a.id', 'pa.allergen_id')
        .select(['pa.product_id', 'a.id', 'a.name', 'a.image', 'a.translations'])
        .where('a.client_id', '=', clientId)
        .where('pa.product_id', 'in', placeProductIds(placeId))
        .orderBy('pa.product_id')
        .orderBy('a.id')
        .execute();
    },

    listProductIngredients(placeId: number) {
      return db
        .selectFrom('product_ingredients as pi')
        .innerJoin('ingredients as i', 'i.id', 'pi.ingredient_id')
        .select(['pi.product_id', 'pi.ingredient_id', 'pi.type'])
        .where('i.place_id', '=', placeId)
        .where('pi.product_id', 'in', placeProductIds(placeId))
        .orderBy('pi.product_id')
        .orderBy('pi.position')
        .orderBy('pi.id')
        .execute();
    },

    listRelatedProducts(placeId: number) {
      return db
        .selectFrom('related_products as r')
        .innerJoin('products as rp', 'rp.id', 'r.related_product_id')
        .select(['r.product_id', 'r.related_product_id'])
        .where('rp.place_id', '=', placeId)
        .where('r.product_id', 'in', placeProductIds(placeId))
        .orderBy('r.product_id')
        .orderBy('r.position')
        .execute();
    },

    /** An unexpired guest session of the place (table_sessions.session). */
    findSession(placeId: number, session: string, nowIso: string) {
      return db
        .selectFrom('table_sessions')
        .select(['order_type', 'table_id', 'expires_at'])
        .where('place_id', '=', placeId)
        .where('session', '=', session)
        .where('expires_at', '>', nowIso)
        .executeTakeFirst();
    },

    /** An active table or room of the place by its QR token. */
    findTableByToken(placeId: number, token: string) {
      return db
        .selectFrom('tables')
        .select(['id', 'kind', 'number'])
        .where('place_id', '=', placeId)
        .where('token', '=', token)
        .where('active', '=', 1)
        .executeTakeFirst();
    },

    async listActiveOrderTypes(placeId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('order_types')
        .select('type')
        .where('place_id', '=', placeId)
        .where('active', '=', 1)
        .execute();
      return rows.map((r) => r.type);
    },

    async findCategory(placeId: number, id: number) {
      return db
        .selectFrom('categories')
        .select(['id', 'active'])
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}
export type MenuRepository = ReturnType<typeof createMenuRepository>;
