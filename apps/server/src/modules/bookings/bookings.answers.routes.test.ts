/**
 * Bookings answers beside the main flow (issue 22), through the real app on SQLite and PostgreSQL, with SMTP_URL
 * pointing at a local SMTP server (test/smtp-sink.ts) so the booking e-mails are read as the guest's mail client
 * receives them:
 * - a booking made in German and confirmed from the link in Swiss French: the request to confirm and the
 *   confirmation arrive, each in its language, with the venue, date, time range, hall, hold time and link — and a
 *   guest name and venue name holding `<`, `&` and quotes escaped in the HTML part;
 * - a variant without a product, an unknown variant: 400 with the field and its code, nothing stored;
 * - staff on a booking awaiting its deposit: confirming it (paid at the venue) confirms and e-mails the guest in the
 *   staff's language, cancelling it cancels; an unpaid booking that expired and lost its table cannot be confirmed;
 *   the payments hook for an unknown or a cancelled booking; the staff list filtered by status;
 * - the booking abuse limits count an e-mail whose key outgrows 254 characters under its first 254, and requests
 *   without an e-mail or a phone under the IP alone;
 * - with a mail server that refuses every message: the booking is made and confirmed all the same, each failed mail
 *   is logged.
 * The clock is pinned to Tuesday 2026-03-03 10:00 in Sofia; each test books on its own date.
 */
import { afterAll, afterEach, expect, vi } from 'vitest';
import { BOOKING_CREATE_LIMITS } from '@trapeza/domain/booking';
import { STAFF_PASSWORD, nextIp, roleEmail, seedAccounts } from '../../../test/accounts.fixtures.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { startSmtpSink, type ReceivedMail } from '../../../test/smtp-sink.ts';

const sink = await startSmtpSink();
const refusing = await startSmtpSink({ mode: 'reject' });
afterAll(async () => {
  await sink.close();
  await refusing.close();
});

const NOW = new Date('2026-03-03T10:00:00+02:00');

