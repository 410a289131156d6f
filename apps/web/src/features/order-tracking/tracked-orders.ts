/**
 * The delivery and pickup orders this device placed (issue 24 #6), so an anonymous guest finds their way back to
 * each order's tracking page from "my orders": kept in local storage, newest first, the last 10 per device.
 */
import { readJson, writeJson } from '../../lib/storage.ts';

export interface TrackedOrder {
  place: string;
  trackingToken: string;
  number: number | null;
  key: string;
  type: number;
  /** epoch ms */
  at: number;
}

const KEY = 'tracked_orders';
const KEEP = 10;

export function trackedOrders(place: string): TrackedOrder[] {
  const all = readJson<unknown>(KEY, []);
  return Array.isArray(all)
    ? (all as TrackedOrder[]).filter((o) => o && o.place === place && typeof o.trackingToken === 'string')
    : [];
}

export function rememberTrackedOrder(order: TrackedOrder): void {
  const all = readJson<unknown>(KEY, []);
  const list = Array.isArray(all) ? (all as TrackedOrder[]) : [];
  writeJson(KEY, [order, ...list.filter((o) => o?.trackingToken !== order.trackingToken)].slice(0, KEEP));
}

/** The page of a tracked order. */
export function trackingPath(place: string, trackingToken: string): string {
  return `/${encodeURIComponent(place)}/order/${encodeURIComponent(trackingToken)}`;
}
