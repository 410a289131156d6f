/**
 * Menu editor rules: categories (tree, re-parent and reorder without cycles, link categories need links, no
 * deleting a category that still holds products or subcategories), products with every field of spec §3 and their
 * parts written in one transaction, the fast stock toggle, and the ingredient and allergen libraries. Every write is
 * audited and published at once (the guest menu cache of the place is dropped).
 */
import type {
  AdminAllergenCreateBody,
  AdminAllergenUpdateBody,
  AdminCategory,
  AdminCategoryCreateBody,
  AdminCategoryOrderBody,
  AdminCategoryUpdateBody,
  AdminIngredientCreateBody,
  AdminIngredientUpdateBody,
  AdminProduct,
  AdminProductCreateBody,
  AdminProductUpdateBody,
} from '@trapeza/domain/contracts/admin';
import type { z } from 'zod';
import { slugify, uniqueSlug } from '@trapeza/domain/slug';
import { addableLimitsConsistent } from '@trapeza/domain/ingredients';
import type { Insertable, Updateable } from 'kysely';
import type { CategoriesTable, Category, Product, ProductsTable } from '../../db/schema.ts';
import { DomainError, detail, notFound } from '../../lib/domain-error.ts';
import type { MenuRepository } from '../menu/menu.repository.ts';
import {
  parseTranslations,
  toStoreCategoryFields,
  toStoreProduct,
  toStoreVariant,
} from '../menu/menu.mapping.ts';
import type { AdminCallContext } from './admin-access.ts';
import type { AuditRepository } from './admin-audit.repository.ts';
import type { AdminMenuRepository, AdminMenuRepositoryOps } from './admin-menu.repository.ts';

type CategoryCreate = z.output<typeof AdminCategoryCreateBody>;
type CategoryUpdate = z.output<typeof AdminCategoryUpdateBody>;
type CategoryOrder = z.output<typeof AdminCategoryOrderBody>;
type ProductCreate = z.output<typeof AdminProductCreateBody>;
type ProductUpdate = z.output<typeof AdminProductUpdateBody>;

export interface AdminMenuDeps {
  repo: AdminMenuRepository;
  menuRepo: MenuRepository;
  audit: AuditRepository;
  /** Makes the change visible to guests at once (drops the place's cached menu answers; no place = all). */
  publish: (placeId?: number) => void;
}

const invalid = (field: string, message: string, extra: Record<string, unknown> = {}) =>
  new DomainError(400, 'validation_error', `${field}: ${message}`, {
    details: [{ ...detail(field, 'invalid', message), ...extra }],
  });
const conflict = (code: string, message: string, fields?: Record<string, unknown>) =>
  new DomainError(409, code, message, fields ? { fields } : {});

const json = (v: unknown) => JSON.stringify(v ?? {});

/**
 * A variant's per-language sizes as stored: blank sizes and languages left without one are dropped, so the guest
 * falls back to the Bulgarian size (the base field) for them.
 */
function variantTranslationsJson(t: Partial<Record<string, { size?: string }>> | undefined): string {
  const kept: Record<string, { size: string }> = {};
  for (const [lang, fields] of Object.entries(t ?? {})) {
    if (fields?.size !== undefined && fields.size.trim() !== '') kept[lang] = { size: fields.size };
  }
  return JSON.stringify(kept);
}

/** Category columns from the body fields that are present. */
function categoryColumns(b: CategoryUpdate): Updateable<CategoriesTable> {
  const out: Updateable<CategoriesTable> = {};
  const copy = [
    'name',
    'slug',
    'description',
    'icon',
    'type',
    'priority',
    'background_image',
    'video_name',
    'pdf_path',
    'open_call_waiter',
    'order_allowed',
    'active',
    'show_cat_only_for_spot_orders',
    'hide_cat_only_for_spot_orders',
    'show_only_for_spot_browse',
    'hide_only_for_spot_browse',
    'show_cat_only_for_delivery_orders',
    'hide_cat_only_for_delivery_orders',
  ] as const;
  for (const k of copy) if (b[k] !== undefined) (out as Record<string, unknown>)[k] = b[k];
  if (b.translations !== undefined) out.translations = json(b.translations);
  if (b.links !== undefined) out.links = JSON.stringify(b.links);
  if (b.parentId !== undefined) out.parent_id = b.parentId;
  return out;
}

