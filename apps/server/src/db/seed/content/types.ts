/**
 * Shapes of the demo content (plain data, no I/O) and the helpers that turn it into rows.
 * Every user-facing text is an `L5`: the Bulgarian text (stored in the base column) followed by
 * en, es, de and fr-CH (stored in the row's `translations` JSON).
 */

/** [bg, en, es, de, fr-CH] */
export type L5 = readonly [bg: string, en: string, es: string, de: string, frCH: string];

/** Languages other than the default, in the order of `L5`'s tail. */
export const OTHER_LANGS = ['en', 'es', 'de', 'fr-CH'] as const;

/** Allergen keys: the 14 allergens of EU Regulation 1169/2011, Annex II. */
export type AllergenKey =
  | 'gluten'
  | 'crustaceans'
  | 'eggs'
  | 'fish'
  | 'peanuts'
  | 'soy'
  | 'milk'
  | 'nuts'
  | 'celery'
  | 'mustard'
  | 'sesame'
  | 'sulphites'
  | 'lupin'
  | 'molluscs';

/** Illustration of a product, category or promotion for generate-images.ts. */
export type ArtShape =
  | 'plate'
  | 'bowl'
  | 'salad'
  | 'grill'
  | 'pasta'
  | 'clay'
  | 'cake'
  | 'glass'
  | 'cup'
  | 'wine'
  | 'beer'
  | 'bottle'
  | 'shot'
  | 'pastry'
  | 'sandwich'
  | 'pizza'
  | 'fish'
  | 'board'
  | 'icecream'
  | 'tasting'
  | 'can'
  | 'bar'
  | 'terrace'
  | 'room'
  | 'bell'
  | 'stars'
  | 'spa';

export interface Art {
  shape: ArtShape;
  /** Main colour of the food or drink. */
  food: string;
  /** Second colour (sauce, foam, side). */
  accent: string;
  /** Garnish colour (herbs, sprinkles). */
  garnish: string;
}

export interface VariantDef {
  /** Euro cents. */
  price: number;
  /** Bulgarian size text ('300 г', '330 мл', '3 бр.'); translated by `translateSize`, or given in full. */
  size?: string | L5;
  /** Box fee, euro cents. */
  additionalPrice?: number;
  /** Minutes, booking-type products only. */
  bookingDuration?: number;
}

interface TimeDiscountDef {
  /** 1 (Mon) … 7 (Sun) */
  days: number[];
  startHour: number;
  endHour: number;
  percent: number;
}

export interface ProductDef {
  slug: string;
  /** Slug of the primary category (catHierarchyId). */
  category: string;
  /** Further categories the product also appears in. */
  alsoIn?: string[];
  name: L5;
  description: L5;
  variants: VariantDef[];
  art: Art;
  type?: 'normal' | 'booking';
  allergens?: AllergenKey[];
  label?: LabelKey;
  /** Ingredient keys of the place's library, per product-ingredient type. */
  required?: string[];
  addable?: string[];
  removable?: string[];
  minAddable?: number;
  maxAddable?: number;
  inStock?: boolean;
  hideForOrdering?: boolean;
  isLiquid?: boolean;
  discountPercent?: number;
  /** Euro cents off each unit. */
  discountMoney?: number;
  hideVariants?: boolean;
  /** Hours after preparation. */
  minimumDurability?: number;
  imagePositionY?: number;
  disablePromocodeDiscount?: boolean;
  showOnlyForSpotBrowse?: boolean;
  hideOnlyForSpotBrowse?: boolean;
  timeDiscount?: TimeDiscountDef;
  /** Slugs of up to 4 related products of the same place. */
  related?: string[];
}

export interface CategoryDef {
  slug: string;
  name: L5;
  description?: L5;
  /** Icon illustration; written as `/demo/images/cat-<place>-<slug>.svg`. */
  art?: Art;
  type?: 'normal' | 'image' | 'link';
  links?: string[];
  /** Illustration used as the category background (`/demo/images/bg-<place>-<slug>.svg`). */
  background?: Art;
  pdfPath?: string;
  openCallWaiter?: boolean;
  orderAllowed?: boolean;
  showOnlyForSpotOrders?: boolean;
  hideForSpotOrders?: boolean;
  showOnlyForSpotBrowse?: boolean;
  hideForSpotBrowse?: boolean;
  showOnlyForDeliveryOrders?: boolean;
  hideForDeliveryOrders?: boolean;
  children?: CategoryDef[];
}

export interface IngredientDef {
  key: string;
  name: L5;
  /** Euro cents (charged when added, or for a required choice). */
  price: number;
}

export type LabelKey = 'new' | 'spicy' | 'vegan' | 'chef';

