import { describe, expect, test } from 'vitest';
import {
  allocate,
  checkShareAmount,
  equalShareAmount,
  equalShares,
  itemClaimAmount,
  normalizeGuestName,
  sharesTableCart,
  shareHolds,
  spreadOrderTotal,
  summarizeBill,
  tipAmount,
  type ShareState,
  type TipChoice,
} from './table-bill.ts';

const NOW = new Date('2026-12-16T12:00:00Z');

describe('table bill (issue 19): split by items', () => {
  test.each([
    // total, weights, parts
    [1000, [500, 500], [500, 500]],
    [1000, [1, 1, 1], [334, 333, 333]],
    [900, [600, 300, 300], [450, 225, 225]],
    [1001, [1, 1], [501, 500]],
    [0, [5, 5], [0, 0]],
    [10, [0, 0], [5, 5]],
    [-10, [1, 1, 1], [-4, -3, -3]],
  ])('allocate %d over %j → %j (adds up exactly)', (total, weights, parts) => {
    const got = allocate(total, weights);
    expect(got).toEqual(parts);
    expect(got.reduce((a, b) => a + b, 0)).toBe(total);
  });

  test('an order total with discounts and fees is spread over its lines exactly', () => {
    const lines = [
      { id: 1, quantity: 2, lineTotal: 1200 },
      { id: 2, quantity: 1, lineTotal: 850 },
      { id: 3, quantity: 3, lineTotal: 999 },
    ];
    const parts = spreadOrderTotal(2745, lines); // 10 % off 3049, rounded by the engine
    expect(parts.reduce((a, b) => a + b, 0)).toBe(2745);
    expect(parts.every((p) => p > 0)).toBe(true);
  });

  test.each([
    // line (quantity, amount, claimed qty, claimed amount), claim qty, result
    [{ quantity: 3, amount: 1000, claimedQuantity: 0, claimedAmount: 0 }, 1, { ok: true, value: 333 }],
    [{ quantity: 3, amount: 1000, claimedQuantity: 1, claimedAmount: 333 }, 1, { ok: true, value: 333 }],
    // the claim that takes the last unit takes what the others left: 1000 − 666
    [{ quantity: 3, amount: 1000, claimedQuantity: 2, claimedAmount: 666 }, 1, { ok: true, value: 334 }],
    [{ quantity: 3, amount: 1000, claimedQuantity: 0, claimedAmount: 0 }, 3, { ok: true, value: 1000 }],
    [{ quantity: 1, amount: 450, claimedQuantity: 0, claimedAmount: 0 }, 1, { ok: true, value: 450 }],
    // conflicts: the units are taken
    [
      { quantity: 1, amount: 450, claimedQuantity: 1, claimedAmount: 450 },
      1,
      { ok: false, code: 'line_already_claimed' },
    ],
    [
      { quantity: 3, amount: 900, claimedQuantity: 2, claimedAmount: 600 },
      2,
      { ok: false, code: 'line_already_claimed' },
    ],
    [
      { quantity: 3, amount: 900, claimedQuantity: 0, claimedAmount: 0 },
      0,
      { ok: false, code: 'line_already_claimed' },
    ],
    [
      { quantity: 3, amount: 900, claimedQuantity: 0, claimedAmount: 0 },
      1.5,
      { ok: false, code: 'line_already_claimed' },
    ],
  ])('claim on %j of %d → %j', (line, quantity, result) => {
    expect(itemClaimAmount(line, quantity)).toEqual(result);
  });

  test('claims of every unit, in any grouping, pay the line exactly', () => {
    for (const groups of [[1, 1, 1, 1, 1, 1, 1], [3, 4], [2, 2, 3], [7]]) {
      const line = { quantity: 7, amount: 1003, claimedQuantity: 0, claimedAmount: 0 };
      for (const q of groups) {
        const r = itemClaimAmount(line, q);
        if (!r.ok) throw new Error(r.code);
        line.claimedQuantity += q;
        line.claimedAmount += r.value;
      }
      expect(line.claimedAmount).toBe(1003);
    }
  });
});

describe('table bill (issue 19): equal shares and custom amounts', () => {
  test.each([
    [1000, 3, [333, 333, 334]],
    [1000, 2, [500, 500]],
    [1001, 4, [250, 250, 250, 251]],
    [5, 3, [1, 1, 3]],
    [2, 3, [0, 0, 2]],
    [0, 2, [0, 0]],
  ])('%d in %d shares → %j (the last takes the remainder)', (total, parts, shares) => {
    expect(equalShares(total, parts)).toEqual(shares);
    expect(equalShares(total, parts).reduce((a, b) => a + b, 0)).toBe(total);
  });

  test.each([
    // total, parts, index, remaining → result
    [1000, 3, 0, 1000, { ok: true, value: 333 }],
    [1000, 3, 2, 334, { ok: true, value: 334 }],
    [1000, 3, 2, 333, { ok: false, code: 'share_exceeds_remaining' }],
    [1000, 3, 3, 1000, { ok: false, code: 'bill_changed' }],
    [1000, 1, 0, 1000, { ok: false, code: 'bill_changed' }],
    [1000, 51, 0, 1000, { ok: false, code: 'bill_changed' }],
    [2, 3, 0, 2, { ok: false, code: 'share_too_small' }],
  ])('share %d/%d #%d with %d remaining → %j', (total, parts, index, remaining, result) => {
    expect(equalShareAmount(total, parts, index, remaining)).toEqual(result);
  });

  test.each([
    [1, 100, { ok: true, value: 1 }],
    [100, 100, { ok: true, value: 100 }],
    [0, 100, { ok: false, code: 'share_too_small' }],
    [-5, 100, { ok: false, code: 'share_too_small' }],
    [0.5, 100, { ok: false, code: 'share_too_small' }],
    [101, 100, { ok: false, code: 'share_exceeds_remaining' }],
    [1, 0, { ok: false, code: 'share_exceeds_remaining' }],
  ])('custom amount %d with %d remaining → %j', (amount, remaining, result) => {
    expect(checkShareAmount(amount, remaining)).toEqual(result);
  });
});

