/**
 * Menu import and export of a venue (issue 16 item 1). The file is read (admin-menu-sheet.ts), each row checked
 * against the venue's menu (categories by path, allergens of the client's library, products by SKU, else by the
 * export's `id`), and a plan made: products to create, to update, unchanged, categories to create, and every
 * problem by row and column. The preview is that plan; the import refuses a plan with problems (422, nothing
 * written) and otherwise writes it in one transaction. Re-importing a file updates by SKU; the export writes the
 * current menu in the same columns, so export → import changes nothing. Scoped to the admin's place (and its
 * client's allergen library); the money in a row is parsed to integer minor units (parsePrice).
 */
import {
  descriptionColumn,
  formatCategoryPath,
  formatPrice,
  formatVariants,
  fromSheetCell,
  MENU_IMPORT_COLUMNS,
  MENU_SKU_MAX_LENGTH,
  nameColumn,
  nameKey,
  parseCategoryPath,
  parseList,
  parsePrice,
  parseStock,
  parseVariants,
  type MenuImportProblemCode,
  type SheetVariant,
} from '@trapeza/domain/menu-import';
import { LANGUAGES, type Language } from '@trapeza/domain/i18n';
import type {
  MenuImportPreview,
  MenuImportProblem,
  MenuImportResult,
} from '@trapeza/domain/contracts/menu-import';
import { slugify, uniqueSlug } from '@trapeza/domain/slug';
import { DomainError } from '../../lib/domain-error.ts';
import { parseTranslations } from '../menu/menu.mapping.ts';
import type { AdminCallContext } from './admin-access.ts';
import type { AuditRepository } from './admin-audit.repository.ts';
import { PRODUCT_DEFAULTS } from './admin-menu.service.ts';
import type { AdminMenuRepository } from './admin-menu.repository.ts';
import type { MenuImportRepository } from './admin-menu-import.repository.ts';
import { readMenuSheet, writeMenuSheet, type Sheet, type SheetFormat } from './admin-menu-sheet.ts';

const OTHER_LANGUAGES = LANGUAGES.filter((l) => l !== 'bg') as Exclude<Language, 'bg'>[];
type Texts = Partial<Record<string, Record<string, string>>>;

interface CurrentProduct {
  id: number;
  sku: string | null;
  name: string;
  description: string | null;
  translations: Texts;
  label: string | null;
  in_stock: number;
  categoryId: number | null;
  variants: { id: number; size: string | null; price: number }[];
  allergenIds: number[];
}

interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  level: number;
  priority: number;
}

/** What one valid row asks for; `undefined` fields are columns the file does not have (kept as they are). */
interface RowPlan {
  row: number;
  sku: string | null;
  current: CurrentProduct | null;
  categoryPath: string[];
  name: string;
  description?: string | null;
  texts: Partial<Record<Exclude<Language, 'bg'>, { name?: string; description?: string }>>;
  variants?: SheetVariant[];
  allergenIds?: number[];
  label?: string | null;
  inStock?: 0 | 1;
  action: 'create' | 'update' | 'unchanged';
}

export interface AdminMenuImportDeps {
  repo: AdminMenuRepository;
  imports: MenuImportRepository;
  audit: AuditRepository;
  publish: (placeId?: number) => void;
}

const cut = (s: string) => (s.length > 100 ? `${s.slice(0, 100)}…` : s);

const MESSAGES: Record<MenuImportProblemCode, string> = {
  name_required: 'The Bulgarian name is empty',
  category_required: 'The category is empty (write its path, e.g. "Храна > Супи")',
  price_not_number: 'The price is not a number with at most 2 decimals (e.g. 8.50)',
  price_or_variants_required: 'Give a price, or variants with their prices',
  price_and_variants: 'Give either a price or variants, not both',
  variants_invalid: 'Variants must read "size: price; size: price" (e.g. "300 г: 8.50; 450 г: 11.90")',
  unknown_allergen: 'No allergen of this name in the allergen library',
  duplicate_sku: 'This SKU is on an earlier row of the file',
  sku_too_long: `The SKU is longer than ${MENU_SKU_MAX_LENGTH} characters`,
  unknown_product_id: 'No product with this id in this venue (leave id empty for a new product)',
  sku_id_mismatch: 'The SKU belongs to another product than the id',
  stock_invalid: 'in_stock must be yes or no',
  too_long: 'The text is too long',
  formula_not_allowed: 'Formulas are not imported; type the value itself',
  unknown_column: 'Unknown column (see the template for the column names)',
  missing_column: 'A required column is missing',
};