export const LABELS: Record<LabelKey, L5> = {
  new: ['Ново', 'New', 'Nuevo', 'Neu', 'Nouveau'],
  spicy: ['Люто', 'Spicy', 'Picante', 'Scharf', 'Épicé'],
  vegan: ['Веган', 'Vegan', 'Vegano', 'Vegan', 'Végane'],
  chef: [
    'Препоръка на шефа',
    "Chef's pick",
    'Recomendación del chef',
    'Empfehlung des Küchenchefs',
    'Suggestion du chef',
  ],
};

interface OrderTypeDef {
  type: number;
  /** Price tiers: extra charge by order total (highest price_over reached wins). */
  prices?: { priceOver: number; price: number }[];
  discounts?: {
    priceOver: number;
    value: number;
    valueType: 'percent' | 'money';
    start?: string;
    end?: string;
  }[];
  radiuses?: { start: number; end: number; price: number; freeOver: number | null }[];
  shapes?: {
    name: L5;
    price: number;
    coordinates: [number, number][];
    from?: string;
    to?: string;
    freeOver: number | null;
  }[];
}

export interface TableDef {
  number: string;
  kind: 'table' | 'room';
  seats: number;
  token: string;
  /** Index into the place's halls, or undefined. */
  hall?: number;
}

/** A settings value: plain text, or a translated text (bg value plus a `<key>_translations` JSON row). */
export type SettingValue = string | L5;

export interface PlaceDef {
  slug: string;
  name: L5;
  city: string;
  address: string;
  phone: string;
  email: string;
  lat: number;
  lng: number;
  functionalityModules: string[];
  tags: string[];
  settings: Record<string, SettingValue>;
  orderTypes: OrderTypeDef[];
  regions: { name: L5; price: number; freeOver: number | null }[];
  halls: L5[];
  tables: TableDef[];
  ingredients: IngredientDef[];
  categories: CategoryDef[];
  products: ProductDef[];
  promoCodes: {
    code: string;
    type: 'percent' | 'money';
    value: number;
    ignoreOtherDiscounts?: boolean;
    maxUses?: number | null;
  }[];
  userDiscounts: { onOrderNumber: number; type: 'percent' | 'money'; amount: number }[];
  feedbackQuestions: { text: L5; type: 'rating' | 'text' }[];
  gallery: { file: string; caption: L5; art: Art }[];
  /** `badge`: a short language-neutral text drawn on the image ('−20%'). */
  promotions: { file: string; title: L5; description: L5; art: Art; badge?: string }[];
}

/** Path under which the server serves the seed's `images/` folder. */
export const DEMO_IMAGES_URL = '/demo/images/';

export function imageUrl(file: string): string {
  return `${DEMO_IMAGES_URL}${file}`;
}

/** Image file names in the seed's images/ folder, shared by the loader and generate-images.ts. */
export const productImageFile = (place: string, slug: string): string => `${place}-${slug}.svg`;
export const categoryIconFile = (place: string, slug: string): string => `cat-${place}-${slug}.svg`;
export const categoryBackgroundFile = (place: string, slug: string): string => `bg-${place}-${slug}.svg`;
export const allergenIconFile = (key: string): string => `allergen-${key}.svg`;

const UNIT_WORDS: Record<string, readonly [string, string, string, string]> = {
  г: ['g', 'g', 'g', 'g'],
  кг: ['kg', 'kg', 'kg', 'kg'],
  мл: ['ml', 'ml', 'ml', 'ml'],
  л: ['l', 'l', 'l', 'l'],
  'бр.': ['pcs', 'uds.', 'Stk.', 'pces'],
};

/** Size text in the other languages, word by word ('300 г' → '300 g'); a size with other words needs its own L5. */
export function translateSize(size: string): L5 {
  const words = size.split(' ');
  const other = (i: number) =>
    words
      .map((w) => {
        const unit = UNIT_WORDS[w];
        if (unit) return unit[i] as string;
        if (/[а-яА-Я]/u.test(w)) throw new Error(`Size '${size}' needs explicit translations`);
        return w;
      })
      .join(' ');
  return [size, other(0), other(1), other(2), other(3)];
}

/** `{ en: { name: '…' }, es: {…}, de: {…}, 'fr-CH': {…} }` for the given fields. */
export function translations(fields: Record<string, L5 | undefined>): string {
  const out: Record<string, Record<string, string>> = {};
  OTHER_LANGS.forEach((lang, i) => {
    const texts: Record<string, string> = {};
    for (const [field, l5] of Object.entries(fields)) {
      const text = l5?.[i + 1];
      if (text !== undefined && text !== '') texts[field] = text;
    }
    out[lang] = texts;
  });
  return JSON.stringify(out);
}
