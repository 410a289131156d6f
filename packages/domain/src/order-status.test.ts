import { describe, expect, test } from 'vitest';
import {
  canTransition,
  carriesGuestContact,
  orderTypeChoices,
  isOrderStatus,
  isOrderType,
  sessionOrderTypeFor,
  sessionTokenOrderType,
  isTrackedOrderType,
  ticketNamesCustomer,
  isOrderingType,
  nextStatuses,
  ORDER_STATUSES,
  ORDER_TYPE_IDS,
  statusesForOrderType,
  TERMINAL_STATUSES,
  type OrderStatus,
  type OrderType,
} from './order-status.ts';

describe('order types (spec §9)', () => {
  test('the ids are 1, 2, 3, 4, 6, 7', () => {
    expect(ORDER_TYPE_IDS).toEqual([1, 2, 3, 4, 6, 7]);
  });
  test.each([
    [1, true],
    ['2', true],
    [5, false],
    [0, false],
    [null, false],
    ['', false],
    [true, false],
    [' 1', false],
    [[1], false],
    ['1 ', false], // only digits, from the first to the last character
    ['2x', false],
    ['06', true], // a leading zero is still a number
  ])('isOrderType(%j) = %s', (v, ok) => {
    expect(isOrderType(v)).toBe(ok);
  });
  test.each([
    [4, false],
    [1, true],
    [6, true],
  ] as const)('isOrderingType(%d) = %s', (t, ok) => {
    expect(isOrderingType(t)).toBe(ok);
  });
});

describe('order statuses (spec §4 and the designed transition table)', () => {
  test('the nine statuses of spec §4', () => {
    expect(ORDER_STATUSES).toHaveLength(9);
    expect(isOrderStatus('cooked_preorder')).toBe(true);
    expect(isOrderStatus('delivered')).toBe(false);
  });

  const ALLOWED: [OrderType, OrderStatus, OrderStatus][] = [
    [1, 'ordered', 'cooked_spot'],
    [1, 'ordered', 'served_spot'],
    [1, 'ordered', 'paid'],
    [1, 'ordered', 'rejected'],
    [1, 'cooked_spot', 'served_spot'],
    [1, 'cooked_spot', 'rejected'],
    [1, 'served_spot', 'paid'],
    [7, 'ordered', 'cooked_spot'],
    [7, 'served_spot', 'paid'],
    [2, 'ordered', 'cooked_delivery'],
    [2, 'ordered', 'on_the_way_delivery'],
    [2, 'ordered', 'rejected'],
    [2, 'cooked_delivery', 'on_the_way_delivery'],
    [2, 'cooked_delivery', 'rejected'],
    [2, 'on_the_way_delivery', 'paid'],
    [3, 'ordered', 'cooked_preorder'],
    [3, 'ordered', 'rejected'],
    [3, 'cooked_preorder', 'paid'],
    [3, 'cooked_preorder', 'rejected'],
    [6, 'ordered', 'cooked_room'],
    [6, 'ordered', 'rejected'],
    [6, 'cooked_room', 'paid'],
    [6, 'cooked_room', 'rejected'],
  ];
  test.each(ALLOWED)('type %d: %s → %s allowed', (type, from, to) => {
    expect(canTransition(type, from, to)).toBe(true);
  });

  const REFUSED: [OrderType, OrderStatus, OrderStatus][] = [
    [1, 'served_spot', 'rejected'], // served food is not rejected
    [1, 'served_spot', 'cooked_spot'], // never backwards
    [1, 'ordered', 'cooked_delivery'], // another type's status
    [1, 'paid', 'ordered'],
    [1, 'rejected', 'ordered'],
    [1, 'ordered', 'ordered'],
    [2, 'on_the_way_delivery', 'rejected'],
    [2, 'ordered', 'paid'], // a delivery is paid when it arrives
    [2, 'paid', 'rejected'],
    [3, 'ordered', 'paid'],
    [3, 'cooked_preorder', 'cooked_room'],
    [6, 'ordered', 'served_spot'],
    [6, 'paid', 'cooked_room'],
    [4, 'ordered', 'paid'], // spot browse takes no orders
    [4, 'ordered', 'rejected'],
  ];
  test.each(REFUSED)('type %d: %s → %s refused', (type, from, to) => {
    expect(canTransition(type, from, to)).toBe(false);
  });

  test.each(ORDER_TYPE_IDS.flatMap((t) => TERMINAL_STATUSES.map((s) => [t, s] as const)))(
    'type %d: %s is terminal',
    (type, status) => {
      expect(nextStatuses(type, status)).toEqual([]);
    },
  );

  test.each([
    [1, ['ordered', 'cooked_spot', 'served_spot', 'paid', 'rejected']],
    [2, ['ordered', 'cooked_delivery', 'on_the_way_delivery', 'paid', 'rejected']],
    [3, ['ordered', 'cooked_preorder', 'paid', 'rejected']],
    [4, []],
    [6, ['ordered', 'cooked_room', 'paid', 'rejected']],
    [7, ['ordered', 'cooked_spot', 'served_spot', 'paid', 'rejected']],
  ] as const)('type %d uses statuses %j', (type, statuses) => {
    expect(statusesForOrderType(type)).toEqual(statuses);
  });

  test('the terminal statuses are exactly where an order of any type stops: paid and rejected', () => {
    expect([...TERMINAL_STATUSES].sort()).toEqual(['paid', 'rejected']);
    for (const type of ORDER_TYPE_IDS.filter(isOrderingType)) {
      const deadEnds = statusesForOrderType(type).filter((s) => nextStatuses(type, s).length === 0);
      expect(deadEnds.sort()).toEqual([...TERMINAL_STATUSES].sort());
    }
  });

  test('at a table a cooked order is served, and an unknown order type moves nowhere', () => {
    for (const type of [1, 7] as const) {
      expect(nextStatuses(type, 'cooked_spot')).toEqual(['served_spot', 'paid', 'rejected']);
      expect(canTransition(type, 'cooked_spot', 'served_spot')).toBe(true);
    }
    expect(nextStatuses(5 as OrderType, 'ordered')).toEqual([]);
    expect(canTransition(5 as OrderType, 'ordered', 'paid')).toBe(false);
  });

  test('every ordering type can reach paid and rejected from ordered', () => {
    for (const type of ORDER_TYPE_IDS.filter(isOrderingType)) {
      const seen = new Set<OrderStatus>();
      const queue: OrderStatus[] = ['ordered'];
      while (queue.length) {
        const s = queue.shift() as OrderStatus;
        if (seen.has(s)) continue;
        seen.add(s);
        queue.push(...nextStatuses(type, s));
      }
      expect(seen.has('paid')).toBe(true);
      expect(seen.has('rejected')).toBe(true);
    }
  });
});

