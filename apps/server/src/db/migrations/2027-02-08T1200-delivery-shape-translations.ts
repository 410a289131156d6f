/**
 * Delivery-zone names in every language (issue 24, minor): delivery_shapes.translations, the same JSON per language
 * as products, categories and regions keep (`{"en":{"name":"Centre"}, …}`; the Bulgarian name stays the `name`
 * column). Zones stored before get `{}`: their one name shows in every language until the owner translates it.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('delivery_shapes')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('delivery_shapes').dropColumn('translations').execute();
}
