/**
 * Booking API on SQLite and PostgreSQL through the real app (issue 10): free hours (interval, working hours, Monday
 * closed, now), busy dates, people limits, halls, booking-type product duration, every bad input's §5 message,
 * the e-mailed cancel link, the signed-in guest, staff, the online deposit with expiry, and the race for the last
 * table (20 concurrent requests over a real port → exactly one booking).
 *
 * The clock is pinned to Tuesday 2026-03-03 10:00 in Sofia (UTC+2); each test books on its own date so that tests
 * do not see each other's bookings. The demo bistro: Monday closed, Tuesday–Sunday 08:00–23:00, booking_interval
 * 15; main hall tables 1–8 (2/4/2/6/2/4/2/6 seats), terrace tables 9–12 (4 seats).
 */
import { expect } from 'vitest';
import { BOOKING_INVALID_DATA_MESSAGE } from '@trapeza/domain/booking';
import {
  GUEST_EMAIL,
  GUEST_PASSWORD,
  STAFF_PASSWORD,
  nextIp,
  roleEmail,
  seedAccounts,
} from '../../../test/accounts.fixtures.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { openSse } from '../staff/sse-client.fixtures.ts';
import { createBookingsRepository, type BookingsRepository } from './bookings.repository.ts';
import { createBookingsService } from './bookings.service.ts';

const NOW = new Date('2026-03-03T10:00:00+02:00');

