/**
 * The board's filters and the waiter calls' list through the real app on SQLite and PostgreSQL (own database, four
 * orders an hour apart): status, type, from, table and keyset paging (before_id) each narrow the board to exactly
 * the matching orders, newest first; the waiter calls list open, done or all of them.
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
  type Account,
  type StaffFixture,
} from './staff.fixtures.ts';

const seeds = new Map<DialectName, StaffFixture>();

describeEachDatabase(
  'staff board filters',
  (ctx: TestContext) => {
    const fx = () => seeds.get(ctx.dialect)!;
    let tokens: Record<Account, string>;
    const ids: Record<'spot' | 'delivery' | 'spotPaid' | 'pickup', number> = {
      spot: 0,
      delivery: 0,
      spotPaid: 0,
      pickup: 0,
    };
    const needs = { open: 0, done: 0 };
    beforeAll(async () => {
      const f = fx();
      tokens = await staffTokens(ctx.app, f);
      const add = async (key: keyof typeof ids, type: number, status: string, hour: number) => {
        ids[key] = await insertOrder(ctx.db, f, type, status);
        const at = `2026-01-05T${String(hour).padStart(2, '0')}:00:00.000Z`;
        await ctx.db
          .updateTable('orders')
          .set({ created_at: at, updated_at: at })
          .where('id', '=', ids[key])
          .execute();
      };
      await add('spot', 1, 'ordered', 8);
      await add('delivery', 2, 'cooked_delivery', 9);
      await add('spotPaid', 1, 'paid', 10);
      await add('pickup', 3, 'ordered', 11);
      for (const status of ['open', 'done'] as const) {
        const row = await ctx.db
          .insertInto('user_needs')
          .values({
            place_id: f.cafe,
            table_id: f.tables['2'],
            session: null,
            type: 'clean_table',
            text: null,
            status,
            created_at: '2026-01-05T08:00:00.000Z',
            done_at: status === 'done' ? '2026-01-05T08:05:00.000Z' : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        needs[status] = row.id;
      }
    });
    const get = (url: string) =>
      ctx.get(url, { client: CLIENT, place: PLACE, headers: { authorization: `Bearer ${tokens.waiter}` } });
    async function board(query: string): Promise<number[]> {
      const res = await get(`/api/staff/orders${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().orders as { id: number }[]).map((o) => o.id);
    }

    ctx.test('each filter narrows the board to exactly the matching orders, newest first', async () => {
      const { spot, delivery, spotPaid, pickup } = ids;
      expect(await board('')).toEqual([pickup, spotPaid, delivery, spot]);
      expect(await board('?status=ordered')).toEqual([pickup, spot]);
      expect(await board('?type=1')).toEqual([spotPaid, spot]);
      expect(await board('?from=2026-01-05T09:30:00Z')).toEqual([pickup, spotPaid]);
      expect(await board('?to=2026-01-05T09:30:00Z')).toEqual([delivery, spot]);
      expect(await board(`?table_id=${fx().tables['1']}`)).toEqual([spotPaid, spot]);
      expect(await board(`?table_id=${fx().tables['2']}`)).toEqual([]);
      expect(await board(`?before_id=${spotPaid}`)).toEqual([delivery, spot]);
      expect(await board(`?limit=2`)).toEqual([pickup, spotPaid]);
      expect(await board(`?active=1`)).toEqual([pickup, delivery, spot]);
    });

    ctx.test('waiter calls: open ones by default, done ones, or all', async () => {
      const list = async (query: string) => {
        const res = await get(`/api/staff/user-needs${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().user_needs as { id: number }[]).map((n) => n.id).sort((a, b) => a - b);
      };
      expect(await list('')).toEqual([needs.open]);
      expect(await list('?status=done')).toEqual([needs.done]);
      expect(await list('?status=all')).toEqual([needs.open, needs.done].sort((a, b) => a - b));
    });
  },
  { setup: async (db, dialect) => void seeds.set(dialect, await seedStaffFixture(db)) },
);
