/**
 * Printing test helpers: two products of the demo bistro under different top-level categories (one for the
 * kitchen, one for the bar), printers for them on simulated printers, an agent key, and table orders.
 */
import { expect } from 'vitest';
import type { TestContext } from '../../../test/harness.ts';
import { OPEN_AT } from '../orders/orders.fixtures.ts';

export interface StationProduct {
  product_id: number;
  variant_id: number;
  name: string;
  root_category_id: number;
}

/** Orderable products (no required ingredient, no add-on minimum) of the place, with their top-level category. */
async function stationProducts(ctx: TestContext, placeSlug = 'bistro'): Promise<StationProduct[]> {
  const placeId = await ctx.placeId(placeSlug);
  const [rows, categories] = await Promise.all([
    ctx.db
      .selectFrom('products as p')
      .innerJoin('product_variants as v', 'v.product_id', 'p.id')
      .innerJoin('product_categories as pc', 'pc.product_id', 'p.id')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['p.id as product_id', 'v.id as variant_id', 'p.name', 'c.id as category_id'])
      .where('p.place_id', '=', placeId)
      .where('p.active', '=', 1)
      .where('p.in_stock', '=', 1)
      .where('p.type', '=', 'normal')
      .where('p.hide_for_ordering', '=', 0)
      .where('p.min_count_addable_ingredients', '=', 0)
      .where('pc.is_primary', '=', 1)
      .where('v.active', '=', 1)
      .where('c.active', '=', 1)
      .where('c.order_allowed', '=', 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('product_ingredients as pi')
              .select('pi.id')
              .whereRef('pi.product_id', '=', 'p.id')
              .where('pi.type', '=', 'required'),
          ),
        ),
      )
      .orderBy('p.id')
      .orderBy('v.id')
      .execute(),
    ctx.db.selectFrom('categories').select(['id', 'parent_id']).where('place_id', '=', placeId).execute(),
  ]);
  const parent = new Map(categories.map((c) => [c.id, c.parent_id]));
  const rootOf = (id: number): number => {
    let c = id;
    while (parent.get(c)) c = parent.get(c)!;
    return c;
  };
  const seen = new Set<number>();
  return rows
    .filter((r) => (seen.has(r.product_id) ? false : (seen.add(r.product_id), true)))
    .map((r) => ({
      product_id: r.product_id,
      variant_id: r.variant_id,
      name: r.name,
      root_category_id: rootOf(r.category_id),
    }));
}

/** A kitchen product and a bar product: the first two products under different top-level categories. */
export async function kitchenAndBar(
  ctx: TestContext,
): Promise<{ kitchen: StationProduct; bar: StationProduct }> {
  const all = await stationProducts(ctx);
  const kitchen = all[0]!;
  const bar = all.find((p) => p.root_category_id !== kitchen.root_category_id)!;
  expect(bar, 'the demo bistro has two top-level categories with orderable products').toBeDefined();
  return { kitchen, bar };
}

/** Scans a demo table and orders the lines there (with per-variant comments). */
export async function tableOrder(
  ctx: TestContext,
  table: string,
  lines: { product: StationProduct; quantity: number; comment?: string }[],
  opts: { advance?: boolean } = {},
): Promise<{ id: number; key: string; number: number }> {
  // Inside opening hours whatever the real time is: from OPEN_AT, a minute and a second later each order (the
  // per-session order limit counts by this clock too), back to OPEN_AT after four hours. `advance: false` keeps the
  // clock (orders at tables not used before): a step past the 60 s claim lease would let a second agent take jobs
  // the first one still holds.
  const last = ctx.clock.now().getTime();
  const open = OPEN_AT.getTime();
  const inside = last >= open && last < open + 4 * 3_600_000;
  ctx.clock.setOverride(new Date(inside ? last + (opts.advance === false ? 0 : 61_000) : open));
  const scan = await ctx.post('/api/tables/verify_token', { token: table, placeSlug: 'bistro' });
  expect(scan.statusCode, scan.body).toBe(200);
  const res = await ctx.post('/api/orders', {
    session: scan.json().session,
    products: lines.map((l) => ({
      product_variant_id: l.product.variant_id,
      product_id: l.product.product_id,
      quantity: l.quantity,
      ingredients: { required: 0, addable: [], removable: [] },
    })),
    order_comment: lines
      .filter((l) => l.comment)
      .map((l) => ({ variantId: l.product.variant_id, comment: l.comment! })),
  });
  expect(res.statusCode, res.body).toBe(201);
  const row = await ctx.db
    .selectFrom('orders')
    .select(['id', 'key', 'number'])
    .where('key', '=', res.json().key)
    .executeTakeFirstOrThrow();
  // Tickets say the order's short number of the day ("Поръчка #7", issue 24 #8).
  return { ...row, number: row.number! };
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 10_000,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
