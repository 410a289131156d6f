/**
 * Menu API contracts (spec §3 entities, §7 calls). The single source of these payloads' types:
 * the server validates and documents (OpenAPI) with them, the browser infers its types from them.
 * Field names are the spec's, exactly (snake_case and the few camelCase ones such as catHierarchyIds).
 * Money: decimals of the venue currency on the wire, integer minor units in code (the `money` codec, ./money.ts;
 * the admin API reuses these shapes in minor units through the `…Minor` twins); flags are 0/1 numbers; `translations` maps a language code
 * (en, es, de, fr-CH) to its texts — Bulgarian (the default) is in the base fields.
 */
import { z } from 'zod';
import { money } from './money.ts';

/** Minor units on the wire (the admin twins of the guest shapes). */
const minor = z.number().int();

export const LANGUAGE_CODES = ['bg', 'en', 'es', 'de', 'fr-CH'] as const;
export const LanguageCode = z.enum(LANGUAGE_CODES);
export type LanguageCode = z.infer<typeof LanguageCode>;

const flag = z.number().int().min(0).max(1);
export const Translations = z.record(z.string(), z.record(z.string(), z.string()));
export type Translations = z.infer<typeof Translations>;

/**
 * Query flags of the menu calls: `?active=1` etc. A known flag with anything else than 0/1 is a 400; unknown
 * parameters are ignored (not `.strict()`), so a client's cache-buster (`?active=1&_=123`) still gets the menu.
 */
export const BinaryQueryFlag = z.enum(['0', '1']).optional();
export const MenuListQuery = z.object({ active: BinaryQueryFlag });
export const CategoriesWithSubcategoriesQuery = z.object({
  active: BinaryQueryFlag,
  subcatRequired: BinaryQueryFlag,
  productRequired: BinaryQueryFlag,
  productActive: BinaryQueryFlag,
});
export const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** GET settings: key → { value }. */
export const StoreSettingsResponse = z.record(z.string(), z.object({ value: z.string() }));
export type StoreSettingsResponse = z.infer<typeof StoreSettingsResponse>;

const variantOf = (m: typeof money | typeof minor) =>
  z.object({
    id: z.number().int(),
    price: m,
    /** box fee */
    additional_price: m,
    size: z.string().nullable(),
    booking_duration: z.number().int().nullable(),
    translations: Translations,
  });
export const StoreVariant = variantOf(money);
export type StoreVariant = z.infer<typeof StoreVariant>;

export const StoreAllergen = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  translations: Translations,
});
export type StoreAllergen = z.infer<typeof StoreAllergen>;

export const IngredientType = z.enum(['required', 'addable', 'removable']);
export type IngredientType = z.infer<typeof IngredientType>;

export const StoreProductIngredient = z.object({ ingredientId: z.number().int(), type: IngredientType });

export const StoreProductImage = z.object({
  path: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

const productOf = (m: typeof money | typeof minor) =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    type: z.enum(['normal', 'booking']),
    description: z.string().nullable(),
    translations: Translations,
    product_variants: z.array(variantOf(m)),
    product_images: z.array(StoreProductImage),
    allergens: z.array(StoreAllergen),
    subcategory: z.string().nullable(),
    in_stock: flag,
    label: z.string().nullable(),
    hide_for_ordering: flag,
    isLiquid: flag,
    discount_percent: z.number(),
    discount_money: m,
    hide_variants: flag,
    catHierarchyIds: z.array(z.number().int()),
    catHierarchyId: z.number().int().nullable(),
    product_ingredients: z.array(StoreProductIngredient),
    minimum_durability: z.number().nullable(),
    image_position_y: z.number(),
    image_scale: z.number(),
    disable_promocode_discount: flag,
    related_products: z.array(z.number().int()),
    min_count_addable_ingredients: z.number().int(),
    max_count_addable_ingredients: z.number().int(),
    show_only_for_spot_browse: flag,
    hide_only_for_spot_browse: flag,
    time_based_discount_enabled: flag,
    time_based_discount_days: z.array(z.number().int().min(1).max(7)),
    time_based_discount_start_hour: z.number().int(),
    time_based_discount_end_hour: z.number().int(),
    time_based_discount_percent: z.number(),
    priority: z.number().int(),
  });