/** Product columns from the body fields that are present (the parts are written separately). */
function productColumns(b: ProductUpdate): Updateable<ProductsTable> {
  const out: Record<string, unknown> = {};
  const copy = [
    'name',
    'slug',
    'type',
    'description',
    'subcategory',
    'label',
    'in_stock',
    'active',
    'hide_for_ordering',
    'discount_percent',
    'discount_money',
    'hide_variants',
    'minimum_durability',
    'image_position_y',
    'image_scale',
    'disable_promocode_discount',
    'min_count_addable_ingredients',
    'max_count_addable_ingredients',
    'show_only_for_spot_browse',
    'hide_only_for_spot_browse',
    'time_based_discount_enabled',
    'time_based_discount_start_hour',
    'time_based_discount_end_hour',
    'time_based_discount_percent',
    'priority',
  ] as const;
  for (const k of copy) if (b[k] !== undefined) out[k] = b[k];
  if (b.isLiquid !== undefined) out.is_liquid = b.isLiquid;
  if (b.translations !== undefined) out.translations = json(b.translations);
  if (b.time_based_discount_days !== undefined)
    out.time_based_discount_days = JSON.stringify(b.time_based_discount_days);
  return out as Updateable<ProductsTable>;
}

/** A new product's columns before what its author sets (the menu editor and the menu import). */
export const PRODUCT_DEFAULTS = {
  type: 'normal',
  description: null,
  translations: '{}',
  subcategory: null,
  label: null,
  in_stock: 1,
  active: 1,
  hide_for_ordering: 0,
  is_liquid: 0,
  discount_percent: 0,
  discount_money: 0,
  hide_variants: 0,
  minimum_durability: null,
  image_position_y: 50,
  image_scale: 1,
  disable_promocode_discount: 0,
  min_count_addable_ingredients: 0,
  max_count_addable_ingredients: 0,
  show_only_for_spot_browse: 0,
  hide_only_for_spot_browse: 0,
  time_based_discount_enabled: 0,
  time_based_discount_days: '[]',
  time_based_discount_start_hour: 0,
  time_based_discount_end_hour: 23,
  time_based_discount_percent: 0,
  priority: 0,
} as const;

/** Depth of each category (1 = root) from a parent map; null when a cycle is met. */
function levels(parents: Map<number, number | null>): Map<number, number> | null {
  const out = new Map<number, number>();
  for (const start of parents.keys()) {
    const path: number[] = [];
    const seen = new Set<number>();
    let cur: number | null = start;
    while (cur !== null && !out.has(cur)) {
      if (seen.has(cur)) return null;
      seen.add(cur);
      path.push(cur);
      cur = parents.get(cur) ?? null;
    }
    let level = cur === null ? 0 : (out.get(cur) as number);
    for (const id of path.reverse()) out.set(id, ++level);
  }
  return out;
}

