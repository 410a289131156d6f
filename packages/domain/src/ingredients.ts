/**
 * Ingredient choice limits (spec §5): cannot add to cart with fewer addable ingredients than
 * min_count_addable_ingredients, cannot unselect below it, cannot select more than max_count_addable_ingredients;
 * a multi-variant product needs a chosen variant. Failures carry the spec's message keys and the limit value.
 * A missing, null or 0 limit means no limit.
 */

export interface AddableLimits {
  min_count_addable_ingredients?: number | string | null;
  max_count_addable_ingredients?: number | string | null;
}

export type IngredientRuleError =
  | { key: 'min_count_addable_ingredients_reached'; value: number }
  | { key: 'max_count_addable_ingredients_reached'; value: number }
  | { key: 'variant_not_choosed' };

export type IngredientCheck<T = undefined> =
  { ok: true; value: T } | { ok: false; error: IngredientRuleError };

function limit(v: number | string | null | undefined): number {
  const n = Number(v ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/**
 * The product's own limits are consistent (spec §5, admin): a max (when set, > 0) is not below the min. The admin
 * form, the admin contract and the admin service all ask this one question.
 */
export function addableLimitsConsistent(limits: AddableLimits): boolean {
  const min = limit(limits.min_count_addable_ingredients);
  const max = limit(limits.max_count_addable_ingredients);
  return max === 0 || max >= min;
}

/** Toggles an addable ingredient, refusing to pass the max when selecting or to fall below the min when unselecting. */
export function toggleAddableIngredient(
  selected: readonly number[],
  ingredientId: number,
  limits: AddableLimits,
): IngredientCheck<number[]> {
  const min = limit(limits.min_count_addable_ingredients);
  const max = limit(limits.max_count_addable_ingredients);
  if (selected.includes(ingredientId)) {
    if (min > 0 && selected.length <= min) {
      return { ok: false, error: { key: 'min_count_addable_ingredients_reached', value: min } };
    }
    return { ok: true, value: selected.filter((id) => id !== ingredientId) };
  }
  if (max > 0 && selected.length >= max) {
    return { ok: false, error: { key: 'max_count_addable_ingredients_reached', value: max } };
  }
  return { ok: true, value: [...selected, ingredientId] };
}

/** Checks a selection before add-to-cart: at least the min and at most the max. */
export function checkAddableSelection(selectedCount: number, limits: AddableLimits): IngredientCheck {
  const min = limit(limits.min_count_addable_ingredients);
  const max = limit(limits.max_count_addable_ingredients);
  if (min > 0 && selectedCount < min) {
    return { ok: false, error: { key: 'min_count_addable_ingredients_reached', value: min } };
  }
  if (max > 0 && selectedCount > max) {
    return { ok: false, error: { key: 'max_count_addable_ingredients_reached', value: max } };
  }
  return { ok: true, value: undefined };
}

/**
 * The variant to add (spec §4, §5): a single-variant product adds its only variant; otherwise the chosen one, which
 * must be one of the product's variants, else 'variant_not_choosed'.
 */
export function resolveVariant(
  variantIds: readonly number[],
  chosenVariantId: number | null | undefined,
): IngredientCheck<number> {
  if (variantIds.length === 1 && (chosenVariantId == null || chosenVariantId === variantIds[0])) {
    return { ok: true, value: variantIds[0] as number };
  }
  if (chosenVariantId != null && variantIds.includes(chosenVariantId))
    return { ok: true, value: chosenVariantId };
  return { ok: false, error: { key: 'variant_not_choosed' } };
}

/**
 * Whether adding opens the variant modal (spec §4): a single or preselected variant is added straight away,
 * otherwise the modal opens; it always opens when the variant-comment modal setting is on.
 */
export function needsVariantModal(
  variantCount: number,
  preselected: boolean,
  variantModalWithComment: boolean,
): boolean {
  if (variantModalWithComment) return true;
  return !(variantCount <= 1 || preselected);
}

/**
 * Whether a line lacks its required ingredient (spec §4, §5; issue 25 #9): the product has at least one active
 * required ingredient and the line chose none (0). A product whose required ingredients are all inactive needs no
 * choice (there is nothing to choose). The browser always picks one (pickDefaultRequiredIngredient, the radio
 * choice); the server refuses a line without one.
 */
export function lacksRequiredIngredient(
  links: readonly { type: string; active: boolean | number }[],
  chosenRequired: number | null | undefined,
): boolean {
  if (chosenRequired) return false;
  return links.some((l) => l.type === 'required' && (l.active === true || l.active === 1));
}
