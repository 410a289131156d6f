/**
 * What the booking views show (issue 22), through the real app on SQLite and PostgreSQL: one booking with a hall, a
 * table and a booking-type product, and one at a table outside any hall without a product, each read as staff read
 * it (the day list, the answer of a status change), as the guest reads it (the answer to booking, the e-mailed
 * link, the profile list) and as the two e-mails show it. The whole answer is pinned: a hall, table or product is
 * an object when the booking has one and null when it has none (also once its table was removed from the database:
 * the foreign key sets the booking's table to null). The guest reads the hall and the product in their language
 * (the hall's name was shown untranslated before: "Hall: Тераса" in an English e-mail).
 *
 * The clock is pinned to Tuesday 2026-03-03 10:00 in Sofia (08:00 UTC); each test books on its own date.
 */
import { expect } from 'vitest';
import {
  GUEST_EMAIL,
  GUEST_PASSWORD,
  STAFF_PASSWORD,
  nextIp,
  roleEmail,
  seedAccounts,
} from '../../../test/accounts.fixtures.ts';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';

const NOW = new Date('2026-03-03T10:00:00+02:00');
const CREATED_AT = '2026-03-03T08:00:00.000Z';
/** booking_confirm_minutes (30) after NOW. */
const HELD_UNTIL = '2026-03-03T08:30:00.000Z';

