/**
 * Time-based product discount (spec §3, §4): active when the venue-local weekday is in `days` (1 = Monday ..
 * 7 = Sunday) and the time is within start:00..end:00, the end hour not included — a happy hour 17..19 is
 * 17:00–19:00 as the guest reads it, over at 19:00 (issue 24: it ran until 19:59). End hour 23, the highest the
 * admin's field takes and the default, means the end of the day (0..23 is the whole day); start = end is that one
 * hour. A window with start > end wraps past midnight (22..2 is 22:00–02:00). Its percent replaces the product's
 * normal discount. Designed: an empty day
 * list means every day; the weekday is the one of the current instant (a Friday 22..2 window is not active on
 * Saturday 01:00 unless Saturday is listed).
 */
import { DEFAULT_TIME_ZONE, localTime, type Weekday } from '../dates.ts';

export interface TimeBasedDiscountFields {
  time_based_discount_enabled?: boolean | number | string | null;
  time_based_discount_days?: readonly number[] | string | null;
  time_based_discount_start_hour?: number | string | null;
  time_based_discount_end_hour?: number | string | null;
  time_based_discount_percent?: number | string | null;
}

/** Days as stored: an array, or a string '1,2,3' / '[1,2,3]'. Out-of-range values are dropped. */
export function parseDays(days: readonly number[] | string | null | undefined): Weekday[] {
  if (days == null) return [];
  const list = typeof days === 'string' ? days.replace(/[[\]\s]/g, '').split(',') : days;
  const out = new Set<Weekday>();
  for (const d of list) {
    const n = Number(d);
    if (Number.isInteger(n) && n >= 1 && n <= 7) out.add(n as Weekday);
  }
  return [...out].sort((a, b) => a - b);
}

function hourOr(value: number | string | null | undefined, fallback: number): number {
  if (value == null || value === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 23 ? n : fallback;
}

function enabled(value: TimeBasedDiscountFields['time_based_discount_enabled']): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/**
 * Whether an hour 0..23 lies in start:00..end:00 (end not included; 23 = end of day; start = end = that hour),
 * wrapping past midnight when start > end.
 */
export function hourInWindow(hour: number, start: number, end: number): boolean {
  if (start === end) return hour === start;
  const until = end === 23 ? 24 : end;
  return start < until ? hour >= start && hour < until : hour >= start || hour < until;
}

/** Whether the product's time-based discount applies at `now`. */
export function isTimeBasedDiscountActive(
  fields: TimeBasedDiscountFields,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  if (!enabled(fields.time_based_discount_enabled)) return false;
  const percent = Number(fields.time_based_discount_percent ?? 0);
  if (!(percent > 0)) return false;
  const local = localTime(now, timeZone);
  const days = parseDays(fields.time_based_discount_days);
  if (days.length > 0 && !days.includes(local.weekday)) return false;
  const start = hourOr(fields.time_based_discount_start_hour, 0);
  const end = hourOr(fields.time_based_discount_end_hour, 23);
  return hourInWindow(local.hour, start, end);
}

/** The time-based percent when active at `now`, else null. */
export function activeTimeBasedPercent(
  fields: TimeBasedDiscountFields,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): number | null {
  return isTimeBasedDiscountActive(fields, now, timeZone)
    ? Math.min(100, Number(fields.time_based_discount_percent))
    : null;
}
