/**
 * Admin console API contracts (`/api/admin/…`, PLACE_ADMIN and above, spec §6; designed: the spec says admin
 * screens are "not shown"). The place edited comes from the `client` and `place` headers. Field names follow the
 * entities of spec §3 as the menu contracts spell them. Money is integer minor units; flags are 0/1; translations
 * map en / es / de / fr-CH to texts (Bulgarian lives in the base fields). Bodies are strict: an unknown field is a
 * 400, so a typo never silently does nothing.
 */
import { z } from 'zod';
import { HOSTNAME_PATTERN } from '../hostname.ts';
import { addableLimitsConsistent } from '../ingredients.ts';
import { SETTING_GROUPS, SETTING_TYPES } from '../settings-catalogue.ts';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../slug.ts';
import { STAFF_ROLES } from '../staff-admin.ts';
import { isValidEmail } from '../validation.ts';
import {
  CategoryType,
  IngredientType,
  LanguageCode,
  StoreAllergen,
  IngredientMinor,
  ProductMinor,
  StoreSubcategoriesResponse,
  type StoreCategory,
} from './menu.ts';
import {
  DeliveryRadiusMinor,
  DeliveryShapeMinor,
  OrderTypeDiscountMinor,
  OrderTypePriceMinor,
  RegionMinor,
} from './places.ts';

const id = z.number().int().positive();
const flag = z.union([z.literal(0), z.literal(1)]);
/** Money in minor units, up to 10 000 000.00. */
const money = z.number().int().min(0).max(1_000_000_000);
const percent = z.number().min(0).max(100);
const name = z.string().trim().min(1).max(200);
const optionalText = (max: number) => z.string().max(max).nullable();
/** A stored file: a site path (`/uploads/…`, `/demo/…`) or an http(s) URL. */
const assetPath = z
  .string()
  .max(500)
  .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/\S+$/i.test(v), {
    message: 'must be a /path or an http(s) URL',
  });
const slug = z
  .string()
  .max(SLUG_MAX_LENGTH)
  .regex(SLUG_PATTERN, 'lowercase letters, digits and single dashes');
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
/** en / es / de / fr-CH → field → text. */
export const AdminTranslations = z
  .partialRecord(LanguageCode.exclude(['bg']), z.record(z.string().max(50), z.string().max(10_000)))
  .describe('Per-language texts for en, es, de, fr-CH (Bulgarian is the base field)');

/** The longest variant size, in Bulgarian (the base field) and in each translation. */
export const VARIANT_SIZE_MAX_LENGTH = 100;
const variantSize = z.string().max(VARIANT_SIZE_MAX_LENGTH);
/** en / es / de / fr-CH → { size }: a variant's size in the other languages (the guest falls back to Bulgarian). */
export const AdminVariantTranslations = z
  .partialRecord(LanguageCode.exclude(['bg']), z.object({ size: variantSize.optional() }).strict())
  .describe('The size in en, es, de, fr-CH (Bulgarian is the base field `size`)');

export const AdminIdParam = z.object({ id: z.coerce.number().int().positive() });
export const AdminOkResponse = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------------------------
// Places and access
// ---------------------------------------------------------------------------------------------------------------

export const AdminPlace = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  client: z.object({ id, slug: z.string(), name: z.string() }),
  active: flag,
  functionality_modules: z.array(z.string()),
});
export const AdminPlacesResponse = z.array(AdminPlace);

// ---------------------------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------------------------

const categoryFields = {
  name,
  slug,
  description: optionalText(5_000),
  translations: AdminTranslations,
  icon: assetPath.nullable(),
  type: CategoryType,
  links: z.array(z.object({ link: z.string().trim().min(1).max(1_000) }).strict()).max(20),
  parentId: id.nullable(),
  priority: z.number().int().min(-1_000_000).max(1_000_000),
  background_image: assetPath.nullable(),
  video_name: z.string().max(500).nullable(),
  pdf_path: assetPath.nullable(),
  open_call_waiter: flag,
  order_allowed: flag,
  active: flag,
  show_cat_only_for_spot_orders: flag,
  hide_cat_only_for_spot_orders: flag,
  show_only_for_spot_browse: flag,
  hide_only_for_spot_browse: flag,
  show_cat_only_for_delivery_orders: flag,
  hide_cat_only_for_delivery_orders: flag,
};

