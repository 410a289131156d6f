/**
 * Bookings at the edges (issue 22), through the real app on SQLite and PostgreSQL:
 * - stays that pass midnight (a venue open 18:00–02:00) and a whole-day stay (24 hours from 00:00) hold their
 *   tables for their whole length;
 * - a booking product booked without a variant takes its first variant (duration, stored variant); a booking
 *   product without active variants books with the venue's default duration; a product that is not a booking
 *   product and an unknown hall are refused naming the field;
 * - the error answers: a wrong or short link token is 404 with the not-found text; a booking whose stored date or
 *   time is unreadable cannot be confirmed by staff (409 booking_slot_taken, the payments hook's `slot_taken`);
 * - the deposit the payments module reads (`depositToPay`) and the pay call's refusals;
 * - the staff event stream failing: the booking is made, the failure logged;
 * - the same link pressed five times at once: one confirmation e-mail;
 * - expiry: a read at one venue expires that venue's unconfirmed bookings only; the background sweep expires every
 *   venue's without any request, and a failing sweep is logged, not thrown;
 * - the abuse-limit counters are kept under the route's key (`booking:POST/api/bookings|ip|…`);
 * - a venue removed while its address is still cached by tenancy: 404 booking_not_found, not a server error.
 * The clock is pinned to Tuesday 2026-03-03 10:00 in Sofia (08:00 UTC); each test books on its own date.
 */
import { afterEach, expect, vi } from 'vitest';
import { BOOKING_ERROR_MESSAGES } from '@trapeza/domain/booking';
import { STAFF_PASSWORD, nextIp, roleEmail, seedAccounts } from '../../../test/accounts.fixtures.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { bookingGuests, login } from './bookings.fixtures.ts';
import { createTestState, describeEachDatabase } from '../../../test/harness.ts';

const NOW = new Date('2026-03-03T10:00:00+02:00');

const { form } = bookingGuests('edges', '86');