describe('table bill (issue 19): tips', () => {
  test.each<[number, TipChoice, unknown]>([
    [2000, { kind: 'none' }, { ok: true, value: 0 }],
    [2000, { kind: 'percent', percent: 5 }, { ok: true, value: 100 }],
    [2000, { kind: 'percent', percent: 10 }, { ok: true, value: 200 }],
    [1999, { kind: 'percent', percent: 5 }, { ok: true, value: 100 }],
    [2000, { kind: 'percent', percent: 12.5 }, { ok: true, value: 250 }],
    [2000, { kind: 'percent', percent: 100 }, { ok: true, value: 2000 }],
    [2000, { kind: 'percent', percent: 100.01 }, { ok: false, code: 'tip_too_high' }],
    [2000, { kind: 'percent', percent: -1 }, { ok: false, code: 'tip_too_high' }],
    [2000, { kind: 'amount', amount: 300 }, { ok: true, value: 300 }],
    [2000, { kind: 'amount', amount: 2001 }, { ok: false, code: 'tip_too_high' }],
    [2000, { kind: 'amount', amount: -1 }, { ok: false, code: 'tip_too_high' }],
  ])('share %d, tip %j → %j', (share, tip, result) => {
    expect(tipAmount(share, tip)).toEqual(result);
  });
});

describe('table bill (issue 19): paid and remaining', () => {
  const later = '2026-12-16T12:30:00Z';
  const earlier = '2026-12-16T11:30:00Z';
  test.each<
    [string, number, ShareState[], { paid: number; pending: number; remaining: number; settled: boolean }]
  >([
    ['nothing claimed', 1000, [], { paid: 0, pending: 0, remaining: 1000, settled: false }],
    [
      'a paid and a pending share',
      1000,
      [
        { amount: 400, status: 'paid', expiresAt: null },
        { amount: 300, status: 'pending', expiresAt: later },
      ],
      { paid: 400, pending: 300, remaining: 300, settled: false },
    ],
    [
      'an abandoned online payment releases its claim after its expiry',
      1000,
      [
        { amount: 400, status: 'paid', expiresAt: null },
        { amount: 600, status: 'pending', expiresAt: earlier },
      ],
      { paid: 400, pending: 0, remaining: 600, settled: false },
    ],
    [
      'released shares count for nothing',
      1000,
      [{ amount: 1000, status: 'released', expiresAt: null }],
      { paid: 0, pending: 0, remaining: 1000, settled: false },
    ],
    [
      'paid in full',
      1000,
      [
        { amount: 333, status: 'paid', expiresAt: null },
        { amount: 667, status: 'paid', expiresAt: null },
      ],
      { paid: 1000, pending: 0, remaining: 0, settled: true },
    ],
    [
      'remaining never below 0',
      1000,
      [{ amount: 1200, status: 'paid', expiresAt: null }],
      { paid: 1200, pending: 0, remaining: 0, settled: true },
    ],
  ])('%s', (_name, total, shares, expected) => {
    expect(summarizeBill(total, shares, NOW)).toEqual({ total, ...expected });
  });

  test('a pending share without expiry (cash asked of the waiter) holds until marked', () => {
    expect(shareHolds({ amount: 1, status: 'pending', expiresAt: null }, NOW)).toBe(true);
  });
});

describe('guest display names (issue 19)', () => {
  test.each([
    [null, { ok: true, value: null }],
    ['', { ok: true, value: null }],
    ['   ', { ok: true, value: null }],
    ['  Anna  ', { ok: true, value: 'Anna' }],
    ['Ana   María', { ok: true, value: 'Ana María' }],
    ['Tom <3', { ok: true, value: 'Tom <3' }],
    ['x'.repeat(200), { ok: true, value: 'x'.repeat(30) }],
    ['Гошо'.repeat(10), { ok: true, value: 'Гошо'.repeat(7) + 'Го' }],
    ['<b>Anna</b>', { ok: false, code: 'invalid_guest_name' }],
    ['<script>alert(1)</script>', { ok: false, code: 'invalid_guest_name' }],
    ['<img src=x onerror=alert(1)>', { ok: false, code: 'invalid_guest_name' }],
    ['An\u0000na', { ok: false, code: 'invalid_guest_name' }],
  ])('%j → %j', (raw, result) => {
    expect(normalizeGuestName(raw)).toEqual(result);
  });
});

describe('table party (issue 19): which sessions share the table’s cart', () => {
  test.each([
    // kind, mode, shared_table_cart, tablet_mode_always_on, shares
    ['table', null, true, false, true],
    ['table', null, false, false, false],
    ['table', 'kiosk', true, false, false],
    ['table', 'tablet', true, false, false],
    ['table', null, true, true, false],
    ['room', null, true, false, false],
  ] as const)(
    '%s, mode %s, setting %s, tablet always %s → %s',
    (kind, mode, sharedSetting, tabletAlwaysOn, shares) => {
      expect(sharesTableCart({ kind, mode, sharedSetting, tabletAlwaysOn })).toBe(shares);
    },
  );
});