const LIMITS: Partial<Record<string, number>> = { label: 200 };
const limitOf = (column: string) =>
  LIMITS[column] ?? (column.startsWith('description') ? 10_000 : column.startsWith('name') ? 200 : 1000);

export function createAdminMenuImportService(deps: AdminMenuImportDeps) {
  const { repo, imports, audit, publish } = deps;

  async function loadMenu(ctx: AdminCallContext) {
    const [categories, products, { variants, allergenLinks, primary, library }] = await Promise.all([
      repo.listCategories(ctx.placeId),
      repo.listProducts(ctx.placeId),
      imports.menuParts(ctx.placeId, ctx.clientId),
    ]);
    const byProduct = <T extends { product_id: number }>(rows: T[]) => {
      const m = new Map<number, T[]>();
      for (const r of rows) m.set(r.product_id, [...(m.get(r.product_id) ?? []), r]);
      return m;
    };
    const variantsOf = byProduct(variants);
    const allergensOf = byProduct(allergenLinks);
    const primaryOf = new Map(primary.map((p) => [p.product_id, p.category_id]));
    const current: CurrentProduct[] = products.map((p) => ({
      id: p.id,
      sku: p.sku ?? null,
      name: p.name,
      description: p.description,
      translations: parseTranslations(p.translations) as Texts,
      label: p.label,
      in_stock: p.in_stock ? 1 : 0,
      categoryId: primaryOf.get(p.id) ?? null,
      variants: (variantsOf.get(p.id) ?? []).map((v) => ({ id: v.id, size: v.size, price: Number(v.price) })),
      allergenIds: (allergensOf.get(p.id) ?? []).map((a) => a.id),
    }));
    const nodes: CategoryNode[] = categories.map((c) => ({
      id: c.id,
      parentId: c.parent_id,
      name: c.name,
      level: c.hierarchy_level,
      priority: c.priority,
    }));
    const allergenByName = new Map<string, number>();
    for (const a of library) {
      allergenByName.set(nameKey(a.name), a.id);
      for (const t of Object.values(parseTranslations(a.translations) as Texts)) {
        if (t?.name && !allergenByName.has(nameKey(t.name))) allergenByName.set(nameKey(t.name), a.id);
      }
    }
    return {
      products: current,
      categories: nodes,
      allergenByName,
      allergenNames: new Map(library.map((a) => [a.id, a.name])),
    };
  }
  type Menu = Awaited<ReturnType<typeof loadMenu>>;

  /** Path of names from the top to the category. */
  function pathOf(categories: Map<number, CategoryNode>, id: number | null): string[] {
    const out: string[] = [];
    const seen = new Set<number>();
    let cur = id === null ? undefined : categories.get(id);
    while (cur && !seen.has(cur.id)) {
      seen.add(cur.id);
      out.unshift(cur.name);
      cur = cur.parentId === null ? undefined : categories.get(cur.parentId);
    }
    return out;
  }

  /** The existing category at the path (first of equal names, by priority then id), or null. */
  function findPath(menu: Menu, path: string[]): CategoryNode | null {
    let parent: number | null = null;
    let found: CategoryNode | null = null;
    for (const part of path) {
      const key = nameKey(part);
      found =
        menu.categories
          .filter((c) => c.parentId === parent && nameKey(c.name) === key)
          .sort((a, b) => a.priority - b.priority || a.id - b.id)[0] ?? null;
      if (!found) return null;
      parent = found.id;
    }
    return found;
  }

  function plan(sheet: Sheet, menu: Menu): { preview: MenuImportPreview; rows: RowPlan[] } {
    const problems: MenuImportProblem[] = [];
    const notes: MenuImportPreview['notes'] = [];
    const problem = (row: number, column: string | null, code: MenuImportProblemCode, value?: string) =>
      problems.push({
        row,
        column,
        code,
        message: MESSAGES[code],
        ...(value !== undefined ? { value: cut(value) } : {}),
      });
    const known = new Set<string>(MENU_IMPORT_COLUMNS);
    const has = new Set(sheet.header);
    for (const h of sheet.header) if (!known.has(h)) problem(1, h, 'unknown_column', h);
    for (const required of ['category', 'name_bg'])
      if (!has.has(required)) problem(1, required, 'missing_column');
    if (!has.has('price') && !has.has('variants')) problem(1, 'price', 'missing_column');

    const bySku = new Map(menu.products.filter((p) => p.sku).map((p) => [p.sku!, p]));
    const byId = new Map(menu.products.map((p) => [p.id, p]));
    const skus = new Set<string>();
    const newPaths = new Set<string>();
    const rows: RowPlan[] = [];
    const items: MenuImportPreview['items'] = [];
    for (const r of sheet.rows) {
      const before = problems.length;
      const cell = (column: string): string | undefined => {
        if (!has.has(column)) return undefined;
        const raw = r.cells.get(column) ?? '';
        if (r.formulas.has(column)) {
          problem(r.row, column, 'formula_not_allowed', raw);
          return '';
        }
        const { text, runnable } = fromSheetCell(raw);
        if (runnable && column !== 'price' && column !== 'variants') {
          notes.push({
            row: r.row,
            column,
            code: 'plain_text',
            message: 'Starts like a formula; kept as plain text, never run',
          });
        }
        if (text.length > limitOf(column)) {
          problem(r.row, column, 'too_long', text);
          return text.slice(0, limitOf(column));
        }
        return text;
      };
      // Identity: SKU first, then the export's id.
      const sku = cell('sku') || null;
      let current: CurrentProduct | null = null;
      if (sku !== null) {
        if (sku.length > MENU_SKU_MAX_LENGTH) problem(r.row, 'sku', 'sku_too_long', sku);
        else if (skus.has(sku)) problem(r.row, 'sku', 'duplicate_sku', sku);
        skus.add(sku);
        current = bySku.get(sku) ?? null;
      }
      const idText = cell('id');
      if (idText) {
        const byIdProduct = /^\d{1,9}$/.test(idText) ? byId.get(Number(idText)) : undefined;
        if (!byIdProduct) problem(r.row, 'id', 'unknown_product_id', idText);
        else if (current && current.id !== byIdProduct.id)
          problem(r.row, 'sku', 'sku_id_mismatch', sku ?? '');
        else if (!current) {
          // A product found by id may only take a SKU no other product has.
          if (sku !== null && bySku.has(sku)) problem(r.row, 'sku', 'sku_id_mismatch', sku);
          current = byIdProduct;
        }
      }

      const categoryText = cell('category') ?? '';
      const categoryPath = parseCategoryPath(categoryText);
      if (categoryPath.length === 0) problem(r.row, 'category', 'category_required');
      const name = cell('name_bg') ?? '';
      if (name === '') problem(r.row, 'name_bg', 'name_required');
      const description = cell('description_bg');
      const texts: RowPlan['texts'] = {};
      for (const lang of OTHER_LANGUAGES) {
        const n = cell(nameColumn(lang));
        const d = cell(descriptionColumn(lang));
        if (n !== undefined || d !== undefined) {
          texts[lang] = {};
          if (n !== undefined) texts[lang].name = n;
          if (d !== undefined) texts[lang].description = d;
        }
      }
      const priceText = cell('price');
      const variantsText = cell('variants');
      let variants: SheetVariant[] | undefined;
      if (priceText && variantsText) problem(r.row, 'variants', 'price_and_variants', variantsText);
      else if (priceText) {
        const price = parsePrice(priceText);
        if (price === null) problem(r.row, 'price', 'price_not_number', priceText);
        else variants = [{ size: '', price }];
      } else if (variantsText) {
        const parsed = parseVariants(variantsText);
        if (!parsed) problem(r.row, 'variants', 'variants_invalid', variantsText);
        else variants = parsed;
      } else if (priceText !== undefined || variantsText !== undefined || !current) {
        problem(r.row, has.has('price') ? 'price' : 'variants', 'price_or_variants_required');
      }
      const allergensText = cell('allergens');
      let allergenIds: number[] | undefined;
      if (allergensText !== undefined) {
        allergenIds = [];
        for (const a of parseList(allergensText)) {
          const id = menu.allergenByName.get(nameKey(a));
          if (id === undefined) problem(r.row, 'allergens', 'unknown_allergen', a);
          else if (!allergenIds.includes(id)) allergenIds.push(id);
        }
        allergenIds.sort((x, y) => x - y);
      }
      const labelText = cell('label');
      const stockText = cell('in_stock');
      let inStock: 0 | 1 | undefined;
      if (stockText !== undefined) {
        const s = parseStock(stockText);
        if (s === null) problem(r.row, 'in_stock', 'stock_invalid', stockText);
        else inStock = s;
      }
      // A formula cell is one problem, not also "empty name" or "no price" for the text it did not give.
      if (r.formulas.size > 0) {
        const kept = problems
          .splice(before)
          .filter((x) => x.code === 'formula_not_allowed' || !r.formulas.has(x.column ?? ''));
        const formulaIn = (c: string) => r.formulas.has(c);
        problems.push(
          ...kept.filter(
            (x) =>
              !(x.code === 'price_or_variants_required' && (formulaIn('price') || formulaIn('variants'))),
          ),
        );
      }
      if (problems.length > before) continue;

      const target = findPath(menu, categoryPath);
      if (!target) newPaths.add(formatCategoryPath(categoryPath));
      const rowPlan: RowPlan = {
        row: r.row,
        sku,
        current,
        categoryPath,
        name,
        texts,
        action: 'create',
        ...(description !== undefined ? { description: description || null } : {}),
        ...(variants !== undefined ? { variants } : {}),
        ...(allergenIds !== undefined ? { allergenIds } : {}),
        ...(labelText !== undefined ? { label: labelText || null } : {}),
        ...(inStock !== undefined ? { inStock } : {}),
      };
      if (current) rowPlan.action = changed(rowPlan, current, target?.id ?? null) ? 'update' : 'unchanged';
      rows.push(rowPlan);
      items.push({ row: r.row, action: rowPlan.action, sku, name, product_id: current?.id ?? null });
    }
    // One product per row: two rows naming the same product (by id) would overwrite each other.
    const seen = new Map<number, number>();
    for (const p of rows) {
      if (!p.current) continue;
      if (seen.has(p.current.id)) problem(p.row, 'id', 'duplicate_sku', String(p.current.id));
      seen.set(p.current.id, p.row);
    }
    problems.sort((a, b) => a.row - b.row);
    return {
      rows,
      preview: {
        format: sheet.format,
        rows: sheet.rows.length,
        create: items.filter((i) => i.action === 'create').length,
        update: items.filter((i) => i.action === 'update').length,
        unchanged: items.filter((i) => i.action === 'unchanged').length,
        new_categories: [...newPaths],
        items,
        problems,
        notes,
      },
    };
  }

  function variantsOf(current: CurrentProduct): SheetVariant[] {
    return current.variants.map((v) => ({ size: v.size ?? '', price: v.price }));
  }

  function mergedTexts(p: RowPlan, base: Texts): Texts {
    const out: Texts = structuredClone(base);
    for (const lang of OTHER_LANGUAGES) {
      const given = p.texts[lang];
      if (!given) continue;
      const t: Record<string, string> = { ...(out[lang] ?? {}) };
      for (const field of ['name', 'description'] as const) {
        const v = given[field];
        if (v === undefined) continue;
        if (v === '') delete t[field];
        else t[field] = v;
      }
      out[lang] = t;
    }
    return out;
  }

  const textsKey = (t: Texts) =>
    JSON.stringify(OTHER_LANGUAGES.map((l) => [t[l]?.name ?? '', t[l]?.description ?? '']));

  function changed(p: RowPlan, c: CurrentProduct, categoryId: number | null): boolean {
    if (c.name !== p.name) return true;
    if (p.description !== undefined && (c.description ?? null) !== p.description) return true;
    if (textsKey(mergedTexts(p, c.translations)) !== textsKey(c.translations)) return true;
    if (p.label !== undefined && (c.label ?? null) !== p.label) return true;
    if (p.inStock !== undefined && c.in_stock !== p.inStock) return true;
    if (p.sku !== null && c.sku !== p.sku) return true;
    if (categoryId === null || c.categoryId !== categoryId) return true;
    if (p.variants && JSON.stringify(p.variants) !== JSON.stringify(variantsOf(c))) return true;
    if (
      p.allergenIds &&
      JSON.stringify(p.allergenIds) !== JSON.stringify([...c.allergenIds].sort((a, b) => a - b))
    )
      return true;
    return false;
  }

  async function write(ctx: AdminCallContext, menu: Menu, rows: RowPlan[]) {
    const [productSlugs, categorySlugs] = await Promise.all([
      repo.slugs('products', ctx.placeId),
      repo.slugs('categories', ctx.placeId),
    ]);
    const categories = [...menu.categories];
    const created: number[] = [];
    // One transaction; every statement inside goes through `tx`.
    await imports.transaction(async (tx) => {
      const ensurePath = async (path: string[]): Promise<number> => {
        let parent: CategoryNode | undefined;
        for (const part of path) {
          const key = nameKey(part);
          const parentId: number | null = parent ? parent.id : null;
          const siblings: CategoryNode[] = categories.filter((c) => c.parentId === parentId);
          const existing: CategoryNode | undefined = siblings
            .filter((c) => nameKey(c.name) === key)
            .sort((a, b) => a.priority - b.priority || a.id - b.id)[0];
          if (existing) {
            parent = existing;
            continue;
          }
          const slug = uniqueSlug(slugify(part) || 'category', categorySlugs);
          categorySlugs.add(slug);
          const level = (parent ? parent.level : 0) + 1;
          const priority = Math.max(0, ...siblings.map((s) => s.priority + 1));
          const id = await tx.insertCategory({
            place_id: ctx.placeId,
            parent_id: parentId,
            slug,
            name: part,
            description: null,
            translations: '{}',
            icon: null,
            type: 'normal',
            links: '[]',
            hierarchy_level: level,
            priority,
            background_image: null,
            video_name: null,
            pdf_path: null,
            open_call_waiter: 0,
            order_allowed: 1,
            active: 1,
            show_cat_only_for_spot_orders: 0,
            hide_cat_only_for_spot_orders: 0,
            show_only_for_spot_browse: 0,
            hide_only_for_spot_browse: 0,
            show_cat_only_for_delivery_orders: 0,
            hide_cat_only_for_delivery_orders: 0,
          });
          const node: CategoryNode = { id, parentId, name: part, level, priority };
          categories.push(node);
          parent = node;
        }
        return parent!.id;
      };
      let priority = Math.max(0, ...(await tx.listProducts(ctx.placeId)).map((p) => p.priority + 1));
      // Batched: a 2 000-row file is a few dozen statements for new products and price changes, not thousands
      // of round trips (bench/menu-import). Rarer changes (sizes, categories) go product by product.
      const pathIds = new Map<string, number>();
      const categoryOf = async (p: RowPlan) => {
        const key = p.categoryPath.map(nameKey).join('>');
        let id = pathIds.get(key);
        if (id === undefined) pathIds.set(key, (id = await ensurePath(p.categoryPath)));
        return id;
      };
      const changedRows = rows.filter((p) => p.action !== 'unchanged');
      const targets = new Map<RowPlan, number>();
      for (const p of changedRows) targets.set(p, await categoryOf(p));

      // New products: inserted in chunks, then their variants, category links and allergens.
      const creates = changedRows.filter((p) => !p.current);
      const newValues = creates.map((p) => {
        const slug = uniqueSlug(slugify(p.name) || 'product', productSlugs);
        productSlugs.add(slug);
        return { p, slug };
      });
      const bySlug = await tx.insertProducts(
        newValues.map(({ p, slug }) => ({
          // The menu editor's defaults; the columns the sheet sets follow.
          ...PRODUCT_DEFAULTS,
          place_id: ctx.placeId,
          slug,
          name: p.name,
          sku: p.sku,
          description: p.description ?? null,
          translations: JSON.stringify(mergedTexts(p, {})),
          label: p.label ?? null,
          in_stock: p.inStock ?? 1,
          priority: priority++,
        })),
      );
      // Matched by the slug, unique in the place.
      const newId = new Map(newValues.map(({ p, slug }) => [p, bySlug.get(slug)!]));
      const variantValues = creates.flatMap((p) =>
        (p.variants ?? []).map((v, position) => ({
          product_id: newId.get(p)!,
          price: v.price,
          additional_price: 0,
          size: v.size || null,
          booking_duration: null,
          translations: '{}',
          position,
          active: 1,
        })),
      );
      await tx.insertVariants(variantValues);
      const links = creates.map((p) => ({
        product_id: newId.get(p)!,
        category_id: targets.get(p)!,
        is_primary: 1,
      }));
      await tx.insertCategoryLinks(links);
      const allergenRows = (list: RowPlan[], idOf: (p: RowPlan) => number) =>
        list.flatMap((p) =>
          (p.allergenIds ?? []).map((allergen_id) => ({ product_id: idOf(p), allergen_id })),
        );
      await tx.insertAllergenLinks(allergenRows(creates, (p) => newId.get(p)!));
      created.push(...newId.values());

      // Products updated by SKU (or id).
      const prices: { id: number; price: number }[] = [];
      const allergenChanged: RowPlan[] = [];
      for (const p of changedRows) {
        const c = p.current;
        if (!c) continue;
        const categoryId = targets.get(p)!;
        const patch: Record<string, unknown> = {};
        if (p.name !== c.name) patch.name = p.name;
        if (p.sku !== null && p.sku !== c.sku) patch.sku = p.sku;
        if (p.description !== undefined && p.description !== (c.description ?? null))
          patch.description = p.description;
        const texts = mergedTexts(p, c.translations);
        if (textsKey(texts) !== textsKey(c.translations)) patch.translations = JSON.stringify(texts);
        if (p.label !== undefined && p.label !== (c.label ?? null)) patch.label = p.label;
        if (p.inStock !== undefined && p.inStock !== c.in_stock) patch.in_stock = p.inStock;
        if (Object.keys(patch).length > 0) await tx.updateProduct(ctx.placeId, c.id, patch);
        if (p.variants && JSON.stringify(p.variants) !== JSON.stringify(variantsOf(c))) {
          const sameSizes =
            p.variants.length === c.variants.length &&
            p.variants.every((v, i) => v.size === (c.variants[i]!.size ?? ''));
          if (sameSizes) {
            // Only prices changed: the variants keep their ids, sizes' translations, box fees.
            p.variants.forEach((v, i) => {
              if (v.price !== c.variants[i]!.price) prices.push({ id: c.variants[i]!.id, price: v.price });
            });
          } else {
            const stored = await tx.activeVariants(ctx.placeId, c.id);
            // Keep the id (and the size's translations, box fee, booking length) of a variant of the same size.
            const pool = [...stored];
            await tx.replaceVariants(
              ctx.placeId,
              c.id,
              p.variants.map((v) => {
                const at = pool.findIndex((o) => (o.size ?? '') === v.size);
                const old = at >= 0 ? pool.splice(at, 1)[0] : undefined;
                return {
                  ...(old ? { id: old.id } : {}),
                  price: v.price,
                  size: v.size || null,
                  additional_price: old ? Number(old.additional_price) : 0,
                  booking_duration: old?.booking_duration ?? null,
                  translations: old?.translations ?? '{}',
                };
              }),
            );
          }
        }
        if (c.categoryId !== categoryId) {
          const others = (await tx.categoryIdsOf(ctx.placeId, c.id)).filter(
            (id) => id !== categoryId && id !== c.categoryId,
          );
          await tx.replaceCategories(c.id, [categoryId, ...others], categoryId);
        }
        if (
          p.allergenIds &&
          JSON.stringify(p.allergenIds) !== JSON.stringify([...c.allergenIds].sort((a, b) => a - b))
        )
          allergenChanged.push(p);
      }
      await tx.setVariantPrices(ctx.placeId, prices);
      await tx.clearAllergenLinks(
        ctx.placeId,
        allergenChanged.map((p) => p.current!.id),
      );
      await tx.insertAllergenLinks(allergenRows(allergenChanged, (p) => p.current!.id));
    });
    return created;
  }

  return {
    async preview(ctx: AdminCallContext, fileName: string, bytes: Buffer): Promise<MenuImportPreview> {
      const sheet = await readMenuSheet(fileName, bytes);
      return plan(sheet, await loadMenu(ctx)).preview;
    },

    async import(ctx: AdminCallContext, fileName: string, bytes: Buffer): Promise<MenuImportResult> {
      const sheet = await readMenuSheet(fileName, bytes);
      const menu = await loadMenu(ctx);
      const { preview, rows } = plan(sheet, menu);
      if (preview.problems.length > 0) {
        throw new DomainError(422, 'import_invalid', 'The file has problems; nothing was imported', {
          fields: { preview },
        });
      }
      try {
        await write(ctx, menu, rows);
      } catch (err) {
        // Two imports at once may both create the same SKU: the unique index refuses the second, whole.
        if (/unique|duplicate/i.test(String((err as Error).message))) {
          throw new DomainError(
            409,
            'import_conflict',
            'The menu changed during the import; preview it again',
          );
        }
        throw err;
      }
      await audit.record(ctx, 'update', 'menu_import', null, {
        format: sheet.format,
        file: fileName.slice(0, 200),
        create: preview.create,
        update: preview.update,
        new_categories: preview.new_categories.length,
      });
      publish(ctx.placeId);
      return { ...preview, imported: true };
    },

    /** The venue's menu as rows of the sheet (products by category order, then priority). */
    async export(ctx: AdminCallContext, format: SheetFormat): Promise<Buffer> {
      const menu = await loadMenu(ctx);
      const categories = new Map(menu.categories.map((c) => [c.id, c]));
      const rows = menu.products.map((p) => {
        const r: Record<string, string> = {
          id: String(p.id),
          sku: p.sku ?? '',
          category: formatCategoryPath(pathOf(categories, p.categoryId)),
          name_bg: p.name,
          description_bg: p.description ?? '',
          allergens: p.allergenIds.map((id) => menu.allergenNames.get(id) ?? '').join('; '),
          label: p.label ?? '',
          in_stock: p.in_stock ? 'yes' : 'no',
        };
        for (const lang of OTHER_LANGUAGES) {
          r[nameColumn(lang)] = p.translations[lang]?.name ?? '';
          r[descriptionColumn(lang)] = p.translations[lang]?.description ?? '';
        }
        const v = variantsOf(p);
        if (v.length === 1 && v[0]!.size === '') r.price = formatPrice(v[0]!.price);
        else r.variants = formatVariants(v);
        return r;
      });
      return writeMenuSheet(format, rows);
    },

    /** The template: one example row per feature. */
    async template(format: SheetFormat): Promise<Buffer> {
      return writeMenuSheet(format, TEMPLATE_ROWS);
    },
  };
}