/** POST categories: name is required; slug defaults from the name, flags to 0 except order_allowed and active. */
export const AdminCategoryCreateBody = z
  .object(categoryFields)
  .partial()
  .required({ name: true })
  .strict()
  .refine((c) => c.type !== 'link' || (c.links?.length ?? 0) > 0, {
    message: 'a link category needs at least one link',
    path: ['links'],
  });
/** PUT categories/{id}: any subset of the fields. */
export const AdminCategoryUpdateBody = z.object(categoryFields).partial().strict();
export type AdminCategoryCreateBody = z.infer<typeof AdminCategoryCreateBody>;
export type AdminCategoryUpdateBody = z.infer<typeof AdminCategoryUpdateBody>;

export type AdminCategory = Omit<StoreCategory, 'children'> & {
  active: 0 | 1;
  productCount: number;
  children: AdminCategory[];
};
/** A category with every field (active or not), its direct product count and its children. */
export const AdminCategory: z.ZodType<AdminCategory> = z
  .lazy(() =>
    StoreSubcategoriesResponse.element.extend({
      active: flag,
      productCount: z.number().int(),
      children: z.array(AdminCategory),
    }),
  )
  .meta({ id: 'AdminCategory' });
export const AdminCategoryTreeResponse = z.array(AdminCategory);

/** PUT categories/order: re-parent and reorder in one call; refused when it would make a cycle. */
export const AdminCategoryOrderBody = z
  .array(
    z
      .object({ id, parentId: id.nullable(), priority: z.number().int().min(-1_000_000).max(1_000_000) })
      .strict(),
  )
  .min(1)
  .max(2_000)
  .refine((items) => new Set(items.map((i) => i.id)).size === items.length, {
    message: 'duplicate category id',
  });

// ---------------------------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------------------------

export const AdminVariantInput = z
  .object({
    /** An existing variant to keep (its id stays the same for carts); omitted = a new variant. */
    id: id.optional(),
    price: money,
    /** box fee */
    additional_price: money.default(0),
    /** Bulgarian; the other languages in `translations[lang].size` */
    size: variantSize.nullable().default(null),
    /** minutes, booking-type products */
    booking_duration: z.number().int().min(5).max(1_440).nullable().default(null),
    translations: AdminVariantTranslations.default({}),
  })
  .strict();

export const AdminProductImageInput = z
  .object({
    path: assetPath,
    width: z.number().int().positive().max(20_000).nullable().default(null),
    height: z.number().int().positive().max(20_000).nullable().default(null),
  })
  .strict();

const productFields = {
  name,
  slug,
  type: z.enum(['normal', 'booking']),
  description: optionalText(10_000),
  translations: AdminTranslations,
  subcategory: optionalText(200),
  label: optionalText(200),
  in_stock: flag,
  active: flag,
  hide_for_ordering: flag,
  isLiquid: flag,
  discount_percent: percent,
  discount_money: money,
  hide_variants: flag,
  /** hours after preparation */
  minimum_durability: z.number().min(0).max(10_000).nullable(),
  /** vertical focal point of the image, 0–100 % */
  image_position_y: z.number().min(0).max(100),
  image_scale: z.number().min(0.5).max(5),
  disable_promocode_discount: flag,
  min_count_addable_ingredients: z.number().int().min(0).max(100),
  /** 0 = no maximum */
  max_count_addable_ingredients: z.number().int().min(0).max(100),
  show_only_for_spot_browse: flag,
  hide_only_for_spot_browse: flag,
  time_based_discount_enabled: flag,
  time_based_discount_days: z
    .array(z.number().int().min(1).max(7))
    .max(7)
    .refine((d) => new Set(d).size === d.length, { message: 'duplicate weekday' }),
  time_based_discount_start_hour: z.number().int().min(0).max(23),
  time_based_discount_end_hour: z.number().int().min(0).max(23),
  time_based_discount_percent: percent,
  priority: z.number().int().min(-1_000_000).max(1_000_000),
  /** the product's categories; the first is the primary one unless catHierarchyId says otherwise */
  catHierarchyIds: z.array(id).max(50),
  catHierarchyId: id.nullable(),
  product_variants: z.array(AdminVariantInput).min(1).max(50),
  product_images: z.array(AdminProductImageInput).max(20),
  product_ingredients: z
    .array(z.object({ ingredientId: id, type: IngredientType }).strict())
    .max(200)
    .refine((l) => new Set(l.map((i) => `${i.ingredientId}:${i.type}`)).size === l.length, {
      message: 'an ingredient is listed twice with the same type',
    }),
  /** allergen ids of the client's library */
  allergens: z.array(id).max(50),
  /** at most 4 (spec §9), never the product itself */
  related_products: z.array(id).max(4),
};

