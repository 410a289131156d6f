import { describe, expect, test } from 'vitest';
import {
  exactTimeFlag,
  formatClockTime,
  formatOrderDay,
  isInDailyWindow,
  localTime,
  nextWeekday,
  orderDay,
  parseClockTime,
  weekdayFromJsDay,
} from './dates.ts';

/** Winter time in Sofia is UTC+2; 2026-03-02 is a Monday. */
const sofia = (local: string) => new Date(`${local}:00+02:00`);

describe('dates (spec §9: days 1 = Monday … 7 = Sunday)', () => {
  test.each([
    ['2026-03-02T10:00', 1],
    ['2026-03-03T10:00', 2],
    ['2026-03-04T10:00', 3],
    ['2026-03-05T10:00', 4],
    ['2026-03-06T10:00', 5],
    ['2026-03-07T10:00', 6],
    ['2026-03-08T10:00', 7],
    ['2026-03-08T23:59', 7],
    ['2026-03-09T00:00', 1],
  ])('§9 weekday of %s is %d', (local, weekday) => {
    expect(localTime(sofia(local)).weekday).toBe(weekday);
  });

  test('local time is read in the venue zone, not UTC', () => {
    const t = new Date('2026-03-01T23:30:00Z'); // 01:30 Monday in Sofia, 23:30 Sunday in UTC
    expect(localTime(t, 'Europe/Sofia')).toMatchObject({ weekday: 1, hour: 1, minute: 30, day: 2, month: 3 });
    expect(localTime(t, 'UTC')).toMatchObject({ weekday: 7, hour: 23, minute: 30, day: 1 });
    expect(localTime(t, 'Europe/Zurich')).toMatchObject({ weekday: 1, hour: 0, minute: 30 });
  });

  test('summer time is applied (UTC+3 in Sofia in July)', () => {
    expect(localTime(new Date('2026-07-01T09:00:00Z')).hour).toBe(12);
  });

  test.each([
    [0, 7],
    [1, 1],
    [6, 6],
  ])('weekdayFromJsDay(%d) = %d', (js, w) => {
    expect(weekdayFromJsDay(js)).toBe(w);
  });

  test.each([
    [1, 1, 2],
    [7, 1, 1],
    [6, 3, 2],
    [3, 7, 3],
    [1, -1, 7],
  ] as const)('nextWeekday(%d, %d) = %d', (d, by, expected) => {
    expect(nextWeekday(d, by)).toBe(expected);
  });
});

describe('dates (spec §5: exact-time flag)', () => {
  test.each([
    ['12:30', 1],
    ['9:05', 1],
    ['asap', 0],
    ['', 0],
    ['Възможно най-скоро', 0],
    [null, 0],
    [undefined, 0],
    ['1230', 0],
  ])('§5 exactTimeFlag(%s) = %d', (t, flag) => {
    expect(exactTimeFlag(t)).toBe(flag);
  });
});

describe('dates (spec §4, §5: order day from day.month plus year)', () => {
  test.each([
    ['05.03', '2026-03-10T10:00', '2026-03-05'],
    ['25.12', '2026-12-21T10:00', '2026-12-25'],
    ['02.01', '2026-12-21T10:00', '2027-01-02'],
    ['09.01', '2026-12-31T10:00', '2027-01-09'],
    ['10.01', '2026-12-31T10:00', '2026-01-10'], // target day 10 is not under 10: no roll (spec rule as written)
    ['02.01', '2026-12-20T10:00', '2026-01-02'], // the 20th is not after the 20th
    ['02.01', '2026-11-25T10:00', '2026-01-02'], // only December rolls
    ['1.1', '2026-12-28T10:00', '2027-01-01'],
    ['15.6.', '2026-03-02T10:00', '2026-06-15'],
  ])('§4 orderDay(%s) at %s = %s', (input, now, expected) => {
    const d = orderDay(input, sofia(now));
    expect(d && formatOrderDay(d)).toBe(expected);
  });

  test('the December rule reads the venue-local date', () => {
    // 2026-12-20T23:30Z is already the 21st in Sofia.
    expect(orderDay('03.01', new Date('2026-12-20T23:30:00Z'))?.year).toBe(2027);
    expect(orderDay('03.01', new Date('2026-12-20T23:30:00Z'), 'UTC')?.year).toBe(2026);
  });

  test.each(['', '32.01', '10.13', '0.5', 'abc', '12-05', '5'])('orderDay(%s) is null', (input) => {
    expect(orderDay(input, sofia('2026-03-02T10:00'))).toBeNull();
  });
});

describe('dates: clock times and daily windows', () => {
  test.each([
    ['00:00', 0],
    ['08:30', 510],
    ['8:30', 510],
    ['23:59', 1439],
    ['24:00', 1440],
    ['12:00:00', 720],
    ['24:01', null],
    ['12:60', null],
    ['noon', null],
    [null, null],
  ])('parseClockTime(%s) = %s', (v, m) => {
    expect(parseClockTime(v)).toBe(m);
  });

  test.each([
    [0, '00:00'],
    [510, '08:30'],
    [1440, '00:00'],
    [1500, '01:00'],
  ])('formatClockTime(%d) = %s', (m, s) => {
    expect(formatClockTime(m)).toBe(s);
  });

  test.each([
    [600, 540, 1020, true],
    [540, 540, 1020, true],
    [1020, 540, 1020, false],
    [539, 540, 1020, false],
    [1380, 1320, 120, true], // 23:00 in 22:00–02:00
    [60, 1320, 120, true], // 01:00 in 22:00–02:00
    [120, 1320, 120, false],
    [720, 1320, 120, false],
    [720, 600, 600, true], // equal ends: all day
    [720, null, null, true],
    [720, 800, null, false],
    [900, 800, null, true],
    [700, null, 800, true],
    [800, null, 800, false],
  ] as const)('isInDailyWindow(%d, %s, %s) = %s', (m, from, to, expected) => {
    expect(isInDailyWindow(m, from, to)).toBe(expected);
  });
});
