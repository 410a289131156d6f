import { describe, expect, test } from 'vitest';
import {
  checkOrderingWindow,
  closingInfo,
  isValidDayHours,
  isWithinWorkingHours,
  parseDayHours,
  parseTimeRange,
  parseWorkingHours,
  type WorkingHours,
} from './hours.ts';

/** Winter time in Sofia is UTC+2; 2026-03-02 is a Monday, 2026-03-08 a Sunday. */
const sofia = (local: string) => new Date(`${local}:00+02:00`);

describe('hours (spec §5: parsing working_hours)', () => {
  test.each([
    ['08:00-22:00', [{ from: 480, to: 1320 }]],
    ['08:00 - 22:00', [{ from: 480, to: 1320 }]],
    ['-', []],
    ['', []],
    ['  -  ', []],
    [
      '08:00-12:00,14:00-23:00',
      [
        { from: 480, to: 720 },
        { from: 840, to: 1380 },
      ],
    ],
    [
      '08:00-12:00;14:00-23:00',
      [
        { from: 480, to: 720 },
        { from: 840, to: 1380 },
      ],
    ],
    [
      '08:00-12:00 14:00-23:00',
      [
        { from: 480, to: 720 },
        { from: 840, to: 1380 },
      ],
    ],
    [
      '08:00-12:00, 14:00-23:00',
      [
        { from: 480, to: 720 },
        { from: 840, to: 1380 },
      ],
    ],
    ['18:00-02:00', [{ from: 1080, to: 1560 }]],
    ['00:00-24:00', [{ from: 0, to: 1440 }]],
    ['00:00-00:00', [{ from: 0, to: 1440 }]],
    ['10:00-10:00', [{ from: 600, to: 2040 }]],
    ['nonsense', []],
    ['08:00-12:00,xx', [{ from: 480, to: 720 }]],
  ])('§5 parseDayHours(%j)', (text, ranges) => {
    expect(parseDayHours(text)).toEqual(ranges);
  });

  test.each([
    ['08:00-22:00', true],
    ['-', true],
    ['08:00-12:00,14:00-23:00', true],
    ['08:00-12:00;14:00-23:00', true],
    ['08:00-10:00,11:00-12:00,13:00-14:00', false],
    ['', false],
    ['8-22', false],
    ['25:00-26:00', false],
  ])('§5 isValidDayHours(%j) = %s', (text, ok) => {
    expect(isValidDayHours(text)).toBe(ok);
  });

  test.each([
    ['24:00-02:00', null],
    ['12:61-13:00', null],
  ])('parseTimeRange(%s) = %s', (text, expected) => {
    expect(parseTimeRange(text)).toBe(expected);
  });

  test('reads an object keyed 1..7, a JSON string of it, and an array from Monday', () => {
    const obj = parseWorkingHours({ 1: '08:00-22:00', '7': '-', 9: '08:00-09:00' });
    expect(obj[1]).toEqual([{ from: 480, to: 1320 }]);
    expect(obj[7]).toEqual([]);
    expect(obj[2]).toEqual([]);
    const json = parseWorkingHours('{"3":"10:00-11:00"}');
    expect(json[3]).toEqual([{ from: 600, to: 660 }]);
    const arr = parseWorkingHours(['01:00-02:00', '-', '03:00-04:00']);
    expect(arr[1]).toEqual([{ from: 60, to: 120 }]);
    expect(arr[3]).toEqual([{ from: 180, to: 240 }]);
    expect(parseWorkingHours('not json')[1]).toEqual([]);
  });
});

/** Mon–Thu 08:00–22:00; Fri 08:00–12:00 and 14:00–02:00 (past midnight); Sat closed; Sun 18:00–01:00. */
const WEEK: WorkingHours = parseWorkingHours({
  1: '08:00-22:00',
  2: '08:00-22:00',
  3: '08:00-22:00',
  4: '08:00-22:00',
  5: '08:00-12:00,14:00-02:00',
  6: '-',
  7: '18:00-01:00',
});

