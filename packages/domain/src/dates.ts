/** Venue-local calendar and clock helpers (spec §4, §5, §9). Every function takes `now` explicitly. */

/** Venues are Bulgarian by default; rules read local wall-clock time in the venue's zone, not the server's. */
export const DEFAULT_TIME_ZONE = 'Europe/Sofia';

/** Days numbered 1 (Monday) to 7 (Sunday) (spec §9). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

/** Wall-clock parts of an instant in a time zone. */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  weekday: Weekday;
  hour: number;
  minute: number;
  /** Minutes since local midnight, 0..1439. */
  minutes: number;
}

const WEEKDAY_BY_SHORT: Record<string, Weekday> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatterCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatterCache.set(timeZone, f);
  }
  return f;
}

/** The last answer per time zone: every request of the same minute asks the same question (Intl is slow). */
const lastLocalTime = new Map<string, { minute: number; value: LocalTime }>();

/** Splits `now` into the venue's local date, weekday (1 = Monday) and time. */
export function localTime(now: Date, timeZone: string = DEFAULT_TIME_ZONE): LocalTime {
  // Time zone offsets are whole minutes, so one UTC minute is one local minute.
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastLocalTime.get(timeZone);
  if (last && last.minute === minute) return { ...last.value };
  const value = computeLocalTime(now, timeZone);
  if (lastLocalTime.size > 100) lastLocalTime.clear();
  lastLocalTime.set(timeZone, { minute, value });
  return { ...value };
}

function computeLocalTime(now: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(now)) parts[p.type] = p.value;
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAY_BY_SHORT[parts.weekday ?? ''] ?? 1,
    hour,
    minute,
    minutes: hour * 60 + minute,
  };
}

/** Weekday 1..7 of a JavaScript getDay() value (0 = Sunday). */
export function weekdayFromJsDay(jsDay: number): Weekday {
  return (jsDay === 0 ? 7 : jsDay) as Weekday;
}

/** The weekday after `day` (7 → 1). */
export function nextWeekday(day: Weekday, by = 1): Weekday {
  return (((((day - 1 + by) % 7) + 7) % 7) + 1) as Weekday;
}

/** Exact-time flag of an order (spec §5): 0 when the chosen time has no colon ("as soon as possible"), else 1. */
export function exactTimeFlag(chosenTime: string | null | undefined): 0 | 1 {
  return chosenTime != null && chosenTime.includes(':') ? 1 : 0;
}

/** A calendar date. */
export interface OrderDay {
  year: number;
  month: number;
  day: number;
}

/**
 * Order day from a 'day.month' input plus the year (spec §4, §5): the current year, except that in December after
 * the 20th a target day number under 10 rolls into next year. Returns null for malformed input.
 */
export function orderDay(dayMonth: string, now: Date, timeZone: string = DEFAULT_TIME_ZONE): OrderDay | null {
  const m = /^\s*(\d{1,2})\.(\d{1,2})\.?\s*$/.exec(dayMonth);
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const local = localTime(now, timeZone);
  const year = local.month === 12 && local.day > 20 && day < 10 ? local.year + 1 : local.year;
  return { year, month, day };
}

/**
 * The instant of a venue-local day and clock time (minutes since its midnight) in `timeZone`; two rounds settle the
 * offset across a daylight-saving change.
 */
export function localInstant(d: OrderDay, minutes: number, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const wall = Date.UTC(d.year, d.month - 1, d.day) + minutes * 60_000;
  let at = wall;
  for (let i = 0; i < 2; i++) {
    const lt = localTime(new Date(at), timeZone);
    const offset =
      Date.UTC(lt.year, lt.month - 1, lt.day, lt.hour, lt.minute) - Math.floor(at / 60_000) * 60_000;
    at = wall - offset;
  }
  return new Date(at);
}

/** 'YYYY-MM-DD' of an order day. */
export function formatOrderDay(d: OrderDay): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** Parses 'HH:MM' or 'HH:MM:SS' to minutes since midnight; '24:00' is 1440. Null when malformed. */
export function parseClockTime(value: string | null | undefined): number | null {
  if (value == null) return null;
  const m = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/.exec(value);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}

/** 'HH:MM' of minutes since midnight. */
export function formatClockTime(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * Whether `minutes` lies in the daily window [from, to); a window whose end is before its start wraps past midnight
 * (22:00–02:00); equal ends mean the whole day. A missing end means "from `from` on", a missing start "until `to`";
 * both missing means always.
 */
export function isInDailyWindow(minutes: number, from: number | null, to: number | null): boolean {
  if (from == null && to == null) return true;
  if (from == null) return minutes < (to as number);
  if (to == null) return minutes >= from;
  if (from === to) return true;
  if (from < to) return minutes >= from && minutes < to;
  return minutes >= from || minutes < to;
}
