/**
 * Menu import (issue 16 item 1): `products.sku`, the venue's own product code. Importing a file again updates the
 * product with the row's SKU instead of adding a second one, so a SKU is unique within a place (partial unique
 * index: products without one are not constrained). Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('sku', 'text').execute();
  await sql`create unique index products_place_sku_idx on products (place_id, sku) where sku is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index products_place_sku_idx`.execute(db);
  await db.schema.alterTable('products').dropColumn('sku').execute();
}