describe('hours (spec §5: isWithinWorkingHours)', () => {
  test.each([
    ['2026-03-02T07:59', false],
    ['2026-03-02T08:00', true],
    ['2026-03-02T21:59', true],
    ['2026-03-02T22:00', false],
    ['2026-03-06T11:59', true],
    ['2026-03-06T12:00', false],
    ['2026-03-06T13:59', false],
    ['2026-03-06T14:00', true],
    ['2026-03-06T23:30', true],
    ['2026-03-07T01:59', true], // Friday's range past midnight covers Saturday night
    ['2026-03-07T02:00', false],
    ['2026-03-07T12:00', false], // Saturday closed
    ['2026-03-08T18:00', true],
    ['2026-03-09T00:30', true], // Sunday's range passes into Monday (week wrap)
    ['2026-03-09T01:00', false],
    ['2026-03-09T07:00', false],
  ])('§5 at %s open = %s', (local, open) => {
    expect(isWithinWorkingHours(WEEK, sofia(local))).toBe(open);
  });

  test('no schedule means always open', () => {
    expect(isWithinWorkingHours(null, sofia('2026-03-02T03:00'))).toBe(true);
  });

  test('an all-closed week is never open', () => {
    const closed = parseWorkingHours({ 1: '-', 2: '-', 3: '-', 4: '-', 5: '-', 6: '-', 7: '-' });
    expect(isWithinWorkingHours(closed, sofia('2026-03-02T12:00'))).toBe(false);
  });

  test('the venue time zone decides', () => {
    const h = parseWorkingHours({ 1: '08:00-09:00' });
    const t = new Date('2026-03-02T07:30:00Z'); // 09:30 Sofia, 08:30 Zurich
    expect(isWithinWorkingHours(h, t, 'Europe/Sofia')).toBe(false);
    expect(isWithinWorkingHours(h, t, 'Europe/Zurich')).toBe(true);
  });
});

describe('hours (spec §5: the four closing messages)', () => {
  test.each([
    ['2026-03-02T07:00', { kind: 'closed_today_until', time: '08:00' }],
    ['2026-03-06T12:30', { kind: 'closed_today_until', time: '14:00' }],
    ['2026-03-02T22:30', { kind: 'closed_tomorrow_from', time: '08:00' }],
    ['2026-03-07T10:00', { kind: 'closed_tomorrow_from', time: '18:00' }], // Saturday → Sunday 18:00
    ['2026-03-07T03:00', { kind: 'closed_tomorrow_from', time: '18:00' }],
    ['2026-03-02T12:00', null],
  ])('§5 closing message at %s', (local, expected) => {
    expect(closingInfo(WEEK, sofia(local))).toEqual(expected);
  });

  test('§5 closed on a named day from X', () => {
    const h = parseWorkingHours({ 3: '10:00-18:00' }); // only Wednesday
    expect(closingInfo(h, sofia('2026-03-02T12:00'))).toEqual({
      kind: 'closed_on_day_from',
      weekday: 3,
      time: '10:00',
    });
    expect(closingInfo(h, sofia('2026-03-04T19:00'))).toEqual({
      kind: 'closed_on_day_from',
      weekday: 3,
      time: '10:00',
    });
    expect(closingInfo(h, sofia('2026-03-03T19:00'))).toEqual({
      kind: 'closed_tomorrow_from',
      time: '10:00',
    });
  });

  test('§5 closed when nothing opens in the coming week', () => {
    const closed = parseWorkingHours({});
    expect(closingInfo(closed, sofia('2026-03-02T12:00'))).toEqual({ kind: 'closed' });
  });
});

describe('hours (spec §5, §9: ordering disabled outside hours unless disable_overtime_orders is off)', () => {
  test.each([
    [true, true, '2026-03-02T12:00', { ok: true }],
    [true, true, '2026-03-02T23:00', { ok: false, code: 'outside_working_hours' }],
    [true, false, '2026-03-02T23:00', { ok: true }],
    [false, false, '2026-03-02T12:00', { ok: false, code: 'orders_not_allowed' }],
    [false, true, '2026-03-02T12:00', { ok: false, code: 'orders_not_allowed' }],
  ])('orders_allowed=%s disable_overtime_orders=%s at %s', (allowed, overtime, local, expected) => {
    const r = checkOrderingWindow(
      { orders_allowed: allowed, disable_overtime_orders: overtime, working_hours: WEEK },
      sofia(local),
    );
    expect(r).toMatchObject(expected);
  });

  test('the refusal carries its closing message', () => {
    const r = checkOrderingWindow(
      { orders_allowed: true, disable_overtime_orders: true, working_hours: WEEK },
      sofia('2026-03-02T23:00'),
    );
    expect(r).toEqual({
      ok: false,
      code: 'outside_working_hours',
      closing: { kind: 'closed_tomorrow_from', time: '08:00' },
    });
  });
});

describe('hours across daylight-saving changes (venue wall clock)', () => {
  const h = parseWorkingHours({ 7: '02:00-05:00', 1: '08:00-22:00' });
  test.each([
    // 2026-03-29 (Sunday): Sofia jumps from 03:00 EET to 04:00 EEST at 01:00 UTC.
    ['2026-03-29T00:30:00Z', true], // 02:30 local
    ['2026-03-29T01:30:00Z', true], // 04:30 local
    ['2026-03-29T02:00:00Z', false], // 05:00 local
    // 2026-10-25 (Sunday): back from 04:00 EEST to 03:00 EET at 01:00 UTC.
    ['2026-10-25T01:59:00Z', true], // 03:59 local (after the change)
    ['2026-10-25T02:00:00Z', true], // 04:00 local
    ['2026-10-25T03:00:00Z', false], // 05:00 local
  ])('at %s open = %s', (iso, open) => {
    expect(isWithinWorkingHours(h, new Date(iso))).toBe(open);
  });
});
