import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  addToCart,
  cartItemCount,
  cartLineKey,
  cartLines,
  createCartLine,
  decrementCartLine,
  EMPTY_CART,
  isSameCartLine,
  normalizeIngredients,
  pickDefaultRequiredIngredient,
  removeLinesWithIngredients,
  removeProducts,
  setCartLineQuantity,
  setVariantComment,
  type Cart,
  type CartStorage,
} from './cart.ts';
import { line } from './test-fixtures.ts';

const ing = (required: number, addable: number[] = [], removable: number[] = []) => ({
  required,
  addable,
  removable,
});

describe('cart identity (spec §4: same variant and ingredients merge)', () => {
  test.each([
    [line(), line(), true],
    [line({ ingredients: ing(5, [1, 2]) }), line({ ingredients: ing(5, [2, 1]) }), true],
    [line({ ingredients: ing(0, [], [3, 4]) }), line({ ingredients: ing(0, [], [4, 3]) }), true],
    [line({ ingredients: ing(0, [1, 1]) }), line({ ingredients: ing(0, [1]) }), true],
    [line({ ingredients: ing(5) }), line({ ingredients: ing(6) }), false],
    [line({ ingredients: ing(0, [1]) }), line({ ingredients: ing(0, [1, 2]) }), false],
    [line({ ingredients: ing(0, [1]) }), line({ ingredients: ing(0, [], [1]) }), false],
    [line({ product_variant_id: 10 }), line({ product_variant_id: 11 }), false],
    [line({ price: 1000, name: 'A' }), line({ price: 1200, name: 'B' }), true], // identity ignores copied fields
  ])('§4 case %# same = %s', (a, b, same) => {
    expect(isSameCartLine(a, b)).toBe(same);
  });

  test('the key is canonical', () => {
    expect(cartLineKey(line({ ingredients: ing(5, [3, 1], [9, 2]) }))).toBe('10|r5|a1,3|x2,9');
  });

  test('normalizeIngredients fills gaps', () => {
    expect(normalizeIngredients(null)).toEqual(ing(0));
    expect(normalizeIngredients({ addable: [2, 1, 2] })).toEqual(ing(0, [1, 2]));
  });
});

