/**
 * Order tracking for delivery and pickup (issue 24 #6): orders.tracking_token, a random 24-character key the guest's
 * tracking page is addressed by (`/{place}/order/{tracking_token}`), e-mailed to the guest and shown after sending.
 * Unguessable (144 random bits) and unlike the order's id, key or token: it only reads the order's number, status,
 * time and the venue's message. Null for orders stored before; unique.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('tracking_token', 'text').execute();
  await db.schema
    .createIndex('orders_tracking_token_uq')
    .on('orders')
    .column('tracking_token')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_tracking_token_uq').execute();
  await db.schema.alterTable('orders').dropColumn('tracking_token').execute();
}
