/**
 * The table party's bill at its edges (issue 19), through the real app on SQLite and PostgreSQL, on the demo seed
 * with the payment provider simulator: an empty bill; shares without their mode's field; two orders line by line
 * with item shares claiming one line; equal shares of different part counts; the waiter's request text and event;
 * an online share's expiry, payment row and refusals (too small: released; declined: released); marking paid
 * (partial, twice, online, unknown) beside a pending online share; the events the phones and the board hear.
 */
import { beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { nextMinute } from '../orders/orders.fixtures.ts';
import { bistroSimulatorForFile, pressOnProviderPage } from '../payments/payments.fixtures.ts';
import type { StoreTableBill, StoreTableCart } from '@trapeza/domain/contracts/table-party';
import { tablePartyAtTheBill } from './table-party.fixtures.ts';

const { sim, appPort: APP_PORT, simulatorEnv } = await bistroSimulatorForFile();
/**
 * A guest browsing at another address of this installation than PUBLIC_URL (127.0.0.1 here): a loopback name, one
 * the simulator takes as a return address, as a provider takes the shop's registered domains.
 */
const GUEST_ADDRESS = 'http://localhost:5173';

describeEachDatabase(
  'table party: the bill at its edges',
  (ctx: TestContext) => {
    let waiterToken = '';
    const { headers, req, base, scan, add, order, billOf, take } = tablePartyAtTheBill(ctx, 39);
    /** A waiter's call: the staff answers carry minor units. */
    const staff = (method: 'GET' | 'POST', url: string) =>
      ctx.request(method, url, { headers: { authorization: `Bearer ${waiterToken}` } });

    beforeAll(async () => {
      await ctx.app.listen({ port: APP_PORT, host: '127.0.0.1' });
      const login = await ctx.post(
        '/api/login',
        { email: 'waiter@demo.test', password: 'demo-waiter' },
        { headers: headers() },
      );
      expect(login.statusCode, login.body).toBe(200);
      waiterToken = (login.json() as { token: string }).token;
    });
    const events = async (session: string | null, type: string) => {
      let q = ctx.db.selectFrom('staff_events').select(['data']).where('type', '=', type);
      if (session !== null) q = q.where('session', '=', session);
      const rows = await q.orderBy('id').execute();
      return rows.map(
        (r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
      );
    };
    /** The guest simulator's checkout page: press `action` (pay, decline, cancel); the address the guest is sent back to. */
    async function decide(red: string, action: string): Promise<string> {
      const res = await pressOnProviderPage(sim.url, red, action);
      await sim.settle();
      return res.headers.get('location') ?? '';
    }

    ctx.test('an empty bill: nothing to pay, no share; shares without their field are refused', async () => {
      nextMinute(ctx);
      const a = await scan('demo-t2', 'Anna');
      const empty = await billOf(a);
      expect(empty).toMatchObject({
        currency: 'EUR',
        total: 0,
        remaining: 0,
        settled: false,
        closed: false,
        orders: [],
        shares: [],
      });
      const none = await take(a, { mode: 'custom', amount: 100, method: 'cash' });
      expect(none.statusCode, none.body).toBe(409);
      expect(none.json().code).toBe('bill_already_paid');
      expect(none.json().bill).toMatchObject({ total: 0 });

      await order(a, 2);
      const bill = await billOf(a);
      expect(bill.total).toBeGreaterThan(0);
      const missing: Record<string, unknown>[] = [
        { mode: 'items', items: [], method: 'cash' },
        { mode: 'items', method: 'cash' },
        { mode: 'equal', method: 'cash' },
        { mode: 'custom', method: 'cash' },
      ];
      for (const body of missing) {
        const res = await take(a, body);
        expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(400);
        expect(res.json().code).toBe('invalid_bill_share');
      }
      const tip = await take(a, {
        mode: 'equal',
        parts: 2,
        method: 'cash',
        tip: { kind: 'percent', percent: 500 },
      });
      expect(tip.statusCode, tip.body).toBe(400);
      expect(tip.json().code).toBe('tip_too_high');
      expect(tip.json().bill).toEqual(bill);
      const small = await take(a, { mode: 'custom', amount: 0, method: 'cash' });
      expect(small.statusCode, small.body).toBe(400);
      expect(small.json()).toMatchObject({ code: 'share_too_small', bill });
      // The venue's currency is the orders' own.
      await ctx.db.updateTable('orders').set({ currency: 'BGN' }).where('token', '=', a.session).execute();
      expect((await billOf(a)).currency).toBe('BGN');
      expect(await billOf(a)).toEqual({ ...bill, currency: 'BGN' });
    });

    ctx.test(
      'two orders line by line; item shares on one line add up; each share lists its own',
      async () => {
        nextMinute(ctx);
        const a = await scan('demo-t3', 'Anna');
        const b = await scan('demo-t3');
        // The first order has two lines of different totals (the comment keeps them apart).
        ctx.clock.setOverride(new Date(ctx.clock.now().getTime() + 61_000));
        const cart0 = await req('GET', `${base(a)}/cart?guest_key=${encodeURIComponent(a.key)}`);
        const one = await add(a, (cart0.json() as StoreTableCart).version, 1, { comment: 'rare' });
        expect(one.statusCode, one.body).toBe(201);
        const k1 = await order(a, 3);
        const k2 = await order(b, 1);
        const bill = await billOf(a);
        const stored = await ctx.db
          .selectFrom('order_lines as l')
          .innerJoin('orders as o', 'o.id', 'l.order_id')
          .select(['o.key', 'l.id', 'l.quantity', 'l.line_total'])
          .where('o.token', '=', a.session)
          .orderBy('l.id')
          .execute();
        expect(bill.orders.map((o) => o.key)).toEqual([k1, k2]);
        for (const o of bill.orders) {
          const own = stored.filter((l) => l.key === o.key);
          expect(o.lines.map((l) => [l.id, l.quantity])).toEqual(own.map((l) => [l.id, l.quantity]));
          expect(o.lines.reduce((s, l) => s + l.amount, 0)).toBe(o.total);
        }
        expect(stored.filter((l) => l.key === k1)).toHaveLength(2);
        for (const l of stored) {
          expect(bill.orders.flatMap((o) => o.lines).find((x) => x.id === l.id)?.amount).toBe(l.line_total);
        }
        const line = bill.orders[0]!.lines.find((l) => l.quantity === 3)!;
        const s1 = await take(a, {
          mode: 'items',
          items: [{ line_id: line.id, quantity: 1 }],
          method: 'cash',
        });
        expect(s1.statusCode, s1.body).toBe(201);
        const s2 = await take(b, {
          mode: 'items',
          items: [{ line_id: line.id, quantity: 1 }],
          method: 'card',
        });
        expect(s2.statusCode, s2.body).toBe(201);
        const unit = Math.floor(line.amount / 3);
        const after = s2.json().bill as StoreTableBill;
        expect(after.orders[0]!.lines.find((l) => l.id === line.id)).toMatchObject({
          claimed_quantity: 2,
          claimed_amount: 2 * unit,
        });
        expect(after.orders[1]!.lines[0]).toMatchObject({ claimed_quantity: 0, claimed_amount: 0 });
        const id1 = (s1.json().share as { id: number }).id;
        const id2 = (s2.json().share as { id: number }).id;
        expect(after.shares).toEqual([
          {
            id: id1,
            guest_id: a.guestId,
            mode: 'items',
            parts: null,
            amount: unit,
            tip: 0,
            method: 'cash',
            status: 'pending',
            expires_at: null,
            items: [{ line_id: line.id, quantity: 1, amount: unit }],
          },
          {
            id: id2,
            guest_id: b.guestId,
            mode: 'items',
            parts: null,
            amount: unit,
            tip: 0,
            method: 'card',
            status: 'pending',
            expires_at: null,
            items: [{ line_id: line.id, quantity: 1, amount: unit }],
          },
        ]);
        expect(after.remaining).toBe(bill.total - 2 * unit);
      },
    );

    ctx.test('equal shares count only the shares of their own split', async () => {
      nextMinute(ctx);
      const a = await scan('demo-t4', 'Anna');
      const b = await scan('demo-t4', 'Boris');
      await order(a, 3);
      const bill = await billOf(a);
      const half = await take(a, { mode: 'equal', parts: 2, method: 'cash' });
      expect(half.statusCode, half.body).toBe(201);
      const first = (half.json().share as { amount: number }).amount;
      expect(first).toBe(Math.floor(bill.total / 2));
      const third = await take(b, { mode: 'equal', parts: 3, method: 'cash' });
      expect(third.statusCode, third.body).toBe(201);
      expect((third.json().share as { amount: number }).amount).toBe(Math.floor((bill.total - first) / 3));
    });

    ctx.test(
      'cash and card shares: the waiter’s request says method, amount, tip and who; no payment',
      async () => {
        nextMinute(ctx);
        const a = await scan('demo-t5', 'Anna');
        const b = await scan('demo-t5');
        await order(a, 2);
        const bill = await billOf(a);
        const cash = await take(a, { mode: 'custom', amount: 1000, method: 'cash' });
        expect(cash.statusCode, cash.body).toBe(201);
        expect(cash.json().payment).toBeNull();
        const card = await take(b, {
          mode: 'custom',
          amount: 500,
          method: 'card',
          tip: { kind: 'percent', percent: 10 },
        });
        expect(card.statusCode, card.body).toBe(201);
        const needs = await ctx.db
          .selectFrom('user_needs')
          .select(['id', 'type', 'text'])
          .where('session', '=', a.session)
          .orderBy('id')
          .execute();
        expect(needs.map((n) => [n.type, n.text])).toEqual([
          ['bill', 'cash 10.00 · Anna'],
          ['bill', 'card 5.50 (tip 0.50) · #2'],
        ]);
        const payments = await ctx.db
          .selectFrom('payments')
          .select('id')
          .where('bill_share_id', 'in', [cash.json().share.id, card.json().share.id])
          .execute();
        expect(payments).toEqual([]);
        // The board hears of each request.
        await expect
          .poll(async () =>
            (await events(null, 'user_need.created')).map((e) => (e.user_need as { id: number }).id),
          )
          .toEqual(expect.arrayContaining(needs.map((n) => n.id)));
        expect((card.json().bill as StoreTableBill).remaining).toBe(bill.total - 1500);
      },
    );

    ctx.test(
      'online shares: expiry, no waiter request; too small or declined releases the claim',
      async () => {
        nextMinute(ctx);
        const a = await scan('demo-t6', 'Anna');
        await order(a, 2);
        const bill = await billOf(a);
        const tiny = await take(a, { mode: 'custom', amount: 1, method: 'online' });
        expect(tiny.statusCode, tiny.body).toBe(400);
        expect((await billOf(a)).remaining).toBe(bill.total);
        await expect.poll(async () => (await events(a.session, 'table.bill_changed')).length).toBe(2);
        const online = await take(a, { mode: 'custom', amount: 700, method: 'online' });
        expect(online.statusCode, online.body).toBe(201);
        const share = online.json().share as { id: number; expires_at: string };
        expect(share.expires_at).toBe(new Date(ctx.clock.now().getTime() + 20 * 60_000).toISOString());
        const row = await ctx.db
          .selectFrom('payments')
          .select(['amount', 'currency', 'status'])
          .where('bill_share_id', '=', share.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ amount: 700, currency: 'EUR', status: 'pending' });
        const needs = await ctx.db
          .selectFrom('user_needs')
          .select('id')
          .where('session', '=', a.session)
          .execute();
        expect(needs).toEqual([]);
        expect((await billOf(a)).remaining).toBe(bill.total - 700);
        await decide((online.json().payment as { red: string }).red, 'decline');
        await expect.poll(async () => (await billOf(a)).remaining, { timeout: 5000 }).toBe(bill.total);
        await expect.poll(async () => (await events(a.session, 'table.bill_changed')).length).toBe(4);
      },
    );

    ctx.test(
      'marking paid beside a pending online share; twice, online and unknown refused; closing',
      async () => {
        nextMinute(ctx);
        const a = await scan('demo-t7', 'Anna');
        const b = await scan('demo-t7', 'Boris');
        await order(a, 2);
        const bill = await billOf(a);
        // Taken at the guest's own address (lib/guest-origin.ts).
        const online = await take(
          a,
          { mode: 'custom', amount: 600, method: 'online' },
          { host: new URL(GUEST_ADDRESS).host },
        );
        expect(online.statusCode, online.body).toBe(201);
        const onlineId = (online.json().share as { id: number }).id;
        const cash = await take(b, { mode: 'custom', amount: 400, method: 'cash' });
        expect(cash.statusCode, cash.body).toBe(201);
        const cashId = (cash.json().share as { id: number }).id;
        const paid = await staff('POST', `/api/staff/bill-shares/${cashId}/paid`);
        expect(paid.statusCode, paid.body).toBe(200);
        expect(paid.json()).toMatchObject({
          closed: false,
          bill: { total: bill.total, paid: 400, pending: 600, remaining: bill.total - 1000 },
        });
        await expect
          .poll(async () => (await events(a.session, 'table.bill_changed')).at(-1))
          .toEqual({
            session_id: expect.any(Number),
            table: bill.table,
            total: bill.total,
            paid: 400,
            pending: 600,
            remaining: bill.total - 1000,
            closed: false,
          });
        const boards = await staff('GET', '/api/staff/table-bills');
        expect(boards.statusCode, boards.body).toBe(200);
        const mine = (boards.json().bills as { table: string; paid: number; pending: number }[]).find(
          (x) => x.table === bill.table,
        );
        expect(mine).toMatchObject({ paid: 400, pending: 600 });
        const twice = await staff('POST', `/api/staff/bill-shares/${cashId}/paid`);
        expect(twice.statusCode, twice.body).toBe(409);
        expect(twice.json().code).toBe('share_not_payable');
        const onlineTry = await staff('POST', `/api/staff/bill-shares/${onlineId}/paid`);
        expect(onlineTry.statusCode, onlineTry.body).toBe(409);
        expect(onlineTry.json().code).toBe('share_not_payable');
        const unknown = await staff('POST', '/api/staff/bill-shares/999999/paid');
        expect(unknown.statusCode, unknown.body).toBe(404);
        expect(unknown.json().code).toBe('share_not_found');
        // The rest in cash, then the online share paid at the provider: the session closes, and the phones hear it.
        const rest = await take(b, { mode: 'custom', amount: bill.total - 1000, method: 'cash' });
        expect(rest.statusCode, rest.body).toBe(201);
        const restPaid = await staff(
          'POST',
          `/api/staff/bill-shares/${(rest.json().share as { id: number }).id}/paid`,
        );
        expect(restPaid.json()).toMatchObject({ closed: false });
        const back = await decide((online.json().payment as { red: string }).red, 'pay');
        // Paid: back to the venue's page with the bill open, at the address the guest used, not PUBLIC_URL (where
        // their sign-in cookie is not).
        expect(new URL(back).origin).toBe(GUEST_ADDRESS);
        expect(new URL(back).pathname).toBe('/bistro');
        expect(Object.fromEntries(new URL(back).searchParams)).toEqual({ bill: '1', payment: 'ok' });
        await expect.poll(async () => (await billOf(a)).closed, { timeout: 5000 }).toBe(true);
        await expect
          .poll(async () => (await events(a.session, 'table.bill_changed')).at(-1))
          .toMatchObject({ closed: true, remaining: 0, paid: bill.total });
        // Paid in full: were the session open again, nothing is left to take.
        await ctx.db
          .updateTable('table_sessions')
          .set({ closed_at: null })
          .where('session', '=', a.session)
          .execute();
        const more = await take(a, { mode: 'custom', amount: 100, method: 'cash' });
        expect(more.statusCode, more.body).toBe(409);
        expect(more.json().code).toBe('bill_already_paid');
      },
    );
  },
  { env: { ...simulatorEnv, RATE_LIMIT_PER_MINUTE: '0' } },
);