type ProductShape = Partial<{
  min_count_addable_ingredients: number;
  max_count_addable_ingredients: number;
  catHierarchyIds: number[];
  catHierarchyId: number | null;
}>;
const productRules = <S extends z.ZodType<ProductShape>>(schema: S): S =>
  schema
    .refine(
      // A partial update without the min is checked against the stored min by the admin service.
      (p) => p.min_count_addable_ingredients === undefined || addableLimitsConsistent(p),
      { message: 'must not be below min_count_addable_ingredients', path: ['max_count_addable_ingredients'] },
    )
    .refine(
      (p) =>
        p.catHierarchyId == null ||
        p.catHierarchyIds === undefined ||
        p.catHierarchyIds.includes(p.catHierarchyId),
      { message: 'must be one of catHierarchyIds', path: ['catHierarchyId'] },
    );

/** POST products: name and at least one variant are required; the rest default like a new menu item. */
export const AdminProductCreateBody = productRules(
  z.object(productFields).partial().required({ name: true, product_variants: true }).strict(),
);
/** PUT products/{id}: any subset; a list given (variants, images, ingredients…) replaces the stored one. */
export const AdminProductUpdateBody = productRules(z.object(productFields).partial().strict());
export type AdminProductCreateBody = z.infer<typeof AdminProductCreateBody>;
export type AdminProductUpdateBody = z.infer<typeof AdminProductUpdateBody>;

export const AdminProduct = ProductMinor.extend({ active: flag });
export type AdminProduct = z.infer<typeof AdminProduct>;
export const AdminProductsResponse = z.array(AdminProduct);
export const AdminProductsQuery = z
  .object({
    categoryId: z.coerce.number().int().positive().optional(),
    q: z.string().trim().max(100).optional(),
  })
  .strict();

/** PATCH products/{id}/stock — WAITER and above may flip it during service. */
export const AdminStockBody = z.object({ in_stock: flag }).strict();
export const AdminStockResponse = z.object({ id, in_stock: flag });

// ---------------------------------------------------------------------------------------------------------------
// Ingredients and allergens
// ---------------------------------------------------------------------------------------------------------------

const ingredientFields = {
  name,
  translations: AdminTranslations,
  price: money,
  active: flag,
  priority: z.number().int().min(-1_000_000).max(1_000_000),
};
export const AdminIngredientCreateBody = z
  .object(ingredientFields)
  .partial()
  .required({ name: true })
  .strict();
export const AdminIngredientUpdateBody = z.object(ingredientFields).partial().strict();
export const AdminIngredient = IngredientMinor.extend({ productCount: z.number().int() });
export const AdminIngredientsResponse = z.array(AdminIngredient);

const allergenFields = { name, translations: AdminTranslations, image: assetPath.nullable() };
export const AdminAllergenCreateBody = z.object(allergenFields).partial().required({ name: true }).strict();
export const AdminAllergenUpdateBody = z.object(allergenFields).partial().strict();
export const AdminAllergen = StoreAllergen.extend({ productCount: z.number().int() });
export const AdminAllergensResponse = z.array(AdminAllergen);

// ---------------------------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------------------------

