import { describe, expect, test } from 'vitest';
import { discountAmount, isTierActive, pickTier, type DiscountTier, type PriceTier } from './tiers.ts';
import { sofia } from '../test-fixtures.ts';

const NOON = sofia('2026-03-02T12:00');

describe('tiers (spec §9: pick the highest price_over reached)', () => {
  const tiers: DiscountTier[] = [
    { price_over: 0, value: 0, value_type: 'percent' },
    { price_over: 3000, value: 5, value_type: 'percent' },
    { price_over: 5000, value: 10, value_type: 'percent' },
    { price_over: 10000, value: 500, value_type: 'money' },
  ];
  test.each([
    [0, 0],
    [2999, 0],
    [3000, 3000], // reaching the threshold exactly counts
    [4999, 3000],
    [5000, 5000],
    [9999, 5000],
    [10000, 10000],
    [1_000_000, 10000],
  ])('§9 amount %d → tier %d', (amount, over) => {
    expect(pickTier(tiers, amount, NOON)?.price_over).toBe(over);
  });

  test('list order does not matter', () => {
    expect(pickTier([...tiers].reverse(), 6000, NOON)?.price_over).toBe(5000);
  });

  test('§9 tie: equal price_over keeps the first listed', () => {
    const tie: PriceTier[] = [
      { price_over: 2000, price: 300 },
      { price_over: 2000, price: 100 },
    ];
    expect(pickTier(tie, 2500, NOON)?.price).toBe(300);
    expect(pickTier([...tie].reverse(), 2500, NOON)?.price).toBe(100);
  });

  test('no tiers, or none reached', () => {
    expect(pickTier([], 5000, NOON)).toBeNull();
    expect(pickTier(null, 5000, NOON)).toBeNull();
    expect(pickTier([{ price_over: 100, price: 1 }], 99, NOON)).toBeNull();
  });
});

describe('tiers (spec §3: active_start_time / active_end_time)', () => {
  test.each([
    [{}, '2026-03-02T03:00', true],
    [{ active_start_time: '11:00', active_end_time: '14:00' }, '2026-03-02T11:00', true],
    [{ active_start_time: '11:00', active_end_time: '14:00' }, '2026-03-02T13:59', true],
    [{ active_start_time: '11:00', active_end_time: '14:00' }, '2026-03-02T14:00', false],
    [{ active_start_time: '11:00:00', active_end_time: '14:00:00' }, '2026-03-02T10:59', false],
    [{ active_start_time: '22:00', active_end_time: '02:00' }, '2026-03-02T23:00', true],
    [{ active_start_time: '22:00', active_end_time: '02:00' }, '2026-03-02T01:59', true],
    [{ active_start_time: '22:00', active_end_time: '02:00' }, '2026-03-02T02:00', false],
    [{ active_start_time: '22:00', active_end_time: '02:00' }, '2026-03-02T12:00', false],
    [{ active_start_time: '18:00', active_end_time: null }, '2026-03-02T19:00', true],
    [{ active_start_time: '18:00', active_end_time: null }, '2026-03-02T17:00', false],
    [{ active_start_time: null, active_end_time: '10:00' }, '2026-03-02T09:00', true],
    [{ active_start_time: null, active_end_time: '10:00' }, '2026-03-02T10:00', false],
    [{ active_end_time: '10:00' }, '2026-03-02T12:00', false],
  ])('window %j at %s active = %s', (w, local, active) => {
    expect(isTierActive(w, sofia(local))).toBe(active);
  });

  test('an inactive higher tier falls back to the next reached active one', () => {
    const tiers: DiscountTier[] = [
      { price_over: 1000, value: 5, value_type: 'percent' },
      {
        price_over: 2000,
        value: 15,
        value_type: 'percent',
        active_start_time: '11:00',
        active_end_time: '14:00',
      },
    ];
    expect(pickTier(tiers, 2500, sofia('2026-03-02T12:00'))?.value).toBe(15);
    expect(pickTier(tiers, 2500, sofia('2026-03-02T18:00'))?.value).toBe(5);
  });
});

describe('discount amounts (percent rounded once, money capped)', () => {
  test.each([
    [10000, 'percent', 10, 1000],
    [999, 'percent', 10, 100],
    [995, 'percent', 10, 100], // 99.5 rounds half up
    [994, 'percent', 10, 99],
    [1000, 'percent', 150, 1000],
    [1000, 'money', 300, 300],
    [1000, 'money', 1500, 1000],
    [0, 'money', 300, 0],
    [1000, 'money', 0, 0],
    [1000, 'percent', -5, 0],
    [-100, 'percent', 10, 0],
  ] as const)('discountAmount(%d, %s, %d) = %d', (base, type, value, expected) => {
    expect(discountAmount(base, type, value)).toBe(expected);
  });
});
