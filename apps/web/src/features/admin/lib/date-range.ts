/**
 * Date ranges of the reports page: local calendar days as `YYYY-MM-DD` (the server reads `from`/`to` as the
 * venue's local dates, both inclusive) and the presets of the range picker.
 */

export const RANGE_PRESETS = ['today', 'last7', 'last30', 'month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DateRange {
  from: string;
  to: string;
}

/** The local calendar day of `d` as `YYYY-MM-DD` (not the UTC day of `toISOString`). */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
}

/** The range of a preset, ending today: today; the last 7 or 30 days including today; the month so far. */
export function presetRange(preset: RangePreset, now: Date = new Date()): DateRange {
  const to = localDay(now);
  switch (preset) {
    case 'today':
      return { from: to, to };
    case 'last7':
      return { from: localDay(daysBefore(now, 6)), to };
    case 'last30':
      return { from: localDay(daysBefore(now, 29)), to };
    case 'month':
      return { from: localDay(new Date(now.getFullYear(), now.getMonth(), 1)), to };
  }
}

/** The preset whose range is exactly `range` today, if any (shown as pressed). */
export function matchingPreset(range: DateRange, now: Date = new Date()): RangePreset | null {
  return (
    RANGE_PRESETS.find((p) => {
      const r = presetRange(p, now);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}

/** A range the server accepts: both days set and `from` not after `to`. */
export function isValidRange(range: DateRange): boolean {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return day.test(range.from) && day.test(range.to) && range.from <= range.to;
}
