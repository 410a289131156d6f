/**
 * The go-live checklist (issue 16 item 2) on `places`:
 * - `live` (1/0): guests see the venue's real pages only once it is live; before, its guest pages answer the
 *   coming-soon page. Every venue that exists when this runs is live (nothing changes for them), and so is a place
 *   inserted without saying (the demo seed, fixtures); the platform console creates new venues with `live = 0`.
 * - `live_at`: when the venue was marked live in the admin (null for the venues live from before).
 * - `qr_sheet_downloaded_at`: when an admin last downloaded the tables' printable QR sheet.
 * - `cash_only` (1/0): the admin chose "cash only" on the checklist instead of an online payment account.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('places')
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('places').addColumn('live_at', 'text').execute();
  await db.schema.alterTable('places').addColumn('qr_sheet_downloaded_at', 'text').execute();
  await db.schema
    .alterTable('places')
    .addColumn('cash_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['cash_only', 'qr_sheet_downloaded_at', 'live_at', 'live'])
    await db.schema.alterTable('places').dropColumn(column).execute();
}
