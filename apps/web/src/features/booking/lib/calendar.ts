/** Month arithmetic of the booking calendar on the venue's 'YYYY-MM-DD' dates (the domain's date helpers). */
import { addDays, epochDay, weekdayOfDate } from '@trapeza/domain/booking';

/** 'YYYY-MM' of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function firstOfMonth(month: string): string {
  return `${month}-01`;
}

export function lastOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return addDays(firstOfMonth(next), -1);
}

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The same day of the month `n` months on, clamped to the month's last day (PageDown on 31 January → 28/29 Feb). */
export function addMonthsToDate(date: string, n: number): string {
  const month = addMonths(monthOf(date), n);
  const last = lastOfMonth(month);
  const day = `${month}-${date.slice(8, 10)}`;
  return epochDay(day) === null || day > last ? last : day;
}

/** Weeks (Monday first) of a month; null pads the days of the neighbouring months. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = firstOfMonth(month);
  const last = lastOfMonth(month);
  const cells: (string | null)[] = Array.from({ length: weekdayOfDate(first) - 1 }, () => null);
  for (let d = first; d <= last; d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** A date for Intl formatting (noon UTC, so no time zone moves it to another day). */
export function dateForFormat(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

export function clampDate(date: string, min: string, max: string): string {
  return date < min ? min : date > max ? max : date;
}