describe('cart merge (spec §3, §4: grouped by variant id under to_order)', () => {
  test('§4 adding an identical line raises quantity by one', () => {
    let cart: Cart = EMPTY_CART;
    cart = addToCart(cart, line());
    cart = addToCart(cart, line());
    cart = addToCart(cart, line({ quantity: 7 })); // one add is one unit
    expect(cartLines(cart)).toHaveLength(1);
    expect(cartLines(cart)[0]?.quantity).toBe(3);
  });

  test('§3 lines are grouped by variant id', () => {
    let cart: Cart = {};
    cart = addToCart(cart, line({ product_variant_id: 10 }));
    cart = addToCart(cart, line({ product_variant_id: 10, ingredients: ing(0, [4]) }));
    cart = addToCart(cart, line({ product_variant_id: 11 }));
    const storage: CartStorage = { to_order: cart };
    expect(Object.keys(storage.to_order)).toEqual(['10', '11']);
    expect(storage.to_order['10']).toHaveLength(2);
    expect(cartItemCount(cart)).toBe(3);
  });

  test('adding never mutates the previous cart', () => {
    const a = addToCart({}, line());
    const b = addToCart(a, line());
    expect(cartLines(a)[0]?.quantity).toBe(1);
    expect(cartLines(b)[0]?.quantity).toBe(2);
  });

  test.each([
    [5, 5],
    [0, 0],
    [-1, 0],
    [2.7, 2],
  ])('setCartLineQuantity to %d leaves %d units', (q, units) => {
    const cart = addToCart({}, line());
    const next = setCartLineQuantity(cart, cartLineKey(line()), q);
    expect(cartItemCount(next)).toBe(units);
    if (units === 0) expect(next).toEqual({});
  });

  test('decrement removes at zero', () => {
    const key = cartLineKey(line());
    let cart = addToCart(addToCart({}, line()), line());
    cart = decrementCartLine(cart, key);
    expect(cartItemCount(cart)).toBe(1);
    cart = decrementCartLine(cart, key);
    expect(cart).toEqual({});
    expect(decrementCartLine(cart, key)).toEqual({});
  });

  test('§8 inactiveProductsIds and inactiveProductIngredientsIds remove the affected lines', () => {
    let cart: Cart = {};
    cart = addToCart(cart, line({ product_id: 1, product_variant_id: 10 }));
    cart = addToCart(cart, line({ product_id: 2, product_variant_id: 20, ingredients: ing(7) }));
    cart = addToCart(cart, line({ product_id: 3, product_variant_id: 30, ingredients: ing(0, [8]) }));
    cart = addToCart(cart, line({ product_id: 4, product_variant_id: 40, ingredients: ing(0, [], [8]) }));
    expect(cartLines(removeProducts(cart, [1])).map((l) => l.product_id)).toEqual([2, 3, 4]);
    expect(cartLines(removeLinesWithIngredients(cart, [7, 8])).map((l) => l.product_id)).toEqual([1, 4]);
  });

  test('with two lines of one variant, each change touches only the line it names', () => {
    const plain = line();
    const withOnion = line({ ingredients: ing(0, [4]) });
    let cart = addToCart(addToCart({}, plain), withOnion);
    cart = addToCart(cart, withOnion);
    expect(cartLines(cart).map((l) => l.quantity)).toEqual([1, 2]);
    cart = setCartLineQuantity(cart, cartLineKey(plain), 5);
    expect(cartLines(cart).map((l) => l.quantity)).toEqual([5, 2]);
    cart = decrementCartLine(cart, cartLineKey(withOnion));
    expect(cartLines(cart).map((l) => l.quantity)).toEqual([5, 1]);
    cart = decrementCartLine(cart, cartLineKey(withOnion));
    expect(cartLines(cart).map((l) => [cartLineKey(l), l.quantity])).toEqual([[cartLineKey(plain), 5]]);
  });

  test('removing every line of a variant removes its group, so the stored cart has no empty groups', () => {
    let cart: Cart = {};
    cart = addToCart(cart, line({ product_id: 1, product_variant_id: 10 }));
    cart = addToCart(cart, line({ product_id: 2, product_variant_id: 20, ingredients: ing(7) }));
    expect(Object.keys(removeProducts(cart, [1]))).toEqual(['20']);
    expect(Object.keys(removeLinesWithIngredients(cart, [7]))).toEqual(['10']);
    expect(removeProducts(cart, [1, 2])).toEqual({});
    expect(removeLinesWithIngredients(removeProducts(cart, [1]), [7])).toEqual({});
  });

  test('property: merging is order-independent', () => {
    const lineArb = fc.record({
      variant: fc.integer({ min: 1, max: 3 }),
      required: fc.integer({ min: 0, max: 2 }),
      addable: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
      removable: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), fc.infiniteStream(fc.nat()), (specs, rand) => {
        const lines = specs.map((s) =>
          line({ product_variant_id: s.variant, ingredients: ing(s.required, s.addable, s.removable) }),
        );
        const shuffled = [...lines];
        const r = rand[Symbol.iterator]();
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = (r.next().value as number) % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const summary = (cart: Cart) =>
          Object.fromEntries(cartLines(cart).map((l) => [cartLineKey(l), l.quantity]));
        const a = lines.reduce(addToCart, {} as Cart);
        const b = shuffled.reduce(addToCart, {} as Cart);
        expect(summary(a)).toEqual(summary(b));
        expect(cartItemCount(a)).toBe(lines.length);
      }),
    );
  });
});