export const ADMIN_IMAGE_WIDTHS = [320, 640, 1024] as const;
export const ADMIN_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const ADMIN_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

export const AdminImageFile = z.object({
  path: z.string(),
  format: z.enum(['webp', 'avif', 'jpeg']),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
/** POST images: the stored renditions; `path` (the largest JPEG) is what a product image or a setting stores. */
export const AdminImageResponse = z.object({
  id: z.string(),
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  original: z.object({
    format: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int(),
  }),
  files: z.array(AdminImageFile),
});
export type AdminImageResponse = z.infer<typeof AdminImageResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Settings, modules, languages
// ---------------------------------------------------------------------------------------------------------------

export const AdminSetting = z.object({
  key: z.string(),
  group: z.enum(SETTING_GROUPS),
  type: z.enum(SETTING_TYPES),
  description: z.string(),
  default: z.string(),
  /** the stored value, or null when the default applies */
  value: z.string().nullable(),
  /** what the venue uses now (value, else default) */
  effective: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  translatable: z.boolean(),
  /** `<key>_translations` for translatable texts */
  translations: z.record(z.string(), z.string()).nullable(),
  designed: z.boolean(),
});
export const AdminSettingsResponse = z.object({
  groups: z.array(z.enum(SETTING_GROUPS)),
  settings: z.array(AdminSetting),
  /** Stored keys the catalogue does not know (legacy or per-venue extras), secrets masked. */
  other: z.array(z.object({ key: z.string(), value: z.string(), masked: z.boolean() })),
});
export type AdminSettingsResponse = z.infer<typeof AdminSettingsResponse>;

/**
 * PUT settings: key → value (string, number or boolean; working_hours also as an object of weekdays), null to go
 * back to the default; `<key>_translations` → { en: '…', … } for translatable texts. Unknown keys are refused.
 */
export const AdminSettingsUpdateBody = z
  .record(
    z.string().min(1).max(100),
    z.union([
      z.string().max(60_000),
      z.number(),
      z.boolean(),
      z.null(),
      z.record(z.string(), z.union([z.string().max(60_000), z.array(z.string().max(20)).max(2)])),
    ]),
  )
  .refine((o) => Object.keys(o).length > 0, { message: 'no settings given' })
  .refine((o) => Object.keys(o).length <= 300, { message: 'too many settings at once' });

export const FUNCTIONALITY_MODULES = [
  'payments',
  'booking',
  'feedback',
  'gallery',
  'promotions',
  'loyalty',
] as const;
export const AdminModulesBody = z
  .object({ functionality_modules: z.array(z.enum(FUNCTIONALITY_MODULES)).max(FUNCTIONALITY_MODULES.length) })
  .strict();
export const AdminModulesResponse = z.object({
  available: z.array(z.enum(FUNCTIONALITY_MODULES)),
  functionality_modules: z.array(z.string()),
});

export const AdminLanguage = z.object({
  code: LanguageCode,
  name: z.string().trim().min(1).max(50),
  is_default: flag,
});
/** PUT languages: the offered languages in display order, exactly one default. */
export const AdminLanguagesBody = z
  .array(AdminLanguage.strict())
  .min(1)
  .max(5)
  .refine((l) => new Set(l.map((x) => x.code)).size === l.length, { message: 'a language is listed twice' })
  .refine((l) => l.filter((x) => x.is_default === 1).length === 1, {
    message: 'exactly one default language',
  });
export const AdminLanguagesResponse = z.array(AdminLanguage);

// ---------------------------------------------------------------------------------------------------------------
// Order types and delivery zones
// ---------------------------------------------------------------------------------------------------------------

/** 1 spot, 2 delivery, 3 pickup, 4 spot browse, 6 room, 7 served on spot */
export const AdminOrderTypeValue = z.literal([1, 2, 3, 4, 6, 7]);

const priceTier = z.object({ price_over: money, price: money }).strict();
const discountTier = z
  .object({
    price_over: money,
    value: z.number().min(0).max(1_000_000_000),
    value_type: z.enum(['percent', 'money']),
    active_start_time: clockTime.nullable().default(null),
    active_end_time: clockTime.nullable().default(null),
  })
  .strict()
  .refine((d) => (d.value_type === 'money' ? Number.isInteger(d.value) : d.value <= 100), {
    message: 'percent at most 100; money in whole minor units',
    path: ['value'],
  })
  .refine((d) => (d.active_start_time === null) === (d.active_end_time === null), {
    message: 'give both ends of the active window or neither',
    path: ['active_end_time'],
  });
const distinctOver = <T extends { price_over: number }>(l: T[]) =>
  new Set(l.map((x) => x.price_over)).size === l.length;

export const AdminOrderType = z.object({
  id,
  type: z.number().int(),
  active: flag,
  prices: z.array(OrderTypePriceMinor),
  discounts: z.array(OrderTypeDiscountMinor.extend({ id })),
  radiuses: z.array(DeliveryRadiusMinor),
  delivery_shapes: z.array(DeliveryShapeMinor),
});
export const AdminOrderTypesResponse = z.array(AdminOrderType);
export const AdminOrderTypeCreateBody = z
  .object({ type: AdminOrderTypeValue, active: flag.default(1) })
  .strict();
export const AdminOrderTypeUpdateBody = z.object({ active: flag }).strict();
/** PUT order-types/{id}/prices: the price tiers (the highest price_over reached applies, spec §9). */
export const AdminOrderTypePricesBody = z
  .array(priceTier)
  .max(50)
  .refine(distinctOver, { message: 'two tiers with the same price_over' });
/** PUT order-types/{id}/discounts: the discount tiers with optional daily windows. */
export const AdminOrderTypeDiscountsBody = z.array(discountTier).max(50);

const freeOver = money.nullable().default(null);
export const AdminRadiusBody = z
  .object({
    /** kilometres from the venue */
    radius_start: z.number().min(0).max(500),
    radius_end: z.number().min(0).max(500),
    delivery_price: money,
    required_order_price_for_free_delivery: freeOver,
  })
  .strict()
  .refine((r) => r.radius_end > r.radius_start, {
    message: 'must be beyond radius_start',
    path: ['radius_end'],
  });

const latLng = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]);
export const AdminShapeBody = z
  .object({
    name: z.string().trim().max(200).nullable().default(null),
    /** the name in en / es / de / fr-CH ({ en: { name } }); left out, a change keeps the stored ones */
    translations: AdminTranslations.optional(),
    delivery_price: money,
    /** [[lat, lng], …]: at least 3 distinct points; closed or closed for you; its edges must not cross */
    coordinates: z.array(latLng).min(3).max(2_000),
    active_time_from: clockTime.nullable().default(null),
    active_time_to: clockTime.nullable().default(null),
    required_order_price_for_free_delivery: freeOver,
  })
  .strict()
  .refine((s) => (s.active_time_from === null) === (s.active_time_to === null), {
    message: 'give both ends of the active window or neither',
    path: ['active_time_to'],
  });

