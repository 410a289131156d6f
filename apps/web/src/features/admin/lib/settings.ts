/**
 * The settings form's rules, apart from React: a row of GET admin/settings becomes the domain's setting definition,
 * so a value is checked here exactly as the server will check it (`checkSettingValue`); working hours are edited
 * as seven days of up to two ranges and stored in the catalogue's canonical text.
 */
import {
  checkSettingValue,
  normalizeWorkingHours,
  type SettingDefinition,
} from '@trapeza/domain/settings-catalogue';
import type { AdminSettingRow } from '../api/settings.ts';

function definitionOf(row: AdminSettingRow): SettingDefinition {
  return {
    key: row.key,
    group: row.group,
    type: row.type,
    default: row.default,
    description: row.description,
    options: row.options,
    min: row.min,
    max: row.max,
    translatable: row.translatable,
    designed: row.designed,
  };
}

/** key → problem of each changed value (empty when the change can be sent). null = back to the default. */
export function validateSettings(
  rows: readonly AdminSettingRow[],
  changes: Record<string, string | null>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const row of rows) {
    if (!(row.key in changes)) continue;
    const value = changes[row.key];
    if (value === null || value === undefined) continue;
    const check = checkSettingValue(definitionOf(row), value);
    if (!check.ok) problems[row.key] = check.message;
  }
  return problems;
}

interface DayHours {
  closed: boolean;
  /** up to two [from, to] ranges, 'HH:MM' */
  ranges: [string, string][];
}
export type WeekHours = Record<1 | 2 | 3 | 4 | 5 | 6 | 7, DayHours>;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The stored text ('' = no schedule, always open) as seven editable days. */
export function parseWeekHours(stored: string): WeekHours {
  let days: Record<string, string>;
  try {
    days = stored.trim() === '' ? {} : (JSON.parse(stored) as Record<string, string>);
  } catch {
    days = {};
  }
  const configured = Object.keys(days).length > 0;
  const out = {} as WeekHours;
  for (const d of WEEKDAYS) {
    const text = (days[String(d)] ?? (configured ? '-' : '')).trim();
    if (text === '-' || (configured && text === '')) out[d] = { closed: true, ranges: [] };
    else if (text === '') out[d] = { closed: false, ranges: [] };
    else
      out[d] = {
        closed: false,
        ranges: text
          .split(/[,;\s]+/)
          .filter(Boolean)
          .slice(0, 2)
          .map((r) => {
            const [from = '', to = ''] = r.split('-');
            return [from, to] as [string, string];
          }),
      };
  }
  return out;
}

/** Seven days back to the stored text; a problem message when a day is not "closed" or 1–2 full ranges. */
export function formatWeekHours(
  week: WeekHours,
): { ok: true; value: string } | { ok: false; message: string } {
  const everyOpenEmpty = WEEKDAYS.every((d) => !week[d].closed && week[d].ranges.length === 0);
  if (everyOpenEmpty) return { ok: true, value: '' };
  const obj: Record<string, string> = {};
  for (const d of WEEKDAYS) {
    const day = week[d];
    const ranges = day.ranges.filter(([a, b]) => a !== '' || b !== '');
    obj[String(d)] = day.closed || ranges.length === 0 ? '-' : ranges.map(([a, b]) => `${a}-${b}`).join(',');
  }
  const check = normalizeWorkingHours(obj);
  return check.ok ? { ok: true, value: check.value } : { ok: false, message: check.message };
}