describe('cart (spec §4: adding picks the first active required ingredient)', () => {
  const refs = [
    { ingredientId: 1, type: 'addable' as const },
    { ingredientId: 2, type: 'required' as const },
    { ingredientId: 3, type: 'required' as const },
    { ingredientId: 4, type: 'required' as const },
  ];
  test.each([
    [{ 1: { id: 1, active: true }, 2: { id: 2, active: true }, 3: { id: 3, active: true } }, 2],
    [{ 2: { id: 2, active: false }, 3: { id: 3, active: 1 } }, 3],
    [{ 2: { id: 2, active: 0 }, 3: { id: 3, active: false }, 4: { id: 4, active: true } }, 4],
    [{ 2: { id: 2, active: false } }, 0],
    [{}, 0],
  ])('§4 case %# picks %d', (ingredients, expected) => {
    expect(pickDefaultRequiredIngredient(refs, ingredients)).toBe(expected);
  });

  test('a Map works too, and no required ingredients gives 0', () => {
    expect(pickDefaultRequiredIngredient(refs, new Map([[3, { id: 3, active: true }]]))).toBe(3);
    expect(
      pickDefaultRequiredIngredient([{ ingredientId: 1, type: 'addable' }], { 1: { id: 1, active: true } }),
    ).toBe(0);
  });

  test('§3 createCartLine copies every cart-line field', () => {
    const now = new Date('2026-03-02T08:00:00Z');
    const l = createCartLine(
      {
        id: 7,
        name: 'Пица',
        translations: { en: { name: 'Pizza' } },
        product_images: [{ path: '/img/pizza.jpg' }],
        product_ingredients: refs,
        catHierarchyId: 42,
        discount_percent: 10,
        discount_money: null,
        time_based_discount_enabled: 1,
        time_based_discount_percent: 20,
        time_based_discount_start_hour: 22,
        time_based_discount_end_hour: 2,
        time_based_discount_days: '5,6',
        disable_promocode_discount: 1,
      },
      { id: 70, price: 1290, additional_price: 50, size: '30 см', translations: { en: { size: '30 cm' } } },
      {
        now,
        ingredients: { 2: { id: 2, active: false }, 3: { id: 3, active: true } },
        chosen: { addable: [1] },
      },
    );
    expect(l).toEqual({
      product_variant_id: 70,
      product_id: 7,
      size: '30 см',
      price: 1290,
      additional_price: 50,
      name: 'Пица',
      image: '/img/pizza.jpg',
      date_added: '2026-03-02T08:00:00.000Z',
      product_translations: { en: { name: 'Pizza' } },
      variant_translations: { en: { size: '30 cm' } },
      product_ingredients: refs,
      ingredients: { required: 3, addable: [1], removable: [] },
      quantity: 1,
      catHierarchyId: 42,
      discount_percent: 10,
      discount_money: 0,
      time_based_discount_enabled: true,
      time_based_discount_percent: 20,
      time_based_discount_start_hour: 22,
      time_based_discount_end_hour: 2,
      time_based_discount_days: [5, 6],
      disable_promocode_discount: true,
    });
  });

  test('a product with only its required fields: empty defaults, nothing invented', () => {
    const l = createCartLine({ id: 1, name: 'Айран' }, { id: 2, price: 250 }, { now: new Date(0) });
    expect(l).toMatchObject({
      size: '',
      additional_price: 0,
      image: null,
      product_translations: {},
      variant_translations: {},
      product_ingredients: [],
      ingredients: { required: 0, addable: [], removable: [] },
      catHierarchyId: null,
      discount_percent: 0,
      discount_money: 0,
      time_based_discount_enabled: false,
      time_based_discount_percent: 0,
      time_based_discount_start_hour: 0,
      time_based_discount_end_hour: 23,
      time_based_discount_days: [],
      disable_promocode_discount: false,
    });
    // A product whose picture list is empty has no picture.
    expect(
      createCartLine({ id: 1, name: 'x', product_images: [] }, { id: 2, price: 1 }, { now: new Date(0) })
        .image,
    ).toBeNull();
  });

  test.each([
    [true, true],
    [1, true],
    ['1', true],
    [false, false],
    [0, false],
    ['0', false],
    [null, false],
  ])('the flags as stored: %j → %s; a money discount is kept', (stored, on) => {
    const l = createCartLine(
      {
        id: 1,
        name: 'x',
        discount_money: 150,
        time_based_discount_enabled: stored,
        // The type says boolean or 0/1; createCartLine also reads the text '1' (a flag read from text).
        disable_promocode_discount: stored as boolean | number | null,
      },
      { id: 2, price: 1000 },
      { now: new Date(0) },
    );
    expect(l.time_based_discount_enabled).toBe(on);
    expect(l.disable_promocode_discount).toBe(on);
    expect(l.discount_money).toBe(150);
  });

  test('an explicit required choice wins over the default', () => {
    const l = createCartLine(
      { id: 1, name: 'x', product_ingredients: refs },
      { id: 2, price: 100 },
      { now: new Date(0), ingredients: { 2: { id: 2, active: true } }, chosen: { required: 4 } },
    );
    expect(l.ingredients.required).toBe(4);
    expect(l.image).toBeNull();
    expect(l.additional_price).toBe(0);
  });
});

describe('cart comments (spec §3, §5: per variant, non-empty, ≤ 500)', () => {
  const existing = [{ variantId: 1, comment: 'без лук' }];
  test.each([
    ['', [{ variantId: 1, comment: 'без лук' }]],
    ['   ', [{ variantId: 1, comment: 'без лук' }]],
    [
      'по-люто',
      [
        { variantId: 1, comment: 'без лук' },
        { variantId: 2, comment: 'по-люто' },
      ],
    ],
    [
      '  x  ',
      [
        { variantId: 1, comment: 'без лук' },
        { variantId: 2, comment: 'x' },
      ],
    ],
    [
      'a'.repeat(500),
      [
        { variantId: 1, comment: 'без лук' },
        { variantId: 2, comment: 'a'.repeat(500) },
      ],
    ],
  ])('§5 comment %j for variant 2', (comment, expected) => {
    expect(setVariantComment(existing, 2, comment)).toEqual({ ok: true, comments: expected });
  });

  test('§5 an empty comment removes nothing', () => {
    expect(setVariantComment(existing, 1, '')).toEqual({ ok: true, comments: existing });
  });

  test('§5 a new comment replaces the variant’s old one', () => {
    expect(setVariantComment(existing, 1, 'с лук')).toEqual({
      ok: true,
      comments: [{ variantId: 1, comment: 'с лук' }],
    });
  });

  test('§5 501 characters is refused', () => {
    expect(setVariantComment(existing, 2, 'a'.repeat(501))).toEqual({ ok: false, code: 'comment_too_long' });
  });
});
