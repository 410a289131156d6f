/**
 * Orderability and visibility of categories and products (spec §4, §5), over minimal structural inputs so the
 * server can pass database rows and the browser its cached menu.
 *
 * The browsing context is the current order type (from the order token, or the type chosen in the order modal)
 * and whether a token is held. Designed meanings (README):
 * - spot context: order type 1 (table);
 * - spot-browse context: order type 4;
 * - delivery context: order type 2, or no token and no order type yet (a web visitor ordering from home).
 * A "show only for X" flag hides the item outside X; a "hide for X" flag hides it inside X.
 */
import type { OrderType } from './order-status.ts';

export interface BrowseContext {
  orderType: OrderType | null;
  hasToken: boolean;
}

type Flag = boolean | number | string | null | undefined;
const on = (v: Flag) => v === true || v === 1 || v === '1';

export function isSpotContext(ctx: BrowseContext): boolean {
  return ctx.orderType === 1;
}
export function isSpotBrowseContext(ctx: BrowseContext): boolean {
  return ctx.orderType === 4;
}
export function isDeliveryContext(ctx: BrowseContext): boolean {
  return ctx.orderType === 2 || (!ctx.hasToken && ctx.orderType == null);
}

export interface CategoryVisibilityFlags {
  show_cat_only_for_spot_orders?: Flag;
  hide_cat_only_for_spot_orders?: Flag;
  show_only_for_spot_browse?: Flag;
  hide_only_for_spot_browse?: Flag;
  show_cat_only_for_delivery_orders?: Flag;
  hide_cat_only_for_delivery_orders?: Flag;
}

/** Whether a category is shown in this context. */
export function isCategoryVisible(cat: CategoryVisibilityFlags, ctx: BrowseContext): boolean {
  const spot = isSpotContext(ctx);
  const browse = isSpotBrowseContext(ctx);
  const delivery = isDeliveryContext(ctx);
  if (on(cat.show_cat_only_for_spot_orders) && !spot) return false;
  if (on(cat.hide_cat_only_for_spot_orders) && spot) return false;
  if (on(cat.show_only_for_spot_browse) && !browse) return false;
  if (on(cat.hide_only_for_spot_browse) && browse) return false;
  if (on(cat.show_cat_only_for_delivery_orders) && !delivery) return false;
  if (on(cat.hide_cat_only_for_delivery_orders) && delivery) return false;
  return true;
}

/** Filters a category tree: hidden categories drop with their whole subtree. */
export function filterCategories<T extends CategoryVisibilityFlags & { children?: T[] | null }>(
  categories: readonly T[],
  ctx: BrowseContext,
): T[] {
  return categories
    .filter((c) => isCategoryVisible(c, ctx))
    .map((c) => (c.children ? { ...c, children: filterCategories(c.children, ctx) } : c));
}

export interface ProductVisibilityFlags {
  show_only_for_spot_browse?: Flag;
  hide_only_for_spot_browse?: Flag;
  hide_for_ordering?: Flag;
}

/**
 * Whether a product is shown: spot-browse show/hide flags, and `hide_for_ordering` hides it from token users when
 * the venue sets hide_products_for_ordering_with_token (spec §4).
 */
export function isProductVisible(
  product: ProductVisibilityFlags,
  ctx: BrowseContext & { hideProductsForOrderingWithToken: boolean },
): boolean {
  const browse = isSpotBrowseContext(ctx);
  if (on(product.show_only_for_spot_browse) && !browse) return false;
  if (on(product.hide_only_for_spot_browse) && browse) return false;
  if (on(product.hide_for_ordering) && ctx.hasToken && ctx.hideProductsForOrderingWithToken) return false;
  return true;
}

export function filterProducts<T extends ProductVisibilityFlags>(
  products: readonly T[],
  ctx: BrowseContext & { hideProductsForOrderingWithToken: boolean },
): T[] {
  return products.filter((p) => isProductVisible(p, ctx));
}

/** Error code and message when a product is not orderable (spec §5). */
export const PRODUCT_NOT_ORDERABLE = 'product_not_orderable' as const;
export const PRODUCT_NOT_ORDERABLE_MESSAGE = {
  bg: 'Този продукт не може да бъде поръчан',
  en: 'This product cannot be ordered',
};

export type OrderabilityResult = { ok: true } | { ok: false; code: typeof PRODUCT_NOT_ORDERABLE };

/**
 * A product can be ordered only if one of its catHierarchyIds is a category with order_allowed (spec §5).
 * `categories` is any list or map of {id, order_allowed}; unknown ids count as not allowed.
 */
export function checkProductOrderable(
  product: { catHierarchyIds?: readonly number[] | null },
  categories: readonly { id: number; order_allowed?: Flag }[] | ReadonlyMap<number, { order_allowed?: Flag }>,
): OrderabilityResult {
  const ids = product.catHierarchyIds ?? [];
  const allowed = (id: number): boolean => {
    if (categories instanceof Map) return on(categories.get(id)?.order_allowed);
    return (categories as readonly { id: number; order_allowed?: Flag }[]).some(
      (c) => c.id === id && on(c.order_allowed),
    );
  };
  return ids.some(allowed) ? { ok: true } : { ok: false, code: PRODUCT_NOT_ORDERABLE };
}

/**
 * Whether the add-to-cart button is hidden (spec §2): hide_add_to_cart_btn 1 always, 2 only in spot browse or
 * tablet mode.
 */
export function isAddToCartHidden(
  hideAddToCartBtn: number,
  ctx: BrowseContext & { tabletMode: boolean },
): boolean {
  if (hideAddToCartBtn === 1) return true;
  if (hideAddToCartBtn === 2) return isSpotBrowseContext(ctx) || ctx.tabletMode;
  return false;
}
