/**
 * Short per-venue order numbers (issue 24 #8) on SQLite and PostgreSQL: each order gets the next number of its
 * venue's local day (answered to the guest, on the staff board and in the new-order e-mail), a new day starts at
 * 1 again, a venue's numbers are its own, and many orders at once — on PostgreSQL through two app instances with
 * their own connection pools on one database, as two server processes would — never share a number.
 */
import { afterAll, expect } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { createServerClock } from '../../lib/clock.ts';
import { orderableDemoLine } from '../../../test/demo-orders.ts';
import { describeEachDatabase } from '../../../test/harness.ts';

// Tuesday 12:00 in Sofia (the demo bistro is open 08:00–23:00, closed on Mondays).
const TUESDAY_NOON = new Date('2026-03-03T10:00:00.000Z');
// Wednesday 00:30 in Sofia is still Tuesday 22:30 UTC: the venue's day, not UTC's, starts the count again.
const WEDNESDAY_MORNING = new Date('2026-03-04T07:00:00.000Z');
const TUESDAY_LATE_UTC = new Date('2026-03-03T20:30:00.000Z');

// The demo seed is part of the project: these suites always run (no guard that could make them vanish).
{
  describeEachDatabase('short order numbers', (ctx) => {
    let quantity = 0;
    const extraApps: { close: () => Promise<unknown> }[] = [];
    afterAll(async () => {
      for (const a of extraApps) await a.close();
    });

    const pickupBody = async (phoneSuffix: number) => {
      quantity += 1;
      return {
        products: [await orderableDemoLine(ctx, 'bistro', (quantity % 7) + 1)],
        client_name: 'Гост Номеров',
        client_phone: `+35988800${String(1000 + phoneSuffix).slice(-4)}`,
        client_email: 'numbers@example.test',
        token: null,
        order_comment: [],
        pickup_time: '',
        exact_time_selected: 0,
        payment_method: 'cash',
        cutlery: 0,
        promo_code: null,
        order_text_comment: `order ${phoneSuffix}`,
      };
    };
    const order = async (i: number) => {
      const res = await ctx.post('/api/orders/preorder', await pickupBody(i));
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { key: string; number: number };
    };

    ctx.test('1, 2, 3 within the venue day; answered and on the staff board', async () => {
      ctx.clock.setOverride(TUESDAY_NOON);
      const first = await order(1);
      const second = await order(2);
      const third = await order(3);
      expect([first.number, second.number, third.number]).toEqual([1, 2, 3]);

      const login = await ctx.post('/api/login', { email: 'waiter@demo.test', password: 'demo-waiter' });
      const token = login.json().token as string;
      // The board screen's own query (open orders): the demo's finished past orders stay off it.
      const board = await ctx.get('/api/staff/orders?active=1&limit=50', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(board.statusCode, board.body).toBe(200);
      const byKey = new Map(
        (board.json().orders as { key: string; number: number | null }[]).map((o) => [o.key, o.number]),
      );
      expect(byKey.get(first.key)).toBe(1);
      expect(byKey.get(third.key)).toBe(3);
      const stored = await ctx.db
        .selectFrom('orders')
        .select(['number', 'number_day'])
        .where('key', '=', second.key)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ number: 2, number_day: '2026-03-03' });
    });

    ctx.test(
      "a new day in the venue's time zone starts at 1; late evening UTC is still the same day",
      async () => {
        ctx.clock.setOverride(TUESDAY_LATE_UTC);
        // 22:30 in Sofia: Tuesday still, the fourth order of the day.
        expect((await order(4)).number).toBe(4);
        ctx.clock.setOverride(WEDNESDAY_MORNING);
        expect((await order(5)).number).toBe(1);
        expect((await order(6)).number).toBe(2);
      },
    );

    ctx.test(
      'many orders at once (two app instances on PostgreSQL): every number once, none skipped',
      async () => {
        ctx.clock.setOverride(new Date('2026-03-05T09:00:00.000Z'));
        const apps = [ctx.app];
        if (ctx.dialect === 'postgres') {
          const handle = await openDatabase({
            dataDir: ctx.dataDir,
            databaseUrl: ctx.database.connectionString!,
          });
          const clock = createServerClock();
          clock.setOverride(new Date('2026-03-05T09:00:00.000Z'));
          const second = await buildApp({ config: ctx.config, database: handle, clock });
          await second.ready();
          extraApps.push({ close: async () => (await second.close(), await handle.close()) });
          apps.push(second);
        }
        const N = 24;
        const bodies = await Promise.all(Array.from({ length: N }, (_, i) => pickupBody(100 + i)));
        const answers = await Promise.all(
          bodies.map((body, i) =>
            apps[i % apps.length]!.inject({
              method: 'POST',
              url: '/api/orders/preorder',
              headers: { client: 'demo', place: 'bistro' },
              payload: body,
            }),
          ),
        );
        for (const a of answers) expect(a.statusCode, a.body).toBe(201);
        const numbers = answers.map((a) => (a.json() as { number: number }).number).sort((x, y) => x - y);
        expect(numbers).toEqual(Array.from({ length: N }, (_, i) => i + 1));
      },
    );
  });
}
