/**
 * The place admin's tables and halls, and the waiter's table moves and done requests, through the real app on
 * SQLite and PostgreSQL: halls listed with their state, renamed and closed (only the place's own); a table moved
 * to another hall or turned into a room is stored so; a rename into a number already taken by the same kind is
 * refused, into the same number of the other kind is not; tables come in the order people read them (rooms and
 * tables apart, 2 before 10); the board hears of a table change with the order as it now is, and of a request
 * marked done once, however often it is marked.
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

interface Table {
  id: number;
  number: string;
  kind: 'table' | 'room';
  seats: number | null;
  hall_id: number | null;
  hall_name: string | null;
  active: 0 | 1;
}

describeEachDatabase(
  'staff tables and halls admin',
  (ctx: TestContext) => {
    const fx = () => seeds.get(ctx.dialect)!;
    let tokens: Record<Account, string>;
    let board: SseConnection;
    beforeAll(async () => {
      tokens = await staffTokens(ctx.app, fx());
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      board = await openSse(`${base}/api/staff/events?access_token=${tokens.waiter}`, {
        client: CLIENT,
        place: PLACE,
      });
      await board.waitFor((m) => m.event === 'ready', 10_000);
    });
    afterAll(() => board?.close());

    const call = (
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      account: Account,
      body?: unknown,
      place = PLACE,
    ) =>
      ctx.request(method, url, {
        client: CLIENT,
        place,
        headers: { authorization: `Bearer ${tokens[account]}` },
        body,
      });
    const storedTable = (id: number) =>
      ctx.db
        .selectFrom('tables')
        .select(['number', 'kind', 'hall_id', 'seats', 'active'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    async function newTable(body: Record<string, unknown>): Promise<Table> {
      const res = await call('POST', '/api/staff/tables', 'placeAdmin', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Table;
    }
    /** The board's events of one type from `from` on, parsed. */
    const eventsOf = (type: string, from = 0) =>
      board.messages
        .slice(from)
        .filter((m) => m.event === type)
        .map((m) => JSON.parse(m.data) as Record<string, unknown>);

    // -- halls ---------------------------------------------------------------------------------------------------

    ctx.test(
      'halls are listed with their state, renamed and closed; another place’s hall is not found',
      async () => {
        const terrace = (await call('POST', '/api/staff/halls', 'placeAdmin', { name: 'Тераса' })).json();
        const garden = (await call('POST', '/api/staff/halls', 'placeAdmin', { name: 'Градина' })).json();
        const closed = await call('PATCH', `/api/staff/halls/${garden.id}`, 'placeAdmin', {
          name: 'Зимна градина',
          active: 0,
        });
        expect(closed.statusCode, closed.body).toBe(200);
        expect(closed.json()).toEqual({ id: garden.id, name: 'Зимна градина', active: 0 });
        const stored = await ctx.db
          .selectFrom('halls')
          .select(['name', 'active'])
          .where('id', '=', garden.id)
          .executeTakeFirstOrThrow();
        expect({ ...stored, active: Number(stored.active) }).toEqual({ name: 'Зимна градина', active: 0 });

        const list = await call('GET', '/api/staff/halls', 'placeAdmin');
        expect(list.statusCode).toBe(200);
        const ours = (list.json() as { id: number }[]).filter((h) => [terrace.id, garden.id].includes(h.id));
        expect(ours).toEqual([
          { id: terrace.id, name: 'Тераса', active: 1 },
          { id: garden.id, name: 'Зимна градина', active: 0 },
        ]);

        const reopened = await call('PATCH', `/api/staff/halls/${garden.id}`, 'placeAdmin', { active: 1 });
        expect(reopened.json()).toEqual({ id: garden.id, name: 'Зимна градина', active: 1 });

        const missing = await call('PATCH', '/api/staff/halls/999999', 'placeAdmin', { name: 'Нищо' });
        expect(missing.statusCode).toBe(404);
        expect(missing.json().code).toBe('hall_not_found');
        // The hall of cafe2 is not cafe's to rename, and stays as it was.
        const other = await ctx.db
          .insertInto('halls')
          .values({ place_id: fx().cafe2, name: 'Чужда', translations: '{}', active: 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const foreign = await call('PATCH', `/api/staff/halls/${other.id}`, 'placeAdmin', { name: 'Моя' });
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json().code).toBe('hall_not_found');
        const untouched = await ctx.db
          .selectFrom('halls')
          .select('name')
          .where('id', '=', other.id)
          .executeTakeFirstOrThrow();
        expect(untouched.name).toBe('Чужда');
      },
    );

    // -- tables --------------------------------------------------------------------------------------------------

    ctx.test('a table moved to another hall or turned into a room is stored so', async () => {
      const hall = (await call('POST', '/api/staff/halls', 'placeAdmin', { name: 'Бар' })).json();
      const t = await newTable({ number: '40', seats: 4 });
      const moved = await call('PATCH', `/api/staff/tables/${t.id}`, 'placeAdmin', { hallId: hall.id });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({
        id: t.id,
        number: '40',
        kind: 'table',
        hall_id: hall.id,
        hall_name: 'Бар',
      });
      const asRoom = await call('PATCH', `/api/staff/tables/${t.id}`, 'placeAdmin', { kind: 'room' });
      expect(asRoom.statusCode, asRoom.body).toBe(200);
      expect(asRoom.json()).toMatchObject({
        id: t.id,
        number: '40',
        kind: 'room',
        hall_id: hall.id,
        seats: 4,
      });
      expect(await storedTable(t.id)).toMatchObject({
        number: '40',
        kind: 'room',
        hall_id: hall.id,
        seats: 4,
      });
      const seatsOnly = await call('PATCH', `/api/staff/tables/${t.id}`, 'placeAdmin', { seats: 6 });
      expect(seatsOnly.statusCode, seatsOnly.body).toBe(200);
      expect(seatsOnly.json()).toMatchObject({ number: '40', kind: 'room', hall_id: hall.id, seats: 6 });
      const missing = await call('PATCH', '/api/staff/tables/999999', 'placeAdmin', { seats: 2 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('table_not_found');
    });

    ctx.test(
      'a rename into a number its kind already has is refused; the other kind’s number is free',
      async () => {
        const a = await newTable({ number: '50' });
        const b = await newTable({ number: '51' });
        const room = await newTable({ number: '52', kind: 'room' });

        const taken = await call('PATCH', `/api/staff/tables/${b.id}`, 'placeAdmin', { number: '50' });
        expect(taken.statusCode, taken.body).toBe(409);
        expect(taken.json().code).toBe('table_number_taken');
        expect(await storedTable(b.id)).toMatchObject({ number: '51', kind: 'table' });

        // Turning room 52 into a table is fine; turning table 50 into a room while room 50 exists is not.
        await newTable({ number: '50', kind: 'room' });
        const kindTaken = await call('PATCH', `/api/staff/tables/${a.id}`, 'placeAdmin', { kind: 'room' });
        expect(kindTaken.statusCode, kindTaken.body).toBe(409);
        expect(kindTaken.json().code).toBe('table_number_taken');
        expect(await storedTable(a.id)).toMatchObject({ number: '50', kind: 'table' });

        const both = await call('PATCH', `/api/staff/tables/${room.id}`, 'placeAdmin', {
          kind: 'table',
          number: '51',
        });
        expect(both.statusCode).toBe(409);
        const toTable = await call('PATCH', `/api/staff/tables/${room.id}`, 'placeAdmin', { kind: 'table' });
        expect(toTable.statusCode, toTable.body).toBe(200);
        expect(toTable.json()).toMatchObject({ number: '52', kind: 'table' });
        // Giving a table its own number again is no clash with itself.
        const same = await call('PATCH', `/api/staff/tables/${a.id}`, 'placeAdmin', {
          number: '50',
          seats: 3,
        });
        expect(same.statusCode, same.body).toBe(200);
        expect(same.json()).toMatchObject({ number: '50', kind: 'table', seats: 3 });
      },
    );

    ctx.test('tables come rooms and tables apart, each in the order people read numbers', async () => {
      await newTable({ number: '10' });
      await newTable({ number: '9', kind: 'room' });
      const list = (await call('GET', '/api/staff/tables', 'waiter')).json() as Table[];
      const expected = [...list].sort(
        (x, y) => x.kind.localeCompare(y.kind) || Number(x.number) - Number(y.number),
      );
      expect(list.map((t) => `${t.kind} ${t.number}`)).toEqual(expected.map((t) => `${t.kind} ${t.number}`));
      const tables = list.filter((t) => t.kind === 'table').map((t) => t.number);
      expect(tables.indexOf('3')).toBeLessThan(tables.indexOf('10'));
      const rooms = list.filter((t) => t.kind === 'room').map((t) => t.number);
      expect(rooms.indexOf('9')).toBeLessThan(rooms.indexOf('101'));
      expect(list[0]!.kind).toBe('room');
    });

    // -- the board: table moves and done requests ---------------------------------------------------------------

    ctx.test('the board hears of a table change with the order as it now is', async () => {
      const id = await insertOrder(ctx.db, fx(), 1, 'ordered');
      const before = board.messages.length;
      const moved = await call('PATCH', `/api/staff/orders/${id}/table`, 'waiter', {
        tableId: fx().tables['2'],
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await expect.poll(() => eventsOf('order.table_changed', before).length, { timeout: 10_000 }).toBe(1);
      const [event] = eventsOf('order.table_changed', before);
      expect(event!.order).toMatchObject({ id, table: { id: fx().tables['2'], number: '2', kind: 'table' } });

      const toRoom = await call('PATCH', `/api/staff/orders/${id}/table`, 'waiter', {
        tableId: fx().tables['101'],
      });
      expect(toRoom.json()).toMatchObject({ table: { number: '101', kind: 'room' }, room_number: '101' });
      await expect.poll(() => eventsOf('order.table_changed', before).length, { timeout: 10_000 }).toBe(2);
      expect(eventsOf('order.table_changed', before)[1]!.order).toMatchObject({
        id,
        table: { number: '101', kind: 'room' },
      });
    });

    ctx.test(
      'a waiter call reaches the board when made, and when marked done once, however often it is marked',
      async () => {
        const verified = await ctx.post(
          '/api/tables/verify_token',
          { token: 'stf-t3', placeSlug: PLACE },
          { client: CLIENT, place: PLACE },
        );
        expect(verified.statusCode, verified.body).toBe(200);
        const session = verified.json().session as string;
        const need = async (type: string) => {
          const res = await ctx.post(
            '/api/user-needs',
            { token: session, type },
            { client: CLIENT, place: PLACE },
          );
          expect(res.statusCode, res.body).toBe(201);
          return res.json().id as number;
        };
        const created = board.messages.length;
        const water = await need('bring_ice');
        const napkins = await need('more_napkins');
        // The board hears of each call as the guest makes it.
        await expect
          .poll(() => eventsOf('user_need.created', created).map((e) => (e.user_need as { id: number }).id), {
            timeout: 10_000,
          })
          .toEqual([water, napkins]);
        expect(eventsOf('user_need.created', created)[0]!.user_need).toMatchObject({
          id: water,
          type: 'bring_ice',
          status: 'open',
          session,
          table: { id: fx().tables['3'], number: '3', kind: 'table' },
        });
        const before = board.messages.length;
        const first = await call('PATCH', `/api/staff/user-needs/${water}`, 'waiter', { status: 'done' });
        expect(first.json()).toMatchObject({
          id: water,
          status: 'done',
          table: { number: '3', kind: 'table' },
        });
        const again = await call('PATCH', `/api/staff/user-needs/${water}`, 'waiter', { status: 'done' });
        expect(again.json()).toMatchObject({ id: water, status: 'done', done_at: first.json().done_at });
        // A later request's event marks the end: the stream is in order, so anything for `water` came before it.
        await call('PATCH', `/api/staff/user-needs/${napkins}`, 'waiter', { status: 'done' });
        await expect
          .poll(() => eventsOf('user_need.done', before).map((e) => (e.user_need as { id: number }).id), {
            timeout: 10_000,
          })
          .toEqual([water, napkins]);
        expect(eventsOf('user_need.done', before)[0]!.user_need).toMatchObject({
          id: water,
          type: 'bring_ice',
          status: 'done',
          table: { number: '3' },
        });
      },
    );
  },
  { setup: async (db, dialect) => void seeds.set(dialect, await seedStaffFixture(db)) },
);
