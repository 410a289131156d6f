/**
 * Cart lines, identity and merge (spec §3, §4, §5). The cart lives in browser storage under `to_order`, grouped by
 * variant id. Prices on a line are integer minor units.
 */
import type { Minor } from './money.ts';
import type { Weekday } from './dates.ts';
import type { Translations } from './i18n.ts';
import { parseDays, type TimeBasedDiscountFields } from './pricing/time-based-discount.ts';

export type IngredientKind = 'required' | 'addable' | 'removable';

/** A product's link to an ingredient (spec §3). */
export interface ProductIngredientRef {
  ingredientId: number;
  type: IngredientKind;
}

/** The chosen ingredients of a line: the required one (id or 0 for none) and the addable / removable sets. */
export interface CartLineIngredients {
  required: number;
  addable: number[];
  removable: number[];
}

/** A cart line with every field of spec §3 "Cart line". */
export interface CartLine {
  product_variant_id: number;
  product_id: number;
  size: string;
  price: Minor;
  additional_price: Minor;
  name: string;
  image: string | null;
  /** ISO timestamp of the first add. */
  date_added: string;
  product_translations: Translations<Record<string, string>>;
  variant_translations: Translations<Record<string, string>>;
  product_ingredients: ProductIngredientRef[];
  ingredients: CartLineIngredients;
  quantity: number;
  catHierarchyId: number | null;
  discount_percent: number;
  discount_money: Minor;
  time_based_discount_enabled: boolean;
  time_based_discount_percent: number;
  time_based_discount_start_hour: number;
  time_based_discount_end_hour: number;
  time_based_discount_days: Weekday[];
  disable_promocode_discount: boolean;
}

/** The cart: lines grouped by variant id. */
export type Cart = Record<string, CartLine[]>;

/** The storage shape (spec §3: kept under to_order). */
export interface CartStorage {
  to_order: Cart;
}

export const EMPTY_CART: Cart = Object.freeze({}) as Cart;

