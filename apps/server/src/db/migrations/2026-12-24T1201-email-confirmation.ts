/**
 * Registration without account enumeration (issue "Security hardening" #10): a profile registered through
 * POST register stays unconfirmed (`email_confirmed = 0`, no sign-in) until the link mailed to its address is
 * followed; every existing profile counts as confirmed.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_confirmed').execute();
}
