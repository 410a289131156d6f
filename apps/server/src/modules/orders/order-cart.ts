/**
 * Step 4 of placing an order (orders.service.ts): every cart line against the database — the venue's own products,
 * active and in stock, their ingredients available (a required one chosen), orderable in this order type, add-on
 * limits — answering the first failing §8 code with what the browser needs; the lines come back with their database
 * prices for the pricing step.
 */
import type { VenueSettings } from '@trapeza/domain/settings';
import type { OrderTotalLineInput } from '@trapeza/domain/pricing/order-total';
import {
  checkProductOrderable,
  isCategoryVisible,
  isProductVisible,
  type BrowseContext,
} from '@trapeza/domain/visibility';
import { checkAddableSelection, lacksRequiredIngredient } from '@trapeza/domain/ingredients';
import { REQUIRED_INGREDIENT_MISSING_MESSAGES } from '@trapeza/domain/errors';
import { normalizeIngredients } from '@trapeza/domain/cart';
import { DomainError, localize } from '../../lib/domain-error.ts';
import { orderError } from './order-error.ts';
import type { OrderCallContext, OrderDraft } from './order-draft.ts';
import type { OrdersRepository, ProductIngredientRow } from './orders.repository.ts';
import type { SessionWithTable } from '../tables/tables.repository.ts';

