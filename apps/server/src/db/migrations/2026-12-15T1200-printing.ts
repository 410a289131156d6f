/**
 * Kitchen and bar printing (issue "Kitchen and bar tickets on real receipt printers"): the venue's printers and the
 * categories each prints, the per-venue print agent keys (hashed), the print jobs (stored before they are offered,
 * claimed atomically by one agent, acknowledged once) and the mark that an order's tickets were queued (one row per
 * order, so that queueing them twice — two processes, a restart sweep — is a no-op).
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
  const idColumn = (t: any) =>
    t.addColumn('id', pg ? 'serial' : 'integer', (c: any) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );

  await idColumn(db.schema.createTable('printers'))
    .addColumn('place_id', 'integer', (c: any) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('host', 'text', (c: any) => c.notNull())
    .addColumn('port', 'integer', (c: any) => c.notNull().defaultTo(9100))
    .addColumn('paper_width', 'integer', (c: any) => c.notNull().defaultTo(80))
    .addColumn('charset', 'text', (c: any) => c.notNull().defaultTo('cp866'))
    .addColumn('is_default', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c: any) => c.notNull().defaultTo(nowIso))
    .execute();
  await db.schema.createIndex('printers_place_id_idx').on('printers').column('place_id').execute();

  await db.schema
    .createTable('printer_categories')
    .addColumn('printer_id', 'integer', (c) => c.notNull().references('printers.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('printer_categories_pk', ['printer_id', 'category_id'])
    .execute();
  // A category prints on one printer only.
  await db.schema
    .createIndex('printer_categories_category_unique')
    .unique()
    .on('printer_categories')
    .column('category_id')
    .execute();

  await idColumn(db.schema.createTable('print_agent_keys'))
    .addColumn('place_id', 'integer', (c: any) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('prefix', 'text', (c: any) => c.notNull())
    // sha256 of the key, hex: the key is random (256 bits), so a fast hash is enough and lookups stay indexed.
    .addColumn('key_hash', 'text', (c: any) => c.notNull().unique())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c: any) => c.notNull().defaultTo(nowIso))
    .addColumn('revoked_at', 'text')
    .addColumn('last_seen_at', 'text')
    .execute();

  await db.schema
    .createTable('print_jobs')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('printer_id', 'integer', (c) => c.references('printers.id').onDelete('set null'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
    // 'ticket' | 'receipt' | 'test'
    .addColumn('kind', 'text', (c) => c.notNull())
    // The ticket as data (TicketDocument JSON); laid out and encoded for the printer's paper and code page when offered.
    .addColumn('document', 'text', (c) => c.notNull())
    // 'queued' | 'printed' | 'cancelled'
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'text')
    // The agent (instance id) holding the job until claim_expires_at; another agent may take it after that.
    .addColumn('claimed_by', 'text')
    .addColumn('claim_expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso))
    .addColumn('printed_at', 'text')
    .execute();
  await db.schema
    .createIndex('print_jobs_place_status_idx')
    .on('print_jobs')
    .columns(['place_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('print_jobs_order_id_idx').on('print_jobs').column('order_id').execute();

  await db.schema
    .createTable('print_order_marks')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('print_order_marks').execute();
  await db.schema.dropTable('print_jobs').execute();
  await db.schema.dropTable('print_agent_keys').execute();
  await db.schema.dropTable('printer_categories').execute();
  await db.schema.dropTable('printers').execute();
}
