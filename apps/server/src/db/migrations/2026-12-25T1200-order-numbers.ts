/**
 * Short per-venue order numbers (issue 24 #8): staff saw 32-character keys while the venue's e-mail said "#3".
 *   - orders.number: the order's number within its venue's day (1, 2, 3 … from each local midnight), shown as
 *     "#7" to the guest, on the board, the kitchen tickets and in the e-mails; null for orders stored before;
 *   - orders.number_day: that day (YYYY-MM-DD in the venue's time zone);
 *   - order_numbers: the last number given per venue and day. Taken inside the order's own transaction with one
 *     upsert (`insert … on conflict do update … returning`), which PostgreSQL serialises on the counter row, so two
 *     server processes can never hand out the same number (no per-process counter); a unique index on
 *     (place_id, number_day, number) holds it in the database too.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('number', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('number_day', 'text').execute();
  await db.schema
    .createIndex('orders_place_day_number_uq')
    .on('orders')
    .columns(['place_id', 'number_day', 'number'])
    .unique()
    .execute();
  await db.schema
    .createTable('order_numbers')
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_numbers_pk', ['place_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_numbers').execute();
  await db.schema.dropIndex('orders_place_day_number_uq').execute();
  await db.schema.alterTable('orders').dropColumn('number_day').execute();
  await db.schema.alterTable('orders').dropColumn('number').execute();
}