let seq = 0;
const guestEmail = () => `views${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const guestPhone = () => `+359 87 ${String(1_000_000 + ++seq).slice(1)}`;

async function login(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await ctx.post('/api/login', { email, password }, { headers: { 'x-forwarded-for': nextIp() } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

interface Mail {
  tag: string;
  text: string;
  html: string;
}

describeEachDatabase(
  'bookings views',
  (ctx) => {
    const pin = () => ctx.clock.setOverride(NOW);
    const auth = (token: string, lang = 'bg') => ({ headers: { authorization: `Bearer ${token}`, lang } });
    const outbox = async (email: string) =>
      (await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(email)}`)).json() as Mail[];
    const mailTagged = async (email: string, tag: string): Promise<Mail> => {
      await expect.poll(async () => (await outbox(email)).some((m) => m.tag === tag)).toBe(true);
      return (await outbox(email)).find((m) => m.tag === tag)!;
    };
    const linkOf = (cancelUrl: string) => new URL(cancelUrl).searchParams.get('token')!;
    const staffDay = async (waiter: string, date: string) => {
      const res = await ctx.get(`/api/staff/bookings?date=${date}`, auth(waiter));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().bookings as unknown[];
    };
    const staffPatch = async (waiter: string, id: number, status: string) => {
      const res = await ctx.request('PATCH', `/api/staff/bookings/${id}`, {
        body: { status },
        ...auth(waiter),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as unknown;
    };
    const placeName = async () =>
      (
        await ctx.db
          .selectFrom('places')
          .select('name')
          .where('id', '=', await ctx.placeId('bistro'))
          .executeTakeFirstOrThrow()
      ).name;

    ctx.test(
      'a booking with a hall, a table and a booking product: staff, the link, the profile and both e-mails show them',
      async () => {
        pin();
        const placeId = await ctx.placeId('bistro');
        const venue = await placeName();
        const terrace = await ctx.db
          .selectFrom('halls')
          .select(['id', 'name'])
          .where('place_id', '=', placeId)
          .where('name', '=', 'Тераса')
          .executeTakeFirstOrThrow();
        const product = await ctx.db
          .selectFrom('products')
          .select(['id', 'name'])
          .where('place_id', '=', placeId)
          .where('type', '=', 'booking')
          .orderBy('id')
          .executeTakeFirstOrThrow();
        // The guest reads the product in their language; staff read its own (Bulgarian) name.
        await ctx.db
          .updateTable('products')
          .set({ translations: JSON.stringify({ en: { name: 'Tasting table' } }) })
          .where('id', '=', product.id)
          .execute();
        const date = '2026-03-17';
        const guest = await login(ctx, GUEST_EMAIL, GUEST_PASSWORD);
        const waiter = await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD);
        const user = await ctx.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', GUEST_EMAIL)
          .executeTakeFirstOrThrow();
        const body = {
          date,
          time: '19:00',
          people: 4,
          hallId: terrace.id,
          productId: product.id,
          name: 'Мария Иванова',
          phone: guestPhone(),
          email: guestEmail(),
          comment: 'До прозореца',
          terms_accepted: true,
        };
        const res = await ctx.post('/api/bookings', body, {
          headers: { 'x-forwarded-for': nextIp(), authorization: `Bearer ${guest}`, lang: 'bg' },
        });
        expect(res.statusCode, res.body).toBe(201);
        const made = res.json() as { reservationId: number; cancelUrl: string };
        const id = made.reservationId;
        // The smallest terrace table for four: the terrace's first.
        const table = await ctx.db
          .selectFrom('tables')
          .select(['id', 'number', 'seats'])
          .where('place_id', '=', placeId)
          .where('hall_id', '=', terrace.id)
          .orderBy('id')
          .executeTakeFirstOrThrow();

        const store = {
          reservationId: id,
          status: 'pending_confirmation',
          canceled: false,
          date,
          time: '19:00',
          end_time: '21:00',
          people: 4,
          hall: { id: terrace.id, name: 'Тераса' },
          product: { id: product.id, name: product.name },
          name: 'Мария Иванова',
          place: { slug: 'bistro', name: venue },
          expires_at: HELD_UNTIL,
          created_at: CREATED_AT,
        };
        expect(made).toEqual({ ...store, cancelUrl: made.cancelUrl, payment: null });

        const staff = {
          id,
          status: 'pending_confirmation',
          date,
          time: '19:00',
          end_time: '21:00',
          people: 4,
          hall: { id: terrace.id, name: 'Тераса' },
          table: { id: table.id, number: table.number, seats: table.seats },
          product: { id: product.id, name: product.name },
          name: 'Мария Иванова',
          phone: body.phone,
          email: body.email,
          comment: 'До прозореца',
          user_id: user.id,
          expires_at: HELD_UNTIL,
          created_at: CREATED_AT,
        };
        expect(await staffDay(waiter, date)).toEqual([staff]);

        // The request to confirm names the hall and the product.
        const request = await mailTagged(body.email, 'booking_confirm_request');
        expect(request.text).toContain(`\nЗала: Тераса\nУслуга: ${product.name}\n`);

        // Staff confirm it (the guest called): the answer is the staff view, confirmed; the guest is e-mailed.
        const confirmedStaff = { ...staff, status: 'confirmed', expires_at: null };
        expect(await staffPatch(waiter, id, 'confirmed')).toEqual(confirmedStaff);
        expect(await staffDay(waiter, date)).toEqual([confirmedStaff]);
        const confirmation = await mailTagged(body.email, 'booking_confirmation');
        expect(confirmation.text).toContain(`\nЗала: Тераса\nУслуга: ${product.name}\n`);

        // The e-mailed link and the profile list: the hall and the product in the guest's language.
        const confirmedStore = { ...store, status: 'confirmed', expires_at: null };
        const byLink = await ctx.get(
          `/api/bookings/${id}?token=${encodeURIComponent(linkOf(made.cancelUrl))}`,
          {
            headers: { lang: 'en' },
          },
        );
        expect(byLink.statusCode, byLink.body).toBe(200);
        expect(byLink.json()).toMatchObject({
          ...confirmedStore,
          hall: { id: terrace.id, name: 'Terrace' },
          product: { id: product.id, name: 'Tasting table' },
          place: { slug: 'bistro' },
        });
        const profile = await ctx.get('/api/users/bookings', auth(guest));
        expect(profile.statusCode, profile.body).toBe(200);
        expect(profile.json()).toEqual([confirmedStore]);
      },
    );

    ctx.test(
      'a booking at a table outside any hall, without a product: hall and product null everywhere, the e-mails sent without them; table null once the table is gone',
      async () => {
        pin();
        const placeId = await ctx.placeId('bistro');
        const venue = await placeName();
        // The only table for seven: outside any hall.
        const { id: tableId } = await ctx.db
          .insertInto('tables')
          .values({
            place_id: placeId,
            hall_id: null,
            number: 'B1',
            kind: 'table',
            seats: 8,
            token: `views-${Math.random().toString(36).slice(2)}`,
            active: 1,
            created_at: CREATED_AT,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const date = '2026-03-18';
        const waiter = await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD);
        const body = {
          date,
          time: '20:00',
          people: 7,
          name: 'Петър Петров',
          phone: guestPhone(),
          email: guestEmail(),
          terms_accepted: true,
        };
        const res = await ctx.post('/api/bookings', body, {
          headers: { 'x-forwarded-for': nextIp(), lang: 'bg' },
        });
        expect(res.statusCode, res.body).toBe(201);
        const made = res.json() as { reservationId: number; cancelUrl: string };
        const id = made.reservationId;
        const store = {
          reservationId: id,
          status: 'pending_confirmation',
          canceled: false,
          date,
          time: '20:00',
          end_time: '22:00',
          people: 7,
          hall: null,
          product: null,
          name: 'Петър Петров',
          place: { slug: 'bistro', name: venue },
          expires_at: HELD_UNTIL,
          created_at: CREATED_AT,
        };
        expect(made).toEqual({ ...store, cancelUrl: made.cancelUrl, payment: null });
        const staff = {
          id,
          status: 'pending_confirmation',
          date,
          time: '20:00',
          end_time: '22:00',
          people: 7,
          hall: null,
          table: { id: tableId, number: 'B1', seats: 8 },
          product: null,
          name: 'Петър Петров',
          phone: body.phone,
          email: body.email,
          comment: null,
          user_id: null,
          expires_at: HELD_UNTIL,
          created_at: CREATED_AT,
        };
        expect(await staffDay(waiter, date)).toEqual([staff]);

        // Both e-mails go out, without a hall or product line.
        const request = await mailTagged(body.email, 'booking_confirm_request');
        expect(request.text).toContain('\nБрой хора: 7\n\n');
        expect(request.text).not.toContain('Зала:');
        const confirmedStaff = { ...staff, status: 'confirmed', expires_at: null };
        expect(await staffPatch(waiter, id, 'confirmed')).toEqual(confirmedStaff);
        const confirmation = await mailTagged(body.email, 'booking_confirmation');
        expect(confirmation.text).toContain('\nБрой хора: 7\n\n');
        expect(confirmation.text).not.toContain('Услуга:');

        // The table removed from the database: the booking stays, without a table.
        await ctx.db.deleteFrom('tables').where('id', '=', tableId).execute();
        expect(await staffDay(waiter, date)).toEqual([{ ...confirmedStaff, table: null }]);
        const byLink = await ctx.get(
          `/api/bookings/${id}?token=${encodeURIComponent(linkOf(made.cancelUrl))}`,
        );
        expect(byLink.statusCode, byLink.body).toBe(200);
        expect(byLink.json()).toEqual({ ...store, status: 'confirmed', expires_at: null });
      },
    );

    ctx.test(
      'a guest booking in English reads the hall in English: the answer and the request to confirm',
      async () => {
        pin();
        const terrace = await ctx.db
          .selectFrom('halls')
          .select('id')
          .where('place_id', '=', await ctx.placeId('bistro'))
          .where('name', '=', 'Тераса')
          .executeTakeFirstOrThrow();
        const body = {
          date: '2026-03-19',
          time: '12:00',
          people: 2,
          hallId: terrace.id,
          name: 'Jane Doe',
          phone: guestPhone(),
          email: guestEmail(),
          terms_accepted: true,
        };
        const res = await ctx.post('/api/bookings', body, {
          headers: { 'x-forwarded-for': nextIp(), lang: 'en' },
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().hall).toEqual({ id: terrace.id, name: 'Terrace' });
        const request = await mailTagged(body.email, 'booking_confirm_request');
        expect(request.text).toContain('\nPeople: 2\nHall: Terrace\n');
      },
    );
  },
  { setup: seedAccounts },
);
