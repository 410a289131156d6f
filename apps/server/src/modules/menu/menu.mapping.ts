/** Row → contract shapes of the menu API (JSON text columns parsed, snake_case kept as the spec spells it). */
import type {
  StoreCategory,
  StoreIngredient,
  StoreProduct,
  StoreVariant,
  Translations,
} from '@trapeza/domain/contracts/menu';
import type { Category, Product } from '../../db/schema.ts';

/** Parses a JSON text column; a malformed value (hand-edited row) degrades to the fallback instead of a 500. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null || text === '') return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

export const parseTranslations = (text: string | null | undefined): Translations =>
  parseJson<Translations>(text, {});

export type StoreCategoryFields = Omit<StoreCategory, 'children'>;

export function toStoreCategoryFields(row: Category): StoreCategoryFields {
  const type = row.type === 'image' || row.type === 'link' ? row.type : 'normal';
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    translations: parseTranslations(row.translations),
    icon: row.icon,
    type,
    links: parseJson<{ link: string }[]>(row.links, []).filter((l) => typeof l?.link === 'string'),
    hierarchyLevel: row.hierarchy_level,
    parentId: row.parent_id,
    priority: row.priority,
    background_image: row.background_image,
    video_name: row.video_name,
    pdf_path: row.pdf_path,
    open_call_waiter: row.open_call_waiter ? 1 : 0,
    order_allowed: row.order_allowed ? 1 : 0,
    show_cat_only_for_spot_orders: row.show_cat_only_for_spot_orders ? 1 : 0,
    hide_cat_only_for_spot_orders: row.hide_cat_only_for_spot_orders ? 1 : 0,
    show_only_for_spot_browse: row.show_only_for_spot_browse ? 1 : 0,
    hide_only_for_spot_browse: row.hide_only_for_spot_browse ? 1 : 0,
    show_cat_only_for_delivery_orders: row.show_cat_only_for_delivery_orders ? 1 : 0,
    hide_cat_only_for_delivery_orders: row.hide_cat_only_for_delivery_orders ? 1 : 0,
  };
}

export type ProductParts = Pick<
  StoreProduct,
  | 'product_variants'
  | 'product_images'
  | 'allergens'
  | 'product_ingredients'
  | 'related_products'
  | 'catHierarchyIds'
  | 'catHierarchyId'
>;

export function toStoreProduct(row: Product, parts: ProductParts): StoreProduct {
  const flag = (v: number) => (v ? 1 : 0);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type === 'booking' ? 'booking' : 'normal',
    description: row.description,
    translations: parseTranslations(row.translations),
    ...parts,
    subcategory: row.subcategory,
    in_stock: flag(row.in_stock),
    label: row.label,
    hide_for_ordering: flag(row.hide_for_ordering),
    isLiquid: flag(row.is_liquid),
    discount_percent: row.discount_percent,
    discount_money: row.discount_money,
    hide_variants: flag(row.hide_variants),
    minimum_durability: row.minimum_durability,
    image_position_y: row.image_position_y,
    image_scale: row.image_scale,
    disable_promocode_discount: flag(row.disable_promocode_discount),
    min_count_addable_ingredients: row.min_count_addable_ingredients,
    max_count_addable_ingredients: row.max_count_addable_ingredients,
    show_only_for_spot_browse: flag(row.show_only_for_spot_browse),
    hide_only_for_spot_browse: flag(row.hide_only_for_spot_browse),
    time_based_discount_enabled: flag(row.time_based_discount_enabled),
    time_based_discount_days: parseJson<unknown[]>(row.time_based_discount_days, []).filter(
      (d): d is number => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 7,
    ),
    time_based_discount_start_hour: row.time_based_discount_start_hour,
    time_based_discount_end_hour: row.time_based_discount_end_hour,
    time_based_discount_percent: row.time_based_discount_percent,
    priority: row.priority,
  };
}

export function toStoreVariant(row: {
  id: number;
  price: number;
  additional_price: number;
  size: string | null;
  booking_duration: number | null;
  translations: string;
}): StoreVariant {
  return {
    id: row.id,
    price: row.price,
    additional_price: row.additional_price,
    size: row.size,
    booking_duration: row.booking_duration,
    translations: parseTranslations(row.translations),
  };
}

export function toStoreIngredient(row: {
  id: number;
  name: string;
  translations: string;
  price: number;
  active: number;
  priority: number;
}): StoreIngredient {
  return { ...row, translations: parseTranslations(row.translations), active: row.active ? 1 : 0 };
}
