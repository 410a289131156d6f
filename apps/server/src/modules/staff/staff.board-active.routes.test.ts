/**
 * The board's "active" view (`?active=1`) with a status filter, through the real app on SQLite and PostgreSQL: the
 * finished orders (paid, rejected) never show among the active ones even when asked for by status, and asking only
 * for finished ones shows nothing.
 */
import { beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import type { DialectName } from '../../db/database.ts';
import {
  CLIENT,
  PLACE,
  insertOrder,
  seedStaffFixture,
  staffTokens,
  type StaffFixture,
} from './staff.fixtures.ts';

const seeds = new Map<DialectName, StaffFixture>();

describeEachDatabase(
  'staff board: active orders by status',
  (ctx: TestContext) => {
    let token: string;
    const ids = { ordered: 0, paid: 0, rejected: 0, cooked: 0 };
    beforeAll(async () => {
      const f = seeds.get(ctx.dialect)!;
      token = (await staffTokens(ctx.app, f)).waiter;
      ids.ordered = await insertOrder(ctx.db, f, 1, 'ordered');
      ids.paid = await insertOrder(ctx.db, f, 1, 'paid');
      ids.rejected = await insertOrder(ctx.db, f, 2, 'rejected');
      ids.cooked = await insertOrder(ctx.db, f, 2, 'cooked_delivery');
    });
    async function board(query: string): Promise<number[]> {
      const res = await ctx.get(`/api/staff/orders${query}`, {
        client: CLIENT,
        place: PLACE,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().orders as { id: number }[]).map((o) => o.id).sort((a, b) => a - b);
    }

    ctx.test('finished orders are left out of the active view, whatever the status filter asks', async () => {
      expect(await board('?status=paid,rejected')).toEqual([ids.paid, ids.rejected]);
      expect(await board('?active=1&status=paid,ordered,rejected,cooked_delivery')).toEqual([
        ids.ordered,
        ids.cooked,
      ]);
      expect(await board('?active=1&status=paid')).toEqual([]);
      expect(await board('?active=1&status=rejected')).toEqual([]);
      expect(await board('?active=1')).toEqual([ids.ordered, ids.cooked]);
    });
  },
  { setup: async (db, dialect) => void seeds.set(dialect, await seedStaffFixture(db)) },
);