export function createAdminMenuService(deps: AdminMenuDeps) {
  const { repo, menuRepo, audit, publish } = deps;

  async function requireCategory(ctx: AdminCallContext, id: number): Promise<Category> {
    const row = await repo.findCategory(ctx.placeId, id);
    if (!row) throw notFound('category_not_found', `Category ${id} is not in this place`);
    return row;
  }

  async function requireProduct(ctx: AdminCallContext, id: number): Promise<Product> {
    const row = await repo.findProduct(ctx.placeId, id);
    if (!row) throw notFound('product_not_found', `Product ${id} is not in this place`);
    return row;
  }

  async function pickSlug(
    table: 'products' | 'categories',
    ctx: AdminCallContext,
    given: string | undefined,
    name: string,
    exceptId?: number,
  ): Promise<string> {
    const taken = await repo.slugs(table, ctx.placeId, exceptId);
    if (given !== undefined) {
      if (taken.has(given)) throw conflict('slug_taken', `The slug "${given}" is already used in this place`);
      return given;
    }
    return uniqueSlug(slugify(name) || (table === 'products' ? 'product' : 'category'), taken);
  }

  /** References of a product body must all be rows of this place (allergens: of its client). */
  async function checkProductRefs(ctx: AdminCallContext, b: ProductUpdate, selfId?: number): Promise<void> {
    const missing = async (
      field: string,
      ids: readonly number[] | undefined,
      found: (ids: readonly number[]) => Promise<Set<number>>,
    ) => {
      if (!ids?.length) return;
      const have = await found(ids);
      const unknown = ids.filter((i) => !have.has(i));
      if (unknown.length)
        throw invalid(field, `unknown in this place: ${unknown.join(', ')}`, { ids: unknown });
    };
    await missing('catHierarchyIds', b.catHierarchyIds, (ids) =>
      repo.existingIds('categories', ctx.placeId, ids),
    );
    await missing(
      'product_ingredients',
      b.product_ingredients?.map((i) => i.ingredientId),
      (ids) => repo.existingIds('ingredients', ctx.placeId, ids),
    );
    await missing('allergens', b.allergens, (ids) => repo.existingAllergenIds(ctx.clientId, ids));
    if (b.related_products?.length) {
      if (selfId !== undefined && b.related_products.includes(selfId)) {
        throw invalid('related_products', 'a product cannot be related to itself');
      }
      if (new Set(b.related_products).size !== b.related_products.length) {
        throw invalid('related_products', 'a product is listed twice');
      }
    }
    await missing('related_products', b.related_products, (ids) =>
      repo.existingIds('products', ctx.placeId, ids),
    );
    if (b.catHierarchyIds && new Set(b.catHierarchyIds).size !== b.catHierarchyIds.length) {
      throw invalid('catHierarchyIds', 'a category is listed twice');
    }
    if (b.product_variants && selfId !== undefined) {
      const own = new Set((await repo.productVariants(ctx.placeId, selfId)).map((v) => v.id));
      const foreign = b.product_variants.filter((v) => v.id !== undefined && !own.has(v.id)).map((v) => v.id);
      if (foreign.length)
        throw invalid('product_variants', `not variants of this product: ${foreign.join(', ')}`);
    } else if (b.product_variants?.some((v) => v.id !== undefined)) {
      throw invalid('product_variants', 'a new product has no variants to keep (leave out id)');
    }
  }

  async function writeParts(tx: AdminMenuRepositoryOps, ctx: AdminCallContext, id: number, b: ProductUpdate) {
    if (b.product_variants) {
      await tx.replaceVariants(
        ctx.placeId,
        id,
        b.product_variants.map((v) => ({ ...v, translations: variantTranslationsJson(v.translations) })),
      );
    }
    if (b.catHierarchyIds) await tx.replaceCategories(id, b.catHierarchyIds, b.catHierarchyId ?? null);
    else if (b.catHierarchyId !== undefined) {
      throw invalid('catHierarchyId', 'send it together with catHierarchyIds');
    }
    if (b.product_images) await tx.replaceImages(id, b.product_images);
    if (b.product_ingredients) await tx.replaceIngredients(id, b.product_ingredients);
    if (b.allergens) await tx.replaceAllergens(id, b.allergens);
    if (b.related_products) await tx.replaceRelated(id, b.related_products);
  }

  async function productById(ctx: AdminCallContext, id: number): Promise<AdminProduct> {
    const list = await listProducts(ctx, { ids: new Set([id]) });
    const found = list[0];
    if (!found) throw notFound('product_not_found', `Product ${id} is not in this place`);
    return found;
  }

  async function listProducts(
    ctx: AdminCallContext,
    filter: { ids?: Set<number>; categoryId?: number; q?: string } = {},
  ): Promise<AdminProduct[]> {
    const [products, links, variants, images, allergens, ingredients, related] = await Promise.all([
      repo.listProducts(ctx.placeId),
      menuRepo.listProductCategories(ctx.placeId),
      menuRepo.listVariants(ctx.placeId),
      menuRepo.listImages(ctx.placeId),
      menuRepo.listProductAllergens(ctx.placeId, ctx.clientId),
      menuRepo.listProductIngredients(ctx.placeId),
      menuRepo.listRelatedProducts(ctx.placeId),
    ]);
    const by = <T, V>(rows: T[], key: (r: T) => number, map: (r: T) => V) => {
      const m = new Map<number, V[]>();
      for (const r of rows) {
        const k = key(r);
        const list = m.get(k);
        if (list) list.push(map(r));
        else m.set(k, [map(r)]);
      }
      return m;
    };
    const cats = by(
      links,
      (l) => l.product_id,
      (l) => l,
    );
    const q = filter.q?.toLowerCase();
    return products
      .filter((p) => !filter.ids || filter.ids.has(p.id))
      .filter(
        (p) =>
          filter.categoryId === undefined ||
          (cats.get(p.id) ?? []).some((c) => c.category_id === filter.categoryId),
      )
      .filter((p) => !q || p.name.toLowerCase().includes(q) || p.slug.includes(q))
      .map((p) => {
        const own = cats.get(p.id) ?? [];
        const catIds = own.map((c) => c.category_id);
        return {
          ...toStoreProduct(p, {
            product_variants: variants.filter((v) => v.product_id === p.id).map(toStoreVariant),
            product_images: images
              .filter((i) => i.product_id === p.id)
              .map((i) => ({ path: i.path, width: i.width, height: i.height })),
            allergens: allergens
              .filter((a) => a.product_id === p.id)
              .map((a) => ({
                id: a.id,
                name: a.name,
                image: a.image,
                translations: parseTranslations(a.translations),
              })),
            product_ingredients: ingredients
              .filter((i) => i.product_id === p.id)
              .filter((i) => ['required', 'addable', 'removable'].includes(i.type))
              .map((i) => ({
                ingredientId: i.ingredient_id,
                type: i.type as 'required' | 'addable' | 'removable',
              })),
            related_products: related.filter((r) => r.product_id === p.id).map((r) => r.related_product_id),
            catHierarchyIds: catIds,
            catHierarchyId: own.find((c) => c.is_primary)?.category_id ?? catIds[0] ?? null,
          }),
          active: p.active ? 1 : 0,
        } as AdminProduct;
      });
  }

  return {
    // -- categories ----------------------------------------------------------------------------------------------

    /** The whole category tree of the place, active or not, with direct product counts. */
    async categoryTree(ctx: AdminCallContext): Promise<AdminCategory[]> {
      const [rows, counts] = await Promise.all([
        repo.listCategories(ctx.placeId),
        repo.categoryProductCounts(ctx.placeId),
      ]);
      const nodes = new Map<number, AdminCategory>(
        rows.map((r) => [
          r.id,
          {
            ...toStoreCategoryFields(r),
            active: r.active ? 1 : 0,
            productCount: counts.get(r.id) ?? 0,
            children: [],
          },
        ]),
      );
      const roots: AdminCategory[] = [];
      for (const r of rows) {
        const node = nodes.get(r.id) as AdminCategory;
        const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
        if (parent) parent.children.push(node);
        else roots.push(node);
      }
      return roots;
    },

    async getCategory(ctx: AdminCallContext, id: number): Promise<AdminCategory> {
      const row = await requireCategory(ctx, id);
      const tree = await this.categoryTree(ctx);
      const find = (list: AdminCategory[]): AdminCategory | undefined => {
        for (const c of list) {
          if (c.id === row.id) return c;
          const hit = find(c.children);
          if (hit) return hit;
        }
        return undefined;
      };
      return find(tree) as AdminCategory;
    },

    async createCategory(ctx: AdminCallContext, b: CategoryCreate): Promise<AdminCategory> {
      let level = 1;
      if (b.parentId != null) level = (await requireCategory(ctx, b.parentId)).hierarchy_level + 1;
      const siblings = (await repo.listCategories(ctx.placeId)).filter(
        (c) => c.parent_id === (b.parentId ?? null),
      );
      const values: Insertable<CategoriesTable> = {
        place_id: ctx.placeId,
        parent_id: b.parentId ?? null,
        slug: await pickSlug('categories', ctx, b.slug, b.name),
        name: b.name,
        description: b.description ?? null,
        translations: json(b.translations),
        icon: b.icon ?? null,
        type: b.type ?? 'normal',
        links: JSON.stringify(b.links ?? []),
        hierarchy_level: level,
        priority: b.priority ?? Math.max(0, ...siblings.map((s) => s.priority + 1)),
        background_image: b.background_image ?? null,
        video_name: b.video_name ?? null,
        pdf_path: b.pdf_path ?? null,
        open_call_waiter: b.open_call_waiter ?? 0,
        order_allowed: b.order_allowed ?? 1,
        active: b.active ?? 1,
        show_cat_only_for_spot_orders: b.show_cat_only_for_spot_orders ?? 0,
        hide_cat_only_for_spot_orders: b.hide_cat_only_for_spot_orders ?? 0,
        show_only_for_spot_browse: b.show_only_for_spot_browse ?? 0,
        hide_only_for_spot_browse: b.hide_only_for_spot_browse ?? 0,
        show_cat_only_for_delivery_orders: b.show_cat_only_for_delivery_orders ?? 0,
        hide_cat_only_for_delivery_orders: b.hide_cat_only_for_delivery_orders ?? 0,
      };
      const id = await repo.insertCategory(values);
      await audit.record(ctx, 'create', 'category', id, { name: b.name });
      publish(ctx.placeId);
      return this.getCategory(ctx, id);
    },

    async updateCategory(ctx: AdminCallContext, id: number, b: CategoryUpdate): Promise<AdminCategory> {
      const row = await requireCategory(ctx, id);
      const type = b.type ?? row.type;
      const links = b.links ?? JSON.parse(row.links || '[]');
      if (type === 'link' && (!Array.isArray(links) || links.length === 0)) {
        throw invalid('links', 'a link category needs at least one link');
      }
      const values = categoryColumns(b);
      if (b.slug !== undefined && b.slug !== row.slug)
        values.slug = await pickSlug('categories', ctx, b.slug, row.name, id);
      else delete values.slug;
      // The parent moves only through relevel, which refuses unknown ids (404) and cycles (409) before writing.
      delete values.parent_id;
      await repo.transaction(async (tx) => {
        await tx.updateCategory(ctx.placeId, id, values);
        if (b.parentId !== undefined && b.parentId !== row.parent_id) {
          await this.relevel(tx, ctx, [{ id, parentId: b.parentId, priority: b.priority ?? row.priority }]);
        }
      });
      await audit.record(ctx, 'update', 'category', id, { fields: Object.keys(b) });
      publish(ctx.placeId);
      return this.getCategory(ctx, id);
    },

    /** Applies parent changes, refusing unknown ids and cycles, and recomputes every level. */
    async relevel(tx: AdminMenuRepositoryOps, ctx: AdminCallContext, moves: CategoryOrder): Promise<void> {
      const rows = await tx.listCategories(ctx.placeId);
      const known = new Set(rows.map((r) => r.id));
      const unknown = moves
        .flatMap((m) => [m.id, m.parentId])
        .filter((x): x is number => x !== null && !known.has(x));
      if (unknown.length)
        throw notFound(
          'category_not_found',
          `Categories not in this place: ${[...new Set(unknown)].join(', ')}`,
        );
      const parents = new Map(rows.map((r) => [r.id, r.parent_id]));
      const priorities = new Map(rows.map((r) => [r.id, r.priority]));
      for (const m of moves) {
        if (m.parentId === m.id)
          throw conflict('category_cycle', `Category ${m.id} cannot be its own parent`, { id: m.id });
        parents.set(m.id, m.parentId);
        priorities.set(m.id, m.priority);
      }
      const depth = levels(parents);
      if (!depth)
        throw conflict('category_cycle', 'The new order would put a category inside its own subcategory');
      const before = new Map(rows.map((r) => [r.id, r]));
      const changed = [...parents.keys()]
        .map((cid) => ({
          id: cid,
          parent_id: parents.get(cid) ?? null,
          priority: priorities.get(cid) as number,
          hierarchy_level: depth.get(cid) as number,
        }))
        .filter((c) => {
          const b = before.get(c.id) as Category;
          return (
            b.parent_id !== c.parent_id ||
            b.priority !== c.priority ||
            b.hierarchy_level !== c.hierarchy_level
          );
        });
      await tx.placeCategories(ctx.placeId, changed);
    },

    /** PUT categories/order: re-parent and reorder in one call. */
    async orderCategories(ctx: AdminCallContext, moves: CategoryOrder): Promise<AdminCategory[]> {
      await repo.transaction((tx) => this.relevel(tx, ctx, moves));
      await audit.record(ctx, 'reorder', 'category', null, { moves });
      publish(ctx.placeId);
      return this.categoryTree(ctx);
    },

    async deleteCategory(ctx: AdminCallContext, id: number): Promise<void> {
      await requireCategory(ctx, id);
      const [rows, counts] = await Promise.all([
        repo.listCategories(ctx.placeId),
        repo.categoryProductCounts(ctx.placeId),
      ]);
      const children = rows.filter((r) => r.parent_id === id).map((r) => r.id);
      if (children.length) {
        throw conflict('category_has_children', 'Move or delete its subcategories first', { children });
      }
      const products = counts.get(id) ?? 0;
      if (products > 0) {
        throw conflict(
          'category_has_products',
          `The category still holds ${products} product(s): move or delete them first`,
          {
            products,
          },
        );
      }
      await repo.deleteCategory(ctx.placeId, id);
      await audit.record(ctx, 'delete', 'category', id);
      publish(ctx.placeId);
    },

    // -- products ------------------------------------------------------------------------------------------------

    listProducts,
    getProduct: productById,

    async createProduct(ctx: AdminCallContext, b: ProductCreate): Promise<AdminProduct> {
      await checkProductRefs(ctx, b);
      const slug = await pickSlug('products', ctx, b.slug, b.name);
      const id = await repo.transaction(async (tx) => {
        const newId = await tx.insertProduct({
          ...PRODUCT_DEFAULTS,
          ...productColumns(b),
          slug,
          place_id: ctx.placeId,
        } as Insertable<ProductsTable>);
        await writeParts(tx, ctx, newId, b);
        return newId;
      });
      await audit.record(ctx, 'create', 'product', id, { name: b.name });
      publish(ctx.placeId);
      return productById(ctx, id);
    },

    async updateProduct(ctx: AdminCallContext, id: number, b: ProductUpdate): Promise<AdminProduct> {
      const row = await requireProduct(ctx, id);
      await checkProductRefs(ctx, b, id);
      const limits = {
        min_count_addable_ingredients: b.min_count_addable_ingredients ?? row.min_count_addable_ingredients,
        max_count_addable_ingredients: b.max_count_addable_ingredients ?? row.max_count_addable_ingredients,
      };
      if (!addableLimitsConsistent(limits))
        throw invalid('max_count_addable_ingredients', 'must not be below min_count_addable_ingredients');
      const values = productColumns(b);
      if (b.slug !== undefined && b.slug !== row.slug)
        values.slug = await pickSlug('products', ctx, b.slug, row.name, id);
      else delete values.slug;
      await repo.transaction(async (tx) => {
        await tx.updateProduct(ctx.placeId, id, values);
        await writeParts(tx, ctx, id, b);
      });
      await audit.record(ctx, 'update', 'product', id, { fields: Object.keys(b) });
      publish(ctx.placeId);
      return productById(ctx, id);
    },

    /** The stock flag alone: staff flip it during service. */
    async setStock(ctx: AdminCallContext, id: number, inStock: 0 | 1) {
      if (!(await repo.setStock(ctx.placeId, id, inStock))) {
        throw notFound('product_not_found', `Product ${id} is not in this place`);
      }
      await audit.record(ctx, 'update', 'product', id, { in_stock: inStock });
      publish(ctx.placeId);
      return { id, in_stock: inStock };
    },

    /** Deletes a product never ordered; an ordered one must be deactivated instead (order history keeps it). */
    async deleteProduct(ctx: AdminCallContext, id: number): Promise<void> {
      await requireProduct(ctx, id);
      const orders = await repo.productOrderCount(id);
      if (orders > 0) {
        throw conflict('product_has_orders', 'The product was ordered; deactivate it (active = 0) instead', {
          order_lines: orders,
        });
      }
      await repo.transaction((tx) => tx.deleteProduct(ctx.placeId, id));
      await audit.record(ctx, 'delete', 'product', id);
      publish(ctx.placeId);
    },

    // -- ingredients ---------------------------------------------------------------------------------------------

    async listIngredients(ctx: AdminCallContext) {
      return (await repo.listIngredients(ctx.placeId)).map((r) => ({
        id: r.id,
        name: r.name,
        translations: parseTranslations(r.translations),
        price: r.price,
        active: r.active ? 1 : 0,
        priority: r.priority,
        productCount: r.product_count,
      }));
    },

    async ingredient(ctx: AdminCallContext, id: number) {
      const found = (await this.listIngredients(ctx)).find((i) => i.id === id);
      if (!found) throw notFound('ingredient_not_found', `Ingredient ${id} is not in this place`);
      return found;
    },

    async createIngredient(ctx: AdminCallContext, b: z.output<typeof AdminIngredientCreateBody>) {
      const id = await repo.insertIngredient({
        place_id: ctx.placeId,
        name: b.name,
        translations: json(b.translations),
        price: b.price ?? 0,
        active: b.active ?? 1,
        priority: b.priority ?? 0,
      });
      await audit.record(ctx, 'create', 'ingredient', id, { name: b.name });
      publish(ctx.placeId);
      return this.ingredient(ctx, id);
    },

    async updateIngredient(ctx: AdminCallContext, id: number, b: z.output<typeof AdminIngredientUpdateBody>) {
      const { translations, ...rest } = b;
      const ok = await repo.updateIngredient(ctx.placeId, id, {
        ...rest,
        ...(translations !== undefined ? { translations: json(translations) } : {}),
      });
      if (!ok) throw notFound('ingredient_not_found', `Ingredient ${id} is not in this place`);
      await audit.record(ctx, 'update', 'ingredient', id, { fields: Object.keys(b) });
      publish(ctx.placeId);
      return this.ingredient(ctx, id);
    },

    async deleteIngredient(ctx: AdminCallContext, id: number): Promise<void> {
      await this.ingredient(ctx, id);
      const use = await repo.ingredientUse(id);
      if (use.products.length || use.orderLines) {
        throw conflict(
          'ingredient_in_use',
          use.products.length
            ? 'Products use this ingredient: remove it from them first, or deactivate it'
            : 'The ingredient was ordered; deactivate it (active = 0) instead',
          { products: use.products, order_lines: use.orderLines },
        );
      }
      await repo.deleteIngredient(ctx.placeId, id);
      await audit.record(ctx, 'delete', 'ingredient', id);
      publish(ctx.placeId);
    },

    // -- allergens (client-wide library) --------------------------------------------------------------------------

    // The library is client-wide: a change shows in every place's menu, so every cached menu is dropped.
    async listAllergens(ctx: AdminCallContext) {
      return (await repo.listAllergens(ctx.clientId)).map((r) => ({
        id: r.id,
        name: r.name,
        image: r.image,
        translations: parseTranslations(r.translations),
        productCount: r.product_count,
      }));
    },

    async allergen(ctx: AdminCallContext, id: number) {
      const found = (await this.listAllergens(ctx)).find((a) => a.id === id);
      if (!found) throw notFound('allergen_not_found', `Allergen ${id} is not in this client's library`);
      return found;
    },

    async createAllergen(ctx: AdminCallContext, b: z.output<typeof AdminAllergenCreateBody>) {
      const id = await repo.insertAllergen({
        client_id: ctx.clientId,
        name: b.name,
        translations: json(b.translations),
        image: b.image ?? null,
      });
      await audit.record(ctx, 'create', 'allergen', id, { name: b.name });
      publish();
      return this.allergen(ctx, id);
    },

    async updateAllergen(ctx: AdminCallContext, id: number, b: z.output<typeof AdminAllergenUpdateBody>) {
      const { translations, ...rest } = b;
      const ok = await repo.updateAllergen(ctx.clientId, id, {
        ...rest,
        ...(translations !== undefined ? { translations: json(translations) } : {}),
      });
      if (!ok) throw notFound('allergen_not_found', `Allergen ${id} is not in this client's library`);
      await audit.record(ctx, 'update', 'allergen', id, { fields: Object.keys(b) });
      publish();
      return this.allergen(ctx, id);
    },

    async deleteAllergen(ctx: AdminCallContext, id: number): Promise<void> {
      const found = await this.allergen(ctx, id);
      if (found.productCount > 0) {
        throw conflict(
          'allergen_in_use',
          `${found.productCount} product(s) list this allergen: remove it from them first`,
          {
            products: found.productCount,
          },
        );
      }
      await repo.deleteAllergen(ctx.clientId, id);
      await audit.record(ctx, 'delete', 'allergen', id);
      publish();
    },
  };
}
export type AdminMenuService = ReturnType<typeof createAdminMenuService>;
