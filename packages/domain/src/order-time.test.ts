import { describe, expect, test } from 'vitest';
import { parseWorkingHours } from './hours.ts';
import { checkRequestedTime, isScheduled, orderDayChoices, scheduledStart } from './order-time.ts';

// The demo bistro: open 08:00–23:00, closed on Mondays; Sofia is UTC+2 in March.
const rules = {
  working_hours: parseWorkingHours({
    1: '-',
    2: '08:00-23:00',
    3: '08:00-23:00',
    4: '08:00-23:00',
    5: '08:00-23:00',
    6: '08:00-23:00',
    7: '08:00-23:00',
  }),
  disable_overtime_orders: true,
  time_zone: 'Europe/Sofia',
};
const TUESDAY_NOON = new Date('2026-03-03T10:00:00.000Z');

describe('requested order time (spec §5, issue 23 #9, issue 24 #3)', () => {
  test.each([
    ['', true, null, null],
    ['14:30', true, null, null],
    ['04.03 09:00', true, null, null],
    ['08.03 22:45', true, null, null],
    ['09.03 12:00', false, 'closed_day', 'order_date_required'],
    ['04.03 03:00', false, 'out_of_hours', 'order_time_required'],
    ['04.03 23:00', false, 'out_of_hours', 'order_time_required'],
    ['03:00', false, 'past', 'order_time_required'],
    ['03.03 11:59', false, 'past', 'order_time_required'],
    ['02.03 12:00', false, 'past', 'order_date_required'],
    ['31.02 12:00', false, 'invalid_date', 'order_date_required'],
    ['31.04 12:00', false, 'invalid_date', 'order_date_required'],
    ['04.03 99:99', false, 'invalid_time', 'order_time_required'],
    ['04.03 24:00', false, 'invalid_time', 'order_time_required'],
    ['soon', false, 'invalid_time', 'order_time_required'],
    ['10.03 12:00', false, 'too_far', 'order_date_required'],
  ])('%s → ok %s (%s)', (value, ok, problem, code) => {
    const r = checkRequestedTime(value, rules, TUESDAY_NOON);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect([r.problem, r.code]).toEqual([problem, code]);
  });

  test('out of hours is accepted when the venue takes orders outside its hours', () => {
    expect(
      checkRequestedTime('03.03 03:00', { ...rules, disable_overtime_orders: false }, TUESDAY_NOON).ok,
    ).toBe(false); // past all the same
    expect(
      checkRequestedTime('04.03 03:00', { ...rules, disable_overtime_orders: false }, TUESDAY_NOON).ok,
    ).toBe(true);
    expect(checkRequestedTime('09.03 12:00', { ...rules, working_hours: null }, TUESDAY_NOON).ok).toBe(true);
  });

  test('the form offers open days only, today from the next slot, every time accepted', () => {
    const days = orderDayChoices(rules, TUESDAY_NOON);
    expect(days.map((d) => d.value)).toEqual(['03.03', '04.03', '05.03', '06.03', '07.03', '08.03']);
    expect(days[0]!.times[0]).toBe('12:15');
    expect(days[0]!.times.at(-1)).toBe('22:45');
    expect(days[1]!.times[0]).toBe('08:00');
    for (const d of days)
      for (const t of d.times)
        expect(checkRequestedTime(`${d.value} ${t}`, rules, TUESDAY_NOON).ok).toBe(true);
    // Monday noon (closed): today is not offered.
    expect(orderDayChoices(rules, new Date('2026-03-02T10:00:00.000Z'))[0]!.value).toBe('03.03');
  });

  test('a range past midnight offers the next morning', () => {
    const late = { ...rules, working_hours: parseWorkingHours({ 2: '18:00-02:00' }) };
    const r = checkRequestedTime('04.03 01:30', late, TUESDAY_NOON);
    expect(r.ok).toBe(true);
    expect(checkRequestedTime('04.03 02:30', late, TUESDAY_NOON).ok).toBe(false);
  });
});

describe('future orders (issue 24 #3): scheduled until their time minus the preparation', () => {
  const requested = (value: string, now = TUESDAY_NOON) => {
    const r = checkRequestedTime(value, rules, now);
    if (!r.ok) throw new Error(value);
    return r.requested;
  };
  const prep = { ...rules, order_preparation_minutes: 20 };

  test('tomorrow 09:00 in Sofia (UTC+2) starts at 08:40 local = 06:40 UTC', () => {
    expect(scheduledStart(requested('04.03 09:00'), prep, TUESDAY_NOON)).toBe('2026-03-04T06:40:00.000Z');
  });

  test('as soon as possible, and a time due within the preparation, are not future orders', () => {
    expect(scheduledStart(requested(''), prep, TUESDAY_NOON)).toBeNull();
    expect(scheduledStart(requested('12:15'), prep, TUESDAY_NOON)).toBeNull();
    expect(scheduledStart(requested('12:20'), prep, TUESDAY_NOON)).toBeNull();
    expect(scheduledStart(requested('12:21'), prep, TUESDAY_NOON)).toBe('2026-03-03T10:01:00.000Z');
  });

  test('the venue zone counts across daylight saving (Sofia: UTC+3 from 29.03)', () => {
    const now = new Date('2026-03-28T10:00:00.000Z'); // Saturday 12:00, UTC+2
    expect(scheduledStart(requested('29.03 12:00', now), prep, now)).toBe('2026-03-29T08:40:00.000Z');
  });

  test('isScheduled: waits until the start, then is in the queue', () => {
    const start = '2026-03-04T06:40:00.000Z';
    expect(isScheduled(start, Date.parse('2026-03-04T06:39:59.000Z'))).toBe(true);
    expect(isScheduled(start, Date.parse(start))).toBe(false);
    expect(isScheduled(null, 0)).toBe(false);
    expect(isScheduled('garbage', 0)).toBe(false);
  });
});
