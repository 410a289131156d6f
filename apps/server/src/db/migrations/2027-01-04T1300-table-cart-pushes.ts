/**
 * Idempotent pushes into a table's shared cart (issue 24, shared table cart): a phone that unloads between the
 * server taking a pushed line and its own removal of it sends the line again; each push carries an id
 * (`push_id`, kept in the phone's sessionStorage until the line leaves it), recorded here in the add's own
 * transaction with insert-or-ignore, so the same push adds once. Rows go with their session.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('table_cart_pushes')
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('table_sessions.id').onDelete('cascade'),
    )
    .addColumn('push_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('table_cart_pushes_pk', ['session_id', 'push_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('table_cart_pushes').execute();
}
