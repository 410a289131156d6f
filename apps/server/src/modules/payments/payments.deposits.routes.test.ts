/**
 * Booking deposits through the payments module, as the guest (the booking's link token), the venue and the
 * provider see them, on SQLite and PostgreSQL (demo/bistro, simulator accounts, notices posted to the app):
 *   - POST bookings/{id}/pay refuses a booking already confirmed or seated, one cancelled, one whose hold is over
 *     (at its very last instant too) and a deposit too small to pay online, each with its code and text;
 *   - the attempt: ePay by default or when asked (its description names the booking, the guest's own address for
 *     both return links), Redsys when asked (card page), Bizum when asked (Redsys, Bizum only);
 *   - a declined deposit leaves the booking waiting for its payment; a deposit paid for a booking the guest
 *     cancelled meanwhile is marked for refund and told to staff as a warning, once.
 */
import { beforeAll, expect, vi } from 'vitest';
import { setSetting } from '../../../test/fixtures.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { bistroSimulatorForFile, epayNotifier, offerEveryOnlineMethodAtBistro } from './payments.fixtures.ts';
import { redsysDecodeParameters } from './providers/redsys.ts';

const { sim, appPort, appUrl, accounts, simulatorEnv } = await bistroSimulatorForFile();

/** Tuesday 2026-03-03 10:00 in Sofia: the bookings' "now". */
const BOOKING_NOW = new Date('2026-03-03T10:00:00+02:00');

