/**
 * Client white-label domain (issue "Admin console"): clients.domain, the hostname the client's menus are served on
 * (lower case, no scheme, port or path; null = none). One client per hostname: a unique index (NULLs may repeat on
 * both SQLite and PostgreSQL). Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('domain', 'text').execute();
  await db.schema.createIndex('clients_domain_unique').unique().on('clients').column('domain').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('clients_domain_unique').execute();
  await db.schema.alterTable('clients').dropColumn('domain').execute();
}