const linkToken = (cancelUrl: string) => new URL(cancelUrl).searchParams.get('token')!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase(
  'bookings at the edges',
  (ctx) => {
    afterEach(() => {
      vi.restoreAllMocks();
    });
    const pin = (at: Date = NOW) => ctx.clock.setOverride(at);
    const book = (body: unknown, opts: { headers?: Record<string, string>; place?: string } = {}) =>
      ctx.post('/api/bookings', body, { ...opts, headers: { 'x-forwarded-for': nextIp(), ...opts.headers } });
    const statusOf = async (id: number) =>
      (await ctx.db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    const bistro = () => ctx.placeId('bistro');
    const withSettings = async (settings: Record<string, string>, run: () => Promise<void>) => {
      const placeId = await bistro();
      const before = await ctx.db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('place_id', '=', placeId)
        .where('key', 'in', Object.keys(settings))
        .execute();
      for (const [key, value] of Object.entries(settings)) await setSetting(ctx.db, placeId, key, value);
      try {
        await run();
      } finally {
        for (const key of Object.keys(settings)) {
          const old = before.find((b) => b.key === key);
          if (old) await setSetting(ctx.db, placeId, key, old.value);
          else
            await ctx.db
              .deleteFrom('settings')
              .where('place_id', '=', placeId)
              .where('key', '=', key)
              .execute();
        }
      }
    };
    const everyDay = (hours: string) =>
      JSON.stringify(Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [String(d), hours])));
    const bookingProduct = async () => {
      const placeId = await bistro();
      const product = await ctx.db
        .selectFrom('products')
        .select('id')
        .where('place_id', '=', placeId)
        .where('type', '=', 'booking')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const variants = await ctx.db
        .selectFrom('product_variants')
        .select(['id', 'booking_duration', 'active'])
        .where('product_id', '=', product.id)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return { id: product.id, variants };
    };
    const storedVariant = async (id: number) =>
      (
        await ctx.db
          .selectFrom('bookings')
          .select('variant_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).variant_id;

    ctx.test(
      'a stay past midnight (open 18:00–02:00) holds its table until it ends: 23:00 for two hours blocks 23:30',
      async () => {
        pin();
        await withSettings({ working_hours: everyDay('18:00-02:00') }, async () => {
          const date = '2026-03-26';
          // Both 6-seat tables from 23:00 to 01:00 the next day.
          for (let i = 0; i < 2; i++) {
            const res = await book(form(date, '23:00', 6));
            expect(res.statusCode, res.body).toBe(201);
            expect(res.json()).toMatchObject({ time: '23:00', end_time: '01:00' });
          }
          const later = await book(form(date, '23:30', 6));
          expect(later.statusCode, later.body).toBe(409);
          expect(later.json().code).toBe('booking_slot_taken');
          // Past midnight too: the next date's 00:00 start (the same evening's range) is taken.
          const afterMidnight = await book(form('2026-03-27', '00:00', 6));
          expect(afterMidnight.statusCode, afterMidnight.body).toBe(409);
          // Smaller parties still find the other tables.
          expect((await book(form(date, '23:30', 2))).statusCode).toBe(201);
        });
      },
    );

    ctx.test(
      'a whole-day stay (24 hours from 00:00) holds its table all day: the third party of six is refused',
      async () => {
        pin();
        await withSettings(
          { working_hours: everyDay('00:00-24:00'), booking_default_duration: '1440' },
          async () => {
            const date = '2026-03-25';
            for (let i = 0; i < 2; i++) {
              const res = await book(form(date, '00:00', 6));
              expect(res.statusCode, res.body).toBe(201);
              expect(res.json()).toMatchObject({ time: '00:00', end_time: '00:00' });
            }
            const third = await book(form(date, '00:00', 6));
            expect(third.statusCode, third.body).toBe(409);
            expect(third.json().code).toBe('booking_slot_taken');
          },
        );
      },
    );

    ctx.test(
      "a booking product without a variant chosen takes its first variant's duration and records that variant",
      async () => {
        pin();
        const product = await bookingProduct();
        const first = product.variants.find((v) => v.active === 1)!;
        await ctx.db
          .updateTable('product_variants')
          .set({ booking_duration: 90 })
          .where('id', '=', first.id)
          .execute();
        try {
          const res = await book(form('2026-03-12', '19:00', 2, { productId: product.id }));
          expect(res.statusCode, res.body).toBe(201);
          expect(res.json()).toMatchObject({
            time: '19:00',
            end_time: '20:30',
            product: { id: product.id },
          });
          expect(await storedVariant(res.json().reservationId)).toBe(first.id);
        } finally {
          await ctx.db
            .updateTable('product_variants')
            .set({ booking_duration: first.booking_duration })
            .where('id', '=', first.id)
            .execute();
        }
      },
    );

    ctx.test(
      "a booking product without active variants books with the venue's default duration, no variant stored",
      async () => {
        pin();
        const product = await bookingProduct();
        const active = product.variants.filter((v) => v.active === 1).map((v) => v.id);
        await ctx.db.updateTable('product_variants').set({ active: 0 }).where('id', 'in', active).execute();
        try {
          const res = await book(form('2026-03-12', '12:00', 2, { productId: product.id }));
          expect(res.statusCode, res.body).toBe(201);
          expect(res.json()).toMatchObject({ time: '12:00', end_time: '14:00', product: { id: product.id } });
          expect(await storedVariant(res.json().reservationId)).toBeNull();
        } finally {
          await ctx.db.updateTable('product_variants').set({ active: 1 }).where('id', 'in', active).execute();
        }
      },
    );

    ctx.test(
      'a product that is not a booking product, an unknown hall: 400 naming the field and its code',
      async () => {
        pin();
        const placeId = await bistro();
        const normal = await ctx.db
          .selectFrom('products')
          .select('id')
          .where('place_id', '=', placeId)
          .where('type', '=', 'normal')
          .executeTakeFirstOrThrow();
        const hotelHall = await ctx.db
          .selectFrom('halls')
          .select('id')
          .where('place_id', '!=', placeId)
          .executeTakeFirst();
        const detailsOf = async (res: Awaited<ReturnType<typeof book>>) => {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().code).toBe('booking_invalid_data');
          return (res.json().details as { path: string; code: string }[]).map((d) => ({
            path: d.path,
            code: d.code,
          }));
        };
        const notBookable = [{ path: 'productId', code: 'not_a_booking_product' }];
        expect(await detailsOf(await book(form('2026-03-13', '19:00', 2, { productId: normal.id })))).toEqual(
          notBookable,
        );
        expect(
          await detailsOf(
            await ctx.post('/api/bookings/getFreeHoursForDate', {
              date: '2026-03-13',
              people: 2,
              productId: normal.id,
            }),
          ),
        ).toEqual(notBookable);
        const unknownHall = [{ path: 'hallId', code: 'unknown_hall' }];
        for (const hallId of [hotelHall?.id ?? 999_999, 999_999]) {
          expect(await detailsOf(await book(form('2026-03-13', '19:00', 2, { hallId })))).toEqual(
            unknownHall,
          );
          expect(
            await detailsOf(
              await ctx.post('/api/bookings/getFreeHoursForDate', { date: '2026-03-13', people: 2, hallId }),
            ),
          ).toEqual(unknownHall);
        }
        const stored = await ctx.db
          .selectFrom('bookings')
          .select('id')
          .where('place_id', '=', placeId)
          .where('date', '=', '2026-03-13')
          .execute();
        expect(stored).toEqual([]);
      },
    );

    ctx.test(
      'a wrong link token of another length, an unknown booking: 404 with the not-found text, never a server error',
      async () => {
        pin();
        const res = await book(form('2026-03-14', '12:00', 2));
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().reservationId as number;
        const token = linkToken(res.json().cancelUrl as string);
        const notFound = {
          code: 'booking_not_found',
          message: BOOKING_ERROR_MESSAGES.booking_not_found.bg,
        };
        for (const wrong of ['too-short-token', `${token}x`, token.slice(0, -1)]) {
          const shown = await ctx.get(`/api/bookings/${id}?token=${encodeURIComponent(wrong)}`);
          expect(shown.statusCode, shown.body).toBe(404);
          expect(shown.json()).toMatchObject(notFound);
          const confirm = await ctx.post(`/api/bookings/${id}/confirm`, { token: wrong });
          expect(confirm.statusCode, confirm.body).toBe(404);
        }
        const unknown = await ctx.get(`/api/bookings/${id + 100_000}?token=${encodeURIComponent(token)}`);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toMatchObject(notFound);
        expect(await statusOf(id)).toBe('pending_confirmation');
      },
    );

    ctx.test(
      'a booking awaiting its deposit whose stored date or time is unreadable: staff cannot confirm it (409), the payments hook answers slot_taken',
      async () => {
        pin();
        await withSettings({ booking_online_payment: '1', booking_deposit: '20' }, async () => {
          const waiter = await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD);
          const damaged: [string, Record<string, string>][] = [
            ['date', { date: '2026-03-15x' }],
            ['start', { start_time: 'noon' }],
            ['end', { end_time: 'late' }],
          ];
          for (const [what, set] of damaged) {
            const res = await book(form('2026-03-15', '12:00', 2));
            expect(res.statusCode, res.body).toBe(201);
            const id = res.json().reservationId as number;
            await ctx.db.updateTable('bookings').set(set).where('id', '=', id).execute();
            const patch = await ctx.request('PATCH', `/api/staff/bookings/${id}`, {
              body: { status: 'confirmed' },
              headers: { authorization: `Bearer ${waiter}` },
            });
            expect(patch.statusCode, `${what}: ${patch.body}`).toBe(409);
            expect(patch.json().code).toBe('booking_slot_taken');
            expect(await ctx.app.bookings.confirmBookingPaid(id)).toEqual({
              ok: false,
              reason: 'slot_taken',
            });
            expect(await statusOf(id), what).toBe('pending_payment');
          }
        });
      },
    );

    ctx.test(
      'the deposit the payments module reads: the booking, its hold, the amount and the currency; the pay call refuses a confirmed booking',
      async () => {
        pin();
        const placeId = await bistro();
        const tenant = { placeId, placeSlug: 'bistro' };
        await withSettings({ booking_online_payment: '1', booking_deposit: '20' }, async () => {
          const body = form('2026-03-24', '19:00', 2, { name: 'Иван Петров' });
          const res = await book(body);
          expect(res.statusCode, res.body).toBe(201);
          const id = res.json().reservationId as number;
          const token = linkToken(res.json().cancelUrl as string);
          expect(await ctx.app.bookings.depositToPay(tenant, id, token, 'bg')).toEqual({
            bookingId: id,
            placeId,
            status: 'pending_payment',
            expiresAt: '2026-03-03T08:15:00.000Z',
            amount: 2000,
            currency: 'EUR',
            guestName: 'Иван Петров',
            date: '2026-03-24',
            time: '19:00',
          });
          await expect(ctx.app.bookings.depositToPay(tenant, id, `${token}x`, 'bg')).rejects.toMatchObject({
            statusCode: 404,
            code: 'booking_not_found',
          });
          // Paid at the venue: the pay call answers already_paid.
          expect(await ctx.app.bookings.confirmBookingPaid(id)).toMatchObject({
            ok: true,
            alreadyConfirmed: false,
          });
          const again = await ctx.post(`/api/bookings/${id}/pay`, { token });
          expect(again.statusCode, again.body).toBe(409);
          expect(again.json().code).toBe('already_paid');
        });
        // The online payment switched off meanwhile: a deposit of 0; a lev venue's currency.
        await withSettings({ booking_online_payment: '1', booking_deposit: '20' }, async () => {
          const res = await book(form('2026-03-24', '20:00', 2));
          const id = res.json().reservationId as number;
          const token = linkToken(res.json().cancelUrl as string);
          await withSettings({ booking_online_payment: '0', default_currency_suffix: 'лв.' }, async () => {
            expect(await ctx.app.bookings.depositToPay(tenant, id, token, 'bg')).toMatchObject({
              bookingId: id,
              status: 'pending_payment',
              amount: 0,
              currency: 'BGN',
            });
            const pay = await ctx.post(`/api/bookings/${id}/pay`, { token });
            expect(pay.statusCode, pay.body).toBe(400);
            expect(pay.json().code).toBe('amount_too_small');
          });
        });
      },
    );

    ctx.test(
      'the staff event stream failing: the booking is made all the same, the failure logged',
      async () => {
        pin();
        const failure = new Error('event stream down');
        vi.spyOn(ctx.app.events, 'publish').mockRejectedValue(failure);
        const logged = vi.spyOn(ctx.app.log, 'error');
        const res = await book(form('2026-03-17', '12:00', 2));
        expect(res.statusCode, res.body).toBe(201);
        expect(await statusOf(res.json().reservationId as number)).toBe('pending_confirmation');
        expect(logged).toHaveBeenCalledWith({ err: failure }, 'booking event booking.created not published');
      },
    );

    ctx.test(
      'the confirm link pressed five times at once: confirmed once, one confirmation e-mail',
      async () => {
        pin();
        const body = form('2026-03-18', '19:00', 2);
        const res = await book(body);
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().reservationId as number;
        const token = linkToken(res.json().cancelUrl as string);
        const answers = await Promise.all(
          Array.from({ length: 5 }, () => ctx.post(`/api/bookings/${id}/confirm`, { token })),
        );
        expect(answers.map((a) => [a.statusCode, a.json().status])).toEqual(
          Array.from({ length: 5 }, () => [200, 'confirmed']),
        );
        await sleep(200);
        const mails = (await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(body.email)}`)).json() as {
          tag: string;
        }[];
        expect(mails.map((m) => m.tag).sort()).toEqual(['booking_confirm_request', 'booking_confirmation']);

        // The same through the service the link's page calls, the five calls started in the same tick.
        const second = form('2026-03-18', '20:00', 2);
        const made = (await book(second)).json() as { reservationId: number; cancelUrl: string };
        const tenant = { placeId: await bistro(), placeSlug: 'bistro' };
        const views = await Promise.all(
          Array.from({ length: 5 }, () =>
            ctx.app.bookings.confirmByToken(tenant, made.reservationId, linkToken(made.cancelUrl), 'bg'),
          ),
        );
        expect(views.map((v) => v.status)).toEqual(Array.from({ length: 5 }, () => 'confirmed'));
        await sleep(200);
        const secondMails = (
          await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(second.email)}`)
        ).json() as { tag: string }[];
        expect(secondMails.map((m) => m.tag).sort()).toEqual([
          'booking_confirm_request',
          'booking_confirmation',
        ]);
      },
    );

    ctx.test("reading one venue's bookings expires that venue's unconfirmed bookings only", async () => {
      pin();
      const placeId = await bistro();
      const hotel = await ctx.placeId('hotel');
      const mine = (await book(form('2026-03-19', '12:00', 2))).json().reservationId as number;
      const expired = '2026-03-03T07:00:00.000Z';
      await ctx.db.updateTable('bookings').set({ expires_at: expired }).where('id', '=', mine).execute();
      const { id: theirs } = await ctx.db
        .insertInto('bookings')
        .values({
          place_id: hotel,
          date: '2026-03-19',
          start_time: '12:00',
          end_time: '14:00',
          people: 2,
          name: 'Гост',
          phone: '+359 88 000 0000',
          email: 'other-venue@example.com',
          status: 'pending_confirmation',
          cancel_token: `edges-${Math.random().toString(36).slice(2)}`,
          expires_at: expired,
          created_at: expired,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const waiter = await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD);
      const day = await ctx.get('/api/staff/bookings?date=2026-03-19', {
        headers: { authorization: `Bearer ${waiter}` },
      });
      expect(day.statusCode, day.body).toBe(200);
      expect(day.json().bookings).toMatchObject([{ id: mine, status: 'expired' }]);
      expect(await statusOf(mine)).toBe('expired');
      expect(await statusOf(theirs)).toBe('pending_confirmation');
      expect(placeId).not.toBe(hotel);
    });

    ctx.test(
      'the abuse-limit counts are kept under the route key, the same for an encoded path',
      async () => {
        pin();
        const ip = nextIp();
        for (const url of ['/api/bookings', '/%61pi/bookings']) {
          const res = await ctx.post(url, form('2026-03-20', '12:00', 2), {
            headers: { 'x-forwarded-for': ip },
          });
          expect(res.statusCode, res.body).toBe(201);
        }
        const counters = await ctx.db
          .selectFrom('account_counters')
          .select(['key', 'count'])
          .where('key', 'like', `%|ip|${ip}`)
          .execute();
        expect(counters).toEqual([{ key: `booking:POST/api/bookings|ip|${ip}`, count: 2 }]);
      },
    );

    ctx.test(
      'a venue removed while tenancy still has it cached: the booking calls answer 404 booking_not_found',
      async () => {
        pin();
        // A new venue taking bookings; a first call warms the tenancy cache, then the venue is removed.
        const client = await ctx.db
          .selectFrom('clients')
          .select('id')
          .where('slug', '=', 'demo')
          .executeTakeFirstOrThrow();
        const { id: gone } = await ctx.db
          .insertInto('places')
          .values({
            client_id: client.id,
            slug: 'pop-up',
            name: 'Pop-up',
            translations: '{}',
            functionality_modules: '["booking"]',
            city_id: null,
            address: null,
            phone: null,
            email: null,
            lat: null,
            lng: null,
            active: 1,
            created_at: NOW.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const before = await ctx.get('/api/bookings/halls', { place: 'pop-up' });
        expect(before.statusCode, before.body).toBe(200);
        await ctx.db.deleteFrom('places').where('id', '=', gone).execute();
        const after = await ctx.post(
          '/api/bookings/getFreeHoursForDate',
          { date: '2026-03-21', people: 2 },
          { place: 'pop-up' },
        );
        expect(after.statusCode, after.body).toBe(404);
        expect(after.json().code).toBe('booking_not_found');
      },
    );
  },
  { setup: seedAccounts },
);

describeEachDatabase(
  'bookings expiry in the background',
  (ctx) => {
    ctx.test(
      "every minute, with no request, every venue's unconfirmed bookings past their hold expire; a failing sweep is logged; none after close",
      async () => {
        vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
        // An app of its own, started under the fake interval timer.
        const state = await createTestState(ctx.dialect);
        try {
          state.clock.setOverride(NOW);
          const res = await state.app.inject({
            method: 'POST',
            url: '/api/bookings',
            headers: { client: 'demo', place: 'bistro', 'x-forwarded-for': nextIp() },
            payload: form('2026-03-21', '19:00', 2),
          });
          expect(res.statusCode, res.body).toBe(201);
          const id = res.json().reservationId as number;
          // Another venue's unconfirmed booking, held until the same time.
          const hotel = await state.handle.db
            .selectFrom('places')
            .select('id')
            .where('slug', '=', 'hotel')
            .executeTakeFirstOrThrow();
          const { id: theirs } = await state.handle.db
            .insertInto('bookings')
            .values({
              place_id: hotel.id,
              date: '2026-03-21',
              start_time: '19:00',
              end_time: '21:00',
              people: 2,
              name: 'Гост',
              phone: '+359 88 000 0000',
              email: 'other-venue@example.com',
              status: 'pending_confirmation',
              cancel_token: `edges-${Math.random().toString(36).slice(2)}`,
              expires_at: res.json().expires_at as string,
              created_at: NOW.toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const statusOf = async (bookingId: number) =>
            (
              await state.handle.db
                .selectFrom('bookings')
                .select('status')
                .where('id', '=', bookingId)
                .executeTakeFirstOrThrow()
            ).status;
          const status = async () => [await statusOf(id), await statusOf(theirs)].join();
          state.clock.setOverride(new Date(NOW.getTime() + 31 * 60_000));
          await vi.advanceTimersByTimeAsync(59_000);
          await sleep(100);
          expect(await status()).toBe('pending_confirmation,pending_confirmation');
          await vi.advanceTimersByTimeAsync(1_000);
          for (let i = 0; i < 100 && (await status()) !== 'expired,expired'; i++) await sleep(20);
          expect(await status()).toBe('expired,expired');

          const failure = new Error('database unavailable');
          const failing = vi.spyOn(state.app.bookings, 'sweepExpired').mockRejectedValue(failure);
          const logged = vi.spyOn(state.app.log, 'error');
          await vi.advanceTimersByTimeAsync(60_000);
          for (let i = 0; i < 100 && logged.mock.calls.length === 0; i++) await sleep(20);
          expect(logged).toHaveBeenCalledWith({ err: failure }, 'booking expiry sweep failed');

          // Closed, the app sweeps no more.
          const sweeps = failing.mock.calls.length;
          await state.app.close();
          await vi.advanceTimersByTimeAsync(180_000);
          expect(failing.mock.calls.length).toBe(sweeps);
        } finally {
          vi.restoreAllMocks();
          await state.cleanup();
          vi.useRealTimers();
        }
      },
    );
  },
  { seed: false },
);