let emailCounter = 0;
const freshEmail = () => `guest${++emailCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
let phoneCounter = 0;
/** A phone of its own per booking: the per-phone limits (issue 23 #5) are tested in bookings.limits.routes.test.ts. */
const freshPhone = () => `+359 88 ${String(1_000_000 + ++phoneCounter).slice(1)}`;

function form(date: string, time: string, people: number, over: Record<string, unknown> = {}) {
  return {
    date,
    time,
    people,
    name: 'Мария Иванова',
    phone: freshPhone(),
    email: freshEmail(),
    comment: 'До прозореца, моля',
    terms_accepted: true,
    ...over,
  };
}

async function hallIds(ctx: TestContext): Promise<{ main: number; terrace: number }> {
  const placeId = await ctx.placeId('bistro');
  const rows = await ctx.db
    .selectFrom('halls')
    .select(['id', 'name'])
    .where('place_id', '=', placeId)
    .execute();
  const id = (name: string) => rows.find((r) => r.name === name)!.id;
  return { main: id('Основна зала'), terrace: id('Тераса') };
}

async function login(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await ctx.post('/api/login', { email, password }, { headers: { 'x-forwarded-for': nextIp() } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describeEachDatabase(
  'bookings',
  (ctx) => {
    const pin = (at: Date = NOW) => ctx.clock.setOverride(at);
    /** POST bookings as a guest of their own IP (the per-IP limit is tested in bookings.limits.routes.test.ts). */
    const book = (body: unknown, opts: { headers?: Record<string, string>; place?: string } = {}) =>
      ctx.post('/api/bookings', body, { ...opts, headers: { 'x-forwarded-for': nextIp(), ...opts.headers } });
    /** The token and id of a booking's e-mailed link. */
    const linkOf = (cancelUrl: string) => {
      const u = new URL(cancelUrl);
      return { id: u.searchParams.get('booking')!, token: u.searchParams.get('token')! };
    };
    const freeHours = async (body: Record<string, unknown>, opts = {}) => {
      pin();
      const res = await ctx.post('/api/bookings/getFreeHoursForDate', body, opts);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { time: string; halls: { id: number; name: string }[] }[];
    };
    const times = (hours: { time: string }[]) => hours.map((h) => h.time);
    let listening: string | null = null;
    /** The app on a real port (once per suite), for concurrent requests and the event stream. */
    const baseUrl = async () => (listening ??= await ctx.app.listen({ port: 0, host: '127.0.0.1' }));

    ctx.test(
      'GET bookings/halls: halls, allowed people (capped by the largest table), payment flag, interval',
      async () => {
        pin();
        const res = await ctx.get('/api/bookings/halls');
        expect(res.statusCode).toBe(200);
        const { main, terrace } = await hallIds(ctx);
        expect(res.json()).toEqual({
          halls: [
            { id: main, name: 'Основна зала', free: true },
            { id: terrace, name: 'Тераса', free: true },
          ],
          allowed_people: { min: 1, max: 6 },
          online_payment: false,
          deposit: 0,
          interval: 15,
          duration: 120,
          days_ahead: 60,
        });
        const en = await ctx.get('/api/bookings/halls?date=2026-03-10&time=19:00&people=6', {
          headers: { lang: 'en' },
        });
        // Six people fit only the main hall's 6-seat tables.
        expect(en.json().halls).toEqual([
          { id: main, name: 'Main hall', free: true },
          { id: terrace, name: 'Terrace', free: false },
        ]);
      },
    );

    ctx.test('free hours: every 15 minutes from opening, the stay ending by closing (spec §9)', async () => {
      const hours = await freeHours({ date: '2026-03-10', people: 2 });
      expect(hours).toHaveLength(53);
      expect(hours[0]!.time).toBe('08:00');
      expect(hours[1]!.time).toBe('08:15');
      expect(hours.at(-1)!.time).toBe('21:00');
      const { main, terrace } = await hallIds(ctx);
      expect(hours[0]!.halls.map((h) => h.id)).toEqual([main, terrace]);
    });

    ctx.test('free hours: booking_interval 30 halves the slots', async () => {
      const placeId = await ctx.placeId('bistro');
      await setSetting(ctx.db, placeId, 'booking_interval', '30');
      try {
        const hours = await freeHours({ date: '2026-03-10', people: 2 });
        expect(times(hours).slice(0, 3)).toEqual(['08:00', '08:30', '09:00']);
        expect(hours).toHaveLength(27);
      } finally {
        await setSetting(ctx.db, placeId, 'booking_interval', '15');
      }
    });

    ctx.test('free hours: Monday closed, past dates empty, today only after now', async () => {
      expect(await freeHours({ date: '2026-03-09', people: 2 })).toEqual([]);
      expect(await freeHours({ date: '2026-03-01', people: 2 })).toEqual([]);
      pin(new Date('2026-03-03T12:05:00+02:00'));
      const res = await ctx.post('/api/bookings/getFreeHoursForDate', { date: '2026-03-03', people: 2 });
      expect(res.json()[0].time).toBe('12:15');
    });

    ctx.test('busy dates: Mondays and past dates; a fully booked date for its party size', async () => {
      pin();
      const res = await ctx.post('/api/bookings/getBusyDates', { from: '2026-03-02', to: '2026-03-15' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ date: '2026-03-02' }, { date: '2026-03-09' }]);
      // Fill both 6-seat tables all day on Sunday 2026-03-22: busy for 6, still free for 4.
      for (const time of ['08:00', '10:00', '12:00', '14:00', '16:00', '18:00', '20:00']) {
        for (let i = 0; i < 2; i++) {
          const r = await book(form('2026-03-22', time, 6));
          expect(r.statusCode, r.body).toBe(201);
        }
      }
      const busy6 = await ctx.post('/api/bookings/getBusyDates', {
        from: '2026-03-21',
        to: '2026-03-23',
        people: 6,
      });
      expect(busy6.json()).toEqual([{ date: '2026-03-22' }, { date: '2026-03-23' }]);
      const busy4 = await ctx.post('/api/bookings/getBusyDates', {
        from: '2026-03-21',
        to: '2026-03-23',
        people: 4,
      });
      expect(busy4.json()).toEqual([{ date: '2026-03-23' }]);
    });

    ctx.test(
      'people limits: above the largest table or booking_max_people, below booking_min_people',
      async () => {
        expect(await freeHours({ date: '2026-03-10', people: 7 })).toEqual([]);
        const seven = await book(form('2026-03-12', '19:00', 7));
        expect(seven.statusCode).toBe(400);
        expect(seven.json().code).toBe('booking_invalid_data');
        const placeId = await ctx.placeId('bistro');
        await setSetting(ctx.db, placeId, 'booking_min_people', '2');
        await setSetting(ctx.db, placeId, 'booking_max_people', '4');
        try {
          expect((await ctx.get('/api/bookings/halls')).json().allowed_people).toEqual({ min: 2, max: 4 });
          expect(await freeHours({ date: '2026-03-10', people: 1 })).toEqual([]);
          expect(await freeHours({ date: '2026-03-10', people: 5 })).toEqual([]);
          expect(await freeHours({ date: '2026-03-10', people: 4 })).toHaveLength(53);
        } finally {
          await setSetting(ctx.db, placeId, 'booking_min_people', '1');
          await setSetting(ctx.db, placeId, 'booking_max_people', '12');
        }
      },
    );

    ctx.test('hall filtering: only the hall asked for; an unknown hall is bad data', async () => {
      const { terrace } = await hallIds(ctx);
      const hours = await freeHours({ date: '2026-03-10', people: 4, hallId: terrace });
      expect(hours).toHaveLength(53);
      expect(hours.every((h) => h.halls.length === 1 && h.halls[0]!.id === terrace)).toBe(true);
      expect(await freeHours({ date: '2026-03-10', people: 6, hallId: terrace })).toEqual([]);
      const created = await book(form('2026-03-11', '13:00', 2, { hallId: terrace }));
      expect(created.statusCode).toBe(201);
      expect(created.json().hall).toEqual({ id: terrace, name: 'Тераса' });
      const unknown = await ctx.post('/api/bookings/getFreeHoursForDate', {
        date: '2026-03-10',
        people: 2,
        hallId: 999999,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('booking_invalid_data');
    });

    ctx.test("booking-type product: the variant's booking_duration sets the stay", async () => {
      const placeId = await ctx.placeId('bistro');
      const product = await ctx.db
        .selectFrom('products')
        .select('id')
        .where('place_id', '=', placeId)
        .where('type', '=', 'booking')
        .executeTakeFirstOrThrow();
      const variant = await ctx.db
        .selectFrom('product_variants')
        .select(['id', 'booking_duration'])
        .where('product_id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(variant.booking_duration).toBe(120);
      await ctx.db
        .updateTable('product_variants')
        .set({ booking_duration: 180 })
        .where('id', '=', variant.id)
        .execute();
      try {
        const hours = await freeHours({ date: '2026-03-11', people: 2, productId: product.id });
        expect(hours.at(-1)!.time).toBe('20:00');
        const info = await ctx.get(`/api/bookings/halls?productId=${product.id}`);
        expect(info.json().duration).toBe(180);
        const res = await book(
          form('2026-03-11', '19:30', 2, { productId: product.id, variantId: variant.id }),
        );
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ time: '19:30', end_time: '22:30', product: { id: product.id } });
        const late = await book(form('2026-03-11', '20:15', 2, { productId: product.id }));
        expect(late.statusCode).toBe(400);
      } finally {
        await ctx.db
          .updateTable('product_variants')
          .set({ booking_duration: 120 })
          .where('id', '=', variant.id)
          .execute();
      }
      const normal = await ctx.db
        .selectFrom('products')
        .select('id')
        .where('place_id', '=', placeId)
        .where('type', '=', 'normal')
        .executeTakeFirstOrThrow();
      const bad = await ctx.post('/api/bookings/getFreeHoursForDate', {
        date: '2026-03-11',
        people: 2,
        productId: normal.id,
      });
      expect(bad.statusCode).toBe(400);
    });

    const badData: [string, Record<string, unknown>][] = [
      ['short name', { name: 'Ма' }],
      ['bad phone', { phone: '12' }],
      ['bad e-mail', { email: 'maria@' }],
      ['terms not accepted', { terms_accepted: false }],
      ['terms missing', { terms_accepted: undefined }],
      ['comment over 500', { comment: 'x'.repeat(501) }],
      ['not a date', { date: '2026-02-30' }],
      ['not a time', { time: '7pm' }],
      ['off the 15-minute interval', { time: '19:05' }],
      ['too late to end by closing', { time: '21:15' }],
      ['a closed Monday', { date: '2026-03-09' }],
      ['a past date', { date: '2026-03-01' }],
      ['beyond booking_days_ahead', { date: '2026-06-30' }],
      ['no people', { people: 0 }],
      ['people as text', { people: 'four' }],
      ['missing name', { name: undefined }],
    ];
    for (const [name, over] of badData) {
      ctx.test(
        `bad data (${name}) → 400 booking_invalid_data 'Моля попълнете коректно всички данни'`,
        async () => {
          pin();
          const body: Record<string, unknown> = form('2026-03-12', '19:00', 2, over);
          for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
          const res = await book(body, { headers: { lang: 'en' } });
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toMatchObject({
            code: 'booking_invalid_data',
            message: BOOKING_INVALID_DATA_MESSAGE,
            message_trans: 'Please fill in all fields correctly',
          });
        },
      );
    }

    ctx.test('bad data on the getters → the same 400 message', async () => {
      pin();
      for (const [url, body] of [
        ['/api/bookings/getBusyDates', { from: '2026-03-10', to: '2026-03-01' }],
        ['/api/bookings/getBusyDates', { from: '2026-03-01', to: '2026-12-31' }],
        ['/api/bookings/getBusyDates', {}],
        ['/api/bookings/getFreeHoursForDate', { date: '2026-03-10' }],
        ['/api/bookings/getFreeHoursForDate', { date: 'tomorrow', people: 2 }],
      ] as const) {
        const res = await ctx.post(url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'booking_invalid_data',
          message: BOOKING_INVALID_DATA_MESSAGE,
        });
      }
    });

    ctx.test('module off: the hotel answers 403 booking_module_disabled', async () => {
      pin();
      const res = await ctx.post(
        '/api/bookings/getFreeHoursForDate',
        { date: '2026-03-10', people: 2 },
        { place: 'hotel' },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('booking_module_disabled');
      const create = await book(form('2026-03-10', '19:00', 2), { place: 'hotel' });
      expect(create.json().code).toBe('booking_module_disabled');
    });

    ctx.test(
      'capacity drops with each booking (pending ones too), the guest confirms by the e-mailed link, cancels by it and the table returns',
      async () => {
        pin();
        const date = '2026-03-13';
        const first = form(date, '19:00', 6);
        const a = await book(first);
        expect(a.statusCode, a.body).toBe(201);
        const booking = a.json();
        // Double opt-in (issue 23 #5, booking_email_confirmation on by default): held for 30 minutes until confirmed.
        expect(booking).toMatchObject({
          status: 'pending_confirmation',
          canceled: false,
          date,
          time: '19:00',
          end_time: '21:00',
          people: 6,
          expires_at: '2026-03-03T08:30:00.000Z',
          payment: null,
        });
        expect(booking.cancelUrl).toMatch(/\/bistro\/reservations\?booking=\d+&token=[\w-]+$/);
        // One 6-seat table left: 19:00 still free for 6.
        expect(times(await freeHours({ date, people: 6 }))).toContain('19:00');
        const b = await book(form(date, '19:00', 6));
        expect(b.statusCode).toBe(201);
        // Both 6-seat tables held 19:00–21:00: every start from 17:15 to 20:45 is gone for 6 people.
        const after = times(await freeHours({ date, people: 6 }));
        expect(after).toContain('17:00');
        expect(after).not.toContain('17:15');
        expect(after).not.toContain('20:45');
        expect(after).toContain('21:00');
        const third = await book(form(date, '19:30', 6));
        expect(third.statusCode).toBe(409);
        expect(third.json()).toMatchObject({ code: 'booking_slot_taken' });

        // The request to confirm, read from the outbox, carries the details, the hold time and the link.
        const outbox = async () =>
          (await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(first.email)}`)).json() as {
            tag: string;
            subject: string;
            text: string;
          }[];
        await expect.poll(async () => (await outbox()).length).toBe(1);
        const mails = await outbox();
        expect(mails[0]!.tag).toBe('booking_confirm_request');
        expect(mails[0]!.subject).toBe('Потвърдете резервацията си в Бистро Трапеза за 13.03.2026 19:00');
        expect(mails[0]!.text).toContain(`#${booking.reservationId}`);
        expect(mails[0]!.text).toContain('Брой хора: 6');
        // Held until 10:30 Sofia time (now 10:00 + booking_confirm_minutes 30).
        expect(mails[0]!.text).toContain('до 03.03.2026 10:30');
        const link = /https?:\S+reservations\?booking=(\d+)&token=([\w-]+)/.exec(mails[0]!.text)!;
        expect(link[0]).toBe(booking.cancelUrl);
        const [, id, token] = link;

        const shown = await ctx.get(`/api/bookings/${id}?token=${token}`);
        expect(shown.statusCode).toBe(200);
        expect(shown.json()).toMatchObject({
          reservationId: Number(id),
          status: 'pending_confirmation',
          canceled: false,
        });
        // Confirming with a wrong token, or with another booking's token, finds nothing.
        expect((await ctx.post(`/api/bookings/${id}/confirm`, { token: 'x'.repeat(43) })).statusCode).toBe(
          404,
        );
        const otherToken = linkOf(b.json().cancelUrl).token;
        const foreign = await ctx.post(`/api/bookings/${id}/confirm`, { token: otherToken });
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json().code).toBe('booking_not_found');
        pin(new Date(NOW.getTime() + 10 * 60_000));
        const confirmed = await ctx.post(
          `/api/bookings/${id}/confirm`,
          { token },
          { headers: { lang: 'en' } },
        );
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        expect(confirmed.json()).toMatchObject({ status: 'confirmed', expires_at: null });
        // Repeating the link is harmless; the confirmation e-mail (with the cancel link) follows once.
        expect((await ctx.post(`/api/bookings/${id}/confirm`, { token })).json().status).toBe('confirmed');
        await expect.poll(async () => (await outbox()).length).toBe(2);
        const confirmation = (await outbox()).find((m) => m.tag === 'booking_confirmation')!;
        expect(confirmation.tag).toBe('booking_confirmation');
        expect(confirmation.subject).toContain('is confirmed');
        expect(confirmation.text).toContain(booking.cancelUrl);
        pin();
        const wrong = await ctx.post(`/api/bookings/${id}/cancel`, { token: 'x'.repeat(43) });
        expect(wrong.statusCode).toBe(404);
        expect(wrong.json().code).toBe('booking_not_found');

        const cancel = await ctx.post(`/api/bookings/${id}/cancel`, { token });
        expect(cancel.statusCode).toBe(200);
        expect(cancel.json()).toMatchObject({
          reservationId: Number(id),
          status: 'cancelled',
          canceled: true,
        });
        const again = await ctx.post(`/api/bookings/${id}/cancel`, { token });
        expect(again.json()).toMatchObject({ canceled: true });
        expect(times(await freeHours({ date, people: 6 }))).toContain('19:00');
        const retaken = await book(form(date, '19:30', 6));
        expect(retaken.statusCode).toBe(201);
      },
    );

    ctx.test('a stay that has begun can no longer be cancelled by the guest', async () => {
      pin();
      const res = await book(form('2026-03-04', '12:00', 2));
      const { cancelUrl } = res.json();
      const token = new URL(cancelUrl).searchParams.get('token')!;
      const id = new URL(cancelUrl).searchParams.get('booking')!;
      pin(new Date('2026-03-04T12:30:00+02:00'));
      const late = await ctx.post(`/api/bookings/${id}/cancel`, { token });
      expect(late.statusCode).toBe(409);
      // The refusal names the booking's status, so the page can say why (it is not a cancelled one).
      expect(late.json()).toMatchObject({ code: 'booking_not_cancellable', status: 'pending_confirmation' });
    });

    ctx.test(
      'the signed-in guest: bookings linked to the account, listed and cancelled from the profile',
      async () => {
        pin();
        const token = await login(ctx, GUEST_EMAIL, GUEST_PASSWORD);
        const mine = await book(form('2026-03-14', '18:00', 3), bearer(token));
        expect(mine.statusCode).toBe(201);
        const anon = await book(form('2026-03-14', '18:00', 3));
        expect(anon.statusCode).toBe(201);
        const list = await ctx.get('/api/users/bookings', bearer(token));
        expect(list.statusCode).toBe(200);
        expect(list.json().map((b: { reservationId: number }) => b.reservationId)).toEqual([
          mine.json().reservationId,
        ]);
        expect((await ctx.get('/api/users/bookings')).statusCode).toBe(401);
        const notMine = await ctx.post(
          `/api/users/bookings/${anon.json().reservationId}/cancel`,
          {},
          bearer(token),
        );
        expect(notMine.statusCode).toBe(404);
        const cancel = await ctx.post(
          `/api/users/bookings/${mine.json().reservationId}/cancel`,
          {},
          bearer(token),
        );
        expect(cancel.statusCode).toBe(200);
        expect(cancel.json()).toMatchObject({ status: 'cancelled', canceled: true });
      },
    );

    ctx.test(
      'staff: day view by hall, seat, no-show, cancel along the transition table; WAITER and above only',
      async () => {
        pin();
        const date = '2026-03-15';
        const { terrace } = await hallIds(ctx);
        const a = (await book(form(date, '12:00', 4, { hallId: terrace }))).json();
        const b = (await book(form(date, '13:00', 2))).json();
        const waiter = await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD);
        const day = await ctx.get(`/api/staff/bookings?date=${date}`, bearer(waiter));
        expect(day.statusCode, day.body).toBe(200);
        const ids = day.json().bookings.map((x: { id: number }) => x.id);
        expect(ids).toEqual([a.reservationId, b.reservationId]);
        // Awaiting the guests' e-mail confirmation: shown, as pending, with the time they are held until.
        expect(day.json().bookings[0]).toMatchObject({
          time: '12:00',
          hall: { id: terrace },
          table: { seats: 4 },
          status: 'pending_confirmation',
          expires_at: '2026-03-03T08:30:00.000Z',
        });
        const week = await ctx.get(
          `/api/staff/bookings?date=2026-03-13&days=7&hallId=${terrace}`,
          bearer(waiter),
        );
        expect(week.json().bookings.map((x: { id: number }) => x.id)).toContain(a.reservationId);
        expect(week.json().bookings.every((x: { hall: { id: number } }) => x.hall.id === terrace)).toBe(true);

        const patch = (id: number, status: string, token = waiter) =>
          ctx.request('PATCH', `/api/staff/bookings/${id}`, { body: { status }, ...bearer(token) });
        // Not confirmed yet: cannot be seated; the waiter confirms by hand (the guest called), then seats.
        const early = await patch(a.reservationId, 'seated');
        expect(early.statusCode).toBe(409);
        expect(early.json()).toMatchObject({
          code: 'booking_invalid_transition',
          from: 'pending_confirmation',
          to: 'seated',
        });
        const byHand = await patch(a.reservationId, 'confirmed');
        expect(byHand.statusCode, byHand.body).toBe(200);
        expect(byHand.json()).toMatchObject({ status: 'confirmed', expires_at: null });
        expect((await patch(b.reservationId, 'confirmed')).json().status).toBe('confirmed');
        const seated = await patch(a.reservationId, 'seated');
        expect(seated.statusCode, seated.body).toBe(200);
        expect(seated.json().status).toBe('seated');
        const undo = await patch(a.reservationId, 'cancelled');
        expect(undo.statusCode).toBe(409);
        expect(undo.json()).toMatchObject({
          code: 'booking_invalid_transition',
          from: 'seated',
          to: 'cancelled',
        });
        expect((await patch(b.reservationId, 'no_show')).json().status).toBe('no_show');
        // A no-show frees the table.
        const six = await book(form(date, '13:00', 2));
        expect(six.statusCode).toBe(201);
        expect((await patch(six.json().reservationId, 'cancelled')).json().status).toBe('cancelled');
        expect((await patch(a.reservationId, 'bogus')).json().code).toBe('booking_invalid_data');

        const guest = await login(ctx, GUEST_EMAIL, GUEST_PASSWORD);
        expect((await ctx.get(`/api/staff/bookings?date=${date}`, bearer(guest))).statusCode).toBe(403);
        expect((await ctx.get(`/api/staff/bookings?date=${date}`)).statusCode).toBe(401);
        const otherPlace = await ctx.get(`/api/staff/bookings?date=${date}`, {
          place: 'hotel',
          ...bearer(waiter),
        });
        expect(otherPlace.statusCode).toBe(403);
      },
    );

    ctx.test(
      'online deposit: pending until paid, expiry frees the slot (test clock), confirmBookingPaid confirms and mails',
      async () => {
        pin();
        const placeId = await ctx.placeId('bistro');
        const date = '2026-03-17';
        // One 6-seat table left at 19:00.
        expect((await book(form(date, '19:00', 6))).statusCode).toBe(201);
        await setSetting(ctx.db, placeId, 'booking_online_payment', '1');
        await setSetting(ctx.db, placeId, 'booking_deposit', '20');
        try {
          expect((await ctx.get('/api/bookings/halls')).json()).toMatchObject({
            online_payment: true,
            deposit: 20, // the venue currency (issue 25 #1): booking_deposit '20' is 2000 minor units
          });
          const first = form(date, '19:00', 6);
          const a = await book(first);
          expect(a.statusCode).toBe(201);
          expect(a.json()).toMatchObject({
            status: 'pending_payment',
            payment: { amount: 20, expires_at: '2026-03-03T08:15:00.000Z' },
          });
          // No confirmation before the payment; the unpaid booking holds the table.
          expect((await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(first.email)}`)).json()).toEqual(
            [],
          );
          expect((await book(form(date, '19:00', 6))).statusCode).toBe(409);
          expect(times(await freeHours({ date, people: 6 }))).not.toContain('19:00');

          // 16 minutes later the unpaid booking has expired: the slot is free again.
          const later = new Date(NOW.getTime() + 16 * 60_000);
          ctx.clock.setOverride(later);
          const hours = await ctx.post('/api/bookings/getFreeHoursForDate', { date, people: 6 });
          expect(times(hours.json())).toContain('19:00');
          const second = form(date, '19:00', 6);
          const b = await book(second);
          expect(b.statusCode).toBe(201);
          const waiter = await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD);
          const day = (await ctx.get(`/api/staff/bookings?date=${date}`, bearer(waiter))).json();
          const statusOf = (id: number) => day.bookings.find((x: { id: number }) => x.id === id).status;
          expect(statusOf(a.json().reservationId)).toBe('expired');
          expect(statusOf(b.json().reservationId)).toBe('pending_payment');

          // The payments module's hook: B is paid → confirmed, e-mailed with a working cancel link.
          const paid = await ctx.app.bookings.confirmBookingPaid(b.json().reservationId);
          expect(paid).toEqual({ ok: true, status: 'confirmed', alreadyConfirmed: false });
          expect(await ctx.app.bookings.confirmBookingPaid(b.json().reservationId)).toMatchObject({
            alreadyConfirmed: true,
          });
          const mails = (await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(second.email)}`)).json();
          expect(mails).toHaveLength(1);
          expect(mails[0].text).toContain(b.json().cancelUrl);
          // A's late payment finds its table taken: the payments module must refund.
          expect(await ctx.app.bookings.confirmBookingPaid(a.json().reservationId)).toEqual({
            ok: false,
            reason: 'slot_taken',
          });

          // A late payment whose table is still free confirms.
          const c = await book(form(date, '12:00', 2));
          ctx.clock.setOverride(new Date(later.getTime() + 20 * 60_000));
          expect(await ctx.app.bookings.confirmBookingPaid(c.json().reservationId)).toMatchObject({
            ok: true,
          });
          const swept = await ctx.app.bookings.sweepExpired();
          expect(swept).toBeGreaterThanOrEqual(0);
        } finally {
          await setSetting(ctx.db, placeId, 'booking_online_payment', '0');
          await setSetting(ctx.db, placeId, 'booking_deposit', '0');
        }
      },
    );

    ctx.test(
      'the race for the last table: 20 concurrent POST bookings over a real port → 1 created, 19 × 409',
      async () => {
        pin();
        const date = '2026-03-18';
        expect((await book(form(date, '19:00', 6))).statusCode).toBe(201);
        const address = await baseUrl();
        const started = performance.now();
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            fetch(`${address}/api/bookings`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                client: 'demo',
                place: 'bistro',
                'x-forwarded-for': nextIp(),
              },
              body: JSON.stringify(form(date, '19:00', 6)),
            }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string } })),
          ),
        );
        const ms = Math.round(performance.now() - started);
        const created = answers.filter((a) => a.status === 201).length;
        const taken = answers.filter((a) => a.status === 409 && a.body.code === 'booking_slot_taken').length;
        console.info(
          `[${ctx.dialect}] race for the last table: ${created} created, ${taken} × 409 in ${ms} ms`,
        );
        expect(created).toBe(1);
        expect(taken).toBe(19);
        const placeId = await ctx.placeId('bistro');
        const rows = await ctx.db
          .selectFrom('bookings')
          .select(['table_id'])
          .where('place_id', '=', placeId)
          .where('date', '=', date)
          .where('people', '=', 6)
          .execute();
        expect(rows).toHaveLength(2);
        expect(new Set(rows.map((r) => r.table_id)).size).toBe(2);
      },
    );

    ctx.test('control: without the lock the same race double-books (the test above can fail)', async () => {
      pin();
      const date = '2026-03-19';
      const base = createBookingsRepository(ctx.db, ctx.dialect);
      const unlocked: BookingsRepository = {
        ...base,
        withBookingLock: async <T>(
          _placeId: number,
          _dates: string[],
          fn: (db: typeof ctx.db) => Promise<T>,
        ) => fn(ctx.db),
      };
      const service = createBookingsService({
        repo: unlocked,
        mailer: { send: async () => ({ id: '', from: '', date: '', to: '', subject: '', text: '' }) },
        now: () => NOW,
        publicUrl: 'http://localhost',
        linkSecret: 'x'.repeat(32),
        logError: () => undefined,
      });
      const tenant = { placeId: await ctx.placeId('bistro'), placeSlug: 'bistro' };
      const body = (email: string) => ({
        ...form(date, '19:00', 6, { email }),
        hallId: null,
        productId: null,
        variantId: null,
      });
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          service.create(tenant, body(`race${i}@example.com`), { userId: null, lang: 'bg' }),
        ),
      );
      const created = results.filter((r) => r.status === 'fulfilled').length;
      console.info(`[${ctx.dialect}] same race WITHOUT the lock: ${created} created for 2 tables`);
      expect(created).toBeGreaterThan(2);
    });

    ctx.test(
      'staff boards get new bookings and their changes live (booking.created, booking.status_changed)',
      async () => {
        pin();
        const waiter = await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD);
        const stream = await openSse(`${await baseUrl()}/api/staff/events?access_token=${waiter}`, {
          client: 'demo',
          place: 'bistro',
        });
        try {
          expect(stream.status).toBe(200);
          const created = await book(form('2026-03-20', '20:00', 5));
          const id = created.json().reservationId as number;
          const has = (type: string, status: string) => (m: { event: string; data: string }) =>
            m.event === type &&
            JSON.parse(m.data).booking?.id === id &&
            JSON.parse(m.data).booking.status === status;
          const event = await stream.waitFor(has('booking.created', 'pending_confirmation'), 3000);
          expect(JSON.parse(event.data).booking).toMatchObject({
            people: 5,
            time: '20:00',
            table: { seats: 6 },
          });
          const token = new URL(created.json().cancelUrl).searchParams.get('token');
          await ctx.post(`/api/bookings/${id}/confirm`, { token });
          await stream.waitFor(has('booking.status_changed', 'confirmed'), 3000);
          await ctx.post(`/api/bookings/${id}/cancel`, { token });
          await stream.waitFor(has('booking.status_changed', 'cancelled'), 3000);
        } finally {
          stream.close();
        }
      },
    );

    ctx.test(
      'double opt-in: an unconfirmed booking holds its table for booking_confirm_minutes, then releases it (409 booking_not_confirmable)',
      async () => {
        pin();
        const date = '2026-03-24';
        const a = await book(form(date, '19:00', 6));
        const b = await book(form(date, '19:00', 6));
        expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
        expect(a.json().status).toBe('pending_confirmation');
        // Both 6-seat tables are held by the two unconfirmed bookings.
        expect((await book(form(date, '19:00', 6))).json().code).toBe('booking_slot_taken');
        const at = async (minutes: number) => {
          pin(new Date(NOW.getTime() + minutes * 60_000));
          const res = await ctx.post('/api/bookings/getFreeHoursForDate', { date, people: 6 });
          return times(res.json());
        };
        expect(await at(29)).not.toContain('19:00');
        const confirmB = await ctx.post(`/api/bookings/${b.json().reservationId}/confirm`, {
          token: linkOf(b.json().cancelUrl).token,
        });
        expect(confirmB.json().status).toBe('confirmed');
        // 31 minutes: A was never confirmed and has released its table; B (confirmed) still holds its own.
        expect(await at(31)).toContain('19:00');
        const { id, token } = linkOf(a.json().cancelUrl);
        const late = await ctx.post(`/api/bookings/${id}/confirm`, { token }, { headers: { lang: 'en' } });
        expect(late.statusCode).toBe(409);
        expect(late.json()).toMatchObject({
          code: 'booking_not_confirmable',
          message_trans: expect.stringContaining('Please book again'),
        });
        expect((await ctx.get(`/api/bookings/${id}?token=${token}`)).json().status).toBe('expired');
        const c = await book(form(date, '19:00', 6));
        expect(c.statusCode, c.body).toBe(201);
        expect((await book(form(date, '19:00', 6))).json().code).toBe('booking_slot_taken');
        const waiter = await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD);
        const day = (await ctx.get(`/api/staff/bookings?date=${date}`, bearer(waiter))).json();
        const statusOf = (x: { reservationId: number }) =>
          day.bookings.find((r: { id: number }) => r.id === x.reservationId).status;
        expect([statusOf(a.json()), statusOf(b.json()), statusOf(c.json())]).toEqual([
          'expired',
          'confirmed',
          'pending_confirmation',
        ]);
        // An expired booking cannot be confirmed by staff either (it no longer holds a table).
        const byHand = await ctx.request('PATCH', `/api/staff/bookings/${id}`, {
          body: { status: 'confirmed' },
          ...bearer(waiter),
        });
        expect(byHand.json().code).toBe('booking_invalid_transition');
        // Bad tokens: too short is bad data, a real-looking one is not found, another place finds nothing.
        expect((await ctx.post(`/api/bookings/${id}/confirm`, { token: 'short' })).statusCode).toBe(400);
        const cLink = linkOf(c.json().cancelUrl);
        const elsewhere = await ctx.post(
          `/api/bookings/${cLink.id}/confirm`,
          { token: cLink.token },
          { place: 'hotel' },
        );
        expect(elsewhere.statusCode).toBe(404);
        expect((await ctx.post('/api/bookings/999999/confirm', { token: cLink.token })).statusCode).toBe(404);
      },
    );

    ctx.test(
      'booking_email_confirmation 0: confirmed at once with the confirmation e-mail (no request to confirm)',
      async () => {
        pin();
        const placeId = await ctx.placeId('bistro');
        await setSetting(ctx.db, placeId, 'booking_email_confirmation', '0');
        try {
          const body = form('2026-03-25', '19:00', 2);
          const res = await book(body);
          expect(res.statusCode).toBe(201);
          expect(res.json()).toMatchObject({ status: 'confirmed', expires_at: null });
          const mails = async () =>
            (await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(body.email)}`)).json() as {
              tag: string;
            }[];
          await expect.poll(async () => (await mails()).map((m) => m.tag)).toEqual(['booking_confirmation']);
          const { id, token } = linkOf(res.json().cancelUrl);
          expect((await ctx.post(`/api/bookings/${id}/confirm`, { token })).json().status).toBe('confirmed');
        } finally {
          await setSetting(ctx.db, placeId, 'booking_email_confirmation', '1');
        }
      },
    );

    ctx.test(
      'booking_max_open_per_guest (default 3): one guest, by e-mail or phone, holds at most 3 open bookings here',
      async () => {
        pin();
        const email = freshEmail();
        const phone = freshPhone();
        const made: { cancelUrl: string }[] = [];
        for (const [i, date] of ['2026-03-26', '2026-03-27', '2026-03-28'].entries()) {
          // The same guest: one e-mail (spelled as typed) and one phone (spaced or not).
          const res = await book(
            form(date, '12:00', 2, { email, phone: i === 1 ? phone.replace(/ /g, '') : phone }),
          );
          expect(res.statusCode, res.body).toBe(201);
          made.push(res.json());
        }
        // The same inbox spelled differently: refused (409, the spec is silent: a designed code).
        const shouted = await book(
          form('2026-03-29', '12:00', 2, { email: email.toUpperCase().replace('@', '+x@') }),
          { headers: { lang: 'en' } },
        );
        expect(shouted.statusCode).toBe(409);
        expect(shouted.json()).toMatchObject({
          code: 'booking_limit_reached',
          max: 3,
          message_trans: expect.stringContaining('open bookings'),
        });
        // The same phone with another e-mail: the same guest, refused.
        expect((await book(form('2026-03-29', '12:00', 2, { phone }))).json().code).toBe(
          'booking_limit_reached',
        );
        // Cancelled ones do not count.
        const { id, token } = linkOf(made[0]!.cancelUrl);
        expect((await ctx.post(`/api/bookings/${id}/cancel`, { token })).statusCode).toBe(200);
        expect((await book(form('2026-03-29', '13:00', 2, { email, phone }))).statusCode).toBe(201);
        // Unconfirmed ones that have expired do not count (another guest: five attempts an hour per e-mail).
        const g = { email: freshEmail(), phone: freshPhone() };
        for (const date of ['2026-04-01', '2026-04-02', '2026-04-03'])
          expect((await book(form(date, '12:00', 2, g))).statusCode).toBe(201);
        expect((await book(form('2026-04-04', '12:00', 2, g))).json().code).toBe('booking_limit_reached');
        pin(new Date(NOW.getTime() + 31 * 60_000));
        expect((await book(form('2026-04-04', '12:00', 2, g))).statusCode).toBe(201);
        // The venue's setting, through the admin console's call: 1 (beyond 100 is refused).
        const placeId = await ctx.placeId('bistro');
        const admin = await login(ctx, roleEmail('PLACE_ADMIN'), STAFF_PASSWORD);
        const put = (value: number) =>
          ctx.request('PUT', '/api/admin/settings', {
            body: { booking_max_open_per_guest: value },
            ...bearer(admin),
          });
        expect((await put(101)).statusCode).toBe(400);
        const saved = await put(1);
        expect(saved.statusCode, saved.body).toBe(200);
        try {
          const other = freshEmail();
          expect((await book(form('2026-03-26', '18:00', 2, { email: other }))).statusCode).toBe(201);
          expect((await book(form('2026-03-27', '18:00', 2, { email: other }))).json().code).toBe(
            'booking_limit_reached',
          );
        } finally {
          await setSetting(ctx.db, placeId, 'booking_max_open_per_guest', '3');
        }
      },
    );

    ctx.test("booking_max_open_per_guest 0: no limit on one guest's open bookings", async () => {
      pin();
      const placeId = await ctx.placeId('bistro');
      await setSetting(ctx.db, placeId, 'booking_max_open_per_guest', '0');
      try {
        const guest = { email: freshEmail(), phone: freshPhone() };
        for (const date of ['2026-04-14', '2026-04-15', '2026-04-16', '2026-04-17']) {
          const res = await book(form(date, '12:00', 2, guest));
          expect(res.statusCode, res.body).toBe(201);
        }
      } finally {
        await setSetting(ctx.db, placeId, 'booking_max_open_per_guest', '3');
      }
    });

    ctx.test(
      'staff: the same status again changes nothing (200); an unknown booking is 404 for staff and for the profile',
      async () => {
        pin();
        const waiter = await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD);
        const made = (await book(form('2026-04-10', '12:00', 2))).json();
        const patch = (id: number, status: string) =>
          ctx.request('PATCH', `/api/staff/bookings/${id}`, { body: { status }, ...bearer(waiter) });
        expect((await patch(made.reservationId, 'confirmed')).json().status).toBe('confirmed');
        const again = await patch(made.reservationId, 'confirmed');
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json()).toMatchObject({ id: made.reservationId, status: 'confirmed' });
        const unknown = await patch(999_999, 'confirmed');
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().code).toBe('booking_not_found');
        const guest = await login(ctx, GUEST_EMAIL, GUEST_PASSWORD);
        const gone = await ctx.post('/api/users/bookings/999999/cancel', {}, bearer(guest));
        expect(gone.statusCode).toBe(404);
        expect(gone.json().code).toBe('booking_not_found');
      },
    );

    ctx.test('OpenAPI documents every booking call', async () => {
      const doc = (await ctx.get('/api/docs/json')).json();
      for (const path of [
        '/api/bookings',
        '/api/bookings/getBusyDates',
        '/api/bookings/getFreeHoursForDate',
        '/api/bookings/halls',
        '/api/bookings/{id}',
        '/api/bookings/{id}/cancel',
        '/api/bookings/{id}/confirm',
        '/api/users/bookings',
        '/api/users/bookings/{id}/cancel',
        '/api/staff/bookings',
        '/api/staff/bookings/{id}',
      ]) {
        expect(Object.keys(doc.paths), path).toContain(path);
      }
    });
  },
  { setup: seedAccounts },
);
