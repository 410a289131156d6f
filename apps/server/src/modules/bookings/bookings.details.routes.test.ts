/**
 * Booking details staff and guests rely on (issue 22), through the real app on SQLite and PostgreSQL:
 * - the guest's name, phone and comment are stored without the spaces around them; a blank comment is none;
 * - a venue's phone pattern refuses a phone outside it; a time off the booking interval is named;
 * - a late confirm names the booking's status;
 * - the open bookings a guest may hold count a booking until the minute it ends, not after (also one of the
 *   evening before that runs past midnight);
 * - the halls of the form without a time are all free; an unknown hall is refused for busy dates too;
 * - staff: the day list shows that day only, its halls in the staff's language, and seating a guest reaches the
 *   staff boards;
 * - with the booking module switched off, guests still see and cancel their bookings and staff still confirm.
 * The clock is pinned to Tuesday 2026-03-03 10:00 in Sofia (08:00 UTC) unless a test says otherwise.
 */
import { afterEach, expect, vi } from 'vitest';
import {
  GUEST_EMAIL,
  GUEST_PASSWORD,
  STAFF_PASSWORD,
  nextIp,
  roleEmail,
  seedAccounts,
} from '../../../test/accounts.fixtures.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { bookingGuests, login } from './bookings.fixtures.ts';
import { describeEachDatabase } from '../../../test/harness.ts';

const NOW = new Date('2026-03-03T10:00:00+02:00');

const { freshEmail, freshPhone, form } = bookingGuests('details', '84');