describeEachDatabase(
  'booking deposits (payments)',
  (ctx) => {
    let placeId = 0;
    beforeAll(async () => {
      placeId = await ctx.placeId('bistro');
      await setSetting(ctx.db, placeId, 'booking_online_payment', '1');
      await setSetting(ctx.db, placeId, 'booking_deposit', '20');
    });

    let guest = 0;
    /** A new pending booking (its own e-mail and phone) on 2026-03-18 at `time`; its id and link token. */
    async function book(time = '19:00') {
      ctx.clock.setOverride(BOOKING_NOW);
      guest += 1;
      const res = await ctx.post(
        '/api/bookings',
        {
          date: '2026-03-18',
          time,
          people: 2,
          name: 'Мария Иванова',
          phone: `+359 88 765 ${String(4000 + guest)}`,
          email: `deposit-pay${guest}-${ctx.dialect}@example.com`,
          terms_accepted: true,
        },
        // Each guest from their own address: the booking limits count per address.
        { headers: { 'x-forwarded-for': `10.77.1.${guest}` } },
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json() as { reservationId: number; cancelUrl: string; status: string };
      expect(body.status).toBe('pending_payment');
      return { id: body.reservationId, token: new URL(body.cancelUrl).searchParams.get('token')! };
    }
    const pay = (b: { id: number; token: string }, extra: Record<string, string> = {}, headers = {}) =>
      ctx.post(`/api/bookings/${b.id}/pay`, { token: b.token, ...extra }, { headers });
    const bookingRow = (id: number) =>
      ctx.db
        .selectFrom('bookings')
        .select(['status', 'expires_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const paymentOf = (invoice: string) =>
      ctx.db
        .selectFrom('payments')
        .select(['id', 'status', 'refund_status', 'refund_reason', 'provider'])
        .where('invoice', '=', invoice)
        .executeTakeFirstOrThrow();
    const notifyEpay = epayNotifier(ctx, accounts.epay.secret);
    const epayData = (red: string) =>
      Buffer.from(new URL(red).searchParams.get('ENCODED')!, 'base64').toString('utf8');

    ctx.test(
      'a booking confirmed, seated or cancelled cannot be paid: each answered with its code',
      async () => {
        for (const [status, code, message] of [
          ['confirmed', 'already_paid', 'This booking is already confirmed'],
          ['seated', 'already_paid', 'This booking is already confirmed'],
          ['cancelled', 'booking_not_payable', 'This booking can no longer be paid'],
        ] as const) {
          const b = await book();
          await ctx.db.updateTable('bookings').set({ status }).where('id', '=', b.id).execute();
          const res = await pay(b);
          expect(res.statusCode, `${status}: ${res.body}`).toBe(409);
          expect(res.json(), status).toMatchObject({ code, message });
        }
        const none = await ctx.db
          .selectFrom('payments')
          .select('id')
          .where('booking_id', 'is not', null)
          .execute();
        expect(none).toEqual([]);
      },
    );

    ctx.test('the hold is over at its very last instant: booking_payment_expired', async () => {
      const b = await book();
      const { expires_at } = await bookingRow(b.id);
      ctx.clock.setOverride(new Date(new Date(expires_at!).getTime() - 1000));
      expect((await pay(b)).statusCode).toBe(200);
      ctx.clock.setOverride(new Date(expires_at!));
      const res = await pay(b);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'booking_payment_expired',
        message: 'The time to pay this booking is over; book again',
      });
    });

    ctx.test('a deposit of one minor unit is not paid online: 400 amount_too_small', async () => {
      await setSetting(ctx.db, placeId, 'booking_deposit', '0.01');
      try {
        const b = await book('20:00');
        const res = await pay(b);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'amount_too_small', message: 'Nothing to pay online' });
      } finally {
        await setSetting(ctx.db, placeId, 'booking_deposit', '20');
      }
    });

    ctx.test(
      "the attempt: ePay by default or when asked, naming the booking, back to the guest's address; Redsys card or Bizum when asked",
      async () => {
        const b = await book();
        // A browser on another address of this installation than PUBLIC_URL (127.0.0.1): the loopback name.
        const guestOrigin = `http://localhost:${appPort}`;
        expect(guestOrigin).not.toBe(appUrl);
        for (const extra of [{}, { provider: 'epay' }] as Record<string, string>[]) {
          const res = await pay(b, extra, { host: `localhost:${appPort}` });
          expect(res.statusCode, res.body).toBe(200);
          const { red, form, payment_key } = res.json() as {
            red: string;
            payment_key: string;
            form: { fields: Record<string, string> };
          };
          const data = epayData(red);
          expect(data).toContain(`DESCR=Бистро Трапеза booking #${b.id}\n`);
          expect(data).toContain('AMOUNT=20.00\n');
          expect(form.fields.URL_OK).toBe(`${guestOrigin}/bistro/reservations?booking=${b.id}&payment=ok`);
          expect(form.fields.URL_CANCEL).toBe(
            `${guestOrigin}/bistro/reservations?booking=${b.id}&payment=cancel`,
          );
          expect((await paymentOf(payment_key)).provider).toBe('epay');
        }
        for (const [provider, payMethods] of [
          ['redsys', undefined],
          ['bizum', 'z'],
        ] as const) {
          const res = await pay(b, { provider });
          expect(res.statusCode, res.body).toBe(200);
          const { red, form, payment_key } = res.json() as {
            red: string;
            payment_key: string;
            form: { action: string; fields: Record<string, string> };
          };
          expect(red).toBe('');
          expect(form.action).toBe(`${sim.url}/sis/realizarPago`);
          const params = redsysDecodeParameters(form.fields.Ds_MerchantParameters!);
          expect(params.DS_MERCHANT_AMOUNT, provider).toBe('2000');
          expect(params.DS_MERCHANT_PAYMETHODS, provider).toBe(payMethods);
          expect(params.DS_MERCHANT_URLKO).toBe(
            `${appUrl}/bistro/reservations?booking=${b.id}&payment=cancel`,
          );
          expect((await paymentOf(payment_key)).provider).toBe('redsys');
        }
      },
    );

    ctx.test('a declined deposit leaves the booking waiting for its payment', async () => {
      const b = await book();
      const { payment_key: invoice } = (await pay(b)).json() as { payment_key: string };
      expect((await notifyEpay(`INVOICE=${invoice}:STATUS=DENIED\n`)).body).toBe(
        `INVOICE=${invoice}:STATUS=OK\n`,
      );
      expect(await paymentOf(invoice)).toMatchObject({ status: 'denied', refund_status: null });
      expect((await bookingRow(b.id)).status).toBe('pending_payment');
    });

    ctx.test(
      'a deposit paid for a booking the guest cancelled meanwhile: marked for refund, told to staff once',
      async () => {
        const b = await book();
        const { payment_key: invoice } = (await pay(b)).json() as { payment_key: string };
        const cancelled = await ctx.post(`/api/bookings/${b.id}/cancel`, { token: b.token });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        const warned = vi.spyOn(ctx.app.log, 'warn');
        const line = `INVOICE=${invoice}:STATUS=PAID:PAY_TIME=20260303101000:STAN=424242:BCODE=DEP001\n`;
        try {
          expect((await notifyEpay(line)).body).toBe(`INVOICE=${invoice}:STATUS=OK\n`);
          const payment = await paymentOf(invoice);
          expect(payment).toMatchObject({ status: 'paid', refund_status: 'required' });
          expect(payment.refund_reason).toBe(
            `booking ${b.id} cancelled: deposit paid but no booking to keep`,
          );
          expect(warned).toHaveBeenCalledTimes(1);
          expect(warned).toHaveBeenCalledWith(
            { paymentId: payment.id, bookingId: b.id, placeId, reason: 'cancelled' },
            'booking deposit paid too late: payment marked for refund (refund it at the provider)',
          );
          // The provider delivers it again: answered OK, nothing told twice.
          expect((await notifyEpay(line)).body).toBe(`INVOICE=${invoice}:STATUS=OK\n`);
          expect(warned).toHaveBeenCalledTimes(1);
        } finally {
          warned.mockRestore();
        }
        expect((await bookingRow(b.id)).status).toBe('cancelled');
      },
    );

    ctx.test(
      'a deposit marked for refund stays so: the repeated notice, after a table came free again, confirms nothing',
      async () => {
        ctx.clock.setOverride(BOOKING_NOW);
        const booking = async (phone: number) => {
          const res = await ctx.post(
            '/api/bookings',
            {
              date: '2026-03-20',
              time: '19:00',
              people: 6,
              name: 'Петър Петров',
              phone: `+359 88 765 ${phone}`,
              email: `deposit-slot${phone}-${ctx.dialect}@example.com`,
              terms_accepted: true,
            },
            { headers: { 'x-forwarded-for': `10.77.2.${phone - 6000}` } },
          );
          return res;
        };
        const first = await booking(6000);
        expect(first.statusCode, first.body).toBe(201);
        const id = first.json().reservationId as number;
        const token = new URL(first.json().cancelUrl as string).searchParams.get('token')!;
        const { payment_key: invoice } = (await pay({ id, token })).json() as { payment_key: string };

        // 16 minutes later its hold is over and other guests hold every 6-seat table at that time.
        ctx.clock.setOverride(new Date(BOOKING_NOW.getTime() + 16 * 60_000));
        const others: { id: number; token: string }[] = [];
        for (let i = 1; i <= 20; i += 1) {
          const other = await booking(6000 + i);
          if (other.statusCode === 409) break;
          expect(other.statusCode, other.body).toBe(201);
          others.push({
            id: other.json().reservationId as number,
            token: new URL(other.json().cancelUrl as string).searchParams.get('token')!,
          });
        }
        expect(others.length).toBeGreaterThan(0);
        const line = `INVOICE=${invoice}:STATUS=PAID:PAY_TIME=20260303101700:STAN=515151:BCODE=DEP002\n`;
        expect((await notifyEpay(line)).body).toBe(`INVOICE=${invoice}:STATUS=OK\n`);
        const payment = await paymentOf(invoice);
        expect(payment).toMatchObject({ status: 'paid', refund_status: 'required' });
        expect(payment.refund_reason).toBe(`booking ${id} slot_taken: deposit paid but no booking to keep`);

        // One of the others cancels: a table is free again. The provider delivers the notice again.
        const freed = await ctx.post(`/api/bookings/${others[0]!.id}/cancel`, { token: others[0]!.token });
        expect(freed.statusCode, freed.body).toBe(200);
        expect((await notifyEpay(line)).body).toBe(`INVOICE=${invoice}:STATUS=OK\n`);
        expect((await bookingRow(id)).status).not.toBe('confirmed');
        expect(await paymentOf(invoice)).toMatchObject({ status: 'paid', refund_status: 'required' });
      },
    );
  },
  { env: simulatorEnv, setup: offerEveryOnlineMethodAtBistro },
);
