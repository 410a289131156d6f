/**
 * Working hours (spec §5): `working_hours` per weekday 1..7, each day 'HH:MM-HH:MM', '-' for closed, up to two ranges.
 * Designed format details (README): ranges of a day are separated by ',' (canonical), ';' or whitespace; spaces
 * around '-' are allowed; a range whose end is not after its start passes midnight into the next day
 * ('18:00-02:00'), and equal ends mean 24 hours. A day missing from a configured schedule is closed; a venue with
 * no schedule at all is always open.
 */
import {
  DEFAULT_TIME_ZONE,
  formatClockTime,
  localTime,
  nextWeekday,
  parseClockTime,
  type Weekday,
} from './dates.ts';

/** One opening range in minutes since the day's midnight; `to` may exceed 1440 when it passes midnight. */
export interface TimeRange {
  from: number;
  to: number;
}

/** Opening ranges per weekday (1 = Monday); an empty list is a closed day. */
export type WorkingHours = Record<Weekday, TimeRange[]>;

/** Canonical separator between the two ranges of a day. */
export const WORKING_HOURS_RANGE_SEPARATOR = ',';
/** At most this many ranges per day (spec §5). */
export const MAX_RANGES_PER_DAY = 2;

const RANGE_RE = /^(\d{1,2}:\d{2})-(\d{1,2}:\d{2})$/;

function splitDay(text: string): string[] {
  return text
    .trim()
    .replace(/\s*-\s*/g, '-')
    .split(/[,;\s]+/)
    .filter((s) => s !== '');
}

/** Parses one range 'HH:MM-HH:MM'; null when malformed. */
export function parseTimeRange(text: string): TimeRange | null {
  const m = RANGE_RE.exec(text.trim().replace(/\s*-\s*/g, '-'));
  if (!m) return null;
  const from = parseClockTime(m[1]);
  const to = parseClockTime(m[2]);
  if (from == null || to == null || from >= 1440) return null;
  return { from, to: to <= from ? to + 1440 : to };
}

/** Parses one day's text: '-' or empty is closed; malformed ranges are dropped. */
export function parseDayHours(text: string | null | undefined): TimeRange[] {
  if (text == null) return [];
  const t = text.trim();
  if (t === '' || t === '-') return [];
  return splitDay(t)
    .map(parseTimeRange)
    .filter((r): r is TimeRange => r !== null);
}

/** Whether a day's text is well formed: '-', or one or two valid ranges (for admin input). */
export function isValidDayHours(text: string): boolean {
  const t = text.trim();
  if (t === '-') return true;
  const parts = splitDay(t);
  return (
    parts.length >= 1 && parts.length <= MAX_RANGES_PER_DAY && parts.every((p) => parseTimeRange(p) !== null)
  );
}

/**
 * Reads `working_hours` as stored: an object keyed 1..7 (numbers or strings), a JSON string of it, or an array of
 * seven day strings starting with Monday.
 */
export function parseWorkingHours(raw: unknown): WorkingHours {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      value = {};
    }
  }
  const result = { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] } as WorkingHours;
  if (Array.isArray(value)) {
    value.slice(0, 7).forEach((day, i) => {
      result[(i + 1) as Weekday] = parseDayHours(typeof day === 'string' ? day : null);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const d = Number(k);
      if (Number.isInteger(d) && d >= 1 && d <= 7)
        result[d as Weekday] = parseDayHours(typeof v === 'string' ? v : null);
    }
  }
  return result;
}

const WEEK = 7 * 1440;

/** Whether the venue is open at a local weekday and time (minutes since midnight). No schedule means always open. */
export function isOpenAt(hours: WorkingHours | null | undefined, weekday: Weekday, minutes: number): boolean {
  if (!hours) return true;
  const t = (weekday - 1) * 1440 + minutes;
  for (let d = 1; d <= 7; d++) {
    for (const r of hours[d as Weekday]) {
      const start = (d - 1) * 1440 + r.from;
      const end = (d - 1) * 1440 + r.to;
      // A Sunday range passing midnight covers Monday morning: check the instant shifted by a week too.
      if ((t >= start && t < end) || (t + WEEK >= start && t + WEEK < end)) return true;
    }
  }
  return false;
}

/** Whether the venue is open at `now` (spec §5). No schedule (null) means always open. */
export function isWithinWorkingHours(
  hours: WorkingHours | null | undefined,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  if (!hours) return true;
  const local = localTime(now, timeZone);
  return isOpenAt(hours, local.weekday, local.minutes);
}

/** The four closing messages of spec §5, as data for the web app's i18n. */
export type ClosingInfo =
  | { kind: 'closed' }
  | { kind: 'closed_today_until'; time: string }
  | { kind: 'closed_tomorrow_from'; time: string }
  | { kind: 'closed_on_day_from'; weekday: Weekday; time: string };

/**
 * Why the venue is closed at `now` and when it opens next: later today ('closed today until X'), tomorrow
 * ('closed tomorrow from X'), a later weekday ('closed on <day> from X'), or never in the coming week ('closed').
 * Null when open.
 */
export function closingInfo(
  hours: WorkingHours | null | undefined,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): ClosingInfo | null {
  if (isWithinWorkingHours(hours, now, timeZone) || !hours) return null;
  const local = localTime(now, timeZone);
  for (let offset = 0; offset <= 7; offset++) {
    const day = nextWeekday(local.weekday, offset);
    const starts = hours[day]
      .map((r) => r.from)
      .filter((from) => offset > 0 || from > local.minutes)
      .sort((a, b) => a - b);
    const first = starts[0];
    if (first === undefined) continue;
    const time = formatClockTime(first);
    if (offset === 0) return { kind: 'closed_today_until', time };
    if (offset === 1) return { kind: 'closed_tomorrow_from', time };
    return { kind: 'closed_on_day_from', weekday: day, time };
  }
  return { kind: 'closed' };
}

/** Result of the "may a guest order now" check. */
export type OrderingWindow =
  | { ok: true }
  | { ok: false; code: 'orders_not_allowed' }
  | { ok: false; code: 'outside_working_hours'; closing: ClosingInfo };

/**
 * Ordering is refused when `orders_allowed` is off, and outside working hours unless `disable_overtime_orders`
 * is off (0) (spec §5, §9).
 */
export function checkOrderingWindow(
  settings: { orders_allowed: boolean; disable_overtime_orders: boolean; working_hours: WorkingHours | null },
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): OrderingWindow {
  if (!settings.orders_allowed) return { ok: false, code: 'orders_not_allowed' };
  if (!settings.disable_overtime_orders) return { ok: true };
  const closing = closingInfo(settings.working_hours, now, timeZone);
  return closing ? { ok: false, code: 'outside_working_hours', closing } : { ok: true };
}
