/**
 * The requested time of a delivery, pickup, room or served-on-spot order (spec §3 orderDate / orderTime, §5): which
 * days and times the order form offers, and the server's check of what arrives. Everything in the venue's time
 * zone; `now` is passed in.
 *
 * Designed (the spec names the fields, not the rule): a requested time must be a real calendar date and clock time,
 * not in the past, at most `ORDER_DAYS_AHEAD` days ahead, and — while the venue refuses orders outside its hours
 * (`disable_overtime_orders`, the default) — within its working hours on that day. Problems with the day answer the
 * spec's `order_date_required`, problems with the time `order_time_required`, both on the time field
 * (`delivery_time` / `pickup_time`).
 */
import {
  DEFAULT_TIME_ZONE,
  localInstant,
  localTime,
  orderDay,
  parseClockTime,
  type OrderDay,
  type Weekday,
} from './dates.ts';
import { isOpenAt, type WorkingHours } from './hours.ts';

/** The order form offers today and the next six days. */
export const ORDER_DAYS_AHEAD = 7;
/** Step between the offered times. */
export const ORDER_SLOT_MINUTES = 15;

export interface OrderTimeRules {
  working_hours: WorkingHours | null;
  /** On (the default): no requested time outside the working hours. */
  disable_overtime_orders: boolean;
  time_zone?: string;
}

/** A requested day and time in the venue's zone. */
export interface RequestedTime {
  day: OrderDay;
  weekday: Weekday;
  /** Minutes since the day's local midnight. */
  minutes: number;
  /** Days after the venue's today (0 = today). */
  daysAhead: number;
}

export type RequestedTimeProblem =
  'invalid_date' | 'invalid_time' | 'past' | 'too_far' | 'closed_day' | 'out_of_hours';

export type RequestedTimeCheck =
  | { ok: true; requested: RequestedTime | null }
  | {
      ok: false;
      code: 'order_date_required' | 'order_time_required';
      problem: RequestedTimeProblem;
    };

const DAY_MS = 86_400_000;
const dayNumber = (d: OrderDay) => Math.floor(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS);

function isRealDate(d: OrderDay): boolean {
  const probe = new Date(Date.UTC(d.year, d.month - 1, d.day));
  return (
    probe.getUTCFullYear() === d.year && probe.getUTCMonth() === d.month - 1 && probe.getUTCDate() === d.day
  );
}

function weekdayOf(d: OrderDay): Weekday {
  const js = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return (js === 0 ? 7 : js) as Weekday;
}