function sortedUnique(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Ingredients in canonical form: addable and removable as sorted sets, so order of choice never matters. */
export function normalizeIngredients(
  ing: Partial<CartLineIngredients> | null | undefined,
): CartLineIngredients {
  return {
    required: ing?.required ?? 0,
    addable: sortedUnique(ing?.addable ?? []),
    removable: sortedUnique(ing?.removable ?? []),
  };
}

/** The identity of a line (spec §4): variant plus required, addable and removable ingredients. */
export function cartLineKey(line: Pick<CartLine, 'product_variant_id' | 'ingredients'>): string {
  const i = normalizeIngredients(line.ingredients);
  return `${line.product_variant_id}|r${i.required}|a${i.addable.join(',')}|x${i.removable.join(',')}`;
}

/** Whether two lines are the same line and therefore merge. */
export function isSameCartLine(
  a: Pick<CartLine, 'product_variant_id' | 'ingredients'>,
  b: Pick<CartLine, 'product_variant_id' | 'ingredients'>,
): boolean {
  return cartLineKey(a) === cartLineKey(b);
}

/**
 * Adds one unit of `line` (spec §4): an identical line's quantity rises by one, otherwise the line is appended to
 * its variant group with quantity 1. Never mutates `cart`.
 */
export function addToCart(cart: Cart, line: CartLine): Cart {
  const key = String(line.product_variant_id);
  const group = cart[key] ?? [];
  const lineKey = cartLineKey(line);
  const idx = group.findIndex((l) => cartLineKey(l) === lineKey);
  const next =
    idx >= 0
      ? group.map((l, i) => (i === idx ? { ...l, quantity: l.quantity + 1 } : l))
      : [...group, { ...line, ingredients: normalizeIngredients(line.ingredients), quantity: 1 }];
  return { ...cart, [key]: next };
}

/** Sets a line's quantity; zero or less removes it (and an emptied variant group). */
export function setCartLineQuantity(cart: Cart, lineKey: string, quantity: number): Cart {
  const out: Cart = {};
  for (const [variant, group] of Object.entries(cart)) {
    const next = group
      .map((l) => (cartLineKey(l) === lineKey ? { ...l, quantity: Math.floor(quantity) } : l))
      .filter((l) => l.quantity > 0);
    if (next.length > 0) out[variant] = next;
  }
  return out;
}

/** Removes one unit of a line (removing it at zero). */
export function decrementCartLine(cart: Cart, lineKey: string): Cart {
  const line = cartLines(cart).find((l) => cartLineKey(l) === lineKey);
  return line ? setCartLineQuantity(cart, lineKey, line.quantity - 1) : cart;
}

/** Removes every line of the given products or variants (spec §8 inactiveProductsIds reaction). */
export function removeProducts(cart: Cart, productIds: readonly number[]): Cart {
  const ids = new Set(productIds);
  const out: Cart = {};
  for (const [variant, group] of Object.entries(cart)) {
    const next = group.filter((l) => !ids.has(l.product_id));
    if (next.length > 0) out[variant] = next;
  }
  return out;
}

/** Removes lines that use any of the given ingredients (spec §8 inactiveProductIngredientsIds reaction). */
export function removeLinesWithIngredients(cart: Cart, ingredientIds: readonly number[]): Cart {
  const ids = new Set(ingredientIds);
  const uses = (l: CartLine) =>
    ids.has(l.ingredients.required) || l.ingredients.addable.some((i) => ids.has(i));
  const out: Cart = {};
  for (const [variant, group] of Object.entries(cart)) {
    const next = group.filter((l) => !uses(l));
    if (next.length > 0) out[variant] = next;
  }
  return out;
}

/** All lines in a stable order (variant groups by insertion, lines in group order). */
export function cartLines(cart: Cart): CartLine[] {
  return Object.values(cart).flat();
}

/** Number of units in the cart. */
export function cartItemCount(cart: Cart): number {
  return cartLines(cart).reduce((n, l) => n + l.quantity, 0);
}

export interface IngredientInfo {
  id: number;
  active: boolean | number;
  priority?: number | null;
  price?: Minor;
}

/**
 * The required ingredient a fresh add picks (spec §4): the first required ingredient of the product, in the
 * product's list order, that is active; 0 when there is none.
 */
export function pickDefaultRequiredIngredient(
  productIngredients: readonly ProductIngredientRef[],
  ingredients: ReadonlyMap<number, IngredientInfo> | Readonly<Record<number, IngredientInfo>>,
): number {
  const get = (id: number) =>
    ingredients instanceof Map ? ingredients.get(id) : (ingredients as Record<number, IngredientInfo>)[id];
  for (const pi of productIngredients) {
    if (pi.type !== 'required') continue;
    const ing = get(pi.ingredientId);
    if (ing && (ing.active === true || ing.active === 1)) return pi.ingredientId;
  }
  return 0;
}

/** The product fields a cart line copies (spec §3 Product). */
export interface CartProductInput extends TimeBasedDiscountFields {
  id: number;
  name: string;
  translations?: Translations<Record<string, string>>;
  product_images?: readonly { path: string }[] | null;
  product_ingredients?: readonly ProductIngredientRef[] | null;
  catHierarchyId?: number | null;
  discount_percent?: number | null;
  discount_money?: Minor | null;
  disable_promocode_discount?: boolean | number | null;
}

/** The variant fields a cart line copies (spec §3 Variant). */
export interface CartVariantInput {
  id: number;
  price: Minor;
  additional_price?: Minor | null;
  size?: string | null;
  translations?: Translations<Record<string, string>>;
}

/** Builds a quantity-1 cart line; without an explicit required ingredient it picks the default one (spec §4). */
export function createCartLine(
  product: CartProductInput,
  variant: CartVariantInput,
  options: {
    now: Date;
    ingredients?: ReadonlyMap<number, IngredientInfo> | Readonly<Record<number, IngredientInfo>>;
    chosen?: Partial<CartLineIngredients>;
  },
): CartLine {
  const refs = [...(product.product_ingredients ?? [])];
  const required =
    options.chosen?.required ?? pickDefaultRequiredIngredient(refs, options.ingredients ?? new Map());
  const flag = (v: unknown) => v === true || v === 1 || v === '1';
  return {
    product_variant_id: variant.id,
    product_id: product.id,
    size: variant.size ?? '',
    price: variant.price,
    additional_price: variant.additional_price ?? 0,
    name: product.name,
    image: product.product_images?.[0]?.path ?? null,
    date_added: options.now.toISOString(),
    product_translations: product.translations ?? {},
    variant_translations: variant.translations ?? {},
    product_ingredients: refs,
    ingredients: normalizeIngredients({ ...options.chosen, required }),
    quantity: 1,
    catHierarchyId: product.catHierarchyId ?? null,
    discount_percent: Number(product.discount_percent ?? 0),
    discount_money: Number(product.discount_money ?? 0),
    time_based_discount_enabled: flag(product.time_based_discount_enabled),
    time_based_discount_percent: Number(product.time_based_discount_percent ?? 0),
    time_based_discount_start_hour: Number(product.time_based_discount_start_hour ?? 0),
    time_based_discount_end_hour: Number(product.time_based_discount_end_hour ?? 23),
    time_based_discount_days: parseDays(product.time_based_discount_days),
    disable_promocode_discount: flag(product.disable_promocode_discount),
  };
}

/** Order comment per variant (spec §3). */
export interface OrderComment {
  variantId: number;
  comment: string;
}

/** Comment limit (spec §5, §9). */
export const MAX_COMMENT_LENGTH = 500;

export type SetCommentResult =
  { ok: true; comments: OrderComment[] } | { ok: false; code: 'comment_too_long' };

/**
 * Stores a per-variant comment (spec §5): a non-empty comment replaces that variant's comment; an empty (or blank)
 * one removes nothing and is not added; over 500 characters is refused.
 */
export function setVariantComment(
  comments: readonly OrderComment[],
  variantId: number,
  comment: string,
): SetCommentResult {
  const text = comment.trim();
  if (text === '') return { ok: true, comments: [...comments] };
  if (text.length > MAX_COMMENT_LENGTH) return { ok: false, code: 'comment_too_long' };
  const rest = comments.filter((c) => c.variantId !== variantId);
  return { ok: true, comments: [...rest, { variantId, comment: text }] };
}
