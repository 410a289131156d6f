/** Promo codes and registered-user (nth order) discounts of a place. */
import type { Insertable, Updateable } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';
import type { PromoCodesTable, UserDiscountsTable } from '../../db/schema.ts';

export function createAdminPromosRepository(db: AppDatabase) {
  return {
    listPromos(placeId: number) {
      return db.selectFrom('promo_codes').selectAll().where('place_id', '=', placeId).orderBy('id').execute();
    },

    /** A promo of the place with the same code, compared case-insensitively like the orders module does. */
    findPromoByCode(placeId: number, code: string) {
      return db
        .selectFrom('promo_codes')
        .select(['id'])
        .where('place_id', '=', placeId)
        .where((eb) => eb(eb.fn('upper', ['code']), '=', code.toUpperCase()))
        .executeTakeFirst();
    },

    async insertPromo(values: Insertable<PromoCodesTable>): Promise<number> {
      const row = await db.insertInto('promo_codes').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updatePromo(placeId: number, id: number, values: Updateable<PromoCodesTable>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db
        .updateTable('promo_codes')
        .set(values)
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .execute();
    },

    async deletePromo(placeId: number, id: number): Promise<boolean> {
      const res = await db
        .deleteFrom('promo_codes')
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    async existingProductIds(placeId: number, ids: readonly number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .selectFrom('products')
        .select('id')
        .where('place_id', '=', placeId)
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    listUserDiscounts(placeId: number) {
      return db
        .selectFrom('user_discounts')
        .selectAll()
        .where('place_id', '=', placeId)
        .orderBy('on_order_number')
        .orderBy('id')
        .execute();
    },

    async insertUserDiscount(values: Insertable<UserDiscountsTable>): Promise<number> {
      const row = await db
        .insertInto('user_discounts')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateUserDiscount(
      placeId: number,
      id: number,
      values: Updateable<UserDiscountsTable>,
    ): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db
        .updateTable('user_discounts')
        .set(values)
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .execute();
    },

    async deleteUserDiscount(placeId: number, id: number): Promise<boolean> {
      const res = await db
        .deleteFrom('user_discounts')
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  };
}
export type AdminPromosRepository = ReturnType<typeof createAdminPromosRepository>;
