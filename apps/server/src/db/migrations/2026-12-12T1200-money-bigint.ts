/**
 * Money columns as 64-bit integers (issue "Security hardening" #11): on PostgreSQL they were `integer` (int4), so a
 * guest order whose total passed 2^31 minor units (21 474 836.47) failed with an overflow (500). Every amount in
 * minor units becomes `bigint`; the server reads int8 back as a JavaScript number through a type parser that
 * refuses values beyond Number.MAX_SAFE_INTEGER (db/pg-types.ts). SQLite's INTEGER is already 64-bit: nothing to
 * change there. Orders are capped far below either limit anyway (packages/domain money.ts MAX_ORDER_AMOUNT).
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import { sql, type Kysely } from 'kysely';

/** Every column holding an amount in minor units, by table. */
const MONEY_COLUMNS: Record<string, string[]> = {
  products: ['discount_money'],
  product_variants: ['price', 'additional_price'],
  ingredients: ['price'],
  order_type_prices: ['price_over', 'price'],
  order_type_discounts: ['price_over'],
  delivery_radiuses: ['delivery_price', 'required_order_price_for_free_delivery'],
  delivery_shapes: ['delivery_price', 'required_order_price_for_free_delivery'],
  regions: ['delivery_price', 'required_order_price_for_free_delivery'],
  users: ['accumulated_amount'],
  orders: [
    'subtotal',
    'discount_total',
    'delivery_fee',
    'box_fee',
    'cutlery_fee',
    'payment_fee',
    'accumulated_amount_used',
    'total',
    'loyalty_amount',
  ],
  order_lines: ['unit_price', 'box_fee', 'discount', 'line_total'],
  order_line_ingredients: ['price'],
  payments: ['amount'],
};

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

async function retype(db: Kysely<any>, type: 'bigint' | 'integer'): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
    // One ALTER per table rewrites it once.
    const alters = columns.map((c) => sql`alter column ${sql.ref(c)} type ${sql.raw(type)}`);
    await sql`alter table ${sql.table(table)} ${sql.join(alters)}`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await retype(db, 'bigint');
}

export async function down(db: Kysely<any>): Promise<void> {
  await retype(db, 'integer');
}
