import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { accumulatedAmountUsed } from './user-discount.ts';
import { loyaltyAward, loyaltyEnabled, parseLoyaltySettings } from './loyalty.ts';

describe('loyalty award (designed: points per whole currency unit, percent to the accumulated amount)', () => {
  test.each([
    // total (minor), points rate, percent, points, accumulated
    [1299, 1, 0, 12, 0],
    [99, 1, 0, 0, 0],
    [2500, 0.5, 0, 12, 0],
    [1000, 0.1, 0, 1, 0],
    [3000, 0.1, 0, 3, 0],
    [2000, 2, 5, 40, 100],
    [1999, 0, 2.5, 0, 50],
    [1990, 0, 2.5, 0, 50],
    [1010, 0, 5, 0, 51],
    [0, 1, 10, 0, 0],
    [-500, 1, 10, 0, 0],
    [1500, -1, -3, 0, 0],
  ])('total %d, %d pt/unit, %d %% → %d points, %d accumulated', (total, rate, pct, points, amount) => {
    expect(loyaltyAward(total, { pointsPerCurrencyUnit: rate, accumulatedAmountPercent: pct })).toEqual({
      points,
      accumulatedAmount: amount,
    });
  });

  test('settings: strings, {value} wrappers, defaults 0, clamped to the catalogue bounds', () => {
    expect(parseLoyaltySettings({})).toEqual({ pointsPerCurrencyUnit: 0, accumulatedAmountPercent: 0 });
    expect(
      parseLoyaltySettings({ points_per_currency_unit: '1', accumulated_amount_percent: { value: '2,5' } }),
    ).toEqual({ pointsPerCurrencyUnit: 1, accumulatedAmountPercent: 2.5 });
    expect(
      parseLoyaltySettings({ points_per_currency_unit: '5000', accumulated_amount_percent: 250 }),
    ).toEqual({ pointsPerCurrencyUnit: 1000, accumulatedAmountPercent: 100 });
    expect(parseLoyaltySettings({ points_per_currency_unit: 'x', accumulated_amount_percent: '-4' })).toEqual(
      {
        pointsPerCurrencyUnit: 0,
        accumulatedAmountPercent: 0,
      },
    );
    expect(loyaltyEnabled(parseLoyaltySettings({}))).toBe(false);
    expect(loyaltyEnabled(parseLoyaltySettings({ accumulated_amount_percent: '1' }))).toBe(true);
    expect(loyaltyEnabled(parseLoyaltySettings({ points_per_currency_unit: '1' }))).toBe(true);
  });

  test('properties: integers, never negative, never more than the total, monotone in the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (total, more, rate, pct) => {
          const s = { pointsPerCurrencyUnit: rate, accumulatedAmountPercent: pct };
          const a = loyaltyAward(total, s);
          const b = loyaltyAward(total + more, s);
          expect(Number.isInteger(a.points) && a.points >= 0).toBe(true);
          expect(Number.isInteger(a.accumulatedAmount) && a.accumulatedAmount >= 0).toBe(true);
          expect(a.accumulatedAmount).toBeLessThanOrEqual(Math.max(0, total));
          expect(b.points).toBeGreaterThanOrEqual(a.points);
          expect(b.accumulatedAmount).toBeGreaterThanOrEqual(a.accumulatedAmount);
        },
      ),
    );
  });

  test('what was credited can be spent, never more than the balance or the amount payable', () => {
    const earned = loyaltyAward(4000, { pointsPerCurrencyUnit: 0, accumulatedAmountPercent: 5 });
    expect(earned.accumulatedAmount).toBe(200);
    expect(accumulatedAmountUsed(500, earned.accumulatedAmount, 1500)).toBe(200);
    expect(accumulatedAmountUsed(150, earned.accumulatedAmount, 1500)).toBe(150);
    expect(accumulatedAmountUsed(500, earned.accumulatedAmount, 120)).toBe(120);
  });
});
