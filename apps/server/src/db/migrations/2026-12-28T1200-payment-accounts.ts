/**
 * A venue's own payment provider accounts, entered in the admin (issue 16 #3): one row per place and provider
 * (`epay`, `one_touch`, `redsys`); `fields` holds the non-secret part as JSON (MIN; app id and KIN; merchant code
 * and terminal), `secret` the secret encrypted with AES-256-GCM (lib/secret-box.ts), `secret_last4` what the screen
 * shows, `verified_at` when a test payment last succeeded with exactly these credentials.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_accounts')
    .addColumn('place_id', 'integer', (c: any) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('secret_last4', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_accounts_pk', ['place_id', 'provider'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_accounts').execute();
}