const regionFields = {
  name,
  translations: AdminTranslations,
  delivery_price: money,
  required_order_price_for_free_delivery: money.nullable(),
  active: flag,
};
export const AdminRegionCreateBody = z
  .object(regionFields)
  .partial()
  .required({ name: true, delivery_price: true })
  .strict();
export const AdminRegionUpdateBody = z.object(regionFields).partial().strict();
export const AdminRegion = RegionMinor.extend({ active: flag });
export const AdminRegionsResponse = z.array(AdminRegion);

// ---------------------------------------------------------------------------------------------------------------
// Promo codes and registered-user discounts
// ---------------------------------------------------------------------------------------------------------------

const isoInstant = z.iso.datetime({ offset: true });
const promoFields = {
  code: z
    .string()
    .trim()
    .min(3)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _'),
  discount_type: z.enum(['percent', 'money']),
  /** percent (0–100) or minor units */
  discount_value: z.number().positive().max(1_000_000_000),
  ignore_other_discounts: flag,
  valid_from: isoInstant.nullable(),
  valid_to: isoInstant.nullable(),
  /** null = unlimited */
  max_uses: z.number().int().min(1).max(10_000_000).nullable(),
  /** null = every product */
  eligible_product_ids: z.array(id).max(1_000).nullable(),
  active: flag,
};
type PromoShape = Partial<{
  discount_type: 'percent' | 'money';
  discount_value: number;
  valid_from: string | null;
  valid_to: string | null;
}>;
const promoRules = <S extends z.ZodType<PromoShape>>(schema: S): S =>
  schema
    .refine(
      (p) =>
        p.discount_value === undefined ||
        (p.discount_type === 'money' ? Number.isInteger(p.discount_value) : p.discount_value <= 100),
      { message: 'percent at most 100; money in whole minor units', path: ['discount_value'] },
    )
    .refine((p) => !p.valid_from || !p.valid_to || Date.parse(p.valid_from) < Date.parse(p.valid_to), {
      message: 'must be after valid_from',
      path: ['valid_to'],
    });
