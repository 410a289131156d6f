/**
 * The event streams as a browser's EventSource opens them (no headers: `?client=&place=` and, for the board,
 * `?access_token=`), through the real app on SQLite and PostgreSQL (demo seed): the board's stream opens from the
 * query alone; and the guests of a table party (issue 19) hear on their session's stream that the shared cart or the
 * bill changed, with the cart's version and the bill's total, paid, pending, remaining and closed, and nothing of
 * the staff's data (the session's id, the table).
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { orderableDemoProduct } from '../../../test/demo-orders.ts';
import { nextMinute } from '../orders/orders.fixtures.ts';
import { openSse, type SseConnection } from './sse-client.fixtures.ts';

describeEachDatabase(
  'event streams opened by an EventSource; the table party on the guest stream',
  (ctx: TestContext) => {
    let base: string;
    const streams: SseConnection[] = [];
    beforeAll(async () => {
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => {
      for (const s of streams) s.close();
    });
    afterEach(() => ctx.clock.setOverride(null));
    const open = async (path: string) => {
      const s = await openSse(`${base}${path}`);
      streams.push(s);
      return s;
    };

    ctx.test("the board's stream opens from the query alone: ?client=&place=&access_token=", async () => {
      const login = await ctx.post('/api/login', { email: 'waiter@demo.test', password: 'demo-waiter' });
      expect(login.statusCode, login.body).toBe(200);
      const token = (login.json() as { token: string }).token;
      const board = await open(
        `/api/staff/events?client=demo&place=bistro&access_token=${encodeURIComponent(token)}`,
      );
      expect(board.status).toBe(200);
      expect(board.contentType).toMatch(/^text\/event-stream/);
      await board.waitFor((m) => m.event === 'ready', 10_000);
      board.close();
    });

    ctx.test('the shared cart and the bill reach the guests of the session, without staff data', async () => {
      nextMinute(ctx);
      const product = await orderableDemoProduct(ctx, 'bistro');
      const s = await ctx.post('/api/tables/verify_token', { token: 'demo-t4', placeSlug: 'bistro' });
      expect(s.statusCode, s.body).toBe(200);
      const session = (s.json() as { session: string }).session;
      const guest = await open(
        `/api/orders/by_table_session/${encodeURIComponent(session)}/events?client=demo&place=bistro`,
      );
      expect(guest.status).toBe(200);
      await guest.waitFor((m) => m.event === 'ready', 10_000);

      const party = `/api/tables/sessions/${encodeURIComponent(session)}`;
      const joined = await ctx.post(`${party}/guests`, { name: 'Ana' });
      expect(joined.statusCode, joined.body).toBe(200);
      const key = (joined.json() as { guest: { guest_key: string } }).guest.guest_key;
      const cart = await ctx.get(`${party}/cart?guest_key=${encodeURIComponent(key)}`);
      const added = await ctx.post(`${party}/cart/lines`, {
        guest_key: key,
        version: (cart.json() as { version: number }).version,
        product_id: product.product_id,
        product_variant_id: product.variant_id,
        quantity: 1,
      });
      expect(added.statusCode, added.body).toBe(201);
      const version = (added.json() as { version: number }).version;
      const cartEvent = await guest.waitFor(
        (m) =>
          m.event === 'table.cart_changed' &&
          (JSON.parse(m.data) as { version?: number }).version === version,
        10_000,
      );
      expect(JSON.parse(cartEvent.data)).toEqual({ version });

      const sent = await ctx.post(`${party}/cart/send`, { guest_key: key, version });
      expect(sent.statusCode, sent.body).toBe(201);
      const bill = (await ctx.get(`${party}/bill`)).json() as { total: number };
      expect(bill.total).toBeGreaterThan(0);
      const share = await ctx.post(`${party}/bill/shares`, {
        guest_key: key,
        mode: 'custom',
        amount: bill.total,
        method: 'cash',
      });
      expect(share.statusCode, share.body).toBe(201);
      const billEvent = await guest.waitFor(
        (m) => m.event === 'table.bill_changed' && JSON.parse(m.data).total !== undefined,
        10_000,
      );
      // A cash share is pending until the waiter marks it paid: nothing paid, nothing left to claim, still open. The
      // event carries the stored minor units (the bill call answers in the currency's units); the page only reloads.
      const cents = Math.round(bill.total * 100);
      expect(JSON.parse(billEvent.data)).toEqual({
        total: cents,
        paid: 0,
        pending: cents,
        remaining: 0,
        closed: false,
      });
      // The staff's own fields of the event never reach the guests.
      for (const m of guest.messages.filter((x) => x.event.startsWith('table.')))
        expect(Object.keys(JSON.parse(m.data))).not.toEqual(expect.arrayContaining(['session_id']));
      guest.close();
    });
  },
);
