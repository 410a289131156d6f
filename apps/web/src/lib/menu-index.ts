/**
 * Indexes the place's menu for the screens: the visible category tree (domain visibility rules, spec §4), lookups
 * by id and slug, each category's parent, and products per category. Pure; built once per data change.
 */
import type { StoreAllergen, StoreCategory, StoreProduct } from '@trapeza/domain/contracts/menu';
import { filterCategories, filterProducts, type BrowseContext } from '@trapeza/domain/visibility';

export interface MenuIndex {
  roots: StoreCategory[];
  categories: StoreCategory[];
  byId: Map<number, StoreCategory>;
  bySlug: Map<string, StoreCategory>;
  parentOf: Map<number, StoreCategory | null>;
  products: StoreProduct[];
  productsByCategory: Map<number, StoreProduct[]>;
  productBySlug: Map<string, StoreProduct>;
  productById: Map<number, StoreProduct>;
  /** Every allergen any visible product carries, for the allergen filter. */
  allergens: StoreAllergen[];
}

const byPriority = <T extends { priority: number; id: number }>(a: T, b: T) =>
  a.priority - b.priority || a.id - b.id;

function sortTree(cats: StoreCategory[]): StoreCategory[] {
  return [...cats].sort(byPriority).map((c) => ({ ...c, children: sortTree(c.children) }));
}

export function buildMenuIndex(
  tree: readonly StoreCategory[],
  allProducts: readonly StoreProduct[],
  ctx: BrowseContext & { hideProductsForOrderingWithToken: boolean },
): MenuIndex {
  const roots = sortTree(filterCategories([...tree], ctx));
  const categories: StoreCategory[] = [];
  const byId = new Map<number, StoreCategory>();
  const bySlug = new Map<string, StoreCategory>();
  const parentOf = new Map<number, StoreCategory | null>();
  const walk = (cats: StoreCategory[], parent: StoreCategory | null) => {
    for (const c of cats) {
      categories.push(c);
      byId.set(c.id, c);
      bySlug.set(c.slug, c);
      parentOf.set(c.id, parent);
      walk(c.children, c);
    }
  };
  walk(roots, null);

  const products = filterProducts([...allProducts], ctx)
    .filter((p) => p.catHierarchyIds.some((id) => byId.has(id)))
    .sort(byPriority);
  const productsByCategory = new Map<number, StoreProduct[]>();
  const productBySlug = new Map<string, StoreProduct>();
  const productById = new Map<number, StoreProduct>();
  for (const p of products) {
    productBySlug.set(p.slug, p);
    productById.set(p.id, p);
    for (const id of p.catHierarchyIds) {
      if (!byId.has(id)) continue;
      const list = productsByCategory.get(id) ?? [];
      list.push(p);
      productsByCategory.set(id, list);
    }
  }
  const allergenById = new Map<number, StoreAllergen>();
  for (const p of products) for (const a of p.allergens) allergenById.set(a.id, a);
  const allergens = [...allergenById.values()].sort((a, b) => a.id - b.id);
  return {
    roots,
    categories,
    byId,
    bySlug,
    parentOf,
    products,
    productsByCategory,
    productBySlug,
    productById,
    allergens,
  };
}

/** The visible category a product is listed under: its own catHierarchyId when visible, else the first visible one. */
export function productCategory(menu: MenuIndex, product: StoreProduct): StoreCategory | null {
  if (product.catHierarchyId != null && menu.byId.has(product.catHierarchyId)) {
    return menu.byId.get(product.catHierarchyId) ?? null;
  }
  for (const id of product.catHierarchyIds) {
    const c = menu.byId.get(id);
    if (c) return c;
  }
  return null;
}

/** The siblings of a category (itself included), in menu order: the tabs of the category page (spec §2). */
export function siblingsOf(menu: MenuIndex, category: StoreCategory): StoreCategory[] {
  const parent = menu.parentOf.get(category.id) ?? null;
  return parent ? parent.children : menu.roots;
}
