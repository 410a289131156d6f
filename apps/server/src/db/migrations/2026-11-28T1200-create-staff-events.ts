/**
 * The staff event log: every event published to the staff boards and guest streams (new order, status change,
 * waiter call, bill request, feedback), kept for a day so that a board that lost its connection resumes with
 * `Last-Event-ID` and misses nothing. The id is the event id on the wire, increasing in commit order.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const nowIso = pg
    ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('staff_events')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    // The guest's order token (table session) the event concerns, for the guest stream; null for staff-only events.
    .addColumn('session', 'text')
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso))
    .execute();
  await db.schema
    .createIndex('staff_events_place_id_id_idx')
    .on('staff_events')
    .columns(['place_id', 'id'])
    .execute();
  await db.schema
    .createIndex('staff_events_place_id_session_id_idx')
    .on('staff_events')
    .columns(['place_id', 'session', 'id'])
    .execute();
  await db.schema
    .createIndex('staff_events_created_at_idx')
    .on('staff_events')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_events').execute();
}
