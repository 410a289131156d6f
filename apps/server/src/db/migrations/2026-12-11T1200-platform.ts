/**
 * White label for real (issue 15) and domain binding (issue 23 #13):
 *   - users.client_id becomes nullable: platform staff (SUPER_ADMIN, SALES_ADMIN created by `npm run create-admin`
 *     or the platform console) belong to no brand. Their e-mails are unique among themselves (a partial unique
 *     index; brand users stay unique per client as before). PostgreSQL drops the NOT NULL; SQLite cannot, so the
 *     table is rebuilt the way SQLite documents it (foreign keys off, new table from the current definition, copy,
 *     drop, rename, indexes again, foreign_key_check) — one connection, so nothing interleaves;
 *   - clients.active (0 = deactivated: its pages and menu answer 404, its data stays), clients.languages (JSON list
 *     of the brand's languages, default of its new venues), clients.currency (ISO code, default of its new venues);
 *   - clients.domain_token (the per-brand value of the `_trapeza.<domain>` DNS TXT record) and
 *     clients.domain_verified_at (set once the TXT record was seen; names under `.localhost` need no check). Only
 *     a verified domain routes pages, so the unique index on clients.domain now covers verified domains only: an
 *     unverified claim never blocks the real owner;
 *   - platform_invites: single-use invitation links (hashed token, 72 h) to become a brand's CLIENT_ADMIN or
 *     PLACE_ADMIN.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import { sql, type Kysely } from 'kysely';

function dialectOf(db: Kysely<any>): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres') ? 'postgres' : 'sqlite';
}

async function usersClientNullableSqlite(db: Kysely<any>): Promise<void> {
  const rows = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'users'`.execute(db);
  const table = rows.rows.find((r) => r.type === 'table');
  if (!table?.sql) throw new Error('users table not found');
  const notNull = /("client_id"\s+integer)\s+not null/i;
  if (!notNull.test(table.sql)) throw new Error(`unexpected users definition: ${table.sql}`);
  const createNew = table.sql
    .replace(notNull, '$1')
    .replace(/^CREATE TABLE\s+"?users"?/i, 'CREATE TABLE "users_rebuild"');
  const indexes = rows.rows.filter((r) => r.type === 'index' && r.sql).map((r) => r.sql!);
  // PRAGMA foreign_keys is a no-op inside a transaction: switch it around the transaction.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(createNew).execute(trx);
      await sql`insert into "users_rebuild" select * from "users"`.execute(trx);
      await sql`drop table "users"`.execute(trx);
      await sql`alter table "users_rebuild" rename to "users"`.execute(trx);
      for (const text of indexes) await sql.raw(text).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`foreign key check failed: ${JSON.stringify(broken.rows[0])}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const nowIso =
    dialect === 'postgres'
      ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
      : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  if (dialect === 'postgres') {
    await db.schema
      .alterTable('users')
      .alterColumn('client_id', (c) => c.dropNotNull())
      .execute();
  } else {
    await usersClientNullableSqlite(db);
  }
  await db.schema
    .createIndex('users_platform_email_uq')
    .unique()
    .on('users')
    .column('email')
    .where(sql.ref('client_id'), 'is', null)
    .execute();

  await db.schema
    .alterTable('clients')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('clients')
    .addColumn('languages', 'text', (c) => c.notNull().defaultTo('["bg","en"]'))
    .execute();
  await db.schema
    .alterTable('clients')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('BGN'))
    .execute();
  await db.schema.alterTable('clients').addColumn('domain_token', 'text').execute();
  await db.schema.alterTable('clients').addColumn('domain_verified_at', 'text').execute();
  // Domains saved before this migration routed nothing; only loopback names count as verified.
  await db
    .updateTable('clients')
    .set({ domain_verified_at: nowIso })
    .where('domain', 'like', '%.localhost')
    .execute();
  await db.schema.dropIndex('clients_domain_unique').execute();
  await db.schema
    .createIndex('clients_verified_domain_uq')
    .unique()
    .on('clients')
    .column('domain')
    .where(sql.ref('domain_verified_at'), 'is not', null)
    .execute();
  await db.schema.createIndex('clients_domain_idx').on('clients').column('domain').execute();

  const id = (t: any) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable('platform_invites'))
    .addColumn('client_id', 'integer', (c: any) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('place_id', 'integer', (c: any) => c.references('places.id').onDelete('cascade'))
    .addColumn('email', 'text', (c: any) => c.notNull())
    .addColumn('role', 'text', (c: any) => c.notNull())
    .addColumn('token_hash', 'text', (c: any) => c.notNull())
    .addColumn('expires_at', 'text', (c: any) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull().defaultTo(nowIso))
    .execute();
  await db.schema
    .createIndex('platform_invites_token_hash_uq')
    .unique()
    .on('platform_invites')
    .column('token_hash')
    .execute();
  await db.schema
    .createIndex('platform_invites_client_id_idx')
    .on('platform_invites')
    .column('client_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('platform_invites').execute();
  await db.schema.dropIndex('clients_domain_idx').execute();
  await db.schema.dropIndex('clients_verified_domain_uq').execute();
  await db.schema.createIndex('clients_domain_unique').unique().on('clients').column('domain').execute();
  for (const column of ['domain_verified_at', 'domain_token', 'currency', 'languages', 'active']) {
    await db.schema.alterTable('clients').dropColumn(column).execute();
  }
  await db.schema.dropIndex('users_platform_email_uq').execute();
  // users.client_id stays nullable: platform staff rows would have no brand to go back to.
}
