/**
 * Menu rules: which categories and products a guest sees (spec §4 visibility, through packages/domain), and the
 * assembly of the §7 menu answers from a handful of place-scoped queries (no N+1: each child table is read once
 * per request and grouped in memory).
 */
import type {
  StoreCategory,
  StoreProduct,
  StoreSettingsResponse,
  StorePromotionsResponse,
  LanguageCode,
} from '@trapeza/domain/contracts/menu';
import { LANGUAGE_CODES } from '@trapeza/domain/contracts/menu';
import { parseTranslationsType, withTranslationsType } from '@trapeza/domain/i18n';
import type { OrderType } from '@trapeza/domain/order-status';
import { isCategoryVisible, isProductVisible, type BrowseContext } from '@trapeza/domain/visibility';
import type { Category, Product } from '../../db/schema.ts';
import { notFound } from '../../lib/domain-error.ts';
import type { PlaceTenant } from '../../plugins/tenancy.ts';
import type { MenuRepository } from './menu.repository.ts';
import {
  toStoreCategoryFields,
  toStoreIngredient,
  toStoreProduct,
  toStoreVariant,
  parseTranslations,
  type StoreCategoryFields,
} from './menu.mapping.ts';

export interface MenuContext extends BrowseContext {
  hideProductsForOrderingWithToken: boolean;
}

/**
 * Settings a guest must not read (notification addresses, provider secrets). Everything else is the venue's public
 * look and behaviour, answered as the spec's key → {value} map.
 */
const PRIVATE_SETTING =
  /^(private_|notification_|new_order_notification|order_notification|sms_)|(_secret|_password|_api_key|_access_token)$/;

const ORDER_TYPE_SPOT = 1;
const ORDER_TYPE_SPOT_BROWSE = 4;
const ORDER_TYPE_ROOM = 6;

export interface CategoriesWithSubcategoriesOptions {
  activeOnly: boolean;
  subcatRequired: boolean;
  productRequired: boolean;
  productActive: boolean;
}

