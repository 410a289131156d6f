/**
 * Future orders (issue 24 #3): orders.scheduled_start, the instant (ISO, UTC) the kitchen has to start an order asked
 * for a later time — its requested time in the venue's zone minus the venue's preparation minutes — set when the
 * requested time is later than that; null for "as soon as possible", for a time due at once and for orders stored
 * before. The staff board and the kitchen keep such an order in their "scheduled" group until then.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('scheduled_start', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('scheduled_start').execute();
}
