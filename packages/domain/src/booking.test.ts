import { describe, expect, test } from 'vitest';
import {
  BOOKING_ERROR_MESSAGES,
  BOOKING_INVALID_DATA_MESSAGE,
  addDays,
  allowedPeople,
  bookableSlotStarts,
  bookingDuration,
  busyDates,
  canTransitionBooking,
  checkSlot,
  datesOfStay,
  epochDay,
  freeHallsAt,
  freeHoursForDate,
  freeTablesFor,
  holdsTable,
  isGuestCancellable,
  parseBookingSettings,
  slotStartsForDate,
  stayOf,
  staysOverlap,
  validateBookingForm,
  weekdayOfDate,
  type AvailabilityInput,
  type BookableTable,
  type BookingSettings,
  type HeldStay,
} from './booking.ts';
import { parseWorkingHours } from './hours.ts';
import { compilePhonePattern } from './phone-pattern.ts';

/** Winter time in Sofia is UTC+2; 2026-03-02 is a Monday, 2026-03-03 a Tuesday, 2026-03-08 a Sunday. */
const sofia = (local: string) => new Date(`${local}:00+02:00`);

/** Like the demo bistro: Monday closed, Tuesday–Sunday 08:00–23:00. */
const BISTRO_HOURS = parseWorkingHours({
  1: '-',
  2: '08:00-23:00',
  3: '08:00-23:00',
  4: '08:00-23:00',
  5: '08:00-23:00',
  6: '08:00-23:00',
  7: '08:00-23:00',
});

const settings = (over: Partial<BookingSettings> = {}): BookingSettings => ({
  ...parseBookingSettings({}),
  workingHours: BISTRO_HOURS,
  ...over,
});

/** Main hall (1): tables 1 (2 seats), 2 (4), 4 (6); terrace (2): table 9 (4). */
const TABLES: BookableTable[] = [
  { id: 1, hallId: 1, seats: 2 },
  { id: 2, hallId: 1, seats: 4 },
  { id: 4, hallId: 1, seats: 6 },
  { id: 9, hallId: 2, seats: 4 },
];
const HALLS = [
  { id: 1, name: 'Основна зала' },
  { id: 2, name: 'Тераса' },
];

const input = (over: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  settings: settings(),
  tables: TABLES,
  halls: HALLS,
  held: [],
  now: sofia('2026-03-01T10:00'),
  duration: 120,
  people: 2,
  ...over,
});

const at = (date: string, time: string, duration = 120) => stayOf(date, time, duration)!;
const held = (tableId: number, date: string, time: string, duration = 120): HeldStay => ({
  tableId,
  ...at(date, time, duration),
});

describe('booking dates (spec §3 reservations: dates)', () => {
  test.each([
    ['2026-03-02', 1],
    ['2026-03-03', 2],
    ['2026-03-08', 7],
    ['1970-01-01', 4],
    ['2024-02-29', 4],
  ])('weekday of %s is %i', (date, weekday) => expect(weekdayOfDate(date)).toBe(weekday));

  test.each(['2026-02-30', '2026-13-01', '2026-3-1', 'tomorrow', '', '2025-02-29'])(
    '%j is not a date',
    (date) => expect(epochDay(date)).toBeNull(),
  );

  test('addDays crosses months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  test('a stay passing midnight touches two dates (the lock keys), overlapping the next day', () => {
    const late = at('2026-03-03', '22:30', 120);
    expect(datesOfStay(late)).toEqual(['2026-03-03', '2026-03-04']);
    expect(datesOfStay(at('2026-03-03', '20:00', 120))).toEqual(['2026-03-03']);
    expect(staysOverlap(late, at('2026-03-04', '00:00', 60))).toBe(true);
    expect(staysOverlap(late, at('2026-03-04', '00:30', 60))).toBe(false);
  });

  test.each([['24:00'], ['7:00'], ['07:60'], ['x']])('time %j is not a slot time', (time) =>
    expect(stayOf('2026-03-03', time, 60)).toBeNull(),
  );
});