export function createMenuService(deps: { repo: MenuRepository; now: () => Date }) {
  const { repo } = deps;

  /** Categories of the place that are shown in this context: visible themselves and under a shown parent. */
  async function visibleCategories(
    placeId: number,
    activeOnly: boolean,
    ctx: MenuContext,
  ): Promise<Category[]> {
    const rows = await repo.listCategories(placeId, { activeOnly });
    const byId = new Map(rows.map((c) => [c.id, c]));
    const shown = new Map<number, boolean>();
    const isShown = (c: Category, depth = 0): boolean => {
      const known = shown.get(c.id);
      if (known !== undefined) return known;
      let ok = isCategoryVisible(c, ctx);
      if (ok && c.parent_id !== null) {
        const parent = byId.get(c.parent_id);
        // A missing parent is an inactive one (filtered out) — its subtree goes with it. Depth guards cycles.
        ok = parent !== undefined && depth < 32 && isShown(parent, depth + 1);
      }
      shown.set(c.id, ok);
      return ok;
    };
    return rows.filter((c) => isShown(c));
  }

  /** Products shown in this context with their categories restricted to the shown ones. */
  async function visibleProducts(
    tenant: PlaceTenant,
    opts: { activeOnly: boolean; categoriesActiveOnly: boolean },
    ctx: MenuContext,
  ): Promise<{
    products: Product[];
    categories: Category[];
    categoryIdsByProduct: Map<number, number[]>;
    primary: Map<number, number>;
  }> {
    const [products, categories, links] = await Promise.all([
      repo.listProducts(tenant.placeId, { activeOnly: opts.activeOnly }),
      visibleCategories(tenant.placeId, opts.categoriesActiveOnly, ctx),
      repo.listProductCategories(tenant.placeId),
    ]);
    const shownCategoryIds = new Set(categories.map((c) => c.id));
    const allLinks = new Map<number, number[]>();
    const categoryIdsByProduct = new Map<number, number[]>();
    const primary = new Map<number, number>();
    for (const link of links) {
      push(allLinks, link.product_id, link.category_id);
      if (!shownCategoryIds.has(link.category_id)) continue;
      push(categoryIdsByProduct, link.product_id, link.category_id);
      if (link.is_primary) primary.set(link.product_id, link.category_id);
    }
    const shown = products.filter((p) => {
      if (!isProductVisible(p, ctx)) return false;
      // A product reachable only through hidden categories is hidden with them (a spot-only category's dishes
      // must not surface in the flat product list either).
      return !allLinks.has(p.id) || categoryIdsByProduct.has(p.id);
    });
    return { products: shown, categories, categoryIdsByProduct, primary };
  }

  return {
    /**
     * The browsing context from the order token (a table session or a table/room QR token of this place): its
     * order type, and whether a token is held. Unknown or expired tokens count as none (a stale cookie must not
     * break the menu).
     */
    async resolveContext(placeId: number, token: string | null): Promise<MenuContext> {
      // Most menu requests carry no order token; the setting only matters for token holders, so skip its query.
      if (!token) return { orderType: null, hasToken: false, hideProductsForOrderingWithToken: false };
      const hideSetting = repo.getSetting(placeId, 'hide_products_for_ordering_with_token');
      let orderType: OrderType | null = null;
      if (token) {
        const session = await repo.findSession(placeId, token, deps.now().toISOString());
        if (session) {
          orderType = session.order_type as OrderType;
        } else {
          const table = await repo.findTableByToken(placeId, token);
          if (table) orderType = orderTypeForTable(table.kind, await repo.listActiveOrderTypes(placeId));
        }
      }
      const hide = await hideSetting;
      return {
        orderType,
        hasToken: orderType !== null,
        hideProductsForOrderingWithToken: hide === '1' || hide === 'true',
      };
    },

    /**
     * A menu answer as the venue's translations_type shows it (spec §3): `none` empties every item's translations,
     * so every client shows the venue's own texts in every language; `json` (default) leaves them.
     */
    async translated<T>(placeId: number, answer: Promise<T>): Promise<T> {
      const [type, value] = await Promise.all([repo.getSetting(placeId, 'translations_type'), answer]);
      return withTranslationsType(value, parseTranslationsType(type));
    },

    /** GET settings: the public settings as key → { value }. */
    async getSettings(placeId: number): Promise<StoreSettingsResponse> {
      const rows = await repo.listSettings(placeId);
      const out: StoreSettingsResponse = {};
      for (const { key, value } of rows) if (!PRIVATE_SETTING.test(key)) out[key] = { value };
      return out;
    },

    /**
     * GET accumulated-order-amount-setting-place: the signed-in user's accumulated amount (0 for guests), read
     * fresh: paid orders credit it (loyalty, accumulated_amount_percent) and orders spend it.
     */
    async getAccumulatedAmount(userId: number | null) {
      const amount = userId === null ? 0 : await repo.userAccumulatedAmount(userId);
      return { setting: { accumulatedUserAmount: amount } };
    },

    /** GET ingredients: the place's ingredient library, by priority. */
    async listIngredients(placeId: number) {
      return (await repo.listIngredients(placeId)).map(toStoreIngredient);
    },

    /** GET languages: the place's languages in display order (unknown codes skipped). */
    /** GET promotions: the venue's current promotions (403 while the promotions module is off). */
    async listPromotions(placeId: number): Promise<StorePromotionsResponse> {
      const rows = await repo.listActivePromotions(placeId);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        translations: parseTranslations(r.translations),
        image: r.image,
      }));
    },

    async listLanguages(placeId: number) {
      const rows = await repo.listLanguages(placeId);
      return rows
        .filter((r): r is typeof r & { code: LanguageCode } =>
          (LANGUAGE_CODES as readonly string[]).includes(r.code),
        )
        .map((r) => ({ code: r.code, name: r.name, is_default: r.is_default ? 1 : 0 }));
    },

    /** GET products: the products shown in this context, with variants, images, allergens, ingredients, related. */
    async listProducts(tenant: PlaceTenant, activeOnly: boolean, ctx: MenuContext): Promise<StoreProduct[]> {
      const { products, categoryIdsByProduct, primary } = await visibleProducts(
        tenant,
        { activeOnly, categoriesActiveOnly: activeOnly },
        ctx,
      );
      const [variants, images, allergens, ingredients, related] = await Promise.all([
        repo.listVariants(tenant.placeId),
        repo.listImages(tenant.placeId),
        repo.listProductAllergens(tenant.placeId, tenant.clientId),
        repo.listProductIngredients(tenant.placeId),
        repo.listRelatedProducts(tenant.placeId),
      ]);
      const shownIds = new Set(products.map((p) => p.id));
      const variantsBy = groupBy(variants, (v) => v.product_id, toStoreVariant);
      const imagesBy = groupBy(
        images,
        (i) => i.product_id,
        (i) => ({ path: i.path, width: i.width, height: i.height }),
      );
      const allergensBy = groupBy(
        allergens,
        (a) => a.product_id,
        (a) => ({
          id: a.id,
          name: a.name,
          image: a.image,
          translations: parseTranslations(a.translations),
        }),
      );
      const ingredientsBy = groupBy(
        ingredients,
        (i) => i.product_id,
        (i) => ({
          ingredientId: i.ingredient_id,
          type: i.type as 'required' | 'addable' | 'removable',
        }),
      );
      // Related products are only those the guest can also see here.
      const relatedBy = groupBy(
        related.filter((r) => shownIds.has(r.related_product_id)),
        (r) => r.product_id,
        (r) => r.related_product_id,
      );
      return products.map((p) => {
        const catIds = categoryIdsByProduct.get(p.id) ?? [];
        return toStoreProduct(p, {
          product_variants: variantsBy.get(p.id) ?? [],
          product_images: imagesBy.get(p.id) ?? [],
          allergens: allergensBy.get(p.id) ?? [],
          product_ingredients: (ingredientsBy.get(p.id) ?? []).filter((i) =>
            ['required', 'addable', 'removable'].includes(i.type),
          ),
          related_products: relatedBy.get(p.id) ?? [],
          catHierarchyIds: catIds,
          catHierarchyId: primary.get(p.id) ?? catIds[0] ?? null,
        });
      });
    },

    /** GET categoriesHierarchy: the shown categories as a tree (roots by priority, children nested). */
    async categoriesHierarchy(
      placeId: number,
      activeOnly: boolean,
      ctx: MenuContext,
    ): Promise<StoreCategory[]> {
      const categories = await visibleCategories(placeId, activeOnly, ctx);
      const nodes = new Map<number, StoreCategory>();
      for (const c of categories) nodes.set(c.id, { ...toStoreCategoryFields(c), children: [] });
      const roots: StoreCategory[] = [];
      for (const c of categories) {
        const node = nodes.get(c.id)!;
        const parent = c.parent_id === null ? undefined : nodes.get(c.parent_id);
        if (parent) parent.children.push(node);
        else roots.push(node);
      }
      return roots;
    },

    /**
     * GET categoriesWithSubcategories: every shown category (flat) with its shown direct subcategories and the ids
     * of its own shown products. productActive=1 counts active products only; productRequired=1 drops categories
     * with no such product anywhere below them; subcatRequired=1 fills `subcategories` (else []).
     */
    async categoriesWithSubcategories(
      tenant: PlaceTenant,
      opts: CategoriesWithSubcategoriesOptions,
      ctx: MenuContext,
    ) {
      const { products, categories, categoryIdsByProduct } = await visibleProducts(
        tenant,
        { activeOnly: opts.productActive, categoriesActiveOnly: opts.activeOnly },
        ctx,
      );
      const productIdsByCategory = new Map<number, number[]>();
      for (const p of products)
        for (const cid of categoryIdsByProduct.get(p.id) ?? []) push(productIdsByCategory, cid, p.id);
      const children = new Map<number, Category[]>();
      for (const c of categories) if (c.parent_id !== null) push(children, c.parent_id, c);
      const hasProducts = new Map<number, boolean>();
      const subtreeHasProducts = (c: Category): boolean => {
        let v = hasProducts.get(c.id);
        if (v === undefined) {
          hasProducts.set(c.id, false); // cycle guard
          v =
            (productIdsByCategory.get(c.id)?.length ?? 0) > 0 ||
            (children.get(c.id) ?? []).some(subtreeHasProducts);
          hasProducts.set(c.id, v);
        }
        return v;
      };
      const kept = (c: Category) => !opts.productRequired || subtreeHasProducts(c);
      return categories.filter(kept).map((c) => ({
        ...toStoreCategoryFields(c),
        subcategories: opts.subcatRequired
          ? (children.get(c.id) ?? []).filter(kept).map((s): StoreCategoryFields => toStoreCategoryFields(s))
          : [],
        productIds: productIdsByCategory.get(c.id) ?? [],
      }));
    },

    /** GET subcategories/{id}: the shown, active direct children of a shown category of this place. */
    async subcategories(placeId: number, categoryId: number, ctx: MenuContext) {
      const categories = await visibleCategories(placeId, true, ctx);
      if (!categories.some((c) => c.id === categoryId)) {
        throw notFound('category_not_found', `Category ${categoryId} not found`);
      }
      return categories.filter((c) => c.parent_id === categoryId).map(toStoreCategoryFields);
    },
  };
}
export type MenuService = ReturnType<typeof createMenuService>;

/**
 * Order type of a table or room QR token: a table orders on the spot (1) where the place takes spot orders, else
 * it only browses (4); a room orders room service (6) where offered, else browses.
 */
function orderTypeForTable(kind: string, offered: number[]): OrderType {
  if (kind === 'room') return offered.includes(ORDER_TYPE_ROOM) ? ORDER_TYPE_ROOM : ORDER_TYPE_SPOT_BROWSE;
  return offered.includes(ORDER_TYPE_SPOT) || !offered.includes(ORDER_TYPE_SPOT_BROWSE)
    ? ORDER_TYPE_SPOT
    : ORDER_TYPE_SPOT_BROWSE;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function groupBy<T, K, V>(rows: readonly T[], key: (row: T) => K, map: (row: T) => V): Map<K, V[]> {
  const out = new Map<K, V[]>();
  for (const row of rows) push(out, key(row), map(row));
  return out;
}
