/**
 * What the board shows of orders and barred devices, through the real app on SQLite and PostgreSQL: a delivery
 * order has no table, a table order names its table; each order's history lists its own status changes only; a
 * barred device's last order taken at a room names the room, not a table.
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

interface BoardOrder {
  id: number;
  table: { id: number; number: string; kind: string } | null;
  history: { status: string; reason: string | null }[];
}

describeEachDatabase(
  'staff board view',
  (ctx: TestContext) => {
    const fx = () => seeds.get(ctx.dialect)!;
    let tokens: Record<Account, string>;
    beforeAll(async () => {
      tokens = await staffTokens(ctx.app, fx());
    });
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
      ctx.request(method, url, {
        client: CLIENT,
        place: PLACE,
        headers: { authorization: `Bearer ${tokens.waiter}` },
        body,
      });

    ctx.test('a delivery order has no table; each order’s history is its own', async () => {
      const delivery = await insertOrder(ctx.db, fx(), 2, 'ordered');
      const spot = await insertOrder(ctx.db, fx(), 1, 'ordered');
      const cooked = await call('PATCH', `/api/staff/orders/${delivery}/status`, {
        status: 'cooked_delivery',
      });
      expect(cooked.statusCode, cooked.body).toBe(200);
      const rejected = await call('PATCH', `/api/staff/orders/${spot}/status`, {
        status: 'rejected',
        reason: 'Няма лимони',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);

      const list = await call('GET', '/api/staff/orders?type=1&type=2');
      expect(list.statusCode, list.body).toBe(200);
      const orders = list.json().orders as BoardOrder[];
      const byId = (id: number) => orders.find((o) => o.id === id)!;
      expect(byId(delivery).table).toBeNull();
      expect(byId(delivery).history.map((h) => h.status)).toEqual(['cooked_delivery']);
      expect(byId(spot).table).toEqual({ id: fx().tables['1'], number: '1', kind: 'table' });
      expect(byId(spot).history).toMatchObject([{ status: 'rejected', reason: 'Няма лимони' }]);
      const one = await call('GET', `/api/staff/orders/${delivery}`);
      expect(one.json()).toMatchObject({ id: delivery, table: null });
    });

    ctx.test('a barred device’s last order at a room names the room, not a table', async () => {
      const id = await insertOrder(ctx.db, fx(), 1, 'ordered');
      await ctx.db
        .updateTable('orders')
        .set({ table_id: fx().tables['101'], device_id: `room-phone-${ctx.dialect}` })
        .where('id', '=', id)
        .execute();
      const blocked = await call('POST', '/api/staff/devices/block', {
        deviceId: `room-phone-${ctx.dialect}`,
      });
      expect(blocked.statusCode, blocked.body).toBe(200);
      const list = (await call('GET', '/api/staff/devices/blocked')).json() as {
        device_id: string;
        last_order: { table: string | null; room_number: string | null } | null;
      }[];
      expect(list.find((d) => d.device_id === `room-phone-${ctx.dialect}`)?.last_order).toMatchObject({
        table: null,
        room_number: '101',
      });
    });
  },
  { setup: async (db, dialect) => void seeds.set(dialect, await seedStaffFixture(db)) },
);