export function createCartCheck(deps: { repo: OrdersRepository }) {
  const { repo } = deps;

  /** Step 4: every line against the database; answers the first failing §8 code with what the browser needs. */
  async function check(
    d: OrderDraft,
    settings: VenueSettings,
    session: SessionWithTable | null,
    ctx: OrderCallContext,
  ) {
    const { placeId } = ctx;
    if (d.products.length === 0) throw orderError(400, 'noProductsToInsert');
    const productIds = [...new Set(d.products.map((p) => p.product_id))];
    const {
      products,
      variants,
      categories,
      ingredients: links,
    } = await repo.findCartRows(placeId, productIds, [
      ...new Set(d.products.map((p) => p.product_variant_id)),
    ]);
    const productById = new Map(products.map((p) => [p.id, p]));
    const variantById = new Map(variants.map((v) => [v.id, v]));

    const foreign = productIds.filter((id) => {
      const p = productById.get(id);
      return p !== undefined && p.place_id !== placeId;
    });
    if (foreign.length > 0) throw orderError(400, 'invalid_products_for_place', { ids: foreign });

    const hideForToken = settings.hide_products_for_ordering_with_token && session !== null;
    const inactive = d.products.filter((line) => {
      const p = productById.get(line.product_id);
      const v = variantById.get(line.product_variant_id);
      return (
        !p ||
        !v ||
        v.product_id !== p.id ||
        !p.active ||
        !p.in_stock ||
        !v.active ||
        p.type === 'booking' ||
        (hideForToken && p.hide_for_ordering === 1)
      );
    });
    if (inactive.length > 0) {
      throw orderError(400, 'inactiveProductsIds', {
        ids: [...new Set(inactive.map((l) => l.product_id))],
        variant_ids: [...new Set(inactive.map((l) => l.product_variant_id))],
        names: [...new Set(inactive.flatMap((l) => productById.get(l.product_id)?.name ?? []))],
      });
    }

    const linkOf = (
      productId: number,
      ingredientId: number,
      type: string,
    ): ProductIngredientRow | undefined =>
      links.find((l) => l.product_id === productId && l.ingredient_id === ingredientId && l.type === type);

    const checked = d.products.map((line) => {
      const ing = normalizeIngredients(line.ingredients);
      const wanted: { id: number; type: 'required' | 'addable' | 'removable' }[] = [
        ...(ing.required ? [{ id: ing.required, type: 'required' as const }] : []),
        ...ing.addable.map((id) => ({ id, type: 'addable' as const })),
        ...ing.removable.map((id) => ({ id, type: 'removable' as const })),
      ];
      const found = wanted.map((w) => ({ w, link: linkOf(line.product_id, w.id, w.type) }));
      return { line, ing, found, bad: found.filter((f) => !f.link || !f.link.active).map((f) => f.w.id) };
    });
    const badIngredients = checked.filter((c) => c.bad.length > 0);
    if (badIngredients.length > 0) {
      throw orderError(400, 'inactiveProductIngredientsIds', {
        ids: [...new Set(badIngredients.map((c) => c.line.product_id))],
        variant_ids: [...new Set(badIngredients.map((c) => c.line.product_variant_id))],
        ingredient_ids: [...new Set(badIngredients.flatMap((c) => c.bad))],
        names: [...new Set(badIngredients.flatMap((c) => productById.get(c.line.product_id)?.name ?? []))],
      });
    }

    // A product with a required ingredient (spec §4 radio choice) needs one chosen: the browser always picks one, a
    // hand-made or stale line without it is refused with the spec's code, naming the product (issue 25 #9).
    const lacking = checked.filter((c) =>
      lacksRequiredIngredient(
        links.filter((l) => l.product_id === c.line.product_id),
        c.ing.required,
      ),
    );
    if (lacking.length > 0) {
      const names = [...new Set(lacking.flatMap((c) => productById.get(c.line.product_id)?.name ?? []))];
      throw new DomainError(400, 'inactiveProductIngredientsIds', 'inactiveProductIngredientsIds', {
        fields: {
          ids: [...new Set(lacking.map((c) => c.line.product_id))],
          variant_ids: [...new Set(lacking.map((c) => c.line.product_variant_id))],
          names,
        },
        text: localize((l) => REQUIRED_INGREDIENT_MISSING_MESSAGES[l](names.join(', '))),
      });
    }

    // Orderable in this order type: a category that allows ordering, and the product shown to this guest (spec
    // §4: its spot-browse flags, and one of its categories visible with all its ancestors) — the browser hides the
    // rest, a hand-made request must not order them either (issue 25 #9: hidden-for-delivery products).
    const tree = await repo.getCategoryVisibility(placeId);
    const categoryById = new Map(tree.map((c) => [c.id, c]));
    const browse: BrowseContext = { orderType: d.type, hasToken: session !== null };
    const visibleWithAncestors = (id: number): boolean => {
      const seen = new Set<number>();
      for (let c = categoryById.get(id); c; c = c.parent_id ? categoryById.get(c.parent_id) : undefined) {
        if (seen.has(c.id) || !isCategoryVisible(c, browse)) return false;
        seen.add(c.id);
      }
      return seen.size > 0;
    };
    const notOrderable = productIds.filter((id) => {
      const cats = categories.filter((c) => c.product_id === id);
      const product = productById.get(id)!;
      return (
        !checkProductOrderable(
          { catHierarchyIds: cats.map((c) => c.category_id) },
          cats.map((c) => ({ id: c.category_id, order_allowed: c.order_allowed })),
        ).ok ||
        !isProductVisible(product, { ...browse, hideProductsForOrderingWithToken: false }) ||
        !cats.some((c) => visibleWithAncestors(c.category_id))
      );
    });
    if (notOrderable.length > 0) {
      // Named, so the guest knows which line to take out (issue 24 #5).
      throw orderError(400, 'product_not_orderable', {
        ids: notOrderable,
        names: notOrderable.flatMap((id) => productById.get(id)?.name ?? []),
      });
    }

    for (const c of checked) {
      const p = productById.get(c.line.product_id)!;
      const limits = checkAddableSelection(c.ing.addable.length, p);
      if (!limits.ok) {
        throw orderError(400, limits.error.key, {
          ids: [p.id],
          variant_ids: [c.line.product_variant_id],
        });
      }
    }

    return checked.map((c) => {
      const p = productById.get(c.line.product_id)!;
      const v = variantById.get(c.line.product_variant_id)!;
      const primary =
        categories.find((x) => x.product_id === p.id && x.is_primary === 1) ??
        categories.find((x) => x.product_id === p.id);
      const pricing: OrderTotalLineInput & { product_id: number; quantity: number } = {
        product_variant_id: v.id,
        product_id: p.id,
        price: v.price,
        additional_price: v.additional_price,
        quantity: c.line.quantity,
        ingredients: c.ing,
        catHierarchyId: primary?.category_id ?? null,
        disable_promocode_discount: p.disable_promocode_discount,
        discount_percent: p.discount_percent,
        discount_money: p.discount_money,
        time_based_discount_enabled: p.time_based_discount_enabled,
        time_based_discount_days: p.time_based_discount_days,
        time_based_discount_start_hour: p.time_based_discount_start_hour,
        time_based_discount_end_hour: p.time_based_discount_end_hour,
        time_based_discount_percent: p.time_based_discount_percent,
      };
      return {
        pricing,
        name: p.name,
        size: v.size,
        ingredients: c.found.map((f) => ({
          ingredient_id: f.w.id,
          type: f.w.type,
          name: f.link!.name,
          price: f.link!.price,
        })),
      };
    });
  }

  return { check };
}
