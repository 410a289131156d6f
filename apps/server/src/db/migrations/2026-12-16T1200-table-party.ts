/**
 * The table as one party (issue 19): a shared cart per table session and the table's bill split into shares.
 *   - table_sessions: `mode` (kiosk / tablet: one device, never shared), `closed_at` (the bill was paid in full: a
 *     new scan opens a new session), `cart_version` (optimistic concurrency of the shared cart), the last send
 *     (`cart_sent_key`, `cart_sent_at`, `cart_sent_by`) and `cart_sending_at` (the once-only send guard);
 *   - table_guests: the phones that joined a session, with a display name (null = "Guest N") and a per-phone key;
 *   - table_cart_lines: the shared cart's lines, each with the guest who added it (`private`: "just for me");
 *   - bill_shares / bill_share_items: what each payer takes of the bill (by items, equal share, custom amount), with
 *     the tip, the method (online / cash / card), the state and, for online shares, the expiry of the payment;
 *   - payments.bill_share_id: an online payment for a share (not an order).
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
  const idCol = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  for (const [column, type, notNullDefault] of [
    ['mode', 'text', undefined],
    ['closed_at', 'text', undefined],
    ['cart_version', 'integer', 0],
    ['cart_sent_key', 'text', undefined],
    ['cart_sent_at', 'text', undefined],
    ['cart_sent_by', 'integer', undefined],
    ['cart_sending_at', 'text', undefined],
  ] as const) {
    await db.schema
      .alterTable('table_sessions')
      .addColumn(column, type, (c) =>
        notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault),
      )
      .execute();
  }
  await db.schema
    .createIndex('table_sessions_table_id_closed_at_idx')
    .on('table_sessions')
    .columns(['table_id', 'closed_at', 'expires_at'])
    .execute();

  await idCol(db.schema.createTable('table_guests'))
    .addColumn('place_id', 'integer', (c: any) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c: any) =>
      c.notNull().references('table_sessions.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (c: any) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('guest_key', 'text', (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull().defaultTo(nowIso))
    .execute();
  await db.schema
    .createIndex('table_guests_session_id_number_uq')
    .unique()
    .on('table_guests')
    .columns(['session_id', 'number'])
    .execute();
  await db.schema
    .createIndex('table_guests_session_id_guest_key_uq')
    .unique()
    .on('table_guests')
    .columns(['session_id', 'guest_key'])
    .execute();

  await idCol(db.schema.createTable('table_cart_lines'))
    .addColumn('place_id', 'integer', (c: any) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c: any) =>
      c.notNull().references('table_sessions.id').onDelete('cascade'),
    )
    .addColumn('guest_id', 'integer', (c: any) =>
      c.notNull().references('table_guests.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (c: any) => c.notNull())
    .addColumn('variant_id', 'integer', (c: any) => c.notNull())
    .addColumn('quantity', 'integer', (c: any) => c.notNull())
    .addColumn('ingredients', 'text', (c: any) => c.notNull().defaultTo('{}'))
    .addColumn('comment', 'text')
    .addColumn('private', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c: any) => c.notNull().defaultTo(nowIso))
    .addColumn('updated_at', 'text', (c: any) => c.notNull().defaultTo(nowIso))
    .execute();
  await db.schema
    .createIndex('table_cart_lines_session_id_idx')
    .on('table_cart_lines')
    .column('session_id')
    .execute();

  await idCol(db.schema.createTable('bill_shares'))
    .addColumn('place_id', 'integer', (c: any) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c: any) =>
      c.notNull().references('table_sessions.id').onDelete('cascade'),
    )
    .addColumn('guest_id', 'integer', (c: any) => c.references('table_guests.id').onDelete('set null'))
    .addColumn('mode', 'text', (c: any) => c.notNull())
    .addColumn('parts', 'integer')
    .addColumn('part_index', 'integer')
    .addColumn('amount', 'integer', (c: any) => c.notNull())
    .addColumn('tip', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('method', 'text', (c: any) => c.notNull())
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('marked_by', 'integer')
    .addColumn('created_at', 'text', (c: any) => c.notNull().defaultTo(nowIso))
    .addColumn('updated_at', 'text', (c: any) => c.notNull().defaultTo(nowIso))
    .execute();
  await db.schema.createIndex('bill_shares_session_id_idx').on('bill_shares').column('session_id').execute();
  await idCol(db.schema.createTable('bill_share_items'))
    .addColumn('share_id', 'integer', (c: any) =>
      c.notNull().references('bill_shares.id').onDelete('cascade'),
    )
    .addColumn('order_line_id', 'integer', (c: any) =>
      c.notNull().references('order_lines.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c: any) => c.notNull())
    .addColumn('amount', 'integer', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bill_share_items_share_id_idx')
    .on('bill_share_items')
    .column('share_id')
    .execute();

  await db.schema
    .alterTable('payments')
    .addColumn('bill_share_id', 'integer', (c) => c.references('bill_shares.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('bill_share_id').execute();
  await db.schema.dropTable('bill_share_items').execute();
  await db.schema.dropTable('bill_shares').execute();
  await db.schema.dropTable('table_cart_lines').execute();
  await db.schema.dropTable('table_guests').execute();
  await db.schema.dropIndex('table_sessions_table_id_closed_at_idx').execute();
  for (const column of [
    'cart_sending_at',
    'cart_sent_by',
    'cart_sent_at',
    'cart_sent_key',
    'cart_version',
    'closed_at',
    'mode',
  ]) {
    await db.schema.alterTable('table_sessions').dropColumn(column).execute();
  }
}
