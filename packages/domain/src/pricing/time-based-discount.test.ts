import { describe, expect, test } from 'vitest';
import {
  activeTimeBasedPercent,
  hourInWindow,
  isTimeBasedDiscountActive,
  parseDays,
} from './time-based-discount.ts';
import { sofia } from '../test-fixtures.ts';

const base = { time_based_discount_enabled: true, time_based_discount_percent: 20 };

describe('time-based discount (spec §4: weekday in days, hour in start..end, may wrap midnight)', () => {
  test.each([
    // days, start, end, local time (2026-03-02 Monday), active
    [[1], 10, 14, '2026-03-02T10:00', true],
    [[1], 10, 14, '2026-03-02T13:59', true],
    [[1], 10, 14, '2026-03-02T14:00', false], // 10..14 is 10:00–14:00: over at 14:00 (issue 24)
    [[1], 10, 14, '2026-03-02T14:59', false],
    [[2], 17, 19, '2026-03-03T18:59', true], // the demo's happy hour 17:00–19:00
    [[2], 17, 19, '2026-03-03T19:00', false],
    [[2], 17, 19, '2026-03-03T19:30', false],
    [[2], 17, 19, '2026-03-03T16:59', false],
    [[1], 10, 14, '2026-03-02T09:59', false],
    [[2], 10, 14, '2026-03-02T12:00', false], // Monday not listed
    [[1, 2, 3], 10, 14, '2026-03-04T12:00', true],
    [[7], 0, 23, '2026-03-08T23:59', true],
    [[7], 0, 23, '2026-03-09T00:00', false], // Monday
    [[5], 22, 2, '2026-03-06T22:00', true],
    [[5], 22, 2, '2026-03-06T23:30', true],
    [[5], 22, 2, '2026-03-06T01:59', true], // Friday early hours
    [[5], 22, 2, '2026-03-06T02:00', false],
    [[5], 22, 2, '2026-03-06T02:30', false],
    [[5], 22, 2, '2026-03-06T12:00', false],
    [[5], 22, 2, '2026-03-07T01:00', false], // Saturday not listed
    [[5, 6], 22, 2, '2026-03-07T01:00', true],
    [[], 10, 14, '2026-03-05T12:00', true], // empty days: every day (designed)
    [[3], null, null, '2026-03-04T00:00', true], // default 0..23
    [[3], null, null, '2026-03-04T23:59', true],
    [[3], 18, null, '2026-03-04T23:00', true],
    [[3], 18, null, '2026-03-04T17:00', false],
    [[4], 12, 12, '2026-03-05T12:45', true],
    [[4], 12, 12, '2026-03-05T13:00', false],
  ])('§4 days %j hours %s..%s at %s → %s', (days, start, end, local, active) => {
    const fields = {
      ...base,
      time_based_discount_days: days,
      time_based_discount_start_hour: start,
      time_based_discount_end_hour: end,
    };
    expect(isTimeBasedDiscountActive(fields, sofia(local))).toBe(active);
  });

  test.each([
    [{ ...base, time_based_discount_enabled: false }, false],
    [{ ...base, time_based_discount_enabled: 0 }, false],
    [{ ...base, time_based_discount_enabled: '1' }, true],
    [{ ...base, time_based_discount_enabled: 1 }, true],
    [{ ...base, time_based_discount_enabled: 'true' }, true],
    [{ ...base, time_based_discount_enabled: 'false' }, false],
    [{ ...base, time_based_discount_enabled: '0' }, false],
    [{ ...base, time_based_discount_percent: 0 }, false],
    [{ ...base, time_based_discount_percent: null }, false],
    [{ time_based_discount_percent: 20 }, false],
  ])('enabled flag and percent: %j → %s', (fields, active) => {
    expect(isTimeBasedDiscountActive(fields, sofia('2026-03-02T12:00'))).toBe(active);
  });

  test.each([
    ['1,2,3', [1, 2, 3]],
    ['[5, 6]', [5, 6]],
    ['7,7,0,8', [7]],
    [
      [3, 1],
      [1, 3],
    ],
    [null, []],
    ['', []],
    ['10,2', [2]], // 10 is no weekday (not 1 and 0)
    ['[12, 3]', [3]],
  ] as const)('parseDays(%j) = %j', (days, expected) => {
    expect(parseDays(days)).toEqual(expected);
  });

  test.each([
    [0, 0, 23, true],
    [23, 0, 23, true],
    [23, 22, 2, true],
    [0, 22, 2, true],
    [1, 22, 2, true],
    [2, 22, 2, false],
    [3, 22, 2, false],
    [18, 17, 19, true],
    [19, 17, 19, false],
    [5, 5, 5, true],
    [21, 22, 2, false],
  ])('hourInWindow(%d, %d, %d) = %s', (h, s, e, expected) => {
    expect(hourInWindow(h, s, e)).toBe(expected);
  });

  test.each([
    // stored start, end → the window they mean; hours out of 0..23, fractions and blanks fall back to the defaults
    ['', '', '2026-03-04T00:30', true],
    ['', '', '2026-03-04T23:30', true],
    [18, '', '2026-03-04T23:30', true], // a blank end is the end of the day, not midnight
    [18, '', '2026-03-04T17:30', false],
    ['', 6, '2026-03-04T05:30', true],
    ['', 6, '2026-03-04T06:30', false],
    [25, 6, '2026-03-04T00:30', true], // start 25 → 0
    [-1, 6, '2026-03-04T00:30', true],
    [25, 6, '2026-03-04T23:30', false],
    [18, 24, '2026-03-04T23:30', true], // end 24 → 23, the end of the day
    [18, 30, '2026-03-04T17:30', false],
    ['18.5', 23, '2026-03-04T12:30', true], // not an hour → 0
    [18, '20.5', '2026-03-04T22:30', true], // not an hour → 23
    [18, 23, '2026-03-04T23:30', true],
    [0, 23, '2026-03-04T23:30', true],
    // 0 and 23 are hours like the others: 0..0 is the hour after midnight, 23..23 the last hour.
    [0, 0, '2026-03-04T00:30', true],
    [0, 0, '2026-03-04T12:30', false],
    [23, 23, '2026-03-04T23:30', true],
    [23, 23, '2026-03-04T12:30', false],
  ])('stored hours %j..%j at %s → %s', (start, end, local, active) => {
    const fields = {
      ...base,
      time_based_discount_days: [3],
      time_based_discount_start_hour: start,
      time_based_discount_end_hour: end,
    };
    expect(isTimeBasedDiscountActive(fields, sofia(local))).toBe(active);
  });

  test('active percent is capped at 100 and null when inactive', () => {
    expect(
      activeTimeBasedPercent({ ...base, time_based_discount_percent: 150 }, sofia('2026-03-02T12:00')),
    ).toBe(100);
    expect(
      activeTimeBasedPercent({ ...base, time_based_discount_days: [2] }, sofia('2026-03-02T12:00')),
    ).toBeNull();
  });
});