let seq = 0;
const freshEmail = (tag = 'answers') =>
  `${tag}${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const freshPhone = () => `+359 89 ${String(1_000_000 + ++seq).slice(1)}`;

function form(date: string, time: string, people: number, over: Record<string, unknown> = {}) {
  return {
    date,
    time,
    people,
    name: 'Мария Иванова',
    phone: freshPhone(),
    email: freshEmail(),
    terms_accepted: true,
    ...over,
  };
}

const tagOf = (m: ReceivedMail) => String(m.headers.get('x-trapeza-tag') ?? '');
const mailTo = (email: string, tag: string) => (m: ReceivedMail) =>
  m.rcptTo.includes(email.toLowerCase()) && tagOf(m) === tag;

async function login(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await ctx.post('/api/login', { email, password }, { headers: { 'x-forwarded-for': nextIp() } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

describeEachDatabase(
  'bookings answers',
  (ctx) => {
    const pin = (at: Date = NOW) => ctx.clock.setOverride(at);
    const book = (body: unknown, headers: Record<string, string> = {}) =>
      ctx.post('/api/bookings', body, { headers: { 'x-forwarded-for': nextIp(), ...headers } });
    const staffPatch = (token: string, id: number, status: string, lang = 'bg') =>
      ctx.request('PATCH', `/api/staff/bookings/${id}`, {
        body: { status },
        headers: { authorization: `Bearer ${token}`, lang },
      });
    const terrace = async () => {
      const placeId = await ctx.placeId('bistro');
      const row = await ctx.db
        .selectFrom('halls')
        .select('id')
        .where('place_id', '=', placeId)
        .where('name', '=', 'Тераса')
        .executeTakeFirstOrThrow();
      return row.id;
    };

    ctx.test(
      'the e-mails over SMTP: request to confirm in German, confirmation in Swiss French, names escaped in HTML',
      async () => {
        pin();
        const placeId = await ctx.placeId('bistro');
        const place = await ctx.db
          .selectFrom('places')
          .select(['name', 'translations'])
          .where('id', '=', placeId)
          .executeTakeFirstOrThrow();
        const venue = `Bistro "Tom's" & <Co>`;
        const venueHtml = 'Bistro &quot;Tom&#39;s&quot; &amp; &lt;Co&gt;';
        await ctx.db
          .updateTable('places')
          .set({ name: venue, translations: '{}' })
          .where('id', '=', placeId)
          .execute();
        try {
          const guest = `Anna <b>O'Neil</b> & "Co"`;
          const guestHtml = 'Anna &lt;b&gt;O&#39;Neil&lt;/b&gt; &amp; &quot;Co&quot;';
          const body = form('2026-03-19', '19:00', 2, { name: guest, hallId: await terrace() });
          const res = await book(body, { lang: 'de' });
          expect(res.statusCode, res.body).toBe(201);
          const { reservationId, cancelUrl } = res.json() as { reservationId: number; cancelUrl: string };

          const request = await sink.waitFor(mailTo(body.email, 'booking_confirm_request'));
          expect(request.subject).toBe(
            `Bitte bestätigen Sie Ihre Reservierung im ${venue} am 19.03.2026 um 19:00`,
          );
          expect(request.text).toContain(
            `Hallo ${guest},\n\nWir haben eine Reservierungsanfrage im ${venue} erhalten.`,
          );
          expect(request.text).toContain(
            `Reservierungsnummer: #${reservationId}\nDatum: 19.03.2026\nUhrzeit: 19:00 – 21:00\nPersonen: 2\nSaal: `,
          );
          expect(request.text).toContain(`klicken Sie bis 03.03.2026 10:30 auf „Reservierung bestätigen“`);
          expect(request.text).toContain(`\n${cancelUrl}\n`);
          expect(request.html).toContain(`<p>Hallo ${guestHtml},</p>`);
          expect(request.html).toContain(`<p>Wir haben eine Reservierungsanfrage im ${venueHtml} erhalten.`);
          expect(request.html).toContain(`<p>${venueHtml}</p>`);
          expect(request.html).toContain(`<a href="${cancelUrl.replace('&', '&amp;')}">`);
          expect(request.html).not.toContain('<b>');
          expect(request.html).not.toContain('<Co>');

          const url = new URL(cancelUrl);
          const confirmed = await ctx.post(
            `/api/bookings/${reservationId}/confirm`,
            { token: url.searchParams.get('token') },
            { headers: { lang: 'fr-CH' } },
          );
          expect(confirmed.statusCode, confirmed.body).toBe(200);
          const confirmation = await sink.waitFor(mailTo(body.email, 'booking_confirmation'));
          expect(confirmation.subject).toBe(
            `Votre réservation chez ${venue} le 19.03.2026 à 19:00 est confirmée`,
          );
          expect(confirmation.text).toContain(
            `Bonjour ${guest},\n\nVotre réservation chez ${venue} est confirmée.`,
          );
          expect(confirmation.text).toContain(`Heure: 19:00 – 21:00\nPersonnes: 2\nSalle: `);
          expect(confirmation.text).toContain(`annuler la réservation avec ce lien :\n${cancelUrl}\n`);
          expect(confirmation.html).toContain(`<p>Bonjour ${guestHtml},</p>`);
          expect(confirmation.html).toContain(`<br>${venueHtml}</p>`);
          expect(confirmation.html).toContain(`<a href="${cancelUrl.replace('&', '&amp;')}">`);
          expect(confirmation.html).not.toContain('<b>');
        } finally {
          await ctx.db
            .updateTable('places')
            .set({ name: place.name, translations: place.translations })
            .where('id', '=', placeId)
            .execute();
        }
      },
    );

    ctx.test(
      'a variant without a product, an unknown variant: 400 naming the field, nothing stored',
      async () => {
        pin();
        const placeId = await ctx.placeId('bistro');
        const product = await ctx.db
          .selectFrom('products')
          .select('id')
          .where('place_id', '=', placeId)
          .where('type', '=', 'booking')
          .executeTakeFirstOrThrow();
        const variant = await ctx.db
          .selectFrom('product_variants')
          .select('id')
          .where('product_id', '=', product.id)
          .executeTakeFirstOrThrow();
        const detailsOf = async (over: Record<string, unknown>) => {
          const res = await book(form('2026-03-20', '19:00', 2, over));
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().code).toBe('booking_invalid_data');
          return (res.json().details as { path: string; code: string }[]).map((d) => ({
            path: d.path,
            code: d.code,
          }));
        };
        expect(await detailsOf({ variantId: variant.id })).toEqual([
          { path: 'variantId', code: 'variant_without_product' },
        ]);
        expect(await detailsOf({ productId: product.id, variantId: variant.id + 100_000 })).toEqual([
          { path: 'variantId', code: 'unknown_variant' },
        ]);
        // Nothing was stored for that date.
        const stored = await ctx.db
          .selectFrom('bookings')
          .select('id')
          .where('place_id', '=', placeId)
          .where('date', '=', '2026-03-20')
          .execute();
        expect(stored).toEqual([]);
        // The same product with its own variant books.
        expect(
          (await book(form('2026-03-20', '19:00', 2, { productId: product.id, variantId: variant.id })))
            .statusCode,
        ).toBe(201);
      },
    );

    ctx.test(
      'staff on bookings awaiting a deposit: confirm (paid at the venue) e-mails the guest in the staff language, cancel cancels, an expired one cannot be confirmed',
      async () => {
        pin();
        const placeId = await ctx.placeId('bistro');
        const date = '2026-03-21';
        await setSetting(ctx.db, placeId, 'booking_online_payment', '1');
        await setSetting(ctx.db, placeId, 'booking_deposit', '20');
        try {
          const waiter = await login(ctx, roleEmail('WAITER'), STAFF_PASSWORD);
          const paidBody = form(date, '12:00', 2);
          const paid = (await book(paidBody)).json();
          expect(paid.status).toBe('pending_payment');
          const byHand = await staffPatch(waiter, paid.reservationId, 'confirmed', 'en');
          expect(byHand.statusCode, byHand.body).toBe(200);
          expect(byHand.json()).toMatchObject({
            id: paid.reservationId,
            status: 'confirmed',
            expires_at: null,
          });
          const mail = await sink.waitFor(mailTo(paidBody.email, 'booking_confirmation'));
          expect(mail.subject).toBe('Your booking at Trapeza Bistro on 21.03.2026 at 12:00 is confirmed');
          expect(mail.text).toContain(paid.cancelUrl);

          const dropped = (await book(form(date, '13:00', 2))).json();
          const cancelled = await staffPatch(waiter, dropped.reservationId, 'cancelled');
          expect(cancelled.statusCode, cancelled.body).toBe(200);
          expect(cancelled.json().status).toBe('cancelled');
          // The payments hook: a cancelled booking is not confirmed by a late payment; an unknown one is not found.
          expect(await ctx.app.bookings.confirmBookingPaid(dropped.reservationId)).toEqual({
            ok: false,
            reason: 'cancelled',
          });
          expect(await ctx.app.bookings.confirmBookingPaid(dropped.reservationId + 100_000)).toEqual({
            ok: false,
            reason: 'not_found',
          });

          // Both 6-seat tables at 19:00 left unpaid: they expire, B and C take them; staff cannot confirm A.
          const first = (await book(form(date, '19:00', 6))).json();
          const a = (await book(form(date, '19:00', 6))).json();
          expect((await book(form(date, '19:00', 6))).statusCode).toBe(409);
          pin(new Date(NOW.getTime() + 16 * 60_000));
          for (let i = 0; i < 2; i++) {
            const taken = await book(form(date, '19:00', 6));
            expect(taken.statusCode, taken.body).toBe(201);
          }
          const late = await staffPatch(waiter, a.reservationId, 'confirmed');
          expect(late.statusCode).toBe(409);
          expect(late.json()).toMatchObject({
            code: 'booking_invalid_transition',
            from: 'expired',
            to: 'confirmed',
          });

          // The staff list filtered by status shows only those.
          const list = async (status: string) =>
            (
              await ctx.get(`/api/staff/bookings?date=${date}&status=${status}`, {
                headers: { authorization: `Bearer ${waiter}` },
              })
            )
              .json()
              .bookings.map((x: { id: number }) => x.id) as number[];
          expect(await list('cancelled')).toEqual([dropped.reservationId]);
          expect(await list('confirmed')).toEqual([paid.reservationId]);
          expect(await list('expired,cancelled')).toEqual([
            dropped.reservationId,
            first.reservationId,
            a.reservationId,
          ]);
        } finally {
          await setSetting(ctx.db, placeId, 'booking_online_payment', '0');
          await setSetting(ctx.db, placeId, 'booking_deposit', '0');
        }
      },
    );

    ctx.test(
      'abuse limits: an e-mail whose key outgrows 254 characters (İ lower-cases to two) counts under its first 254',
      async () => {
        pin();
        // 127 × 'İ' is 127 characters as typed (within the contract's 254) and 254 once lower-cased ('i̇'): the
        // addresses below differ only after that, so they are one address to the limit.
        const attempts = BOOKING_CREATE_LIMITS.perEmail + 1;
        const answers: number[] = [];
        for (let i = 0; i < attempts; i++) {
          const res = await book(
            form('2026-03-22', '12:00', 2, { email: `${'İ'.repeat(127)}${i}@example.com` }),
          );
          answers.push(res.statusCode);
        }
        // Each is refused as invalid, each counted: the last is over the per-e-mail limit.
        expect(answers).toEqual([...Array<number>(attempts - 1).fill(400), 429]);
      },
    );

    ctx.test(
      'abuse limits: requests without an e-mail or a phone are counted by IP only, not as one guest',
      async () => {
        pin();
        const tries = Math.max(BOOKING_CREATE_LIMITS.perEmail, BOOKING_CREATE_LIMITS.perPhone) + 2;
        const answers: number[] = [];
        for (let i = 0; i < tries; i++) {
          answers.push((await book(form('2026-03-22', '13:00', 2, { email: '' }))).statusCode);
          answers.push((await book(form('2026-03-22', '13:00', 2, { phone: '' }))).statusCode);
        }
        expect(answers).toEqual(Array<number>(tries * 2).fill(400));
      },
    );
  },
  { env: { SMTP_URL: sink.url }, setup: seedAccounts },
);

describeEachDatabase(
  'bookings with a failing SMTP server',
  (ctx) => {
    afterEach(() => vi.restoreAllMocks());

    ctx.test('the booking is made and confirmed all the same; each refused e-mail is logged', async () => {
      ctx.clock.setOverride(NOW);
      const logged = vi.spyOn(ctx.app.log, 'error');
      const body = form('2026-03-24', '19:00', 2);
      const res = await ctx.post('/api/bookings', body, { headers: { 'x-forwarded-for': nextIp() } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().status).toBe('pending_confirmation');
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ err: expect.objectContaining({ responseCode: 550 }) }),
          'booking confirm-request e-mail failed',
        ),
      );
      const url = new URL(res.json().cancelUrl as string);
      const confirmed = await ctx.post(`/api/bookings/${res.json().reservationId}/confirm`, {
        token: url.searchParams.get('token'),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().status).toBe('confirmed');
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ err: expect.objectContaining({ responseCode: 550 }) }),
          'booking confirmation e-mail failed',
        ),
      );
      expect(refusing.messages).toHaveLength(0);
    });
  },
  { env: { SMTP_URL: refusing.url } },
);
