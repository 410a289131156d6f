import { describe, expect, test } from 'vitest';
import {
  isPromoEligible,
  isPromoEligibleProduct,
  isPromoValidAt,
  parsePromoEligibleIds,
  promoDiscount,
  type PromoResult,
} from './promo.ts';
import { categoryDiscountAmount, distinctCategoryCount } from './category-discount.ts';
import { accumulatedAmountUsed, isNthOrderDiscountDue, nthOrderDiscountAmount } from './user-discount.ts';
import { boxFee, cutleryFee, isOnlinePayment, onlinePaymentTax, paymentRequiresLogin } from './fees.ts';

const promo = (over: Partial<PromoResult>): PromoResult => ({
  found: true,
  ignore_other_discounts: false,
  discount_type: 'percent',
  discount_value: 10,
  ...over,
});

describe('promo (spec §5, §9)', () => {
  test.each([
    [promo({}), 5000, 500],
    [promo({ discount_value: 15 }), 3333, 500], // 499.95 → 500
    [promo({ discount_type: 'money', discount_value: 700 }), 5000, 700],
    [promo({ discount_type: 'money', discount_value: 700 }), 400, 400], // §9 capped at the remaining amount
    [promo({ discount_type: 'money', discount_value: 700 }), 0, 0],
    [promo({ found: false }), 5000, 0],
    [null, 5000, 0],
    [promo({ discount_value: 100 }), 5000, 5000],
  ])('§9 promo %j on %d = %d', (p, base, expected) => {
    expect(promoDiscount(p, base)).toBe(expected);
  });

  test.each([
    [{}, true],
    [{ disable_promocode_discount: false }, true],
    [{ disable_promocode_discount: true }, false],
    [{ disable_promocode_discount: 1 }, false],
    [{ disable_promocode_discount: 0 }, true],
  ])('§5 promo eligibility of %j = %s', (line, ok) => {
    expect(isPromoEligible(line)).toBe(ok);
  });
});

describe('per-category discount (spec §9: multiplied by distinct categories)', () => {
  test.each([
    [[1, 1, 1], 1],
    [[1, 2, 3], 3],
    [[1, null, 2, null], 2],
    [[], 0],
  ])('distinctCategoryCount(%j) = %d', (ids, n) => {
    expect(distinctCategoryCount(ids.map((catHierarchyId) => ({ catHierarchyId })))).toBe(n);
  });

  test.each([
    [{ value: 2, value_type: 'percent' as const }, 3, 10000, 600],
    [{ value: 2, value_type: 'percent' as const }, 1, 10000, 200],
    [{ value: 100, value_type: 'money' as const }, 3, 10000, 300],
    [{ value: 100, value_type: 'money' as const }, 3, 250, 250], // capped
    [{ value: 40, value_type: 'percent' as const }, 3, 1000, 1000], // 120 % capped at 100 %
    [{ value: 2, value_type: 'percent' as const }, 0, 10000, 0],
    [null, 3, 10000, 0],
  ])('§9 %j × %d categories on %d = %d', (d, count, base, expected) => {
    expect(categoryDiscountAmount(d, count, base)).toBe(expected);
  });
});

describe('registered-user discounts (spec §3, §6, §9)', () => {
  const nth = { on_order_number: 3, discount_type: 'percent' as const, discount_amount: 10 };
  test.each([
    [2, true],
    [1, false],
    [3, false],
    [0, false],
  ])('§9 on_order_number 3 with %d previous orders → due %s', (count, due) => {
    expect(isNthOrderDiscountDue(nth, count)).toBe(due);
    expect(nthOrderDiscountAmount(nth, count, 5000)).toBe(due ? 500 : 0);
  });

  test('a registered guest without an nth-order discount gets none', () => {
    expect(isNthOrderDiscountDue(null, 0)).toBe(false);
    expect(isNthOrderDiscountDue(undefined, 4)).toBe(false);
    expect(nthOrderDiscountAmount(null, 0, 5000)).toBe(0);
  });

  test.each([
    [{ on_order_number: 1, discount_type: 'money' as const, discount_amount: 300 }, 0, 5000, 300],
    [{ on_order_number: 1, discount_type: 'money' as const, discount_amount: 300 }, 0, 200, 200],
    [
      { on_order_number: '2' as unknown as number, discount_type: 'percent' as const, discount_amount: 50 },
      1,
      999,
      500,
    ],
    [null, 0, 5000, 0],
  ])('nth-order %j after %d orders on %d = %d', (d, count, base, expected) => {
    expect(nthOrderDiscountAmount(d, count, base)).toBe(expected);
  });

  test.each([
    [500, 1000, 3000, 500],
    [1500, 1000, 3000, 1000], // §6 limited to the balance
    [1500, 5000, 1200, 1200], // limited to the payable amount
    [0, 1000, 3000, 0],
    [-50, 1000, 3000, 0],
    [500, 0, 3000, 0],
  ])('§6 accumulated: requested %d, balance %d, payable %d → %d', (req, bal, pay, used) => {
    expect(accumulatedAmountUsed(req, bal, pay)).toBe(used);
  });
});