export const AdminPromoCodeCreateBody = promoRules(
  z
    .object(promoFields)
    .partial()
    .required({ code: true, discount_type: true, discount_value: true })
    .strict(),
);
export const AdminPromoCodeUpdateBody = promoRules(z.object(promoFields).partial().strict());
export const AdminPromoCode = z.object({
  id,
  code: z.string(),
  discount_type: z.enum(['percent', 'money']),
  discount_value: z.number(),
  ignore_other_discounts: flag,
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  used_count: z.number().int(),
  eligible_product_ids: z.array(z.number().int()).nullable(),
  active: flag,
});
export const AdminPromoCodesResponse = z.array(AdminPromoCode);

const userDiscountFields = {
  /** the discount applies to the user's nth order at this place (spec §9) */
  on_order_number: z.number().int().min(1).max(10_000),
  discount_type: z.enum(['percent', 'money']),
  discount_amount: z.number().positive().max(1_000_000_000),
  active: flag,
};
export const AdminUserDiscountCreateBody = z
  .object(userDiscountFields)
  .partial()
  .required({ on_order_number: true, discount_type: true, discount_amount: true })
  .strict()
  .refine(
    (d) => (d.discount_type === 'money' ? Number.isInteger(d.discount_amount) : d.discount_amount <= 100),
    {
      message: 'percent at most 100; money in whole minor units',
      path: ['discount_amount'],
    },
  );
export const AdminUserDiscountUpdateBody = z.object(userDiscountFields).partial().strict();
export const AdminUserDiscount = z.object({
  id,
  on_order_number: z.number().int(),
  discount_type: z.enum(['percent', 'money']),
  discount_amount: z.number(),
  active: flag,
});
export const AdminUserDiscountsResponse = z.array(AdminUserDiscount);

// ---------------------------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------------------------

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
/** from / to are the venue's local dates, both included; default the last 30 days. */
export const AdminSalesQuery = z.object({ from: localDate.optional(), to: localDate.optional() }).strict();
export const AdminSalesCsvQuery = AdminSalesQuery.extend({
  kind: z.enum(['days', 'products', 'orders']).default('days'),
});

const salesBucket = { orders: z.number().int(), revenue: money, average: money };
/** Revenue counts every order that was not rejected; amounts are order totals in minor units. */
export const AdminSalesReport = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  ...salesBucket,
  rejected: z.number().int(),
  by_order_type: z.array(z.object({ type: z.number().int(), ...salesBucket })),
  by_payment_method: z.array(z.object({ payment_method: z.string().nullable(), ...salesBucket })),
  by_day: z.array(z.object({ date: z.string(), ...salesBucket })),
  by_hour: z.array(z.object({ hour: z.number().int().min(0).max(23), ...salesBucket })),
  top_products: z.array(
    z.object({ product_id: z.number().int(), name: z.string(), quantity: z.number().int(), revenue: money }),
  ),
});
export type AdminSalesReport = z.infer<typeof AdminSalesReport>;

// ---------------------------------------------------------------------------------------------------------------
// Audit
// ---------------------------------------------------------------------------------------------------------------

export const AdminAuditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  details: z.unknown(),
});
export const AdminAuditQuery = z
  .object({ limit: z.coerce.number().int().min(1).max(500).default(100) })
  .strict();