export const StoreProduct = productOf(money);
/** The product in minor units (the admin API's base). */
export const ProductMinor = productOf(minor);
export type StoreProduct = z.infer<typeof StoreProduct>;
export const StoreProductsResponse = z.array(StoreProduct);

export const CategoryType = z.enum(['normal', 'image', 'link']);

const categoryFields = {
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  translations: Translations,
  icon: z.string().nullable(),
  type: CategoryType,
  links: z.array(z.object({ link: z.string() })),
  hierarchyLevel: z.number().int(),
  parentId: z.number().int().nullable(),
  priority: z.number().int(),
  background_image: z.string().nullable(),
  video_name: z.string().nullable(),
  pdf_path: z.string().nullable(),
  open_call_waiter: flag,
  order_allowed: flag,
  show_cat_only_for_spot_orders: flag,
  hide_cat_only_for_spot_orders: flag,
  show_only_for_spot_browse: flag,
  hide_only_for_spot_browse: flag,
  show_cat_only_for_delivery_orders: flag,
  hide_cat_only_for_delivery_orders: flag,
};

export type StoreCategory = z.infer<z.ZodObject<typeof categoryFields>> & { children: StoreCategory[] };
/** A category with its children, recursively (GET categoriesHierarchy). */
export const StoreCategory: z.ZodType<StoreCategory> = z.lazy(() =>
  z.object({ ...categoryFields, children: z.array(StoreCategory) }),
);
export const StoreCategoriesHierarchyResponse = z.array(StoreCategory);

/** GET categoriesWithSubcategories and GET subcategories/{id}: flat categories, with product ids when asked. */
export const StoreCategoryWithSubcategories = z.object({
  ...categoryFields,
  subcategories: z.array(z.object(categoryFields)),
  productIds: z.array(z.number().int()),
});
export const StoreCategoriesWithSubcategoriesResponse = z.array(StoreCategoryWithSubcategories);
export const StoreSubcategoriesResponse = z.array(z.object(categoryFields));

const ingredientOf = (m: typeof money | typeof minor) =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    translations: Translations,
    price: m,
    active: flag,
    priority: z.number().int(),
  });
export const StoreIngredient = ingredientOf(money);
/** The ingredient in minor units (the admin API's base). */
export const IngredientMinor = ingredientOf(minor);
export type StoreIngredient = z.infer<typeof StoreIngredient>;
export const StoreIngredientsResponse = z.array(StoreIngredient);

export const StoreLanguage = z.object({
  code: LanguageCode,
  name: z.string(),
  is_default: flag,
});
export const StoreLanguagesResponse = z.array(StoreLanguage);

/** GET accumulated-order-amount-setting-place */
export const StoreAccumulatedAmountSettingResponse = z.object({
  setting: z.object({ accumulatedUserAmount: money }),
});

/**
 * One problem of a refused request (issue 22 #3): the field as a dotted path ('' for the whole input), its code, a
 * message in the guest's language where the code has one. A detail may add what its reaction needs (login_slowed:
 * `retry_after`).
 */
export const ApiErrorDetail = z.looseObject({ path: z.string(), code: z.string(), message: z.string() });
export type ApiErrorDetail = z.infer<typeof ApiErrorDetail>;

/**
 * Every error answer of the API: a stable code, a human message, the guest's text (`message_trans`) where the code
 * has one, the problems in one shape (`details`), and what a reaction needs at the top level (a refused import's
 * `preview`, an illegal transition's `from`/`to`/`allowed`, …: kept, not stripped).
 */
export const ApiError = z.looseObject({
  code: z.string(),
  message: z.string(),
  message_trans: z.string().optional(),
  details: z.array(ApiErrorDetail).optional(),
  /** Spec §8: a spec client reads the code from `payload.message`; the server adds it to every error answer. */
  payload: z.object({ message: z.string() }).passthrough().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** GET promotions (spec §2 promotions screen, §3 general promotions): the venue's current promotions, in order. */
export const StorePromotion = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** Per language: { title, description }. */
  translations: Translations,
  image: z.string().nullable(),
});
export type StorePromotion = z.infer<typeof StorePromotion>;
/** Empty while the place's `promotions` module is off. */
export const StorePromotionsResponse = z.array(StorePromotion);
export type StorePromotionsResponse = z.infer<typeof StorePromotionsResponse>;