describe('fees (spec §9)', () => {
  const lines = [
    { additional_price: 50, quantity: 2 },
    { additional_price: 30, quantity: 1 },
    { additional_price: null, quantity: 4 },
  ];
  test.each([
    [false, false, 2, 0],
    [true, false, 2, 130],
    [true, false, 1, 0], // dine-in: no box (issue 24)
    [true, false, 6, 130],
    [true, true, 2, 0],
    [true, true, 3, 130],
    [false, true, 3, 0],
  ] as const)('§9 box fee: show %s, only preorder %s, type %d → %d', (show, onlyPre, type, expected) => {
    expect(
      boxFee(
        lines,
        { show_variant_additional_price: show, show_variant_additional_price_only_for_preorder: onlyPre },
        type,
      ),
    ).toBe(expected);
  });

  test('box fee per order type (issue 24): the venue list decides, dine-in only when listed', () => {
    const on = {
      show_variant_additional_price: true,
      show_variant_additional_price_only_for_preorder: false,
    };
    expect(boxFee(lines, { ...on, box_fee_order_types: [1, 2] }, 1)).toBe(130);
    expect(boxFee(lines, { ...on, box_fee_order_types: [1, 2] }, 3)).toBe(0);
    expect(boxFee(lines, { ...on, box_fee_order_types: [] }, 2)).toBe(0);
    expect(boxFee(lines, { ...on, box_fee_order_types: null }, 3)).toBe(130);
  });

  test.each([
    [3, 50, 150],
    [1, 50, 50],
    [0, 50, 0],
    [3, 0, 0],
    [-2, 50, 0],
    [2.9, 50, 100],
    [2, -100, 0], // a negative price is no price, never a refund
  ])('§9 cutlery fee: %d pieces × %d = %d', (pieces, price, expected) => {
    expect(cutleryFee(pieces, price)).toBe(expected);
  });

  test.each([
    [10000, 2, 50, 250],
    [10000, 0, 50, 50],
    [10000, 2.5, 0, 250],
    [3333, 1.5, 20, 70], // 49.995 → 50, + 20
    [0, 2, 50, 0],
    [10000, -2, -50, 0],
    [10000, -2, 50, 50], // a negative percent is none: the fixed part stays
  ])('§9 online tax on %d: %d %% + %d = %d', (amount, pct, fixed, expected) => {
    expect(onlinePaymentTax(amount, pct, fixed)).toBe(expected);
  });

  test.each([
    ['online', true, true],
    ['card_online', true, true],
    ['epay', true, true],
    ['card', false, true],
    ['cash', false, false],
    ['card_on_delivery', false, false],
    ['bizum', false, true],
    ['room_bill', false, false],
    [null, false, false],
    ['', false, false],
  ])('payment %j: online %s, needs login %s', (method, online, login) => {
    expect(isOnlinePayment(method)).toBe(online);
    expect(paymentRequiresLogin(method)).toBe(login);
  });
});

describe('promo validity and eligibility (spec §5, §9), one rule for server and browser', () => {
  const now = new Date('2026-03-03T10:00:00.000Z');
  const open = { valid_from: null, valid_to: null, max_uses: null, used_count: 0 };
  test.each([
    [open, true],
    [{ ...open, valid_from: '2026-03-03T10:00:00.000Z' }, true],
    [{ ...open, valid_from: '2026-03-03T10:00:00.001Z' }, false],
    [{ ...open, valid_to: '2026-03-03T10:00:00.000Z' }, true],
    [{ ...open, valid_to: '2026-03-03T09:59:59.999Z' }, false],
    [{ ...open, max_uses: 3, used_count: 2 }, true],
    [{ ...open, max_uses: 3, used_count: 3 }, false],
    [{ ...open, max_uses: 0, used_count: 0 }, false],
  ])('validity of %j at 10:00 = %s', (p, ok) => {
    expect(isPromoValidAt(p, now)).toBe(ok);
  });

  test.each([
    [null, null],
    ['', null],
    ['not json', null],
    ['{"a":1}', null],
    ['[1,"2",3]', [1, 2, 3]],
    ['[]', []],
  ])('eligible ids of %j = %j', (json, ids) => {
    expect(parsePromoEligibleIds(json)).toEqual(ids);
  });

  test.each([
    [{ product_id: 1 }, null, true],
    [{ product_id: 1, disable_promocode_discount: 1 }, null, false],
    [{ product_id: 1 }, [1, 2], true],
    [{ product_id: 3 }, [1, 2], false],
    [{ product_id: 1, disable_promocode_discount: true }, [1], false],
    [{ product_id: 1 }, [], false],
  ])('product %j with eligible ids %j takes the promo = %s', (line, ids, ok) => {
    expect(isPromoEligibleProduct(line, ids)).toBe(ok);
  });
});
