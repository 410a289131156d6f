/**
 * Table calls through the real app on SQLite and PostgreSQL: QR entry, session check, tables list, bill request
 * (once, after an order, +15 minutes) and waiter calls.
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { insertTable } from '../../../test/fixtures.ts';
import { cartLine, seedOrderFixture } from '../orders/orders.fixtures.ts';
import { tablesSuiteFixture } from './tables.fixtures.ts';
import { createTablesRepository, type SessionWithTable } from './tables.repository.ts';

const tables = tablesSuiteFixture(seedOrderFixture);

describeEachDatabase(
  'tables routes',
  (ctx: TestContext) => {
    const { fx, send, open } = tables.use(ctx);

    ctx.test('verify_token opens a 2-hour table session', async () => {
      const now = ctx.clock.now();
      const s = await open('ordt-t2');
      expect(s).toMatchObject({
        order_type: 1,
        table: '2',
        room_number: null,
        bill_wanted: 0,
        place_id: fx().bistro,
      });
      expect(s.token).toBe(s.session);
      expect(new Date(s.expires).getTime() - now.getTime()).toBe(2 * 3_600_000);
      const row = await ctx.db
        .selectFrom('table_sessions')
        .selectAll()
        .where('session', '=', s.session)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ place_id: fx().bistro, order_type: 1, expires_at: s.expires });
    });

    ctx.test('verify_token of a room answers order type 6 and the room number', async () => {
      const s = await open('ordt-r101', 'hotel');
      expect(s).toMatchObject({ order_type: 6, room_number: '101', table: '101' });
    });

    ctx.test(
      'a table QR where the venue offers no table ordering opens a browse-only session (4); its spot order is refused (issue 25)',
      async () => {
        // ordt/hotel offers room service (6) only: a table in its lobby is for browsing.
        await insertTable(ctx.db, fx().hotel, 'L1', `ordt-lobby-${ctx.dialect}`);
        const s = await send(
          'POST',
          '/api/tables/verify_token',
          { token: `ordt-lobby-${ctx.dialect}`, placeSlug: 'hotel' },
          { place: 'hotel' },
        );
        expect(s.statusCode, s.body).toBe(200);
        expect(s.json()).toMatchObject({ order_type: 4, table: 'L1', room_number: null });
        const before = await ctx.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow();
        const order = await send(
          'POST',
          '/api/orders',
          {
            session: s.json().session,
            products: [cartLine(fx().salad.id, fx().salad.variant, 1)],
            order_comment: null,
          },
          { place: 'hotel' },
        );
        expect(order.statusCode, order.body).toBe(403);
        expect(order.json().message).toBe('orders_not_allowed');
        const after = await ctx.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(after.n)).toBe(Number(before.n));
        // The same venue's room QR still orders room service.
        const room = await open('ordt-r101', 'hotel');
        expect(room).toMatchObject({ order_type: 6 });
      },
    );

    ctx.test('verify_token with an unknown token or the wrong placeSlug → invalid_qr_code', async () => {
      const unknown = await send('POST', '/api/tables/verify_token', { token: 'nope', placeSlug: 'bistro' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('invalid_qr_code');
      const wrongPlace = await send('POST', '/api/tables/verify_token', {
        token: 'ordt-t1',
        placeSlug: 'hotel',
      });
      expect(wrongPlace.statusCode).toBe(404);
    });

    ctx.test('verify_session: valid while unexpired and for its QR token only', async () => {
      const s = await open();
      const ok = await send('POST', '/api/tables/verify_session', {
        token: 'ordt-t1',
        session: s.session,
        placeSlug: 'bistro',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().session).toBe(s.session);
      const otherTable = await send('POST', '/api/tables/verify_session', {
        token: 'ordt-t2',
        session: s.session,
        placeSlug: 'bistro',
      });
      expect(otherTable.json().message).toBe('Invalid session');
      ctx.clock.setOverride(new Date(ctx.clock.now().getTime() + 2 * 3_600_000));
      const expired = await send('POST', '/api/tables/verify_session', {
        token: 'ordt-t1',
        session: s.session,
        placeSlug: 'bistro',
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe('Invalid session');
    });

    ctx.test('GET tablesMenu lists the tables of the place without QR tokens', async () => {
      const res = await send('GET', '/api/tablesMenu');
      expect(res.statusCode).toBe(200);
      expect(res.json().map((t: { number: string }) => t.number)).toEqual(['1', '2', '3']);
      expect(JSON.stringify(res.json())).not.toContain('ordt-t');
    });

    ctx.test(
      'bill_wanted: before any order → create_order_first; then once (+15 min, user need); twice → bill_already_requested',
      async () => {
        const f = fx();
        const s = await open('ordt-t3');
        const url = `/api/orders/by_table_session/${s.session}/bill_wanted`;
        const early = await send('PUT', url, { status: 1, paymentMethod: 'card', placeId: f.bistro });
        expect(early.statusCode).toBe(409);
        expect(early.json().message).toBe('create_order_first');

        const order = await send('POST', '/api/orders', {
          session: s.session,
          products: [cartLine(f.salad.id, f.salad.variant)],
          order_comment: null,
        });
        expect(order.statusCode).toBe(201);
        const bill = await send('PUT', url, { status: 1, paymentMethod: 'card', placeId: f.bistro });
        expect(bill.statusCode).toBe(200);
        expect(bill.json()).toEqual({
          bill_wanted: 1,
          expires: new Date(new Date(s.expires).getTime() + 15 * 60_000).toISOString(),
        });
        const need = await ctx.db
          .selectFrom('user_needs')
          .selectAll()
          .where('session', '=', s.session)
          .executeTakeFirstOrThrow();
        expect(need).toMatchObject({ type: 'bill', text: 'card', status: 'open', place_id: f.bistro });
        const orders = await send('GET', `/api/orders/by_table_session/${s.session}`);
        expect(orders.json().bill_wanted).toBe(1);

        const twice = await send('PUT', url, { status: 1, paymentMethod: 'cash', placeId: f.bistro });
        expect(twice.statusCode).toBe(409);
        expect(twice.json().message).toBe('bill_already_requested');
      },
    );

    ctx.test(
      "a table session is its place's only: another place of the same client knows it as Invalid session (order, waiter call, bill, check)",
      async () => {
        const f = fx();
        const s = await open('ordt-t2');
        const order = await send(
          'POST',
          '/api/orders',
          { session: s.session, products: [cartLine(f.salad.id, f.salad.variant)] },
          { place: 'hotel' },
        );
        expect(order.statusCode, order.body).toBe(400);
        expect(order.json()).toMatchObject({ code: 'Invalid session', message: 'Invalid session' });
        const need = await send(
          'POST',
          '/api/user-needs',
          { token: s.session, type: 'more_napkins' },
          { place: 'hotel' },
        );
        expect(need.statusCode, need.body).toBe(400);
        expect(need.json().message).toBe('Invalid session');
        const bill = await send(
          'PUT',
          `/api/orders/by_table_session/${s.session}/bill_wanted`,
          { status: 1, paymentMethod: 'cash', placeId: f.hotel },
          { place: 'hotel' },
        );
        expect(bill.statusCode, bill.body).toBe(400);
        expect(bill.json().message).toBe('Invalid session');
        const check = await send(
          'POST',
          '/api/tables/verify_session',
          { token: 'ordt-t2', session: s.session, placeSlug: 'hotel' },
          { place: 'hotel' },
        );
        expect(check.statusCode).not.toBe(200);
        // Nothing reached the other place, and the session still works at its own.
        const needs = await ctx.db
          .selectFrom('user_needs')
          .select('id')
          .where('session', '=', s.session)
          .execute();
        expect(needs).toEqual([]);
        const orders = await ctx.db
          .selectFrom('orders')
          .select('id')
          .where('place_id', '=', f.hotel)
          .where('token', '=', s.session)
          .execute();
        expect(orders).toEqual([]);
        const own = await send('POST', '/api/tables/verify_session', {
          token: 'ordt-t2',
          session: s.session,
          placeSlug: 'bistro',
        });
        expect(own.statusCode, own.body).toBe(200);
      },
    );

    ctx.test(
      'the session lookup: sessions looked up together each at its own place; another place, unknown, closed',
      async () => {
        const f = fx();
        const t1 = await open('ordt-t1');
        const t2 = await open('ordt-t2');
        const room = await open('ordt-r101', 'hotel');
        // t2's bill paid in full (issue 19): the lookup still finds it, the caller refuses it.
        const closedAt = ctx.clock.now().toISOString();
        await ctx.db
          .updateTable('table_sessions')
          .set({ closed_at: closedAt })
          .where('session', '=', t2.session)
          .execute();
        const lookups: { place: number; session: string; want: [string, string] | null }[] = [
          { place: f.bistro, session: t1.session, want: ['1', 'table'] },
          { place: f.bistro, session: t2.session, want: ['2', 'table'] },
          { place: f.hotel, session: t1.session, want: null },
          { place: f.hotel, session: room.session, want: ['101', 'room'] },
          { place: f.bistro, session: room.session, want: null },
          { place: f.bistro, session: 'no-such-session', want: null },
          { place: f.bistro, session: t1.session, want: ['1', 'table'] },
        ];
        const check = (answers: (SessionWithTable | undefined)[], how: string) =>
          answers.forEach((a, i) => {
            const l = lookups[i]!;
            const label = `${how}: lookup ${i}`;
            if (!l.want) return expect(a, label).toBeUndefined();
            expect(a, label).toMatchObject({
              session: l.session,
              place_id: l.place,
              table_number: l.want[0],
              table_kind: l.want[1],
              closed_at: l.session === t2.session ? closedAt : null,
            });
          });
        // As every route builds it: on PostgreSQL lookups of one turn share one statement, on SQLite the prepared
        // statements answer; on a handle without them Kysely's query does (as inside a transaction, below).
        const fast = createTablesRepository(ctx.database);
        check(await Promise.all(lookups.map((l) => fast.findSession(l.place, l.session))), 'together');
        const plain = createTablesRepository({ ...ctx.database, sqlite: undefined, pgPool: undefined });
        const oneByOne: (SessionWithTable | undefined)[] = [];
        for (const l of lookups) oneByOne.push(await plain.findSession(l.place, l.session));
        check(oneByOne, 'one by one');
        // Inside a transaction the lookup sees the transaction's own writes (change table reads the session it
        // just moved), not the committed state a lookup outside it would read.
        const t3 = await ctx.db
          .selectFrom('tables')
          .select('id')
          .where('token', '=', 'ordt-t3')
          .executeTakeFirstOrThrow();
        const rollback = new Error('rollback');
        const moved = fast.transaction(async (trx) => {
          await trx
            .updateTable('table_sessions')
            .set({ table_id: t3.id })
            .where('session', '=', t1.session)
            .execute();
          const seen = await fast.findSession(f.bistro, t1.session, trx);
          expect(seen).toMatchObject({ session: t1.session, table_id: t3.id, table_number: '3' });
          expect(await fast.findSession(f.hotel, t1.session, trx)).toBeUndefined();
          throw rollback;
        });
        await expect(moved).rejects.toBe(rollback);
        expect(await fast.findSession(f.bistro, t1.session)).toMatchObject({ table_number: '1' });
        // The closed session is over for the guest: an order under it is refused.
        const order = await send('POST', '/api/orders', {
          session: t2.session,
          products: [cartLine(f.salad.id, f.salad.variant)],
        });
        expect(order.statusCode, order.body).toBe(400);
        expect(order.json()).toMatchObject({ code: 'Invalid session' });
      },
    );

    ctx.test('bill_wanted with an unknown session → Invalid session', async () => {
      const res = await send('PUT', '/api/orders/by_table_session/unknown-session-123/bill_wanted', {
        status: 1,
        paymentMethod: 'cash',
        placeId: fx().bistro,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid session');
    });

    ctx.test('user-needs: a preset is added; other needs a text; an unknown session is refused', async () => {
      const s = await open('ordt-t2');
      const ok = await send('POST', '/api/user-needs', { token: s.session, type: 'more_napkins' });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ type: 'more_napkins', status: 'open' });
      const other = await send('POST', '/api/user-needs', { token: s.session, type: 'other', text: '' });
      expect(other.statusCode).toBe(400);
      expect(other.json().errors).toEqual([{ field: 'text', code: 'text_required' }]);
      const withText = await send('POST', '/api/user-needs', {
        token: s.session,
        type: 'other',
        text: 'Бебешко столче',
      });
      expect(withText.statusCode).toBe(201);
      const bad = await send('POST', '/api/user-needs', { token: s.session, type: 'dance' });
      expect(bad.statusCode).toBe(400);
      const unknown = await send('POST', '/api/user-needs', {
        token: 'unknown-session-123',
        type: 'bring_ice',
      });
      expect(unknown.json().message).toBe('Invalid session');
      const rows = await ctx.db
        .selectFrom('user_needs')
        .select(['type', 'text'])
        .where('session', '=', s.session)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { type: 'more_napkins', text: null },
        { type: 'other', text: 'Бебешко столче' },
      ]);
    });
  },
  tables.options,
);
