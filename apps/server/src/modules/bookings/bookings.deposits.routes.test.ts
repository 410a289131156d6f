/**
 * Booking deposits paid (issue 22), through the real app on SQLite and PostgreSQL: what the payments module's hook
 * (`app.bookings.confirmBookingPaid`, called when a deposit is paid) and staff confirming "paid at the venue" do:
 * - a booking already confirmed or seated answers alreadyConfirmed, no second e-mail;
 * - five payment notices at once: one confirmation, one e-mail, the other four alreadyConfirmed;
 * - a deposit paid after the hold ended: the booking takes its own table back when still free (another fitting one
 *   otherwise), confirmed with its e-mail and a staff event; whether or not the expiry was already written; with
 *   every fitting table taken meanwhile it stays unconfirmed: `slot_taken` (the payment is marked for refund);
 * - the guest cancels a booking awaiting its deposit from the link.
 * The clock is pinned to Tuesday 2026-03-03 10:00 in Sofia (08:00 UTC); deposits hold a table 15 minutes.
 */
import { afterEach, expect, vi } from 'vitest';
import { STAFF_PASSWORD, nextIp, roleEmail, seedAccounts } from '../../../test/accounts.fixtures.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';

const NOW = new Date('2026-03-03T10:00:00+02:00');
/** After the 15-minute hold of a deposit booking made at NOW. */
const LATER = new Date(NOW.getTime() + 16 * 60_000);