export type AdminMenuImportService = ReturnType<typeof createAdminMenuImportService>;

/**
 * One example row per feature: a nested category path, names and descriptions in the five languages, a single
 * price, sizes with prices, allergens (names of the demo library, which new venues get), a label, out of stock, SKU.
 */
const TEMPLATE_ROWS: Record<string, string>[] = [
  {
    sku: 'SOUP-01',
    category: 'Храна > Супи',
    name_bg: 'Таратор',
    name_en: 'Tarator',
    name_es: 'Tarator',
    name_de: 'Tarator',
    'name_fr-CH': 'Tarator',
    description_bg: 'Студена супа с кисело мляко, краставици и орехи',
    description_en: 'Cold soup of yoghurt, cucumber and walnuts',
    description_es: 'Sopa fría de yogur, pepino y nueces',
    description_de: 'Kalte Suppe aus Joghurt, Gurke und Walnüssen',
    'description_fr-CH': 'Soupe froide au yaourt, concombre et noix',
    price: '4.50',
    allergens: 'Мляко; Ядки',
    label: 'Ново',
    in_stock: 'yes',
  },
  {
    sku: 'GRILL-01',
    category: 'Храна > Скара',
    name_bg: 'Кебапчета',
    name_en: 'Kebapche',
    name_es: 'Kebapche',
    name_de: 'Kebaptsche',
    'name_fr-CH': 'Kebapche',
    description_bg: 'С гарнитура',
    description_en: 'With a side dish',
    variants: '3 бр.: 6.90; 5 бр.: 10.50',
    in_stock: 'yes',
  },
  {
    sku: 'DRINK-01',
    category: 'Напитки',
    name_bg: 'Айрян',
    name_en: 'Ayran',
    price: '2.20',
    allergens: 'Мляко',
    in_stock: 'no',
  },
];