describe('slots (spec §9 booking_interval, working hours §5)', () => {
  test.each([
    ['Tuesday, interval 15, 120 min: 08:00 … 21:00 (ends by 23:00)', '2026-03-03', 15, 120, 53, 480, 1260],
    ['interval 30', '2026-03-03', 30, 120, 27, 480, 1260],
    ['duration 180: last start 20:00', '2026-03-03', 15, 180, 49, 480, 1200],
    [
      'interval 45 keeps the step from the opening: 08:00, 08:45, … 20:45',
      '2026-03-03',
      45,
      120,
      18,
      480,
      1245,
    ],
  ])('%s', (_name, date, interval, duration, count, first, last) => {
    const starts = slotStartsForDate(BISTRO_HOURS, date, interval, duration);
    expect(starts).toHaveLength(count);
    expect(starts[0]).toBe(first);
    expect(starts.at(-1)).toBe(last);
  });

  test('Monday closed: no slots (spec §5 "-")', () => {
    expect(slotStartsForDate(BISTRO_HOURS, '2026-03-02', 15, 120)).toEqual([]);
  });

  test('two ranges of a day: each range on its own', () => {
    const hours = parseWorkingHours({ 2: '12:00-15:00,18:00-22:00' });
    expect(slotStartsForDate(hours, '2026-03-03', 60, 60)).toEqual([720, 780, 840, 1080, 1140, 1200, 1260]);
  });

  test('a range passing midnight offers its after-midnight starts on the next date', () => {
    const hours = parseWorkingHours({ 5: '18:00-02:00' });
    // Friday 2026-03-06: 18:00 … 23:00; Saturday 2026-03-07 00:00 and 01:00 (end by 02:00).
    expect(slotStartsForDate(hours, '2026-03-06', 60, 60)).toEqual([1080, 1140, 1200, 1260, 1320, 1380]);
    expect(slotStartsForDate(hours, '2026-03-07', 60, 60)).toEqual([0, 60]);
  });

  test('no schedule: always open, the stay still ends by midnight', () => {
    const starts = slotStartsForDate(null, '2026-03-02', 15, 120);
    expect(starts[0]).toBe(0);
    expect(starts.at(-1)).toBe(1320);
  });

  test.each([
    ['earlier today: none left before now (12:05 → first 12:15)', '2026-03-03T12:05', {}, '2026-03-03', 735],
    ['with 60 minutes notice: first 13:15', '2026-03-03T12:05', { minNoticeMinutes: 60 }, '2026-03-03', 795],
    ['tomorrow: from opening', '2026-03-03T22:00', {}, '2026-03-04', 480],
  ])('bookable starts, %s', (_n, now, over, date, first) => {
    expect(bookableSlotStarts(settings(over), date, 120, sofia(now))[0]).toBe(first);
  });

  test.each([
    ['yesterday', '2026-03-02'],
    ['beyond booking_days_ahead (60)', '2026-05-03'],
  ])('nothing is bookable %s', (_n, date) => {
    expect(bookableSlotStarts(settings(), date, 120, sofia('2026-03-03T10:00'))).toEqual([]);
  });

  test('the last day within booking_days_ahead is bookable', () => {
    expect(bookableSlotStarts(settings(), '2026-05-02', 120, sofia('2026-03-03T10:00')).length).toBe(53);
  });
});

describe('duration (booking-type product variant booking_duration, spec §3)', () => {
  test.each([
    ['the variant duration', { booking_duration: 90 }, 90],
    ['the place default without a variant', null, 120],
    ['the place default when the variant has none', { booking_duration: null }, 120],
    ['the place default for a zero duration', { booking_duration: 0 }, 120],
  ])('%s', (_n, variant, expected) => expect(bookingDuration(settings(), variant)).toBe(expected));
});

describe('people (spec §3 allowed people)', () => {
  test.each([
    ['capped by the largest table', {}, TABLES, { min: 1, max: 6 }],
    ['booking_max_people below the largest table', { maxPeople: 4 }, TABLES, { min: 1, max: 4 }],
    ['booking_min_people', { minPeople: 2 }, TABLES, { min: 2, max: 6 }],
    ['no tables: nothing bookable', {}, [], { min: 1, max: 0 }],
  ])('%s', (_n, over, tables, expected) => expect(allowedPeople(settings(over), tables)).toEqual(expected));

  test.each([
    [0, 0],
    [7, 0],
    [2, 53],
    [6, 53],
  ])('%i people on an open Tuesday: %i free hours', (people, count) => {
    expect(freeHoursForDate(input({ people }), '2026-03-03')).toHaveLength(count);
  });
});

