/**
 * Future orders (issue 24 #3) wait in the board's and the kitchen's "scheduled" group until their start (the
 * requested time minus the venue's preparation, `StaffOrder.scheduled_start`), then join the queue. The set of
 * orders still waiting is re-checked every 10 s while any order has a start; the screen re-renders only when it
 * changes.
 */
import { useEffect, useMemo, useState } from 'react';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import { isScheduled } from '@trapeza/domain/order-time';

const CHECK_MS = 10_000;

/** Ids of the orders still scheduled at `now`, ascending, as one key. */
function waitingKey(orders: readonly StaffOrder[], now: number): string {
  return orders
    .filter((o) => isScheduled(o.scheduled_start, now))
    .map((o) => o.id)
    .sort((a, b) => a - b)
    .join(',');
}

/** The orders still waiting for their start; `now` fixes the clock (tests), else the current time. */
export function useScheduledIds(orders: readonly StaffOrder[], now?: number): ReadonlySet<number> {
  // The clock moves only when the waiting set changes (orders arriving later have later starts than it).
  const [clock, setClock] = useState(() => Date.now());
  const at = now ?? clock;
  const key = useMemo(() => waitingKey(orders, at), [orders, at]);
  const anyStart = orders.some((o) => o.scheduled_start);
  useEffect(() => {
    if (now !== undefined || !anyStart) return;
    const id = window.setInterval(() => {
      const current = Date.now();
      if (waitingKey(orders, current) !== key) setClock(current);
    }, CHECK_MS);
    return () => window.clearInterval(id);
  }, [orders, now, anyStart, key]);
  return useMemo(() => new Set(key ? key.split(',').map(Number) : []), [key]);
}
