import { describe, expect, test } from 'vitest';
import { discountedUnitPrice, productLineDiscount, type ProductDiscountContext } from './product-discount.ts';
import { sofia } from '../test-fixtures.ts';

const ctx = (over: Partial<ProductDiscountContext> = {}): ProductDiscountContext => ({
  now: sofia('2026-03-02T12:00'),
  orderType: 2,
  moneyDiscountOnlyForPreorder: false,
  ...over,
});
const timeBased = {
  time_based_discount_enabled: true,
  time_based_discount_percent: 30,
  time_based_discount_days: [1],
  time_based_discount_start_hour: 11,
  time_based_discount_end_hour: 13,
};

describe('product discounts (spec §3, §9)', () => {
  test.each([
    // fields, unit, qty, context, kind, amount
    [{}, 1000, 2, ctx(), 'none', 0],
    [{ discount_percent: 10 }, 1000, 2, ctx(), 'percent', 200],
    [{ discount_percent: '15' }, 990, 1, ctx(), 'percent', 149], // 148.5 → 149
    [{ discount_percent: 10 }, 333, 3, ctx(), 'percent', 100], // once per line: 99.9 → 100, not 3 × 33
    [{ discount_money: 150 }, 1000, 2, ctx(), 'money', 300],
    [{ discount_money: 1500 }, 1000, 2, ctx(), 'money', 2000], // capped at the unit price
    [{ discount_money: 150 }, 1000, 2, ctx({ moneyDiscountOnlyForPreorder: true }), 'none', 0],
    [
      { discount_money: 150 },
      1000,
      2,
      ctx({ moneyDiscountOnlyForPreorder: true, orderType: 3 }),
      'money',
      300,
    ],
    [{ discount_percent: 10, discount_money: 150 }, 1000, 1, ctx(), 'percent', 100], // percent takes precedence
    [{ ...timeBased, discount_percent: 10 }, 1000, 1, ctx(), 'time_based', 300], // §4 time-based replaces
    [{ ...timeBased, discount_money: 900 }, 1000, 1, ctx(), 'time_based', 300],
    [
      { ...timeBased, discount_percent: 10 },
      1000,
      1,
      ctx({ now: sofia('2026-03-02T14:00') }),
      'percent',
      100,
    ],
    [
      { ...timeBased, discount_percent: 10 },
      1000,
      1,
      ctx({ now: sofia('2026-03-03T12:00') }),
      'percent',
      100,
    ],
    [{ discount_percent: 100 }, 1000, 1, ctx(), 'percent', 1000],
    [{ discount_percent: 120 }, 1000, 1, ctx(), 'percent', 1000],
    [{ discount_percent: 10 }, 0, 5, ctx(), 'none', 0],
    [{ discount_percent: 10 }, 1000, 0, ctx(), 'none', 0],
  ] as const)('§9 case %#: %j on %d × %d → %s %d', (fields, unit, qty, c, kind, amount) => {
    const d = productLineDiscount(fields, unit, qty, c);
    expect(d.kind).toBe(kind);
    expect(d.amount).toBe(amount);
  });

  test.each([
    [{ discount_percent: 25 }, 1000, 750],
    [{ discount_money: 120 }, 1000, 880],
    [{}, 1000, 1000],
  ])('discountedUnitPrice(%j, %d) = %d', (fields, unit, expected) => {
    expect(discountedUnitPrice(fields, unit, ctx())).toBe(expected);
  });
});