describe('capacity: single tables, seats ≥ people, no overlapping held booking', () => {
  test('best fit: the smallest fitting table, then the lowest id', () => {
    const free = freeTablesFor(TABLES, [], at('2026-03-03', '19:00'), 3);
    expect(free.map((t) => t.id)).toEqual([2, 9, 4]);
  });

  test.each([
    ['an overlapping stay blocks the table', held(4, '2026-03-03', '18:00'), false],
    ['a stay ending exactly at the start does not', held(4, '2026-03-03', '17:00'), true],
    ['a stay starting exactly at the end does not', held(4, '2026-03-03', '21:00'), true],
    ['another table does not', held(2, '2026-03-03', '19:00'), true],
  ])('%s', (_n, h, free) => {
    const tables = freeTablesFor(TABLES, [h], at('2026-03-03', '19:00'), 6);
    expect(tables.length > 0).toBe(free);
  });

  test('free hours list the halls with a free table, and respect a hall filter', () => {
    const all = freeHoursForDate(input({ people: 4 }), '2026-03-03');
    expect(all[0]).toEqual({ time: '08:00', halls: HALLS });
    const terrace = freeHoursForDate(
      input({ people: 4, hallId: 2, held: [held(9, '2026-03-03', '19:00')] }),
      '2026-03-03',
    );
    expect(terrace.map((h) => h.time)).not.toContain('19:00');
    expect(terrace.map((h) => h.time)).not.toContain('17:15');
    expect(terrace.map((h) => h.time)).toContain('17:00');
    expect(terrace.map((h) => h.time)).toContain('21:00');
    expect(terrace.every((h) => h.halls.every((x) => x.id === 2))).toBe(true);
  });

  test('free halls at a time drop a hall whose tables are held', () => {
    const h = [held(2, '2026-03-03', '19:00'), held(4, '2026-03-03', '19:00')];
    expect(freeHallsAt(input({ people: 4, held: h }), '2026-03-03', '19:30')).toEqual([HALLS[1]]);
    expect(freeHallsAt(input({ people: 4, held: h }), '2026-03-03', '19:07')).toEqual([]);
  });

  test.each([
    ['a free slot gets the best-fit table', 2, '19:00', [], { ok: true, table: 1 }],
    ['the last table is taken', 6, '19:00', [held(4, '2026-03-03', '18:30')], { ok: false, reason: 'taken' }],
    ['off the interval is invalid', 2, '19:05', [], { ok: false, reason: 'invalid' }],
    ['too late to end by closing is invalid', 2, '21:15', [], { ok: false, reason: 'invalid' }],
    ['too many people is invalid', 7, '19:00', [], { ok: false, reason: 'invalid' }],
  ])('checkSlot: %s', (_n, people, time, h, expected) => {
    const r = checkSlot(input({ people, held: h }), '2026-03-03', time);
    expect(r.ok).toBe(expected.ok);
    if (r.ok) expect(r.table.id).toBe((expected as { table: number }).table);
    else expect(r.reason).toBe((expected as { reason: string }).reason);
  });

  test('checkSlot: a hall whose tables all seat fewer is invalid, not taken', () => {
    expect(checkSlot(input({ people: 6, hallId: 2 }), '2026-03-03', '19:00')).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});

describe('busy dates (spec §7 bookings/getBusyDates)', () => {
  test('Mondays, past dates and fully held dates are busy', () => {
    const full = TABLES.flatMap((t) =>
      Array.from({ length: 8 }, (_, i) =>
        held(t.id, '2026-03-04', `${String(8 + i * 2).padStart(2, '0')}:00`),
      ),
    );
    const busy = busyDates(input({ now: sofia('2026-03-02T09:00'), held: full }), '2026-03-01', '2026-03-10');
    expect(busy).toEqual(['2026-03-01', '2026-03-02', '2026-03-04', '2026-03-09']);
  });

  test('a date is busy for a party no free table can seat, free for a smaller one', () => {
    const h = Array.from({ length: 8 }, (_, i) =>
      held(4, '2026-03-04', `${String(8 + i * 2).padStart(2, '0')}:00`),
    );
    expect(busyDates(input({ people: 6, held: h }), '2026-03-04', '2026-03-04')).toEqual(['2026-03-04']);
    expect(busyDates(input({ people: 4, held: h }), '2026-03-04', '2026-03-04')).toEqual([]);
  });
});

describe('statuses, expiry and cancelling', () => {
  const now = new Date('2026-03-03T10:00:00Z');
  test.each([
    ['confirmed', null, true],
    ['seated', null, true],
    ['pending_payment', '2026-03-03T10:05:00Z', true],
    ['pending_payment', '2026-03-03T10:00:00Z', false],
    ['cancelled', null, false],
    ['expired', null, false],
    ['no_show', null, false],
  ])('%s (expires %s) holds its table: %s', (status, expires, holds) =>
    expect(holdsTable(status, expires, now)).toBe(holds),
  );

  test.each([
    ['pending_payment', 'confirmed', true],
    ['pending_payment', 'cancelled', true],
    ['confirmed', 'seated', true],
    ['confirmed', 'no_show', true],
    ['confirmed', 'cancelled', true],
    ['seated', 'cancelled', false],
    ['cancelled', 'confirmed', false],
    ['expired', 'confirmed', false],
    ['confirmed', 'unknown', false],
  ])('staff: %s → %s allowed: %s', (from, to, ok) => expect(canTransitionBooking(from, to)).toBe(ok));

  test.each([
    ['confirmed', 100, 50, true],
    ['pending_payment', 100, 50, true],
    ['confirmed', 100, 100, false],
    ['seated', 100, 50, false],
    ['cancelled', 100, 50, false],
  ])('guest cancel of %s starting %i at %i: %s', (status, start, now2, ok) =>
    expect(isGuestCancellable(status, start, now2)).toBe(ok),
  );
});

describe('settings (booking keys; spec §9 booking_interval 15)', () => {
  test('defaults', () => {
    const s = parseBookingSettings({});
    expect(s).toMatchObject({
      interval: 15,
      defaultDuration: 120,
      minPeople: 1,
      maxPeople: 12,
      onlinePayment: false,
      paymentMinutes: 15,
      deposit: 0,
      timeZone: 'Europe/Sofia',
      workingHours: null,
    });
  });

  test.each([
    [{ booking_interval: '30' }, 'interval', 30],
    [{ booking_interval: { value: 20 } }, 'interval', 20],
    [{ booking_interval: '0' }, 'interval', 5],
    [{ booking_default_duration: '90' }, 'defaultDuration', 90],
    [{ booking_online_payment: '1' }, 'onlinePayment', true],
    [{ booking_deposit: '10.50' }, 'deposit', 1050],
    [{ booking_min_people: '2', booking_max_people: '1' }, 'maxPeople', 2],
    [{ time_zone: 'Europe/Madrid' }, 'timeZone', 'Europe/Madrid'],
  ])('%j → %s = %j', (raw, key, value) =>
    expect(parseBookingSettings(raw)[key as keyof BookingSettings]).toEqual(value),
  );

  test('working hours from working_hours_1 … _7 when there is no JSON', () => {
    const s = parseBookingSettings({ working_hours_1: '-', working_hours_2: '10:00-12:00' });
    expect(s.workingHours?.[1]).toEqual([]);
    expect(s.workingHours?.[2]).toEqual([{ from: 600, to: 720 }]);
    expect(s.workingHours?.[3]).toEqual([]);
  });
});

describe('the guest form (spec §5: booking calls with bad data)', () => {
  const ok = {
    name: 'Мария Иванова',
    phone: '+359 88 123 4567',
    email: 'maria@example.com',
    terms_accepted: true,
  };
  test('valid details pass', () => expect(validateBookingForm(ok)).toEqual([]));
  test.each([
    ['short name', { name: 'Ma' }, 'name_invalid'],
    ['bad phone', { phone: '12' }, 'phone_invalid'],
    ['bad e-mail', { email: 'maria@' }, 'email_invalid'],
    ['long comment', { comment: 'x'.repeat(501) }, 'comment_too_long'],
    ['terms not accepted', { terms_accepted: false }, 'terms_not_accepted'],
  ])('%s', (_n, over, code) =>
    expect(validateBookingForm({ ...ok, ...over }).map((e) => e.code)).toEqual([code]),
  );

  test("the venue's phone regex applies", () => {
    expect(
      validateBookingForm(ok, { phonePattern: compilePhonePattern('^\\+44') }).map((e) => e.code),
    ).toEqual(['phone_invalid']);
  });

  test("the message is the spec's exact text in Bulgarian, translated in all five languages", () => {
    expect(BOOKING_INVALID_DATA_MESSAGE).toBe('Моля попълнете коректно всички данни');
    for (const texts of Object.values(BOOKING_ERROR_MESSAGES)) {
      expect(Object.keys(texts).sort()).toEqual(['bg', 'de', 'en', 'es', 'fr-CH']);
    }
  });
});
