import { describe, expect, test } from 'vitest';
import {
  addableLimitsConsistent,
  lacksRequiredIngredient,
  checkAddableSelection,
  needsVariantModal,
  resolveVariant,
  toggleAddableIngredient,
} from './ingredients.ts';

describe('ingredients (spec §5: min/max addable counts)', () => {
  test.each([
    // selected, toggled id, min, max → result
    [[], 1, 0, 0, { ok: true, value: [1] }],
    [[1, 2], 3, 0, 3, { ok: true, value: [1, 2, 3] }],
    [[1, 2, 3], 4, 0, 3, { ok: false, error: { key: 'max_count_addable_ingredients_reached', value: 3 } }],
    [[1], 2, 0, 1, { ok: false, error: { key: 'max_count_addable_ingredients_reached', value: 1 } }],
    [[1, 2], 2, 2, 0, { ok: false, error: { key: 'min_count_addable_ingredients_reached', value: 2 } }],
    [[1, 2, 3], 2, 2, 0, { ok: true, value: [1, 3] }],
    [[1], 1, 1, 3, { ok: false, error: { key: 'min_count_addable_ingredients_reached', value: 1 } }],
    [[1, 2, 3], 3, 1, 3, { ok: true, value: [1, 2] }], // unselecting at the max is fine
    [[1], 1, 0, 0, { ok: true, value: [] }],
  ])('§5 toggle %j with %d (min %d, max %d)', (selected, id, min, max, expected) => {
    expect(
      toggleAddableIngredient(selected, id, {
        min_count_addable_ingredients: min,
        max_count_addable_ingredients: max,
      }),
    ).toEqual(expected);
  });

  test.each([
    [0, 2, null, { ok: false, error: { key: 'min_count_addable_ingredients_reached', value: 2 } }],
    [1, 2, null, { ok: false, error: { key: 'min_count_addable_ingredients_reached', value: 2 } }],
    [2, 2, null, { ok: true, value: undefined }],
    [4, 0, 3, { ok: false, error: { key: 'max_count_addable_ingredients_reached', value: 3 } }],
    [3, 0, 3, { ok: true, value: undefined }],
    [0, null, null, { ok: true, value: undefined }],
    [0, '1', '2', { ok: false, error: { key: 'min_count_addable_ingredients_reached', value: 1 } }],
    // A limit stored with a fraction counts whole ingredients: 2.5 → 2, 2.9 → 2.
    [2, '2.5', null, { ok: true, value: undefined }],
    [1, 2.5, null, { ok: false, error: { key: 'min_count_addable_ingredients_reached', value: 2 } }],
    [3, null, 2.9, { ok: false, error: { key: 'max_count_addable_ingredients_reached', value: 2 } }],
    // Negative, non-numeric or infinite limits are no limit.
    [0, -2, null, { ok: true, value: undefined }],
    [5, null, '-1', { ok: true, value: undefined }],
    [0, 'abc', null, { ok: true, value: undefined }],
    [0, '1e999', null, { ok: true, value: undefined }],
    [5, null, 'Infinity', { ok: true, value: undefined }],
  ])('§5 add to cart with %d selected (min %j, max %j)', (count, min, max, expected) => {
    expect(
      checkAddableSelection(count, {
        min_count_addable_ingredients: min,
        max_count_addable_ingredients: max,
      }),
    ).toEqual(expected);
  });
});

describe('variants (spec §4, §5: variant_not_choosed, variant modal)', () => {
  test.each([
    [[5], null, { ok: true, value: 5 }],
    [[5], 5, { ok: true, value: 5 }],
    [[5, 6], 6, { ok: true, value: 6 }],
    [[5, 6], null, { ok: false, error: { key: 'variant_not_choosed' } }],
    [[5, 6], 7, { ok: false, error: { key: 'variant_not_choosed' } }],
    [[5], 7, { ok: false, error: { key: 'variant_not_choosed' } }],
    [[], null, { ok: false, error: { key: 'variant_not_choosed' } }],
  ])('§5 variants %j chosen %j', (ids, chosen, expected) => {
    expect(resolveVariant(ids, chosen)).toEqual(expected);
  });

  test.each([
    [1, false, false, false],
    [3, true, false, false],
    [3, false, false, true],
    [1, false, true, true],
    [3, true, true, true],
  ])('§4 %d variants, preselected %s, comment modal %s → modal %s', (n, pre, comment, expected) => {
    expect(needsVariantModal(n, pre, comment)).toBe(expected);
  });
});

describe('required ingredient (issue 25 #9)', () => {
  test('a line without a choice lacks it when the product has an active required ingredient', () => {
    const links = [
      { type: 'required', active: 1 },
      { type: 'addable', active: 1 },
    ];
    expect(lacksRequiredIngredient(links, 0)).toBe(true);
    expect(lacksRequiredIngredient(links, null)).toBe(true);
    expect(lacksRequiredIngredient(links, 7)).toBe(false);
    // The active flag as a boolean (PostgreSQL) as well as 1 (SQLite).
    expect(lacksRequiredIngredient([{ type: 'required', active: true }], 0)).toBe(true);
    expect(lacksRequiredIngredient([{ type: 'required', active: false }], 0)).toBe(false);
  });
  test('no active required ingredient: nothing to choose', () => {
    expect(lacksRequiredIngredient([{ type: 'required', active: 0 }], 0)).toBe(false);
    expect(lacksRequiredIngredient([{ type: 'addable', active: true }], 0)).toBe(false);
    expect(lacksRequiredIngredient([], 0)).toBe(false);
  });
});

describe('addableLimitsConsistent (spec §5, one rule for the admin form, contract and service)', () => {
  test.each([
    [0, 0, true],
    [2, 0, true], // no max
    [2, 2, true],
    [2, 3, true],
    [3, 2, false],
    [1, -1, true], // a negative max is no max
    ['2', '1', false],
    [null, 1, true],
  ])('min %j, max %j → %s', (min, max, ok) => {
    expect(
      addableLimitsConsistent({ min_count_addable_ingredients: min, max_count_addable_ingredients: max }),
    ).toBe(ok);
  });
});
