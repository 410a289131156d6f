/**
 * Short per-venue order numbers (issue 24 #8): the number an order gets within its venue's local day (1, 2, 3 …
 * from each midnight in the venue's time zone), shown as "#7" to the guest, on the staff board, the kitchen tickets
 * and in the e-mails. The server gives it when storing the order (one counter row per venue and day, taken in the
 * order's transaction); older orders without one show the start of their key.
 */
import { localTime } from './dates.ts';

/** The venue's local day an order is numbered in (YYYY-MM-DD). */
export function orderNumberDay(now: Date, timeZone: string): string {
  const t = localTime(now, timeZone);
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

/** What people read: "#7"; an order stored before numbers existed: "#" and the first 6 characters of its key. */
export function orderNumberLabel(number: number | null | undefined, key?: string | null): string {
  if (typeof number === 'number' && number > 0) return `#${number}`;
  return key ? `#${key.slice(0, 6)}` : '#';
}
