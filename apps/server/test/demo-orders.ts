/**
 * Orders on the demo seed for route tests (the journeys e2e relies on): the product a guest orders is whatever the
 * seed holds at the time, so it is looked up rather than named.
 */
import type { TestContext } from './harness.ts';

/**
 * The most expensive product of the place a guest can order as is: active, in stock, orderable category, no
 * add-on minimum and no required ingredient (as the demo journey picks it).
 */
export async function orderableDemoProduct(ctx: TestContext, placeSlug: string) {
  const placeId = await ctx.placeId(placeSlug);
  return ctx.db
    .selectFrom('products as p')
    .innerJoin('product_variants as v', 'v.product_id', 'p.id')
    .innerJoin('product_categories as pc', 'pc.product_id', 'p.id')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .select(['p.id as product_id', 'v.id as variant_id', 'p.name'])
    .where('p.place_id', '=', placeId)
    .where('p.active', '=', 1)
    .where('p.in_stock', '=', 1)
    .where('p.type', '=', 'normal')
    .where('p.hide_for_ordering', '=', 0)
    .where('p.min_count_addable_ingredients', '=', 0)
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
    .orderBy('v.price', 'desc')
    .executeTakeFirstOrThrow();
}

/** A line of `POST /api/orders` for that product, without ingredient changes. */
export async function orderableDemoLine(ctx: TestContext, placeSlug: string, quantity: number) {
  const product = await orderableDemoProduct(ctx, placeSlug);
  return {
    product_variant_id: product.variant_id,
    product_id: product.product_id,
    quantity,
    ingredients: { required: 0, addable: [], removable: [] },
  };
}
