/**
 * The only SQL of the payments module. Every lookup is scoped by the place; invoices are unique across the
 * database (payments_invoice_uq), which is what makes them single-use.
 */
import { randomInt } from 'node:crypto';
import type { AppDatabase } from '../../db/database.ts';
import { awardOrderLoyalty } from '../orders/loyalty.repository.ts';

export type PaymentOutcome = 'paid' | 'denied' | 'expired' | 'failed';

/** What applying one provider event did (the service tells the staff boards / the bookings module after commit). */
export interface AppliedEvent {
  result: 'duplicate' | 'applied' | 'unchanged';
  paymentId: number;
  orderId: number | null;
  bookingId: number | null;
  /** A share of a table's bill (issue 19), when the payment is for one. */
  billShareId: number | null;
  /** The payment row's status after the event. */
  paymentStatus: string;
  refundStatus: string | null;
  /** The order's payment_status changed (from → to) in this event's transaction. */
  orderPayment: { from: string; to: string } | null;
}

export interface PlaceRow {
  placeId: number;
  placeSlug: string;
  placeName: string;
  clientId: number;
  clientSlug: string;
  modules: string[];
}

function parseModules(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/** A fresh 10-digit invoice (first digit 1–9: no leading zero for providers that read it as a number). */
function newInvoice(): string {
  return `${randomInt(1, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export function createPaymentsRepository(db: AppDatabase) {
  async function placeById(placeId: number): Promise<PlaceRow | undefined> {
    const row = await placeQuery().where('places.id', '=', placeId).executeTakeFirst();
    return row ? { ...row, modules: parseModules(row.modules) } : undefined;
  }

  async function placeBySlugs(clientSlug: string, placeSlug: string): Promise<PlaceRow | undefined> {
    const row = await placeQuery()
      .where('clients.slug', '=', clientSlug)
      .where('places.slug', '=', placeSlug)
      .executeTakeFirst();
    return row ? { ...row, modules: parseModules(row.modules) } : undefined;
  }

  /** Places with the payments module (the simulator's demo merchants). */
  async function placesWithPayments(): Promise<PlaceRow[]> {
    const rows = await placeQuery().execute();
    return rows
      .map((r) => ({ ...r, modules: parseModules(r.modules) }))
      .filter((r) => r.modules.includes('payments'));
  }

  function placeQuery() {
    return db
      .selectFrom('places')
      .innerJoin('clients', 'clients.id', 'places.client_id')
      .select([
        'places.id as placeId',
        'places.slug as placeSlug',
        'places.name as placeName',
        'places.functionality_modules as modules',
        'clients.id as clientId',
        'clients.slug as clientSlug',
      ]);
  }

  function orderByKey(placeId: number, key: string) {
    return db
      .selectFrom('orders')
      .select([
        'id',
        'key',
        'user_id',
        'status',
        'type',
        'total',
        'currency',
        'payment_method',
        'payment_status',
      ])
      .where('place_id', '=', placeId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  function orderById(placeId: number, id: number) {
    return db
      .selectFrom('orders')
      .select([
        'id',
        'key',
        'user_id',
        'status',
        'type',
        'total',
        'currency',
        'payment_method',
        'payment_status',
      ])
      .where('place_id', '=', placeId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * A new attempt with a new single-use invoice; the order goes (back) to pending. Retries on the rare invoice
   * collision (the unique index decides).
   */
  async function createPayment(input: {
    placeId: number;
    /** Exactly one of orderId / bookingId (a booking deposit). */
    orderId: number | null;
    bookingId?: number | null;
    billShareId?: number | null;
    provider: string;
    amount: number;
    currency: string;
    now: string;
    providerRef?: (invoice: string) => string | null;
  }): Promise<{ id: number; invoice: string }> {
    for (let attempt = 0; ; attempt += 1) {
      const invoice = newInvoice();
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('payments')
            .values({
              place_id: input.placeId,
              order_id: input.orderId,
              booking_id: input.bookingId ?? null,
              bill_share_id: input.billShareId ?? null,
              provider: input.provider,
              invoice,
              amount: input.amount,
              currency: input.currency,
              status: 'pending',
              provider_ref: input.providerRef?.(invoice) ?? null,
              created_at: input.now,
              updated_at: input.now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (input.orderId !== null) {
            await trx
              .updateTable('orders')
              .set({ payment_status: 'pending', updated_at: input.now })
              .where('id', '=', input.orderId)
              .where('payment_status', '!=', 'paid')
              .execute();
          }
          return { id: row.id, invoice };
        });
      } catch (err) {
        const taken = await db
          .selectFrom('payments')
          .select('id')
          .where('invoice', '=', invoice)
          .executeTakeFirst();
        if (!taken || attempt >= 5) throw err;
      }
    }
  }

  function setProviderRef(paymentId: number, ref: string, now: string) {
    return db
      .updateTable('payments')
      .set({ provider_ref: ref, updated_at: now })
      .where('id', '=', paymentId)
      .execute();
  }

  function paymentByInvoice(placeId: number, invoice: string) {
    return db
      .selectFrom('payments')
      .selectAll()
      .where('place_id', '=', placeId)
      .where('invoice', '=', invoice)
      .executeTakeFirst();
  }

  /** Money taken with nothing to deliver (a deposit paid after its table was given away): refund at the provider. */
  async function markRefundRequired(paymentId: number, reason: string, now: string): Promise<boolean> {
    const res = await db
      .updateTable('payments')
      .set({ refund_status: 'required', refund_reason: reason.slice(0, 500), updated_at: now })
      .where('id', '=', paymentId)
      .where('status', '=', 'paid')
      .where('refund_status', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  function latestPaymentOfOrder(orderId: number) {
    return db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Keeps a signed notification that is not applied (e.g. a Redsys notice whose amount is not the payment's) as
   * an alert row of payment_notifications; the same (invoice, status) is stored once. Changes no payment.
   */
  async function recordAlert(input: {
    paymentId: number;
    invoice: string;
    status: string;
    raw: string;
    now: string;
  }): Promise<void> {
    const seen = await db
      .selectFrom('payment_notifications')
      .select('id')
      .where('invoice', '=', input.invoice)
      .where('status', '=', input.status)
      .executeTakeFirst();
    if (seen) return;
    await db
      .insertInto('payment_notifications')
      .values({
        payment_id: input.paymentId,
        invoice: input.invoice,
        status: input.status,
        raw: input.raw,
        created_at: input.now,
      })
      .execute();
  }

  /**
   * Applies one verified provider event in one transaction:
   *   1. (invoice, status) seen before → 'duplicate', nothing changes;
   *   2. record the notification;
   *   3. paid: the payment becomes paid (terminal) unless it already is; the order's payment_status becomes paid
   *      and its status history records the provider's transaction data;
   *      denied / expired / failed: only a pending payment changes; the order becomes failed when none of its
   *      attempts is pending or paid any more (a newer retry keeps it pending).
   *   4. an order paid earns its user's loyalty (awardOrderLoyalty) in this transaction.
   * Answers whether this event changed anything, what it concerns, and the order's payment_status change.
   */
  async function applyEvent(input: {
    paymentId: number;
    invoice: string;
    status: string;
    outcome: PaymentOutcome;
    raw: string;
    historyReason: string;
    providerRef?: string | null;
    now: string;
    /** false for status queries (no notification to deduplicate). */
    dedupe: boolean;
  }): Promise<AppliedEvent> {
    return db.transaction().execute(async (trx) => {
      const answer = async (
        result: AppliedEvent['result'],
        orderPayment: AppliedEvent['orderPayment'] = null,
      ): Promise<AppliedEvent> => {
        const p = await trx
          .selectFrom('payments')
          .select(['order_id', 'booking_id', 'bill_share_id', 'status', 'refund_status'])
          .where('id', '=', input.paymentId)
          .executeTakeFirstOrThrow();
        return {
          result,
          paymentId: input.paymentId,
          orderId: p.order_id,
          bookingId: p.booking_id,
          billShareId: p.bill_share_id,
          paymentStatus: p.status,
          refundStatus: p.refund_status,
          orderPayment,
        };
      };
      if (input.dedupe) {
        const seen = await trx
          .selectFrom('payment_notifications')
          .select('id')
          .where('invoice', '=', input.invoice)
          .where('status', '=', input.status)
          .executeTakeFirst();
        if (seen) return answer('duplicate');
      }
      await trx
        .insertInto('payment_notifications')
        .values({
          payment_id: input.paymentId,
          invoice: input.invoice,
          status: input.status,
          raw: input.raw,
          created_at: input.now,
        })
        .execute();
      const payment = await trx
        .selectFrom('payments')
        .select(['order_id'])
        .where('id', '=', input.paymentId)
        .executeTakeFirstOrThrow();
      let q = trx
        .updateTable('payments')
        .set({
          status: input.outcome,
          updated_at: input.now,
          ...(input.providerRef ? { provider_ref: input.providerRef } : {}),
        })
        .where('id', '=', input.paymentId);
      q = input.outcome === 'paid' ? q.where('status', '!=', 'paid') : q.where('status', '=', 'pending');
      const changed = Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
      if (!changed || payment.order_id === null) return answer(changed ? 'applied' : 'unchanged');
      const orderId = payment.order_id;
      const order = await trx
        .selectFrom('orders')
        .select(['status', 'payment_status'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const from = order.payment_status;
      if (input.outcome === 'paid') {
        await trx
          .updateTable('orders')
          .set({ payment_status: 'paid', updated_at: input.now })
          .where('id', '=', orderId)
          .execute();
        // Loyalty is earned when the order is paid: here, in the payment's transaction (once per order).
        await awardOrderLoyalty(trx, orderId, input.now);
        await trx
          .insertInto('order_status_history')
          .values({
            order_id: orderId,
            status: order.status,
            changed_by: null,
            reason: input.historyReason,
            created_at: input.now,
          })
          .execute();
        return answer('applied', from !== 'paid' ? { from, to: 'paid' } : null);
      } else {
        const open = await trx
          .selectFrom('payments')
          .select('id')
          .where('order_id', '=', orderId)
          .where('status', 'in', ['pending', 'paid'])
          .executeTakeFirst();
        if (!open && from !== 'paid') {
          await trx
            .updateTable('orders')
            .set({ payment_status: 'failed', updated_at: input.now })
            .where('id', '=', orderId)
            .where('payment_status', '!=', 'paid')
            .execute();
          if (from !== 'failed') return answer('applied', { from, to: 'failed' });
        }
      }
      return answer('applied');
    });
  }

  // Saved instruments (One Touch).

  function instrument(userId: number, placeId: number, id: number) {
    return db
      .selectFrom('payment_instruments')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('place_id', '=', placeId)
      .executeTakeFirst();
  }

  function instrumentById(id: number) {
    return db.selectFrom('payment_instruments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Inserts or refreshes the user's instruments of one provider token. */
  async function saveInstruments(
    userId: number,
    placeId: number,
    provider: string,
    token: string,
    instruments: { id: string; name: string; type: number; expires: string | null }[],
    now: string,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      for (const i of instruments) {
        const existing = await trx
          .selectFrom('payment_instruments')
          .select('id')
          .where('user_id', '=', userId)
          .where('place_id', '=', placeId)
          .where('provider', '=', provider)
          .where('provider_instrument_id', '=', i.id)
          .executeTakeFirst();
        if (existing) {
          await trx
            .updateTable('payment_instruments')
            .set({ provider_token: token, name: i.name, type: i.type, expires: i.expires })
            .where('id', '=', existing.id)
            .execute();
        } else {
          await trx
            .insertInto('payment_instruments')
            .values({
              user_id: userId,
              place_id: placeId,
              provider,
              provider_token: token,
              provider_instrument_id: i.id,
              name: i.name,
              type: i.type,
              expires: i.expires,
              created_at: now,
            })
            .execute();
        }
      }
    });
  }

  /** Deletes one instrument; answers how many of the user's instruments still use its token. */
  async function deleteInstrument(id: number, userId: number, token: string): Promise<number> {
    return db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('payment_instruments')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
      const left = await trx
        .selectFrom('payment_instruments')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('provider_token', '=', token)
        .executeTakeFirstOrThrow();
      return Number(left.n);
    });
  }

  function userForToken(userId: number) {
    return db
      .selectFrom('users')
      .select(['id', 'client_id', 'role', 'password_hash', 'banned'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  return {
    placeById,
    placeBySlugs,
    placesWithPayments,
    orderByKey,
    orderById,
    createPayment,
    setProviderRef,
    paymentByInvoice,
    markRefundRequired,
    latestPaymentOfOrder,
    recordAlert,
    applyEvent,
    instrument,
    instrumentById,
    saveInstruments,
    deleteInstrument,
    userForToken,
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
