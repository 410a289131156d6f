/**
 * The product form's data: the draft the form edits (the API's create body, amounts in minor units), how a stored
 * product becomes one, and what the form refuses before sending (the server checks the same rules again).
 */
import { LANGUAGES } from '@trapeza/domain/i18n';
import { addableLimitsConsistent } from '@trapeza/domain/ingredients';
import type { z } from 'zod';
import type { AdminProductCreateBody } from '@trapeza/domain/contracts/admin';
import type { AdminProduct } from '../../api/menu.ts';
import type { Translations } from '../form-parts.tsx';

type Body = z.input<typeof AdminProductCreateBody>;
export type ProductDraft = Required<Omit<Body, 'product_variants' | 'product_images'>> & {
  product_variants: VariantDraft[];
  product_images: { path: string; width: number | null; height: number | null }[];
};
export type VariantDraft = {
  id?: number;
  price: number;
  additional_price: number;
  size: string | null;
  booking_duration: number | null;
  translations: Translations;
};

/** Sets one field of the draft (each section of the form edits the draft through it). */
export type SetDraftField = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => void;
/** Changes several fields at once from the current draft. */
export type UpdateDraft = (update: (d: ProductDraft) => ProductDraft) => void;

export const NEW_VARIANT: VariantDraft = {
  price: 0,
  additional_price: 0,
  size: null,
  booking_duration: null,
  translations: {},
};

/** A variant's translations as the API takes them: the size of each language, nothing else. */
function sizesOnly(translations: Record<string, Record<string, string>> | undefined): Translations {
  const out: Translations = {};
  for (const lang of LANGUAGES) {
    if (lang === 'bg') continue;
    const size = translations?.[lang]?.size;
    if (size) out[lang] = { size };
  }
  return out;
}

export function productDraft(p: AdminProduct | null, categoryId: number | null): ProductDraft {
  return {
    name: p?.name ?? '',
    slug: p?.slug ?? '',
    type: p?.type ?? 'normal',
    description: p?.description ?? null,
    translations: (p?.translations as Translations | undefined) ?? {},
    subcategory: p?.subcategory ?? null,
    label: p?.label ?? null,
    in_stock: (p?.in_stock ?? 1) as 0 | 1,
    active: (p?.active ?? 1) as 0 | 1,
    hide_for_ordering: (p?.hide_for_ordering ?? 0) as 0 | 1,
    isLiquid: (p?.isLiquid ?? 0) as 0 | 1,
    discount_percent: p?.discount_percent ?? 0,
    discount_money: p?.discount_money ?? 0,
    hide_variants: (p?.hide_variants ?? 0) as 0 | 1,
    minimum_durability: p?.minimum_durability ?? null,
    image_position_y: p?.image_position_y ?? 50,
    image_scale: p?.image_scale ?? 1,
    disable_promocode_discount: (p?.disable_promocode_discount ?? 0) as 0 | 1,
    min_count_addable_ingredients: p?.min_count_addable_ingredients ?? 0,
    max_count_addable_ingredients: p?.max_count_addable_ingredients ?? 0,
    show_only_for_spot_browse: (p?.show_only_for_spot_browse ?? 0) as 0 | 1,
    hide_only_for_spot_browse: (p?.hide_only_for_spot_browse ?? 0) as 0 | 1,
    time_based_discount_enabled: (p?.time_based_discount_enabled ?? 0) as 0 | 1,
    time_based_discount_days: p?.time_based_discount_days ?? [],
    time_based_discount_start_hour: p?.time_based_discount_start_hour ?? 0,
    time_based_discount_end_hour: p?.time_based_discount_end_hour ?? 0,
    time_based_discount_percent: p?.time_based_discount_percent ?? 0,
    priority: p?.priority ?? 0,
    catHierarchyIds: p?.catHierarchyIds ?? (categoryId ? [categoryId] : []),
    catHierarchyId: p?.catHierarchyId ?? categoryId,
    product_variants: p?.product_variants.map((v) => ({
      id: v.id,
      price: v.price,
      additional_price: v.additional_price,
      size: v.size,
      booking_duration: v.booking_duration,
      translations: sizesOnly(v.translations),
    })) ?? [{ ...NEW_VARIANT }],
    product_images: p?.product_images.map((i) => ({ path: i.path, width: i.width, height: i.height })) ?? [],
    product_ingredients: p?.product_ingredients ?? [],
    allergens: p?.allergens.map((a) => a.id) ?? [],
    related_products: p?.related_products ?? [],
  };
}

/** What the form refuses before sending (the server checks the same rules again). */
export function productProblems(d: ProductDraft): string[] {
  const problems: string[] = [];
  if (d.name.trim() === '') problems.push('name');
  if (d.product_variants.length === 0) problems.push('variants');
  if (!addableLimitsConsistent(d)) problems.push('maxIngredients');
  if (d.related_products.length > 4) problems.push('related');
  if (d.catHierarchyId !== null && !d.catHierarchyIds.includes(d.catHierarchyId))
    problems.push('primaryCategory');
  return problems;
}
