/**
 * Client white-label brand (issue "Admin console"): clients.logo, clients.primary_color, clients.secondary_color,
 * the defaults of the client's places (a place's own setting wins). Staff deactivation uses users.banned.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('logo', 'text').execute();
  await db.schema.alterTable('clients').addColumn('primary_color', 'text').execute();
  await db.schema.alterTable('clients').addColumn('secondary_color', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('secondary_color').execute();
  await db.schema.alterTable('clients').dropColumn('primary_color').execute();
  await db.schema.alterTable('clients').dropColumn('logo').execute();
}
