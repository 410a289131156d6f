/**
 * Order types of a place with their price and discount tiers, delivery radiuses and polygons, and the delivery
 * regions. Children are only reached through an order type of the place (joined back on place_id).
 */
import type { AppDatabase } from '../../db/database.ts';

export interface ZoneRows {
  radius: {
    radius_start: number;
    radius_end: number;
    delivery_price: number;
    required_order_price_for_free_delivery: number | null;
  };
  shape: {
    name: string | null;
    /** JSON; absent on a change that keeps the stored translations */
    translations?: string;
    delivery_price: number;
    coordinates: string;
    active_time_from: string | null;
    active_time_to: string | null;
    required_order_price_for_free_delivery: number | null;
  };
}

export function createAdminZonesRepository(db: AppDatabase) {
  const typeIds = (placeId: number) =>
    db.selectFrom('order_types').select('id').where('place_id', '=', placeId);

  return {
    async orderTypes(placeId: number) {
      const [types, prices, discounts, radiuses, shapes] = await Promise.all([
        db.selectFrom('order_types').selectAll().where('place_id', '=', placeId).orderBy('type').execute(),
        db
          .selectFrom('order_type_prices')
          .selectAll()
          .where('order_type_id', 'in', typeIds(placeId))
          .orderBy('price_over')
          .execute(),
        db
          .selectFrom('order_type_discounts')
          .selectAll()
          .where('order_type_id', 'in', typeIds(placeId))
          .orderBy('price_over')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('delivery_radiuses')
          .selectAll()
          .where('order_type_id', 'in', typeIds(placeId))
          .orderBy('radius_start')
          .execute(),
        db
          .selectFrom('delivery_shapes')
          .selectAll()
          .where('order_type_id', 'in', typeIds(placeId))
          .orderBy('id')
          .execute(),
      ]);
      return { types, prices, discounts, radiuses, shapes };
    },

    findOrderType(placeId: number, id: number) {
      return db
        .selectFrom('order_types')
        .selectAll()
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findOrderTypeByType(placeId: number, type: number) {
      return db
        .selectFrom('order_types')
        .selectAll()
        .where('place_id', '=', placeId)
        .where('type', '=', type)
        .executeTakeFirst();
    },

    async insertOrderType(placeId: number, type: number, active: number): Promise<number> {
      const row = await db
        .insertInto('order_types')
        .values({ place_id: placeId, type, active })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async setOrderTypeActive(placeId: number, id: number, active: number): Promise<void> {
      await db
        .updateTable('order_types')
        .set({ active })
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .execute();
    },

    /** Removes the order type with its tiers and zones (orders keep their numbers; zone links go null). */
    async deleteOrderType(placeId: number, id: number): Promise<void> {
      await db.deleteFrom('order_types').where('place_id', '=', placeId).where('id', '=', id).execute();
    },

    async replacePrices(orderTypeId: number, rows: { price_over: number; price: number }[]) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('order_type_prices').where('order_type_id', '=', orderTypeId).execute();
        if (rows.length) {
          await trx
            .insertInto('order_type_prices')
            .values(rows.map((r) => ({ ...r, order_type_id: orderTypeId })))
            .execute();
        }
      });
    },

    async replaceDiscounts(
      orderTypeId: number,
      rows: {
        price_over: number;
        value: number;
        value_type: string;
        active_start_time: string | null;
        active_end_time: string | null;
      }[],
    ) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('order_type_discounts').where('order_type_id', '=', orderTypeId).execute();
        if (rows.length) {
          await trx
            .insertInto('order_type_discounts')
            .values(rows.map((r) => ({ ...r, order_type_id: orderTypeId })))
            .execute();
        }
      });
    },

    async insertRadius(orderTypeId: number, values: ZoneRows['radius']): Promise<number> {
      const row = await db
        .insertInto('delivery_radiuses')
        .values({ ...values, order_type_id: orderTypeId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateRadius(placeId: number, id: number, values: ZoneRows['radius']): Promise<boolean> {
      const res = await db
        .updateTable('delivery_radiuses')
        .set(values)
        .where('id', '=', id)
        .where('order_type_id', 'in', typeIds(placeId))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async deleteRadius(placeId: number, id: number): Promise<boolean> {
      const res = await db
        .deleteFrom('delivery_radiuses')
        .where('id', '=', id)
        .where('order_type_id', 'in', typeIds(placeId))
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    async insertShape(orderTypeId: number, values: ZoneRows['shape']): Promise<number> {
      const row = await db
        .insertInto('delivery_shapes')
        .values({ ...values, order_type_id: orderTypeId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateShape(placeId: number, id: number, values: ZoneRows['shape']): Promise<boolean> {
      const res = await db
        .updateTable('delivery_shapes')
        .set(values)
        .where('id', '=', id)
        .where('order_type_id', 'in', typeIds(placeId))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async deleteShape(placeId: number, id: number): Promise<boolean> {
      const res = await db
        .deleteFrom('delivery_shapes')
        .where('id', '=', id)
        .where('order_type_id', 'in', typeIds(placeId))
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    listRegions(placeId: number) {
      return db.selectFrom('regions').selectAll().where('place_id', '=', placeId).orderBy('id').execute();
    },

    async insertRegion(values: {
      place_id: number;
      name: string;
      translations: string;
      delivery_price: number;
      required_order_price_for_free_delivery: number | null;
      active: number;
    }): Promise<number> {
      const row = await db.insertInto('regions').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateRegion(
      placeId: number,
      id: number,
      values: Partial<{
        name: string;
        translations: string;
        delivery_price: number;
        required_order_price_for_free_delivery: number | null;
        active: number;
      }>,
    ): Promise<boolean> {
      if (Object.keys(values).length === 0) {
        return !!(await db
          .selectFrom('regions')
          .select('id')
          .where('place_id', '=', placeId)
          .where('id', '=', id)
          .executeTakeFirst());
      }
      const res = await db
        .updateTable('regions')
        .set(values)
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async deleteRegion(placeId: number, id: number): Promise<boolean> {
      const res = await db
        .deleteFrom('regions')
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  };
}
export type AdminZonesRepository = ReturnType<typeof createAdminZonesRepository>;
