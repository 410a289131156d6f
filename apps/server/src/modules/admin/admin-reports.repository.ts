/**
 * Sales figures of one place computed in SQL: order counts and totals grouped by UTC hour, order type and payment
 * method (the service folds the hours into the venue's local days and hours), rejected orders, and the top
 * products from the order lines. Timestamps are ISO-8601 UTC text on both dialects, so substr(…, 1, 13) is the
 * UTC hour 'YYYY-MM-DDTHH' and range bounds compare as text.
 */
import { sql } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';
import { readPlaceSetting } from '../../db/place-settings.ts';

export interface HourTypeRow {
  hour: string;
  type: number;
  payment_method: string | null;
  orders: number;
  revenue: number;
}

const REJECTED = 'rejected';

export function createAdminReportsRepository(db: AppDatabase) {
  return {
    getSetting(placeId: number, key: string): Promise<string | undefined> {
      return readPlaceSetting(db, placeId, key);
    },

    /** Not-rejected orders of [fromIso, toIso) by UTC hour, order type and payment method. */
    async salesByHour(placeId: number, fromIso: string, toIso: string): Promise<HourTypeRow[]> {
      const hour = sql<string>`substr(created_at, 1, 13)`;
      const rows = await db
        .selectFrom('orders')
        .select([
          hour.as('hour'),
          'type',
          'payment_method',
          (eb) => eb.fn.countAll<string | number>().as('orders'),
          (eb) => eb.fn.sum<string | number>('total').as('revenue'),
        ])
        .where('place_id', '=', placeId)
        .where('created_at', '>=', fromIso)
        .where('created_at', '<', toIso)
        .where('status', '!=', REJECTED)
        .groupBy([hour, 'type', 'payment_method'])
        .execute();
      return rows.map((r) => ({ ...r, orders: Number(r.orders), revenue: Number(r.revenue ?? 0) }));
    },

    async rejectedCount(placeId: number, fromIso: string, toIso: string): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('place_id', '=', placeId)
        .where('created_at', '>=', fromIso)
        .where('created_at', '<', toIso)
        .where('status', '=', REJECTED)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async topProducts(placeId: number, fromIso: string, toIso: string, limit: number) {
      const rows = await db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select([
          'l.product_id',
          (eb) => eb.fn.max('l.name').as('name'),
          (eb) => eb.fn.sum<string | number>('l.quantity').as('quantity'),
          (eb) => eb.fn.sum<string | number>('l.line_total').as('revenue'),
        ])
        .where('o.place_id', '=', placeId)
        .where('o.created_at', '>=', fromIso)
        .where('o.created_at', '<', toIso)
        .where('o.status', '!=', REJECTED)
        .groupBy('l.product_id')
        .orderBy(sql`sum(l.quantity)`, 'desc')
        .orderBy(sql`sum(l.line_total)`, 'desc')
        .orderBy('l.product_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        product_id: r.product_id,
        name: String(r.name ?? ''),
        quantity: Number(r.quantity ?? 0),
        revenue: Number(r.revenue ?? 0),
      }));
    },

    /** The orders of the range for the CSV export (at most `limit`). */
    listOrders(placeId: number, fromIso: string, toIso: string, limit: number) {
      return db
        .selectFrom('orders')
        .select([
          'id',
          'key',
          'created_at',
          'type',
          'status',
          'payment_method',
          'subtotal',
          'discount_total',
          'total',
        ])
        .where('place_id', '=', placeId)
        .where('created_at', '>=', fromIso)
        .where('created_at', '<', toIso)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}
export type AdminReportsRepository = ReturnType<typeof createAdminReportsRepository>;
