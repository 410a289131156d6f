/**
 * The live board's state and how events merge into it. Everything is keyed by id and every event is applied by
 * replacing the whole record, so a list reloaded after a reconnect, an event delivered twice, or a catch-up that
 * overlaps the loaded list never shows anything twice. Events at or below the last applied id are dropped.
 */
import type { StaffFeedback, StaffOrder, StaffUserNeed } from '@trapeza/domain/contracts/staff';

/** One event of `GET /api/staff/events` (the SSE `id`, `event` and parsed `data`). */
export interface StaffStreamEvent {
  id: number;
  type: string;
  data: unknown;
}

export interface FeedbackNotice {
  /** The event id: feedback has no id of its own. */
  id: number;
  feedback: StaffFeedback;
}

export interface BoardState {
  orders: Record<number, StaffOrder>;
  /** Open waiter calls and bill requests. */
  needs: Record<number, StaffUserNeed>;
  feedback: FeedbackNotice[];
  /** Orders that arrived live and nobody has accepted on this screen yet (highlighted, counted in the title). */
  freshOrders: number[];
  freshNeeds: number[];
  /** Bumped on every live arrival worth a sound. */
  alerts: number;
  /** The last arrival, for the screen reader announcement. */
  lastArrival: { kind: 'order' | 'need' | 'feedback'; id: number } | null;
  lastEventId: number;
  /** Whether the lists were loaded at least once. */
  loaded: boolean;
}

export const EMPTY_BOARD: BoardState = {
  orders: {},
  needs: {},
  feedback: [],
  freshOrders: [],
  freshNeeds: [],
  alerts: 0,
  lastArrival: null,
  lastEventId: 0,
  loaded: false,
};

const MAX_FEEDBACK = 20;

export type BoardAction =
  | { type: 'snapshot'; orders: StaffOrder[]; needs: StaffUserNeed[]; lastEventId: number }
  | { type: 'event'; event: StaffStreamEvent }
  | { type: 'order'; order: StaffOrder }
  | { type: 'needDone'; id: number }
  | { type: 'acknowledge'; kind: 'order' | 'need'; id: number }
  | { type: 'acknowledgeAll' }
  | { type: 'dismissFeedback'; id: number };

const without = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : list);
const withId = (list: number[], id: number) => (list.includes(id) ? list : [...list, id]);

/** Keeps the newer of two versions of an order (an answer to our own PATCH may race its event). */
function newer(current: StaffOrder | undefined, next: StaffOrder): StaffOrder {
  if (current && current.updated_at > next.updated_at) return current;
  return next;
}

function applyEvent(state: BoardState, event: StaffStreamEvent): BoardState {
  if (event.id <= state.lastEventId) return state;
  const next: BoardState = { ...state, lastEventId: event.id };
  const data = (event.data ?? {}) as Record<string, unknown>;
  switch (event.type) {
    case 'order.created':
    case 'order.status_changed':
    case 'order.table_changed': {
      const order = data.order as StaffOrder | undefined;
      if (!order) return next;
      const known = order.id in state.orders;
      next.orders = { ...state.orders, [order.id]: newer(state.orders[order.id], order) };
      if (event.type === 'order.created' && !known) {
        next.freshOrders = withId(state.freshOrders, order.id);
        next.alerts = state.alerts + 1;
        next.lastArrival = { kind: 'order', id: order.id };
      } else if (order.next_statuses.length === 0) {
        next.freshOrders = without(state.freshOrders, order.id);
      }
      return next;
    }
    case 'order.payment_changed': {
      // A verified online payment (or its failure): the card shows the new payment status. Not an arrival, so no
      // alert; the status buttons come with the order as for any other change.
      const order = data.order as StaffOrder | undefined;
      if (!order) return next;
      next.orders = { ...state.orders, [order.id]: newer(state.orders[order.id], order) };
      if (order.next_statuses.length === 0) next.freshOrders = without(state.freshOrders, order.id);
      return next;
    }
    case 'user_need.created': {
      const need = data.user_need as StaffUserNeed | undefined;
      if (!need || need.status !== 'open') return next;
      const known = need.id in state.needs;
      next.needs = { ...state.needs, [need.id]: need };
      if (!known) {
        next.freshNeeds = withId(state.freshNeeds, need.id);
        next.alerts = state.alerts + 1;
        next.lastArrival = { kind: 'need', id: need.id };
      }
      return next;
    }
    case 'user_need.done': {
      const need = data.user_need as StaffUserNeed | undefined;
      if (!need) return next;
      return { ...next, needs: omit(state.needs, need.id), freshNeeds: without(state.freshNeeds, need.id) };
    }
    case 'feedback.created': {
      const feedback = data.feedback as StaffFeedback | undefined;
      if (!feedback) return next;
      next.feedback = [{ id: event.id, feedback }, ...state.feedback].slice(0, MAX_FEEDBACK);
      next.alerts = state.alerts + 1;
      next.lastArrival = { kind: 'feedback', id: event.id };
      return next;
    }
    default:
      // ready, reset and unknown events only move the position.
      return next;
  }
}

function omit<T>(record: Record<number, T>, id: number): Record<number, T> {
  if (!(id in record)) return record;
  const copy = { ...record };
  delete copy[id];
  return copy;
}

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'snapshot': {
      // The loaded lists replace what we had; orders finished meanwhile stay visible until the next reload.
      const orders: Record<number, StaffOrder> = {};
      for (const o of Object.values(state.orders)) if (o.next_statuses.length === 0) orders[o.id] = o;
      for (const o of action.orders) orders[o.id] = newer(state.orders[o.id], o);
      const needs: Record<number, StaffUserNeed> = {};
      for (const n of action.needs) if (n.status === 'open') needs[n.id] = n;
      return {
        ...state,
        orders,
        needs,
        freshOrders: state.freshOrders.filter((id) => id in orders),
        freshNeeds: state.freshNeeds.filter((id) => id in needs),
        // A reload while the stream runs may be older than events already applied: never step back.
        lastEventId: Math.max(state.lastEventId, action.lastEventId),
        loaded: true,
      };
    }
    case 'event':
      return applyEvent(state, action.event);
    case 'order':
      return {
        ...state,
        orders: { ...state.orders, [action.order.id]: newer(state.orders[action.order.id], action.order) },
        freshOrders: without(state.freshOrders, action.order.id),
      };
    case 'needDone':
      return {
        ...state,
        needs: omit(state.needs, action.id),
        freshNeeds: without(state.freshNeeds, action.id),
      };
    case 'acknowledge':
      return action.kind === 'order'
        ? { ...state, freshOrders: without(state.freshOrders, action.id) }
        : { ...state, freshNeeds: without(state.freshNeeds, action.id) };
    case 'acknowledgeAll':
      return { ...state, freshOrders: [], freshNeeds: [] };
    case 'dismissFeedback':
      return { ...state, feedback: state.feedback.filter((f) => f.id !== action.id) };
  }
}

/** Orders newest first. */
export function ordersNewestFirst(state: BoardState): StaffOrder[] {
  return Object.values(state.orders).sort((a, b) =>
    a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1,
  );
}

/** Open waiter calls and bill requests, oldest first (who waits longest is served first). */
export function openNeedsOldestFirst(state: BoardState): StaffUserNeed[] {
  return Object.values(state.needs).sort((a, b) =>
    a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1,
  );
}

/** What the document title counts: unaccepted orders, unseen calls and bill requests, and feedback notices. */
export function freshCount(state: BoardState): number {
  return state.freshOrders.length + state.freshNeeds.length + state.feedback.length;
}
