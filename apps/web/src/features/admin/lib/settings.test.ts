import { describe, expect, it } from 'vitest';
import type { AdminSettingRow } from '../api/settings.ts';
import { formatWeekHours, parseWeekHours, validateSettings } from './settings.ts';

const row = (
  key: string,
  type: AdminSettingRow['type'],
  extra: Partial<AdminSettingRow> = {},
): AdminSettingRow => ({
  key,
  group: 'general',
  type,
  description: key,
  default: '',
  value: null,
  effective: '',
  translatable: false,
  translations: null,
  designed: false,
  ...extra,
});

const rows = [
  row('primary_color', 'color'),
  row('order_expire_time_hours', 'integer', { min: 1, max: 720 }),
  row('minimal_order_price', 'money'),
  row('theme', 'enum', {
    options: [
      { value: '1', label: '1' },
      { value: '3', label: '3' },
    ],
  }),
  row('facebook', 'url'),
  row('working_hours', 'working_hours'),
];

describe('settings form validation (the domain rules, before sending)', () => {
  it('accepts good values and null (back to the default)', () => {
    expect(
      validateSettings(rows, {
        primary_color: '#aa3300',
        order_expire_time_hours: '5',
        minimal_order_price: '12,50',
        theme: '3',
        facebook: 'https://facebook.com/x',
        working_hours: null,
      }),
    ).toEqual({});
  });
  it('names each bad value', () => {
    const problems = validateSettings(rows, {
      primary_color: 'red',
      order_expire_time_hours: '0',
      minimal_order_price: '1.234',
      theme: '9',
      facebook: 'javascript:alert(1)',
      working_hours: '{"1":"25:00-26:00"}',
    });
    expect(Object.keys(problems).sort()).toEqual([
      'facebook',
      'minimal_order_price',
      'order_expire_time_hours',
      'primary_color',
      'theme',
      'working_hours',
    ]);
    expect(problems.order_expire_time_hours).toMatch(/at least 1/);
  });
  it('ignores keys that were not changed', () => {
    expect(validateSettings(rows, {})).toEqual({});
  });
});

describe('working hours per weekday, two ranges', () => {
  it('round-trips the stored text', () => {
    const stored =
      '{"1":"08:00-12:00,13:00-22:00","2":"-","3":"09:00-17:00","4":"-","5":"-","6":"-","7":"-"}';
    const week = parseWeekHours(stored);
    expect(week[1]).toEqual({
      closed: false,
      ranges: [
        ['08:00', '12:00'],
        ['13:00', '22:00'],
      ],
    });
    expect(week[2].closed).toBe(true);
    expect(formatWeekHours(week)).toEqual({ ok: true, value: stored });
  });
  it('an empty schedule stays empty (always open)', () => {
    expect(formatWeekHours(parseWeekHours(''))).toEqual({ ok: true, value: '' });
  });
  it('flags an unfinished range', () => {
    const week = parseWeekHours('');
    week[1] = { closed: false, ranges: [['08:00', '']] };
    expect(formatWeekHours(week).ok).toBe(false);
  });
});
