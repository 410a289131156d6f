/**
 * Loyalty awards and deposit refunds (issues 4 and 3 of the server gaps):
 *   - orders.loyalty_points / orders.loyalty_amount / orders.loyalty_awarded_at: what the order earned its user
 *     (points, accumulated amount in minor units) and when; the timestamp makes the award happen once per order
 *     whether the order is paid by staff (status `paid`) or online;
 *   - payments.refund_status: null, 'required' (money taken but nothing to deliver, e.g. a booking deposit paid
 *     after the table was given away) or 'done'; payments.refund_reason says why;
 *   - orders (place_id, dedupe_hash, created_at): the duplicate check of every new order (bench/api-orders) was a
 *     range scan over the place's recent orders.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('loyalty_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('loyalty_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('loyalty_awarded_at', 'text').execute();
  await db.schema.alterTable('payments').addColumn('refund_status', 'text').execute();
  await db.schema.alterTable('payments').addColumn('refund_reason', 'text').execute();
  await db.schema
    .createIndex('orders_place_id_dedupe_hash_created_at_idx')
    .on('orders')
    .columns(['place_id', 'dedupe_hash', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payments_refund_status_idx')
    .on('payments')
    .columns(['place_id', 'refund_status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_refund_status_idx').execute();
  await db.schema.dropIndex('orders_place_id_dedupe_hash_created_at_idx').execute();
  await db.schema.alterTable('payments').dropColumn('refund_reason').execute();
  await db.schema.alterTable('payments').dropColumn('refund_status').execute();
  await db.schema.alterTable('orders').dropColumn('loyalty_awarded_at').execute();
  await db.schema.alterTable('orders').dropColumn('loyalty_amount').execute();
  await db.schema.alterTable('orders').dropColumn('loyalty_points').execute();
}
