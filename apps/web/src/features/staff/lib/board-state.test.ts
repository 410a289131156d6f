import { describe, expect, test } from 'vitest';
import { staffOrder, userNeed } from '../test/staff-fixtures.ts';
import {
  boardReducer,
  EMPTY_BOARD,
  freshCount,
  openNeedsOldestFirst,
  ordersNewestFirst,
  type BoardState,
  type StaffStreamEvent,
} from './board-state.ts';

const apply = (state: BoardState, ...events: StaffStreamEvent[]) =>
  events.reduce((s, event) => boardReducer(s, { type: 'event', event }), state);

const created = (id: number, orderId: number): StaffStreamEvent => ({
  id,
  type: 'order.created',
  data: { order: staffOrder({ id: orderId, created_at: `2026-12-01T10:0${orderId}:00.000Z` }) },
});
const paid = (id: number, orderId: number): StaffStreamEvent => ({
  id,
  type: 'order.status_changed',
  data: {
    order: staffOrder({
      id: orderId,
      status: 'paid',
      next_statuses: [],
      updated_at: '2026-12-01T11:00:00.000Z',
    }),
    from: 'ordered',
    to: 'paid',
  },
});
const called = (id: number, needId: number): StaffStreamEvent => ({
  id,
  type: 'user_need.created',
  data: { user_need: userNeed({ id: needId }) },
});

const loaded = boardReducer(EMPTY_BOARD, {
  type: 'snapshot',
  orders: [staffOrder({ id: 1 })],
  needs: [userNeed({ id: 7 })],
  lastEventId: 10,
});

describe('event merging', () => {
  test('new arrivals are added once, highlighted and counted', () => {
    const s = apply(loaded, created(11, 2), called(12, 8));
    expect(ordersNewestFirst(s).map((o) => o.id)).toEqual([2, 1]);
    expect(openNeedsOldestFirst(s).map((n) => n.id)).toEqual([7, 8]);
    expect(s.freshOrders).toEqual([2]);
    expect(s.freshNeeds).toEqual([8]);
    expect(s.alerts).toBe(2);
    expect(freshCount(s)).toBe(2);
  });

  test('after a reconnect the replayed events (same ids) change nothing: no duplicates, no second alert', () => {
    const once = apply(loaded, created(11, 2), called(12, 8), paid(13, 1));
    // The browser resends Last-Event-ID; a server or proxy may still repeat the tail.
    const replayed = apply(once, created(11, 2), called(12, 8), paid(13, 1));
    expect(replayed).toBe(once);
    expect(Object.keys(replayed.orders)).toHaveLength(2);
  });

  test('a catch-up overlapping the loaded lists (events older than the list) does not duplicate or re-alert', () => {
    // The list was read at position 10, the stream resumes from 8: events 9–10 describe what the list already has.
    const early = boardReducer(EMPTY_BOARD, {
      type: 'snapshot',
      orders: [staffOrder({ id: 1 }), staffOrder({ id: 2 })],
      needs: [userNeed({ id: 7 })],
      lastEventId: 8,
    });
    const s = apply(early, created(9, 2), called(10, 7), created(11, 3));
    expect(Object.keys(s.orders).map(Number).sort()).toEqual([1, 2, 3]);
    expect(Object.keys(s.needs).map(Number)).toEqual([7]);
    expect(s.freshOrders).toEqual([3]);
    expect(s.freshNeeds).toEqual([]);
    expect(s.alerts).toBe(1);
  });

  test('a reload after `reset` replaces the lists without stepping back or losing the highlight of open arrivals', () => {
    const live = apply(loaded, created(11, 2), created(12, 3));
    const reloaded = boardReducer(live, {
      type: 'snapshot',
      orders: [staffOrder({ id: 1 }), staffOrder({ id: 2 }), staffOrder({ id: 3 })],
      needs: [],
      lastEventId: 11,
    });
    expect(reloaded.lastEventId).toBe(12);
    expect(Object.keys(reloaded.orders)).toHaveLength(3);
    expect(reloaded.freshOrders).toEqual([2, 3]);
    expect(apply(reloaded, created(12, 3))).toBe(reloaded);
  });

  test('status changes replace the order; a finished one stops being highlighted; done calls leave', () => {
    const s = apply(loaded, created(11, 2), paid(12, 2), called(13, 8), {
      id: 14,
      type: 'user_need.done',
      data: { user_need: userNeed({ id: 8, status: 'done' }) },
    });
    expect(s.orders[2]?.status).toBe('paid');
    expect(s.freshOrders).toEqual([]);
    expect(s.needs[8]).toBeUndefined();
    expect(s.freshNeeds).toEqual([]);
  });

  test('our own PATCH answer and its event may arrive in either order: the newer version wins', () => {
    const newer = staffOrder({
      id: 1,
      status: 'served_spot',
      next_statuses: ['paid'],
      updated_at: '2026-12-01T10:05:00.000Z',
    });
    const afterAnswer = boardReducer(loaded, { type: 'order', order: newer });
    const staleEvent: StaffStreamEvent = {
      id: 11,
      type: 'order.status_changed',
      data: { order: staffOrder({ id: 1, status: 'cooked_spot', updated_at: '2026-12-01T10:04:00.000Z' }) },
    };
    expect(apply(afterAnswer, staleEvent).orders[1]?.status).toBe('served_spot');
  });

  test('order.payment_changed replaces the order with its new payment status, without an alert or a highlight', () => {
    const paymentChanged: StaffStreamEvent = {
      id: 11,
      type: 'order.payment_changed',
      data: {
        order: staffOrder({ id: 1, payment_status: 'paid', updated_at: '2026-12-01T10:05:00.000Z' }),
        from: 'pending',
        to: 'paid',
      },
    };
    const s = apply(loaded, paymentChanged);
    expect(s.orders[1]?.payment_status).toBe('paid');
    expect(Object.keys(s.orders)).toHaveLength(1);
    expect(s.alerts).toBe(loaded.alerts);
    expect(s.freshOrders).toEqual([]);
    expect(s.lastEventId).toBe(11);
    expect(apply(s, paymentChanged)).toBe(s);
  });

  test('feedback is kept as a notice per event and can be dismissed', () => {
    const fb: StaffStreamEvent = {
      id: 11,
      type: 'feedback.created',
      data: {
        feedback: { order_id: 1, order_key: 'K1', table: '3', name: null, created_at: 'x', answers: [] },
      },
    };
    const s = apply(loaded, fb, fb);
    expect(s.feedback).toHaveLength(1);
    expect(boardReducer(s, { type: 'dismissFeedback', id: 11 }).feedback).toHaveLength(0);
  });

  test('accepting clears the highlight of that order only', () => {
    const s = apply(loaded, created(11, 2), created(12, 3), called(13, 2));
    const accepted = boardReducer(s, { type: 'acknowledge', kind: 'order', id: 2 });
    expect(accepted.freshOrders).toEqual([3]);
    expect(accepted.freshNeeds).toEqual([2]);
  });
});