export const AdminAuditResponse = z.array(AdminAuditEntry);

// ---------------------------------------------------------------------------------------------------------------
// Staff users and roles (rules: ../staff-admin.ts)
// ---------------------------------------------------------------------------------------------------------------

export const AdminStaffRole = z.enum(STAFF_ROLES);
export const AdminStaffUser = z.object({
  id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: AdminStaffRole,
  /** 0 when deactivated (users.banned): the account can neither sign in nor use an older token. */
  active: flag,
  /** Assigned places in the caller's reach (client-wide roles have none: they reach every place). */
  place_ids: z.array(id),
  /** Whether the caller may change this account (below the caller's level, every place of it in reach). */
  manageable: z.boolean(),
  created_at: z.string(),
});
export type AdminStaffUser = z.infer<typeof AdminStaffUser>;
export const AdminStaffUsersResponse = z.object({
  users: z.array(AdminStaffUser),
  /** Roles the caller may give, lowest first. */
  assignable_roles: z.array(AdminStaffRole),
  /** Places the caller may assign. */
  places: z.array(z.object({ id, slug: z.string(), name: z.string() })),
});
export type AdminStaffUsersResponse = z.infer<typeof AdminStaffUsersResponse>;
const staffEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => isValidEmail(v), { message: 'not a valid e-mail address' });
export const AdminStaffCreateBody = z
  .object({
    email: staffEmail,
    first_name: name,
    last_name: z.string().trim().max(200).default(''),
    role: AdminStaffRole,
    place_ids: z.array(id).max(500).default([]),
    /** Optional: without one the account gets the reset e-mail to set its own password (the invitation). */
    password: z.string().min(8).max(128).optional(),
  })
  .strict();
export const AdminStaffUpdateBody = z
  .object({
    first_name: name,
    last_name: z.string().trim().max(200),
    role: AdminStaffRole,
    place_ids: z.array(id).max(500),
    active: flag,
  })
  .partial()
  .strict();
export const AdminStaffCreateResponse = AdminStaffUser.extend({
  /** true when the invitation (reset) e-mail was sent because no password was given. */
  invited: z.boolean(),
});

// ---------------------------------------------------------------------------------------------------------------
// Client white-label brand (CLIENT_ADMIN and above); logo and colours are the defaults of the client's places
// ---------------------------------------------------------------------------------------------------------------

const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a hex colour like #8c2f39');
const hostname = z.string().trim().regex(HOSTNAME_PATTERN, 'a hostname like menu.example.com');
export const AdminClientBrand = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  primary_color: z.string().nullable(),
  secondary_color: z.string().nullable(),
  /** The hostname the client's menus are served on, or null. */
  domain: z.string().nullable(),
});
export type AdminClientBrand = z.infer<typeof AdminClientBrand>;
export const AdminClientBrandBody = z
  .object({
    name,
    logo: assetPath.nullable(),
    primary_color: hexColor.nullable(),
    secondary_color: hexColor.nullable(),
    domain: hostname.nullable(),
  })
  .partial()
  .strict();

// ---------------------------------------------------------------------------------------------------------------
// Go-live checklist (issue 16 item 2)

export const AdminGoLiveResponse = z.object({
  live: z.boolean(),
  live_at: z.string().nullable(),
  cash_only: z.boolean(),
  qr_sheet_downloaded_at: z.string().nullable(),
  items: z.array(
    z.object({
      key: z.enum(['menu', 'hours', 'order_types', 'tables', 'payments', 'staff']),
      done: z.boolean(),
    }),
  ),
});
export type AdminGoLiveResponse = z.infer<typeof AdminGoLiveResponse>;

/** Mark the venue live (or back to coming soon), and/or choose "cash only". */
export const AdminGoLiveBody = z
  .object({ live: z.boolean().optional(), cash_only: z.boolean().optional() })
  .strict()
  .refine((b) => b.live !== undefined || b.cash_only !== undefined, {
    message: 'live or cash_only is required',
  });
export type AdminGoLiveBody = z.infer<typeof AdminGoLiveBody>;
