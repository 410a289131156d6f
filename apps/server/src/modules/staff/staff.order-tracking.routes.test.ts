/**
 * The guest's tracking page stream (issue 24 #6) through the real app on SQLite and PostgreSQL: an unknown
 * tracking key, or another venue's, answers 404 order_not_found before any stream starts; the page hears its own
 * order's status changes, a rejection with the staff's reason, and nothing of another order of the same table
 * session.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import type { DialectName } from '../../db/database.ts';
import { openSse, type SseConnection } from './sse-client.fixtures.ts';
import {
  CLIENT,
  PLACE,
  insertOrder,
  seedStaffFixture,
  staffTokens,
  type Account,
  type StaffFixture,
} from './staff.fixtures.ts';

const seeds = new Map<DialectName, StaffFixture>();

describeEachDatabase(
  'staff order tracking stream',
  (ctx: TestContext) => {
    const fx = () => seeds.get(ctx.dialect)!;
    let tokens: Record<Account, string>;
    let base = '';
    const streams: SseConnection[] = [];
    beforeAll(async () => {
      tokens = await staffTokens(ctx.app, fx());
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => {
      for (const s of streams) s.close();
    });

    const waiterCall = (url: string, body: unknown) =>
      ctx.request('PATCH', url, {
        client: CLIENT,
        place: PLACE,
        headers: { authorization: `Bearer ${tokens.waiter}` },
        body,
      });
    /** A table order of the given session, with its tracking key. */
    async function trackedOrder(session: string, tracking: string, place = fx().cafe) {
      const id = await insertOrder(ctx.db, fx(), 1, 'ordered');
      await ctx.db
        .updateTable('orders')
        .set({ token: session, tracking_token: tracking, place_id: place })
        .where('id', '=', id)
        .execute();
      const { key } = await ctx.db
        .selectFrom('orders')
        .select('key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { id, key };
    }
    async function track(tracking: string, place = PLACE) {
      const s = await openSse(`${base}/api/orders/track/${tracking}/events?client=${CLIENT}&place=${place}`);
      streams.push(s);
      return s;
    }
    const statusEvents = (s: SseConnection) =>
      s.messages
        .filter((m) => m.event.startsWith('order.'))
        .map((m) => JSON.parse(m.data) as Record<string, unknown>);

    ctx.test('an unknown tracking key, or another venue’s, is not found', async () => {
      const unknown = await track(`no-such-${ctx.dialect}`);
      expect(unknown.status).toBe(404);
      await trackedOrder(`sess-other-${ctx.dialect}`, `trk-other-${ctx.dialect}`, fx().cafe2);
      const elsewhere = await track(`trk-other-${ctx.dialect}`);
      expect(elsewhere.status).toBe(404);
      const res = await ctx.get(`/api/orders/track/no-such-${ctx.dialect}/events`, {
        client: CLIENT,
        place: PLACE,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('order_not_found');
    });

    ctx.test(
      'the page hears its own order, a rejection with its reason, nothing of the table’s other order',
      async () => {
        const session = `sess-shared-${ctx.dialect}`;
        const mine = await trackedOrder(session, `trk-mine-${ctx.dialect}`);
        const theirs = await trackedOrder(session, `trk-theirs-${ctx.dialect}`);
        const page = await track(`trk-mine-${ctx.dialect}`);
        expect(page.status).toBe(200);
        await page.waitFor((m) => m.event === 'ready', 10_000);

        // The other order of the table session is rejected with a reason: not this page's business.
        const other = await waiterCall(`/api/staff/orders/${theirs.id}/status`, {
          status: 'rejected',
          reason: 'Няма лимони',
        });
        expect(other.statusCode, other.body).toBe(200);
        // Moving the order to another table is the staff's business: the page shows statuses only.
        const moved = await waiterCall(`/api/staff/orders/${mine.id}/table`, { tableId: fx().tables['2'] });
        expect(moved.statusCode, moved.body).toBe(200);
        const cooked = await waiterCall(`/api/staff/orders/${mine.id}/status`, {
          status: 'cooked_spot',
          reason: 'бележка',
        });
        expect(cooked.statusCode, cooked.body).toBe(200);
        await page.waitFor((m) => m.event === 'order.status_changed', 10_000);
        const rejected = await waiterCall(`/api/staff/orders/${mine.id}/status`, {
          status: 'rejected',
          reason: 'Кухнята затвори',
        });
        expect(rejected.statusCode, rejected.body).toBe(200);
        await expect.poll(() => statusEvents(page).length, { timeout: 10_000 }).toBe(2);
        expect(statusEvents(page)).toEqual([
          { key: mine.key, type: 1, status: 'cooked_spot', at: expect.any(String), reason: null },
          { key: mine.key, type: 1, status: 'rejected', at: expect.any(String), reason: 'Кухнята затвори' },
        ]);
        expect(page.messages.filter((m) => m.event.startsWith('order.')).map((m) => m.event)).toEqual([
          'order.status_changed',
          'order.status_changed',
        ]);
        expect(page.messages.some((m) => m.data.includes(theirs.key))).toBe(false);
      },
    );
  },
  { setup: async (db, dialect) => void seeds.set(dialect, await seedStaffFixture(db)) },
);