describe('sessionOrderTypeFor (spec §6, issue 25: a QR session carries what the venue offers)', () => {
  test.each([
    ['table', [1, 2, 3], 1],
    ['table', [4, 6], 4],
    ['table', [2, 3, 7], 4],
    ['room', [6], 6],
    ['room', [1, 4], 4],
    ['room', [], 4],
    ['table', [], 4],
  ] as const)('%s with active types %j → %i', (kind, types, expected) => {
    expect(sessionOrderTypeFor(kind, types)).toBe(expected);
  });
});

describe('order-type choice of the order form (spec §3)', () => {
  test('a session fixes its type; a guest gets the venue types a guest may choose, in the spec order', () => {
    expect(orderTypeChoices(1, [1, 2, 3])).toEqual([1]);
    expect(orderTypeChoices(6, [])).toEqual([6]);
    expect(orderTypeChoices(null, [7, 4, 3, 1, 2])).toEqual([2, 3, 7]);
    expect(orderTypeChoices(null, [1, 4])).toEqual([]);
    expect(orderTypeChoices(null, [6])).toEqual([6]);
  });
  test('guest contact is carried by every type but the table order and browsing', () => {
    expect([1, 2, 3, 4, 6, 7].filter(carriesGuestContact)).toEqual([2, 3, 6, 7]);
  });
});

describe('sessionTokenOrderType: the type an open session answers with', () => {
  test.each([
    [4, 'table', 4],
    [4, 'room', 4],
    [1, 'table', 1],
    [6, 'room', 6],
    [1, 'room', 6],
    [6, 'table', 1],
  ] as const)('stored %i, %s → %i', (stored, kind, expected) => {
    expect(sessionTokenOrderType(stored, kind)).toBe(expected);
  });
});

describe('order types with a tracking page, and tickets that name the customer', () => {
  test('tracked: delivery and pickup only', () => {
    expect(ORDER_TYPE_IDS.filter(isTrackedOrderType)).toEqual([2, 3]);
  });
  test('the ticket names the customer for delivery, pickup and served on the spot', () => {
    expect(ORDER_TYPE_IDS.filter(ticketNamesCustomer)).toEqual([2, 3, 7]);
  });
});