/** The day a day number stands for. */
function dayOf(n: number): OrderDay {
  const date = new Date(n * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** 'DD.MM' of a day: the value the order form sends (spec §5: a day.month string combined with the year). */
export function dayMonthOf(d: OrderDay): string {
  return `${String(d.day).padStart(2, '0')}.${String(d.month).padStart(2, '0')}`;
}

function dayHasHours(hours: WorkingHours | null, weekday: Weekday): boolean {
  if (!hours) return true;
  const previous = (weekday === 1 ? 7 : weekday - 1) as Weekday;
  return hours[weekday].length > 0 || hours[previous].some((r) => r.to > 1440);
}

/**
 * Checks the requested time as the §7 payloads carry it (`delivery_time` / `pickup_time`: 'DD.MM HH:MM', or only
 * 'HH:MM' for today; empty is "as soon as possible").
 */
export function checkRequestedTime(
  value: string | null | undefined,
  rules: OrderTimeRules,
  now: Date,
): RequestedTimeCheck {
  const text = (value ?? '').trim();
  if (text === '') return { ok: true, requested: null };
  const timeZone = rules.time_zone ?? DEFAULT_TIME_ZONE;
  const local = localTime(now, timeZone);
  const today: OrderDay = { year: local.year, month: local.month, day: local.day };
  const dateText = /^(\d{1,2}\.\d{1,2})\.?(?:\s|$)/.exec(text)?.[1] ?? null;
  const rest = (dateText ? text.replace(/^\d{1,2}\.\d{1,2}\.?/, '') : text).trim();
  let day: OrderDay = today;
  if (dateText) {
    const parsed = orderDay(dateText, now, timeZone);
    if (!parsed || !isRealDate(parsed))
      return { ok: false, code: 'order_date_required', problem: 'invalid_date' };
    day = parsed;
  } else if (!/^\d{1,2}:\d{2}(?::\d{2})?$/.test(rest)) {
    return { ok: false, code: 'order_time_required', problem: 'invalid_time' };
  }
  const minutes = parseClockTime(rest);
  if (minutes === null || minutes >= 1440)
    return { ok: false, code: 'order_time_required', problem: 'invalid_time' };
  const daysAhead = dayNumber(day) - dayNumber(today);
  if (daysAhead < 0) return { ok: false, code: 'order_date_required', problem: 'past' };
  if (daysAhead >= ORDER_DAYS_AHEAD) return { ok: false, code: 'order_date_required', problem: 'too_far' };
  if (daysAhead === 0 && minutes < local.minutes)
    return { ok: false, code: 'order_time_required', problem: 'past' };
  const weekday = weekdayOf(day);
  if (rules.disable_overtime_orders && rules.working_hours) {
    if (!dayHasHours(rules.working_hours, weekday)) {
      return { ok: false, code: 'order_date_required', problem: 'closed_day' };
    }
    if (!isOpenAt(rules.working_hours, weekday, minutes)) {
      return { ok: false, code: 'order_time_required', problem: 'out_of_hours' };
    }
  }
  return { ok: true, requested: { day, weekday, minutes, daysAhead } };
}

/** One day the order form offers, with its times. */
export interface OrderDayChoice {
  /** 'DD.MM', the value sent. */
  value: string;
  day: OrderDay;
  weekday: Weekday;
  daysAhead: number;
  /** 'HH:MM' times, every `ORDER_SLOT_MINUTES`, all accepted by `checkRequestedTime`. */
  times: string[];
}

/**
 * The days and times the order form offers: the next `ORDER_DAYS_AHEAD` days that have a time left which
 * `checkRequestedTime` accepts (so closed days and past times are never offered).
 */
export function orderDayChoices(rules: OrderTimeRules, now: Date): OrderDayChoice[] {
  const timeZone = rules.time_zone ?? DEFAULT_TIME_ZONE;
  const local = localTime(now, timeZone);
  const first = dayNumber({ year: local.year, month: local.month, day: local.day });
  const out: OrderDayChoice[] = [];
  for (let i = 0; i < ORDER_DAYS_AHEAD; i++) {
    const day = dayOf(first + i);
    const value = dayMonthOf(day);
    const times: string[] = [];
    // The first step after now (today), else from midnight.
    const start = i === 0 ? Math.ceil((local.minutes + 1) / ORDER_SLOT_MINUTES) * ORDER_SLOT_MINUTES : 0;
    for (let m = start; m < 1440; m += ORDER_SLOT_MINUTES) {
      const hh = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      if (checkRequestedTime(`${value} ${hh}`, rules, now).ok) times.push(hh);
    }
    if (times.length > 0) out.push({ value, day, weekday: weekdayOf(day), daysAhead: i, times });
  }
  return out;
}

/**
 * A future order (issue 24 #3): its requested time is later than now plus the kitchen's preparation time. Returns
 * when the kitchen has to start (ISO instant: the requested time, in the venue's zone, minus the preparation): until
 * then the order waits in the board's and the kitchen's "scheduled" group, marked with its time, and then joins the
 * queue. Null for "as soon as possible" and for a time that is due already (it goes to the queue at once).
 */
export function scheduledStart(
  requested: RequestedTime | null,
  rules: { time_zone?: string; order_preparation_minutes: number },
  now: Date,
): string | null {
  if (!requested) return null;
  const at = localInstant(requested.day, requested.minutes, rules.time_zone ?? DEFAULT_TIME_ZONE);
  const start = at.getTime() - rules.order_preparation_minutes * 60_000;
  return start > now.getTime() ? new Date(start).toISOString() : null;
}

/** Whether an order with this start (`scheduledStart`, the staff contract's `scheduled_start`) still waits at `now`. */
export function isScheduled(start: string | null | undefined, now: number): boolean {
  if (!start) return false;
  const ms = Date.parse(start);
  return !Number.isNaN(ms) && ms > now;
}
