/**
 * Bookings held by one guest (issue 23 #5, booking_max_open_per_guest): `email_key` (trimmed, lower case, without a
 * `+tag`) and `phone_key` (digits only) of each booking, indexed with the place, so counting a guest's open bookings
 * is one indexed query. Existing rows are filled in here with the same rules as the domain's `guestEmailKey` /
 * `guestPhoneKey` (copied: migrations are frozen in time).
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

function emailKey(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf('@');
  if (at <= 0) return e;
  const local = e.slice(0, at).replace(/\+.*$/, '');
  return `${local || e.slice(0, at)}@${e.slice(at + 1)}`;
}

const phoneKey = (phone: string) => phone.replace(/\D/g, '').replace(/^00/, '');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('email_key', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('phone_key', 'text').execute();
  const rows = (await db.selectFrom('bookings').select(['id', 'email', 'phone']).execute()) as {
    id: number;
    email: string;
    phone: string;
  }[];
  for (const r of rows) {
    await db
      .updateTable('bookings')
      .set({ email_key: emailKey(r.email), phone_key: phoneKey(r.phone) })
      .where('id', '=', r.id)
      .execute();
  }
  await db.schema
    .createIndex('bookings_place_email_key_idx')
    .on('bookings')
    .columns(['place_id', 'email_key'])
    .execute();
  await db.schema
    .createIndex('bookings_place_phone_key_idx')
    .on('bookings')
    .columns(['place_id', 'phone_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_place_phone_key_idx').execute();
  await db.schema.dropIndex('bookings_place_email_key_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('phone_key').execute();
  await db.schema.alterTable('bookings').dropColumn('email_key').execute();
}