describeEachDatabase(
  'booking details',
  (ctx) => {
    afterEach(() => {
      vi.restoreAllMocks();
    });
    const pin = (at: Date = NOW) => ctx.clock.setOverride(at);
    const book = (body: unknown, headers: Record<string, string> = {}) =>
      ctx.post('/api/bookings', body, { headers: { 'x-forwarded-for': nextIp(), ...headers } });
    const bistro = () => ctx.placeId('bistro');
    const withSetting = async (key: string, value: string, run: () => Promise<void>) => {
      const placeId = await bistro();
      const old = await ctx.db
        .selectFrom('settings')
        .select('value')
        .where('place_id', '=', placeId)
        .where('key', '=', key)
        .executeTakeFirst();
      await setSetting(ctx.db, placeId, key, value);
      try {
        await run();
      } finally {
        if (old) await setSetting(ctx.db, placeId, key, old.value);
        else
          await ctx.db
            .deleteFrom('settings')
            .where('place_id', '=', placeId)
            .where('key', '=', key)
            .execute();
      }
    };
    const detailsOf = (res: Awaited<ReturnType<typeof book>>) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('booking_invalid_data');
      return (res.json().details as { path: string; code: string }[]).map((d) => ({
        path: d.path,
        code: d.code,
      }));
    };
    const staffAuth = async (lang = 'bg') => ({
      headers: { authorization: `Bearer ${await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD)}`, lang },
    });

    ctx.test(
      'name, phone and comment are stored without the spaces around them; a blank comment is none',
      async () => {
        pin();
        const phone = freshPhone();
        const padded = await book(
          form('2026-03-10', '12:00', 2, {
            name: '  Мария Иванова  ',
            phone: ` ${phone} `,
            comment: '  До прозореца  ',
          }),
        );
        expect(padded.statusCode, padded.body).toBe(201);
        expect(padded.json().name).toBe('Мария Иванова');
        const blank = await book(form('2026-03-10', '13:00', 2, { comment: '   ' }));
        expect(blank.statusCode, blank.body).toBe(201);
        const day = await ctx.get('/api/staff/bookings?date=2026-03-10', await staffAuth());
        expect(day.statusCode, day.body).toBe(200);
        expect(
          (day.json().bookings as { name: string; phone: string; comment: string | null }[]).map((b) => ({
            name: b.name,
            phone: b.phone,
            comment: b.comment,
          })),
        ).toEqual([
          { name: 'Мария Иванова', phone, comment: 'До прозореца' },
          { name: 'Мария Иванова', phone: expect.any(String), comment: null },
        ]);
      },
    );

    ctx.test(
      "the venue's phone pattern refuses a phone outside it; a time off the interval is named",
      async () => {
        pin();
        await withSetting('validate_phone_number_regex', '^\\+359', async () => {
          expect(
            detailsOf(await book(form('2026-03-11', '12:00', 2, { phone: '+44 20 7946 0000' }))),
          ).toEqual([{ path: 'phone', code: 'phone_invalid' }]);
          expect((await book(form('2026-03-11', '12:00', 2))).statusCode).toBe(201);
        });
        expect(detailsOf(await book(form('2026-03-11', '19:05', 2)))).toEqual([
          { path: 'time', code: 'not_a_slot' },
        ]);
      },
    );

    ctx.test('a confirm after the hold ended: 409 naming the booking status', async () => {
      pin();
      const res = await book(form('2026-03-12', '12:00', 2));
      expect(res.statusCode, res.body).toBe(201);
      const token = new URL(res.json().cancelUrl as string).searchParams.get('token');
      pin(new Date(NOW.getTime() + 31 * 60_000));
      const late = await ctx.post(`/api/bookings/${res.json().reservationId}/confirm`, { token });
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json()).toMatchObject({ code: 'booking_not_confirmable', status: 'pending_confirmation' });
    });

    ctx.test(
      'a guest holding the most open bookings may book again from the minute the last one ends',
      async () => {
        await withSetting('booking_email_confirmation', '0', async () => {
          await withSetting('booking_max_open_per_guest', '1', async () => {
            const guest = { email: freshEmail(), phone: freshPhone() };
            pin(new Date('2026-03-04T08:00:00+02:00'));
            const first = await book(form('2026-03-04', '09:00', 2, guest));
            expect(first.statusCode, first.body).toBe(201);
            expect(first.json()).toMatchObject({ status: 'confirmed', end_time: '11:00' });
            pin(new Date('2026-03-04T10:59:00+02:00'));
            const during = await book(form('2026-03-05', '12:00', 2, guest));
            expect(during.statusCode, during.body).toBe(409);
            expect(during.json()).toMatchObject({ code: 'booking_limit_reached', max: 1 });
            pin(new Date('2026-03-04T11:00:00+02:00'));
            const after = await book(form('2026-03-05', '12:00', 2, guest));
            expect(after.statusCode, after.body).toBe(201);
          });
        });
      },
    );

    ctx.test(
      'a booking of yesterday evening that runs past midnight still counts as open after midnight',
      async () => {
        const lateHours = JSON.stringify(
          Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [String(d), '18:00-02:00'])),
        );
        await withSetting('working_hours', lateHours, async () => {
          await withSetting('booking_email_confirmation', '0', async () => {
            await withSetting('booking_max_open_per_guest', '1', async () => {
              const guest = { email: freshEmail(), phone: freshPhone() };
              pin(new Date('2026-03-05T22:00:00+02:00'));
              const evening = await book(form('2026-03-05', '23:00', 2, guest));
              expect(evening.statusCode, evening.body).toBe(201);
              expect(evening.json()).toMatchObject({ status: 'confirmed', end_time: '01:00' });
              pin(new Date('2026-03-06T00:30:00+02:00'));
              const again = await book(form('2026-03-06', '23:00', 2, guest));
              expect(again.statusCode, again.body).toBe(409);
              expect(again.json()).toMatchObject({ code: 'booking_limit_reached', max: 1 });
              pin(new Date('2026-03-06T01:00:00+02:00'));
              expect((await book(form('2026-03-06', '23:00', 2, guest))).statusCode).toBe(201);
            });
          });
        });
      },
    );

    ctx.test(
      'the form: without a time every hall is free; an unknown hall is refused for busy dates',
      async () => {
        pin();
        const dateOnly = await ctx.get('/api/bookings/halls?date=2026-03-13');
        expect(dateOnly.statusCode, dateOnly.body).toBe(200);
        const halls = dateOnly.json().halls as { free: boolean }[];
        expect(halls.length).toBeGreaterThan(1);
        expect(halls.every((h) => h.free)).toBe(true);
        const busy = await ctx.post('/api/bookings/getBusyDates', {
          from: '2026-03-13',
          to: '2026-03-14',
          hallId: 999_999,
        });
        expect(detailsOf(busy)).toEqual([{ path: 'hallId', code: 'unknown_hall' }]);
      },
    );

    ctx.test(
      "staff: the day list shows that day only with the halls in the staff's language; seating reaches the boards",
      async () => {
        pin();
        await withSetting('booking_email_confirmation', '0', async () => {
          const today = (await book(form('2026-03-14', '12:00', 2))).json().reservationId as number;
          const tomorrow = (await book(form('2026-03-15', '12:00', 2))).json().reservationId as number;
          const day = await ctx.get('/api/staff/bookings?date=2026-03-14&days=1', await staffAuth('en'));
          expect(day.statusCode, day.body).toBe(200);
          expect(day.json().bookings.map((b: { id: number }) => b.id)).toEqual([today]);
          expect(day.json().halls.map((h: { name: string }) => h.name)).toEqual(['Main hall', 'Terrace']);
          const two = await ctx.get('/api/staff/bookings?date=2026-03-14&days=2', await staffAuth());
          expect(two.json().bookings.map((b: { id: number }) => b.id)).toEqual([today, tomorrow]);

          const published = vi.spyOn(ctx.app.events, 'publish');
          const seat = await ctx.request('PATCH', `/api/staff/bookings/${today}`, {
            body: { status: 'seated' },
            ...(await staffAuth()),
          });
          expect(seat.statusCode, seat.body).toBe(200);
          expect(published).toHaveBeenCalledWith(
            expect.objectContaining({
              type: 'booking.status_changed',
              data: { booking: expect.objectContaining({ id: today, status: 'seated' }) },
            }),
          );
        });
      },
    );

    ctx.test(
      'the booking module switched off: guests still list and cancel their bookings, staff still confirm one',
      async () => {
        pin();
        const placeId = await bistro();
        const guest = await login(ctx, GUEST_EMAIL, GUEST_PASSWORD);
        const asGuest = { headers: { authorization: `Bearer ${guest}` } };
        const mine = (await book(form('2026-03-17', '12:00', 2), asGuest.headers)).json()
          .reservationId as number;
        const other = (await book(form('2026-03-17', '13:00', 2))).json().reservationId as number;
        const place = await ctx.db
          .selectFrom('places')
          .select('functionality_modules')
          .where('id', '=', placeId)
          .executeTakeFirstOrThrow();
        const modules = JSON.parse(place.functionality_modules) as string[];
        await ctx.db
          .updateTable('places')
          .set({ functionality_modules: JSON.stringify(modules.filter((m) => m !== 'booking')) })
          .where('id', '=', placeId)
          .execute();
        try {
          expect((await book(form('2026-03-17', '14:00', 2))).statusCode).toBe(403);
          const list = await ctx.get('/api/users/bookings', asGuest);
          expect(list.statusCode, list.body).toBe(200);
          expect(list.json().map((b: { reservationId: number }) => b.reservationId)).toEqual([mine]);
          const confirm = await ctx.request('PATCH', `/api/staff/bookings/${other}`, {
            body: { status: 'confirmed' },
            ...(await staffAuth()),
          });
          expect(confirm.statusCode, confirm.body).toBe(200);
          expect(confirm.json().status).toBe('confirmed');
          const cancel = await ctx.post(`/api/users/bookings/${mine}/cancel`, {}, asGuest);
          expect(cancel.statusCode, cancel.body).toBe(200);
          expect(cancel.json().status).toBe('cancelled');
        } finally {
          await ctx.db
            .updateTable('places')
            .set({ functionality_modules: place.functionality_modules })
            .where('id', '=', placeId)
            .execute();
        }
      },
    );
  },
  { setup: seedAccounts },
);
