/**
 * Per-account counters of failed logins and reset e-mails shared by every server process on one database (issue
 * "Security hardening" #8), used when REDIS_URL is not set and while Redis is down: a key (client + e-mail, or that
 * plus a trusted device), how many hits, the last one (epoch ms) and when the row is forgotten (epoch ms).
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_counters_expires_at_idx')
    .on('account_counters')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_counters').execute();
}