let seq = 0;
const freshEmail = () => `deposits${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const freshPhone = () => `+359 85 ${String(1_000_000 + ++seq).slice(1)}`;

function form(date: string, time: string, people: number) {
  return {
    date,
    time,
    people,
    name: 'Иван Петров',
    phone: freshPhone(),
    email: freshEmail(),
    terms_accepted: true,
  };
}

async function login(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await ctx.post('/api/login', { email, password }, { headers: { 'x-forwarded-for': nextIp() } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase(
  'booking deposits paid',
  (ctx) => {
    afterEach(() => {
      vi.restoreAllMocks();
    });
    const pin = (at: Date = NOW) => ctx.clock.setOverride(at);
    const withDeposits = async (run: () => Promise<void>) => {
      const placeId = await ctx.placeId('bistro');
      await setSetting(ctx.db, placeId, 'booking_online_payment', '1');
      await setSetting(ctx.db, placeId, 'booking_deposit', '20');
      try {
        await run();
      } finally {
        await setSetting(ctx.db, placeId, 'booking_online_payment', '0');
        await setSetting(ctx.db, placeId, 'booking_deposit', '0');
      }
    };
    /** Books and answers the booking's id, e-mail and link token. */
    const book = async (date: string, time: string, people: number) => {
      const body = form(date, time, people);
      const res = await ctx.post('/api/bookings', body, { headers: { 'x-forwarded-for': nextIp() } });
      expect(res.statusCode, res.body).toBe(201);
      const json = res.json() as { reservationId: number; cancelUrl: string; status: string };
      return {
        id: json.reservationId,
        email: body.email,
        status: json.status,
        token: new URL(json.cancelUrl).searchParams.get('token')!,
      };
    };
    const row = (id: number) =>
      ctx.db
        .selectFrom('bookings')
        .select(['status', 'table_id', 'expires_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const confirmations = async (email: string) => {
      await sleep(100);
      const mails = (await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(email)}`)).json() as {
        tag: string;
      }[];
      return mails.filter((m) => m.tag === 'booking_confirmation').length;
    };
    const sixSeaters = async () =>
      (
        await ctx.db
          .selectFrom('tables')
          .select('id')
          .where('place_id', '=', await ctx.placeId('bistro'))
          .where('kind', '=', 'table')
          .where('seats', '=', 6)
          .orderBy('id')
          .execute()
      ).map((t) => t.id);
    const staffPatch = async (id: number, status: string) => {
      const waiter = await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD);
      return ctx.request('PATCH', `/api/staff/bookings/${id}`, {
        body: { status },
        headers: { authorization: `Bearer ${waiter}` },
      });
    };
    const confirmed = { ok: true, status: 'confirmed', alreadyConfirmed: false };
    const already = { ok: true, status: 'confirmed', alreadyConfirmed: true };

    ctx.test(
      'a deposit paid for a booking already confirmed, then seated: alreadyConfirmed each time, one e-mail',
      async () => {
        pin();
        await withDeposits(async () => {
          const a = await book('2026-03-10', '12:00', 2);
          expect(a.status).toBe('pending_payment');
          expect(await ctx.app.bookings.confirmBookingPaid(a.id)).toEqual(confirmed);
          expect(await ctx.app.bookings.confirmBookingPaid(a.id)).toEqual(already);
          expect((await staffPatch(a.id, 'seated')).statusCode).toBe(200);
          expect(await ctx.app.bookings.confirmBookingPaid(a.id)).toEqual(already);
          expect((await row(a.id)).status).toBe('seated');
          expect(await confirmations(a.email)).toBe(1);
        });
      },
    );

    ctx.test('five payment notices at once: confirmed once, one e-mail, four alreadyConfirmed', async () => {
      pin();
      await withDeposits(async () => {
        const a = await book('2026-03-11', '12:00', 2);
        const answers = await Promise.all(
          Array.from({ length: 5 }, () => ctx.app.bookings.confirmBookingPaid(a.id)),
        );
        expect(answers.filter((x) => JSON.stringify(x) === JSON.stringify(confirmed))).toHaveLength(1);
        expect(answers.filter((x) => JSON.stringify(x) === JSON.stringify(already))).toHaveLength(4);
        expect((await row(a.id)).status).toBe('confirmed');
        expect(await confirmations(a.email)).toBe(1);
      });
    });

    for (const swept of [false, true]) {
      ctx.test(
        `paid after the hold ended (${swept ? 'marked expired' : 'not yet marked expired'}): its own table back when free, confirmed, e-mailed, staff told`,
        async () => {
          pin();
          await withDeposits(async () => {
            const date = swept ? '2026-03-12' : '2026-03-13';
            const [first, second] = await sixSeaters();
            // X takes the first 6-seat table, A the second; X is cancelled: both are free after A's hold.
            const x = await book(date, '19:00', 6);
            const a = await book(date, '19:00', 6);
            expect((await row(a.id)).table_id).toBe(second);
            expect((await staffPatch(x.id, 'cancelled')).statusCode).toBe(200);
            pin(LATER);
            if (swept) await ctx.app.bookings.sweepExpired();
            expect((await row(a.id)).status).toBe(swept ? 'expired' : 'pending_payment');
            const published = vi.spyOn(ctx.app.events, 'publish');
            expect(await ctx.app.bookings.confirmBookingPaid(a.id)).toEqual(confirmed);
            expect(await row(a.id)).toEqual({ status: 'confirmed', table_id: second, expires_at: null });
            expect(await confirmations(a.email)).toBe(1);
            expect(published).toHaveBeenCalledWith(
              expect.objectContaining({
                type: 'booking.status_changed',
                data: { booking: expect.objectContaining({ id: a.id, status: 'confirmed' }) },
              }),
            );
            expect(first).not.toBe(second);
          });
        },
      );
    }

    ctx.test(
      'paid after the hold ended, its table taken meanwhile: another fitting table; with none left, slot_taken (refund)',
      async () => {
        pin();
        await withDeposits(async () => {
          const date = '2026-03-14';
          const [first, second] = await sixSeaters();
          const a = await book(date, '19:00', 6);
          const b = await book(date, '19:00', 6);
          expect([(await row(a.id)).table_id, (await row(b.id)).table_id]).toEqual([first, second]);
          pin(LATER);
          // C takes A's table (the first); B's is free again too (B never paid): A pays and gets B's.
          const c = await book(date, '19:00', 6);
          expect((await row(c.id)).table_id).toBe(first);
          expect(await ctx.app.bookings.confirmBookingPaid(a.id)).toEqual(confirmed);
          expect(await row(a.id)).toEqual({ status: 'confirmed', table_id: second, expires_at: null });

          // B pays now: both 6-seat tables are taken.
          expect(await ctx.app.bookings.confirmBookingPaid(b.id)).toEqual({
            ok: false,
            reason: 'slot_taken',
          });
          expect((await row(b.id)).status).not.toBe('confirmed');
          expect(await confirmations(b.email)).toBe(0);
        });
      },
    );

    ctx.test('the guest cancels a booking awaiting its deposit from the link', async () => {
      pin();
      await withDeposits(async () => {
        const a = await book('2026-03-15', '12:00', 2);
        const res = await ctx.post(`/api/bookings/${a.id}/cancel`, { token: a.token });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ status: 'cancelled', canceled: true });
        expect((await row(a.id)).status).toBe('cancelled');
      });
    });
  },
  { setup: seedAccounts },
);
