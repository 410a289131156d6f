/**
 * The kitchen view's rules: which orders still need cooking and in what order. An order needs cooking while it is
 * `ordered` and its type's transition table (domain `STATUS_TRANSITIONS`) has a `cooked_*` step from there; that
 * step is what the "Cooked" button sends. Timed orders come by requested time; ASAP ones (no time) first, by age.
 */
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import { isOrderStatus, isOrderType, nextStatuses, type OrderStatus } from '@trapeza/domain/order-status';
import { isScheduled } from '@trapeza/domain/order-time';

/** The `cooked_*` status the order moves to when the kitchen is done, or null if it has no cooking step now. */
export function cookedStatus(order: Pick<StaffOrder, 'type' | 'status'>): OrderStatus | null {
  const { type, status } = order;
  if (!isOrderType(type) || !isOrderStatus(status)) return null;
  return nextStatuses(type, status).find((s) => s.startsWith('cooked_')) ?? null;
}

/** Still to cook: ordered, not yet cooked (and not served, paid or rejected). */
export function needsCooking(order: Pick<StaffOrder, 'type' | 'status'>): boolean {
  return order.status === 'ordered' && cookedStatus(order) !== null;
}

const time = (iso: string | null) => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? null : ms;
};

/**
 * Sort key of the requested time (contract `StaffOrder.requested_time`): the server stores the venue-local
 * 'YYYY-MM-DD HH:MM'; older orders carry 'dd.mm HH:MM', where a month before the order's own month is next year's (a
 * December order for early January). Minutes of that local time read as UTC, so both forms compare. Null for ASAP;
 * unreadable ones sort last.
 */
function requestedKey(order: Pick<StaffOrder, 'requested_time' | 'created_at'>): number | null {
  const raw = order.requested_time?.trim();
  if (!raw) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})\s+(\d{1,2}):(\d{2})$/.exec(raw);
  if (iso) {
    const [y, mo, d, h, mi] = iso.slice(1).map(Number) as [number, number, number, number, number];
    return Date.UTC(y, mo - 1, d, h, mi) / 60_000;
  }
  const m = /^(\d{1,2})\.(\d{1,2})\.?\s+(\d{1,2}):(\d{2})$/.exec(raw);
  if (!m) return Number.MAX_SAFE_INTEGER;
  const [day, month, hour, minute] = m.slice(1).map(Number) as [number, number, number, number];
  const created = new Date(order.created_at);
  const createdYear = Number.isNaN(created.getTime()) ? 2000 : created.getFullYear();
  const createdMonth = Number.isNaN(created.getTime()) ? month : created.getMonth() + 1;
  const year = month < createdMonth ? createdYear + 1 : createdYear;
  return Date.UTC(year, month - 1, day, hour, minute) / 60_000;
}

/**
 * The orders to cook now: ASAP (no requested time) first by creation, then by requested time. A future order (issue
 * 24 #3) joins at its start (requested time minus the preparation, `scheduled_start`); before, `scheduledOrders`.
 */
export function kitchenOrders(orders: readonly StaffOrder[], now: number = Date.now()): StaffOrder[] {
  return orders
    .filter((o) => needsCooking(o) && !isScheduled(o.scheduled_start, now))
    .sort((a, b) => {
      const ra = requestedKey(a);
      const rb = requestedKey(b);
      if (ra === null && rb !== null) return -1;
      if (ra !== null && rb === null) return 1;
      if (ra !== null && rb !== null && ra !== rb) return ra - rb;
      const ca = time(a.created_at) ?? 0;
      const cb = time(b.created_at) ?? 0;
      return ca === cb ? a.id - b.id : ca - cb;
    });
}

/** Whole minutes since the order was placed (never negative). */
export function ageMinutes(createdAt: string, now: number): number {
  const ms = time(createdAt);
  return ms === null ? 0 : Math.max(0, Math.floor((now - ms) / 60_000));
}

/** Future orders still waiting for their start, soonest first (the kitchen's "later" list). */
export function scheduledOrders(orders: readonly StaffOrder[], now: number = Date.now()): StaffOrder[] {
  return orders
    .filter((o) => needsCooking(o) && isScheduled(o.scheduled_start, now))
    .sort((a, b) => (a.scheduled_start ?? '').localeCompare(b.scheduled_start ?? '') || a.id - b.id);
}
