/**
 * The staff console API through the real app on SQLite and PostgreSQL: every endpoint with every role (§6) and
 * another tenant's account, the domain transition table through the API, table changes, waiter calls, devices,
 * tables and QR codes, and the event streams (live within a second; Last-Event-ID catch-up loses and repeats
 * nothing; the guest's stream).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import {
  ORDER_STATUSES,
  canTransition,
  statusesForOrderType,
  type OrderType,
} from '@trapeza/domain/order-status';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import type { DialectName } from '../../db/database.ts';
import { openSse, type SseConnection } from './sse-client.fixtures.ts';
import { createStaffRepository } from './staff.repository.ts';
import {
  CLIENT,
  PLACE,
  cartLine,
  insertOrder,
  seedStaffFixture,
  staffTokens,
  type Account,
  type StaffFixture,
} from './staff.fixtures.ts';

const fixtures = new Map<DialectName, StaffFixture>();

describeEachDatabase(
  'staff routes',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    let tokens: Record<Account, string>;
    let base = '';
    const streams: SseConnection[] = [];

    beforeAll(async () => {
      fixtures.set(ctx.dialect, await fixtureOf(ctx));
      tokens = await staffTokens(ctx.app, fx());
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => {
      for (const s of streams) s.close();
    });

    const as = (account: Account | null, place = PLACE) => ({
      client: CLIENT,
      place,
      headers: (account ? { authorization: `Bearer ${tokens[account]}` } : {}) as Record<string, string>,
    });
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, account: Account | null, body?: unknown) =>
      ctx.request(method, url, { ...as(account), body });

    async function openSession(tableToken: string): Promise<string> {
      const res = await ctx.post(
        '/api/tables/verify_token',
        { token: tableToken, placeSlug: PLACE },
        { client: CLIENT, place: PLACE },
      );
      expect(res.statusCode).toBe(200);
      return res.json().session as string;
    }
    async function tableToken(tableId: number): Promise<string> {
      const row = await ctx.db
        .selectFrom('tables')
        .select('token')
        .where('id', '=', tableId)
        .executeTakeFirstOrThrow();
      return row.token;
    }
    let orderSeq = 0;
    /** A spot order through the real POST endpoint; quantities differ so the duplicate guard never trips. */
    async function placeSpotOrder(session: string, extra: Record<string, unknown> = {}) {
      orderSeq += 1;
      return ctx.post(
        '/api/orders',
        {
          session,
          products: [cartLine(fx().product.id, fx().product.variant, orderSeq)],
          order_comment: [],
          ...extra,
        },
        { client: CLIENT, place: PLACE },
      );
    }
    const stream = async (path: string, headers: Record<string, string> = {}) => {
      const s = await openSse(`${base}${path}`, { client: CLIENT, place: PLACE, ...headers });
      streams.push(s);
      return s;
    };

    // -- access (spec §6) ---------------------------------------------------------------------------------------

    ctx.test(
      'every staff endpoint answers 401/403 to the wrong accounts and lets the right ones in',
      async () => {
        const f = fx();
        const order = await insertOrder(ctx.db, f, 1, 'ordered');
        const need = await ctx.db
          .insertInto('user_needs')
          .values({
            place_id: f.cafe,
            table_id: f.tables['1'],
            session: null,
            type: 'clean_table',
            text: null,
            status: 'open',
            created_at: new Date().toISOString(),
            done_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const table = f.tables['3'];
        const endpoints: {
          method: 'GET' | 'POST' | 'PATCH';
          url: string;
          body?: unknown;
          level: 'WAITER' | 'PLACE_ADMIN';
        }[] = [
          { method: 'GET', url: '/api/staff/orders', level: 'WAITER' },
          { method: 'GET', url: `/api/staff/orders/${order}`, level: 'WAITER' },
          {
            method: 'PATCH',
            url: `/api/staff/orders/${order}/status`,
            body: { status: 'paid' },
            level: 'WAITER',
          },
          {
            method: 'PATCH',
            url: `/api/staff/orders/${order}/table`,
            body: { tableId: f.tables['2'] },
            level: 'WAITER',
          },
          { method: 'GET', url: '/api/staff/user-needs?status=open', level: 'WAITER' },
          {
            method: 'PATCH',
            url: `/api/staff/user-needs/${need.id}`,
            body: { status: 'done' },
            level: 'WAITER',
          },
          { method: 'GET', url: '/api/staff/devices/blocked', level: 'WAITER' },
          {
            method: 'POST',
            url: '/api/staff/devices/block',
            body: { deviceId: 'role-matrix' },
            level: 'WAITER',
          },
          {
            method: 'POST',
            url: '/api/staff/devices/unblock',
            body: { deviceId: 'role-matrix' },
            level: 'WAITER',
          },
          // Waiters see and print the tables' QR codes (issue 24); changing them stays the admins'.
          { method: 'GET', url: '/api/staff/tables', level: 'WAITER' },
          { method: 'PATCH', url: `/api/staff/tables/${table}`, body: { seats: 6 }, level: 'PLACE_ADMIN' },
          { method: 'GET', url: `/api/staff/tables/${table}/qr.svg`, level: 'WAITER' },
          { method: 'GET', url: '/api/staff/tables/qr-sheet.pdf', level: 'WAITER' },
          { method: 'POST', url: `/api/staff/tables/${table}/regenerate-token`, level: 'PLACE_ADMIN' },
          { method: 'GET', url: '/api/staff/halls', level: 'PLACE_ADMIN' },
          { method: 'POST', url: '/api/staff/halls', body: { name: 'Тераса' }, level: 'PLACE_ADMIN' },
        ];
        // Expected answer class per account: 401, 403 or in (anything else: the call went through).
        const expected: Record<'WAITER' | 'PLACE_ADMIN', Record<Account | 'none', 401 | 403 | 'in'>> = {
          WAITER: {
            none: 401,
            user: 403,
            pdfMenuAdmin: 403,
            waiterCafe2: 403,
            otherClientAdmin: 401,
            waiter: 'in',
            placeAdmin: 'in',
            clientAdmin: 'in',
          },
          PLACE_ADMIN: {
            none: 401,
            user: 403,
            pdfMenuAdmin: 403,
            waiterCafe2: 403,
            otherClientAdmin: 401,
            waiter: 403,
            placeAdmin: 'in',
            clientAdmin: 'in',
          },
        };
        const wrong: string[] = [];
        for (const e of endpoints) {
          for (const [account, want] of Object.entries(expected[e.level]) as [
            Account | 'none',
            401 | 403 | 'in',
          ][]) {
            const res = await call(e.method, e.url, account === 'none' ? null : account, e.body);
            const ok =
              want === 'in' ? res.statusCode < 400 || res.statusCode === 409 : res.statusCode === want;
            if (!ok) wrong.push(`${e.method} ${e.url} as ${account}: ${res.statusCode} (want ${want})`);
          }
        }
        expect(wrong).toEqual([]);
      },
    );

    ctx.test('the event stream needs WAITER of the place; the token may come as ?access_token=', async () => {
      const none = await stream('/api/staff/events');
      expect(none.status).toBe(401);
      const user = await stream(`/api/staff/events?access_token=${tokens.user}`);
      expect(user.status).toBe(403);
      const otherPlace = await stream(`/api/staff/events?access_token=${tokens.waiterCafe2}`);
      expect(otherPlace.status).toBe(403);
      const ok = await stream(`/api/staff/events?access_token=${tokens.waiter}`);
      expect(ok.status).toBe(200);
      expect(ok.contentType).toMatch(/^text\/event-stream/);
      await ok.waitFor((m) => m.event === 'ready');
      // As EventSource connects: no headers at all, everything in the query.
      const bare = await openSse(
        `${base}/api/staff/events?client=${CLIENT}&place=${PLACE}&access_token=${tokens.waiter}`,
      );
      streams.push(bare);
      expect(bare.status).toBe(200);
      await bare.waitFor((m) => m.event === 'ready');
      const bareOther = await openSse(
        `${base}/api/staff/events?client=${CLIENT}&place=cafe2&access_token=${tokens.waiter}`,
      );
      streams.push(bareOther);
      expect(bareOther.status).toBe(403);
      // Only the streams read the query: other routes still need the headers.
      const board = await ctx.request(
        'GET',
        `/api/staff/orders?client=${CLIENT}&place=${PLACE}&access_token=${tokens.waiter}`,
        {
          client: null,
          place: null,
        },
      );
      expect(board.statusCode).toBe(400);
      bare.close();
      const header = await stream('/api/staff/events', { authorization: `Bearer ${tokens.clientAdmin}` });
      expect(header.status).toBe(200);
      ok.close();
      header.close();
    });

    // -- the board --------------------------------------------------------------------------------------------

    ctx.test(
      'the board lists the place orders newest first with lines, table, price and next statuses',
      async () => {
        const session = await openSession(await tableToken(fx().tables['2']));
        const placed = await placeSpotOrder(session, {
          order_comment: [{ variantId: fx().product.variant, comment: 'без лед' }],
        });
        expect(placed.statusCode).toBe(201);
        const res = await call('GET', '/api/staff/orders?status=ordered&type=1', 'waiter');
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.last_event_id).toBeGreaterThan(0);
        const order = body.orders.find((o: { key: string }) => o.key === placed.json().key);
        expect(order).toMatchObject({
          type: 1,
          status: 'ordered',
          next_statuses: ['cooked_spot', 'served_spot', 'paid', 'rejected'],
          table: { number: '2', kind: 'table' },
          customer: null,
          payment_status: 'none',
          // The staff board is in minor units; the guest's order answer in the venue currency (issue 25 #1).
          price: { total: Math.round(placed.json().totalPrice * 100) },
        });
        expect(order.lines[0]).toMatchObject({ name: 'Лимонада', comment: 'без лед', unit_price: 450 });
        const ids = body.orders.map((o: { id: number }) => o.id);
        expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
        // Filters: another type, an old day, and not another place's orders.
        const delivery = await call('GET', '/api/staff/orders?type=2&status=ordered', 'waiter');
        expect(delivery.json().orders.every((o: { type: number }) => o.type === 2)).toBe(true);
        const oldDay = await call('GET', '/api/staff/orders?date=2020-01-01', 'waiter');
        expect(oldDay.json().orders).toEqual([]);
        const today = new Date().toISOString().slice(0, 10);
        const todays = await call('GET', `/api/staff/orders?date=${today}&active=1`, 'waiter');
        expect(todays.statusCode).toBe(200);
        const bad = await call('GET', '/api/staff/orders?status=cooking', 'waiter');
        expect(bad.statusCode).toBe(400);
        const cafe2 = await ctx.request('GET', '/api/staff/orders', as('clientAdmin', 'cafe2'));
        expect(cafe2.json().orders).toEqual([]);
      },
    );

    // -- statuses along the domain table ----------------------------------------------------------------------

    ctx.test(
      'every transition of the domain table is allowed through the API, every other one refused (409)',
      async () => {
        const f = fx();
        const mismatches: string[] = [];
        for (const type of [1, 2, 3, 6, 7] as OrderType[]) {
          const id = await insertOrder(ctx.db, f, type, 'ordered');
          for (const from of statusesForOrderType(type)) {
            for (const to of ORDER_STATUSES) {
              await ctx.db.updateTable('orders').set({ status: from }).where('id', '=', id).execute();
              const res = await call('PATCH', `/api/staff/orders/${id}/status`, 'waiter', {
                status: to,
                reason: to === 'rejected' ? 'out of stock' : undefined,
              });
              const allowed = canTransition(type, from, to);
              if (allowed && res.statusCode !== 200)
                mismatches.push(`${type}: ${from}→${to} refused ${res.statusCode}`);
              if (!allowed && (res.statusCode !== 409 || res.json().code !== 'illegal_status_transition')) {
                mismatches.push(`${type}: ${from}→${to} answered ${res.statusCode}`);
              }
              if (allowed) expect(res.json().status).toBe(to);
            }
          }
        }
        expect(mismatches).toEqual([]);
      },
    );

    ctx.test('rejecting needs a reason; the history keeps who changed what and why', async () => {
      const f = fx();
      const id = await insertOrder(ctx.db, f, 2, 'ordered');
      const noReason = await call('PATCH', `/api/staff/orders/${id}/status`, 'waiter', {
        status: 'rejected',
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().code).toBe('reason_required');
      const illegal = await call('PATCH', `/api/staff/orders/${id}/status`, 'waiter', { status: 'paid' });
      expect(illegal.statusCode).toBe(409);
      expect(illegal.json()).toMatchObject({
        code: 'illegal_status_transition',
        from: 'ordered',
        to: 'paid',
        allowed: ['cooked_delivery', 'on_the_way_delivery', 'rejected'],
      });
      const res = await call('PATCH', `/api/staff/orders/${id}/status`, 'waiter', {
        status: 'rejected',
        reason: 'Адресът е извън зоната',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().next_statuses).toEqual([]);
      const history = await ctx.db
        .selectFrom('order_status_history')
        .selectAll()
        .where('order_id', '=', id)
        .execute();
      expect(history).toMatchObject([
        { status: 'rejected', changed_by: f.users.waiter.id, reason: 'Адресът е извън зоната' },
      ]);
      const gone = await call('PATCH', '/api/staff/orders/999999/status', 'waiter', { status: 'paid' });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe('order_not_found');
    });

    ctx.test('another place’s order is not found; waiters set and change the table', async () => {
      const f = fx();
      const id = await insertOrder(ctx.db, f, 1, 'ordered');
      const foreign = await ctx.request('PATCH', `/api/staff/orders/${id}/status`, {
        ...as('clientAdmin', 'cafe2'),
        body: { status: 'paid' },
      });
      expect(foreign.statusCode).toBe(404);
      const moved = await call('PATCH', `/api/staff/orders/${id}/table`, 'waiter', {
        tableId: f.tables['3'],
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().table).toMatchObject({ id: f.tables['3'], number: '3' });
      const room = await call('PATCH', `/api/staff/orders/${id}/table`, 'waiter', {
        tableId: f.tables['101'],
      });
      expect(room.json()).toMatchObject({ table: { number: '101', kind: 'room' }, room_number: '101' });
      const farTable = await call('PATCH', `/api/staff/orders/${id}/table`, 'waiter', {
        tableId: f.farTable,
      });
      expect(farTable.statusCode).toBe(404);
      expect(farTable.json().code).toBe('table_not_found');
      const cleared = await call('PATCH', `/api/staff/orders/${id}/table`, 'waiter', { tableId: null });
      expect(cleared.json().table).toBeNull();
    });

    ctx.test(
      'a blank reason is no reason; the stored reason is trimmed, at most 500 characters after trimming',
      async () => {
        const f = fx();
        const historyOf = (orderId: number) =>
          ctx.db
            .selectFrom('order_status_history')
            .select(['status', 'reason'])
            .where('order_id', '=', orderId)
            .orderBy('id')
            .execute();
        const id = await insertOrder(ctx.db, f, 2, 'ordered');
        // Blanks of any kind (spaces, a tab, a line break, a no-break space) are no reason: rejecting needs one.
        for (const reason of ['   ', ' \t\n ', '\u00a0 ']) {
          const blank = await call('PATCH', `/api/staff/orders/${id}/status`, 'waiter', {
            status: 'rejected',
            reason,
          });
          expect(blank.statusCode, JSON.stringify(reason)).toBe(400);
          expect(blank.json().code).toBe('reason_required');
        }
        // A change that needs no reason stores none for a blank one, never the blanks.
        const cooked = await call('PATCH', `/api/staff/orders/${id}/status`, 'waiter', {
          status: 'cooked_delivery',
          reason: ' \t ',
        });
        expect(cooked.statusCode, cooked.body).toBe(200);
        const padded = await call('PATCH', `/api/staff/orders/${id}/status`, 'waiter', {
          status: 'rejected',
          reason: '  Няма доставчик \n',
        });
        expect(padded.statusCode, padded.body).toBe(200);
        expect(await historyOf(id)).toEqual([
          { status: 'cooked_delivery', reason: null },
          { status: 'rejected', reason: 'Няма доставчик' },
        ]);
        // The 500-character limit counts the reason as stored: padding around 500 characters is not over it.
        const long = await insertOrder(ctx.db, f, 2, 'ordered');
        const over = await call('PATCH', `/api/staff/orders/${long}/status`, 'waiter', {
          status: 'rejected',
          reason: 'я'.repeat(501),
        });
        expect(over.statusCode).toBe(400);
        expect(over.json()).toMatchObject({ code: 'validation_error', details: [{ path: 'reason' }] });
        expect(await historyOf(long)).toEqual([]);
        const full = await call('PATCH', `/api/staff/orders/${long}/status`, 'waiter', {
          status: 'rejected',
          reason: `  ${'я'.repeat(500)}  `,
        });
        expect(full.statusCode, full.body).toBe(200);
        expect(await historyOf(long)).toEqual([{ status: 'rejected', reason: 'я'.repeat(500) }]);
      },
    );

    ctx.test('two waiters finish the same order at once: one wins, the other gets a 409', async () => {
      const f = fx();
      for (let round = 0; round < 3; round++) {
        const id = await insertOrder(ctx.db, f, 1, 'ordered');
        // 'paid' and 'rejected' are both terminal: whichever lands second must be refused, never both applied.
        const [paid, rejected] = await Promise.all([
          call('PATCH', `/api/staff/orders/${id}/status`, 'waiter', { status: 'paid' }),
          call('PATCH', `/api/staff/orders/${id}/status`, 'waiter', {
            status: 'rejected',
            reason: 'Затворено',
          }),
        ]);
        const answers = [paid, rejected].map((r) => r.statusCode).sort();
        expect(answers).toEqual([200, 409]);
        const refused = [paid, rejected].find((r) => r.statusCode === 409)!;
        expect(['status_conflict', 'illegal_status_transition']).toContain(refused.json().code);
        const history = await ctx.db
          .selectFrom('order_status_history')
          .select('status')
          .where('order_id', '=', id)
          .execute();
        const stored = await ctx.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const winner = [paid, rejected].find((r) => r.statusCode === 200)!;
        expect(history.map((h) => h.status)).toEqual([winner.json().status]);
        expect(stored.status).toBe(winner.json().status);
      }
    });

    ctx.test(
      'a change that meets another one committed meanwhile writes nothing: the status update is conditional (409 status_conflict)',
      async () => {
        const f = fx();
        const statusOf = async (id: number) =>
          (await ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
            .status;
        const historyOf = async (id: number) =>
          (
            await ctx.db
              .selectFrom('order_status_history')
              .select('status')
              .where('order_id', '=', id)
              .execute()
          ).map((h) => h.status);
        // The repository: from a status the order no longer has, or at another place, it changes nothing.
        const repo = createStaffRepository(ctx.db);
        const id = await insertOrder(ctx.db, f, 1, 'ordered');
        const change = { orderId: id, to: 'rejected', changedBy: f.users.waiter.id, reason: 'Затворено' };
        const at = ctx.clock.now().toISOString();
        expect(await repo.changeStatus({ ...change, placeId: f.cafe2, from: 'ordered', at })).toBe(false);
        await ctx.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', id).execute();
        expect(await repo.changeStatus({ ...change, placeId: f.cafe, from: 'ordered', at })).toBe(false);
        expect(await statusOf(id)).toBe('paid');
        expect(await historyOf(id)).toEqual([]);
        expect(await repo.changeStatus({ ...change, placeId: f.cafe, from: 'paid', at })).toBe(true);
        expect(await historyOf(id)).toEqual(['rejected']);

        // Through the API: the waiter read 'ordered', another change commits before the waiter's update runs.
        // PostgreSQL lets this be arranged exactly: a transaction of our own holds the order's row while the
        // request's update waits for it; SQLite runs one write at a time in this process, so there the
        // repository's answer above is the proof.
        if (ctx.dialect !== 'postgres') return;
        const pool = ctx.database.pgPool!;
        const raced = await insertOrder(ctx.db, f, 1, 'ordered');
        const other = await pool.connect();
        try {
          await other.query('begin');
          await other.query(`update orders set status = 'paid' where id = $1`, [raced]);
          const answer = call('PATCH', `/api/staff/orders/${raced}/status`, 'waiter', {
            status: 'rejected',
            reason: 'Затворено',
          });
          const waiting = async () =>
            (
              await pool.query<{ n: number }>(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0]!.n;
          const until = Date.now() + 10_000;
          while ((await waiting()) === 0) {
            if (Date.now() > until) throw new Error('the status update never waited for the row lock');
            await new Promise((r) => setTimeout(r, 20));
          }
          await other.query('commit');
          const res = await answer;
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json()).toMatchObject({
            code: 'status_conflict',
            message: 'The order was changed meanwhile; reload it',
          });
        } finally {
          other.release();
        }
        expect(await statusOf(raced)).toBe('paid');
        expect(await historyOf(raced)).toEqual([]);
      },
    );

    ctx.test('a table move: a table leaves no room number, a deactivated table is not found', async () => {
      const f = fx();
      const id = await insertOrder(ctx.db, f, 1, 'ordered');
      const moved = await call('PATCH', `/api/staff/orders/${id}/table`, 'waiter', {
        tableId: f.tables['3'],
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({
        table: { id: f.tables['3'], number: '3', kind: 'table' },
        room_number: null,
      });
      const off = await ctx.db
        .insertInto('tables')
        .values({
          place_id: f.cafe,
          hall_id: null,
          number: '98',
          kind: 'table',
          seats: 2,
          token: `stf-off-98-${ctx.dialect}`,
          active: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const inactive = await call('PATCH', `/api/staff/orders/${id}/table`, 'waiter', { tableId: off.id });
      expect(inactive.statusCode).toBe(404);
      expect(inactive.json().code).toBe('table_not_found');
      expect((await call('GET', `/api/staff/orders/${id}`, 'waiter')).json().table).toMatchObject({
        id: f.tables['3'],
      });
    });

    // -- waiter calls, bill requests, devices -------------------------------------------------------------------

    ctx.test('waiter calls and bill requests are listed open and marked done', async () => {
      const session = await openSession(await tableToken(fx().tables['1']));
      const called = await ctx.post(
        '/api/user-needs',
        { token: session, type: 'bring_ice' },
        { client: CLIENT, place: PLACE },
      );
      expect(called.statusCode).toBe(201);
      expect((await placeSpotOrder(session)).statusCode).toBe(201);
      const bill = await ctx.request('PUT', `/api/orders/by_table_session/${session}/bill_wanted`, {
        client: CLIENT,
        place: PLACE,
        body: { status: 1, paymentMethod: 'card' },
      });
      expect(bill.statusCode).toBe(200);
      const open = await call('GET', '/api/staff/user-needs?status=open', 'waiter');
      expect(open.statusCode).toBe(200);
      const mine = open.json().user_needs.filter((n: { session: string }) => n.session === session);
      expect(mine).toMatchObject([
        { type: 'bill', text: 'card', status: 'open', table: { number: '1' } },
        { type: 'bring_ice', status: 'open', table: { number: '1' } },
      ]);
      const done = await call('PATCH', `/api/staff/user-needs/${called.json().id}`, 'waiter', {
        status: 'done',
      });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ status: 'done' });
      expect(done.json().done_at).not.toBeNull();
      const again = await call('PATCH', `/api/staff/user-needs/${called.json().id}`, 'waiter', {
        status: 'done',
      });
      expect(again.statusCode).toBe(200);
      const stillOpen = await call('GET', '/api/staff/user-needs', 'waiter');
      expect(stillOpen.json().user_needs.some((n: { id: number }) => n.id === called.json().id)).toBe(false);
      const missing = await call('PATCH', '/api/staff/user-needs/999999', 'waiter', { status: 'done' });
      expect(missing.statusCode).toBe(404);
    });

    ctx.test('a blocked device cannot order until unblocked', async () => {
      const session = await openSession(await tableToken(fx().tables['3']));
      const block = await call('POST', '/api/staff/devices/block', 'waiter', { deviceId: 'phone-42' });
      expect(block.json()).toEqual({ device_id: 'phone-42', blocked: true });
      expect((await call('GET', '/api/staff/devices/blocked', 'waiter')).json()).toEqual(
        expect.arrayContaining([expect.objectContaining({ device_id: 'phone-42', last_order: null })]),
      );
      const refused = await placeSpotOrder(session, { userDeviceData: { deviceId: 'phone-42' } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('anon_user_banned');
      await call('POST', '/api/staff/devices/unblock', 'waiter', { deviceId: 'phone-42' });
      const ok = await placeSpotOrder(session, { userDeviceData: { deviceId: 'phone-42' } });
      expect(ok.statusCode).toBe(201);
    });

    ctx.test(
      'the blocked devices list names each device’s last order here (table, number, name)',
      async () => {
        const session = await openSession(await tableToken(fx().tables['3']));
        const first = await placeSpotOrder(session, { userDeviceData: { deviceId: 'phone-43' } });
        expect(first.statusCode).toBe(201);
        const second = await placeSpotOrder(session, { userDeviceData: { deviceId: 'phone-43' } });
        expect(second.statusCode).toBe(201);
        await call('POST', '/api/staff/devices/block', 'waiter', { deviceId: 'phone-43' });
        const list = (await call('GET', '/api/staff/devices/blocked', 'waiter')).json() as {
          device_id: string;
          last_order: { key: string; table: string | null; number: number | null } | null;
        }[];
        const row = list.find((d) => d.device_id === 'phone-43');
        expect(row?.last_order).toMatchObject({
          key: second.json().key,
          table: '3',
          room_number: null,
          type: 1,
        });
        expect(row?.last_order?.number).toEqual(expect.any(Number));
        await call('POST', '/api/staff/devices/unblock', 'waiter', { deviceId: 'phone-43' });
      },
    );

    // -- tables, rooms and QR codes -------------------------------------------------------------------------------

    ctx.test('place admins add, rename, deactivate tables; numbers are unique per kind', async () => {
      const hall = await call('POST', '/api/staff/halls', 'placeAdmin', { name: 'Градина' });
      expect(hall.statusCode).toBe(201);
      const created = await call('POST', '/api/staff/tables', 'placeAdmin', {
        number: '20',
        seats: 2,
        hallId: hall.json().id,
      });
      expect(created.statusCode).toBe(201);
      const t = created.json();
      expect(t).toMatchObject({ number: '20', kind: 'table', seats: 2, hall_name: 'Градина', active: 1 });
      expect(t.qr_url).toMatch(new RegExp(`/${PLACE}/t/${t.token}$`));
      const dup = await call('POST', '/api/staff/tables', 'clientAdmin', { number: '20' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().code).toBe('table_number_taken');
      const room = await call('POST', '/api/staff/tables', 'clientAdmin', { number: '20', kind: 'room' });
      expect(room.statusCode).toBe(201);
      const renamed = await call('PATCH', `/api/staff/tables/${t.id}`, 'placeAdmin', { number: '21' });
      expect(renamed.json().number).toBe('21');
      const off = await call('PATCH', `/api/staff/tables/${t.id}`, 'placeAdmin', { active: 0 });
      expect(off.json().active).toBe(0);
      const scan = await ctx.post(
        '/api/tables/verify_token',
        { token: t.token, placeSlug: PLACE },
        { client: CLIENT, place: PLACE },
      );
      expect(scan.statusCode).toBe(404);
      const list = await call('GET', '/api/staff/tables', 'placeAdmin');
      expect(list.json().some((x: { id: number }) => x.id === t.id)).toBe(false);
      const all = await call('GET', '/api/staff/tables?include_inactive=1', 'placeAdmin');
      expect(all.json().some((x: { id: number }) => x.id === t.id)).toBe(true);
      const badHall = await call('PATCH', `/api/staff/tables/${t.id}`, 'placeAdmin', { hallId: 999999 });
      expect(badHall.statusCode).toBe(404);
    });

    ctx.test("QR links go to the brand's verified domain, else the address the admin used", async () => {
      const qrUrls = async () =>
        (
          (await call('GET', '/api/staff/tables', 'placeAdmin')).json() as { token: string; qr_url: string }[]
        ).map((t) => [t.qr_url, t.token] as const);
      const setDomain = (domain: string | null, verified: boolean) =>
        ctx.db
          .updateTable('clients')
          .set({ domain, domain_verified_at: verified ? new Date().toISOString() : null })
          .where('slug', '=', CLIENT)
          .execute();
      try {
        // No domain: the request's own origin (PUBLIC_URL unset).
        for (const [url, token] of await qrUrls())
          expect(url).toBe(`http://localhost:80/${PLACE}/t/${token}`);
        // A domain not yet verified routes nothing: still the request's origin.
        await setDomain('qr.brand.test', false);
        for (const [url] of await qrUrls()) expect(url).toMatch(/^http:\/\/localhost:80\//);
        // Verified: the brand's domain, same scheme and port, whatever address the admin printed from.
        await setDomain('qr.brand.test', true);
        const urls = await qrUrls();
        expect(urls.length).toBeGreaterThan(0);
        for (const [url, token] of urls) expect(url).toBe(`http://qr.brand.test/${PLACE}/t/${token}`);
      } finally {
        await setDomain(null, false);
      }
    });

    ctx.test('regenerating a token: the old QR code stops working, the new one works', async () => {
      const id = fx().tables['2'];
      const old = await tableToken(id);
      expect(
        (
          await ctx.post(
            '/api/tables/verify_token',
            { token: old, placeSlug: PLACE },
            { client: CLIENT, place: PLACE },
          )
        ).statusCode,
      ).toBe(200);
      const res = await call('POST', `/api/staff/tables/${id}/regenerate-token`, 'placeAdmin');
      expect(res.statusCode).toBe(200);
      const fresh = res.json().token as string;
      expect(fresh).not.toBe(old);
      const oldScan = await ctx.post(
        '/api/tables/verify_token',
        { token: old, placeSlug: PLACE },
        { client: CLIENT, place: PLACE },
      );
      expect(oldScan.statusCode).toBe(404);
      expect(oldScan.json().code).toBe('invalid_qr_code');
      const newScan = await ctx.post(
        '/api/tables/verify_token',
        { token: fresh, placeSlug: PLACE },
        { client: CLIENT, place: PLACE },
      );
      expect(newScan.statusCode).toBe(200);
    });

    ctx.test('QR codes: SVG per table, and an A4 PDF sheet naming every table', async () => {
      const f = fx();
      const svg = await call('GET', `/api/staff/tables/${f.tables['1']}/qr.svg`, 'placeAdmin');
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(svg.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      const pdf = await call('GET', '/api/staff/tables/qr-sheet.pdf?lang=en', 'placeAdmin');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const bytes = pdf.rawPayload;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = bytes.toString('latin1');
      for (const label of ['Table 1', 'Table 2', 'Table 3', 'Room 101']) expect(text).toContain(`(${label})`);
      const one = await call(
        'GET',
        `/api/staff/tables/qr-sheet.pdf?lang=en&ids=${f.tables['3']}`,
        'placeAdmin',
      );
      expect(one.rawPayload.toString('latin1')).toContain('(Table 3)');
      expect(one.rawPayload.toString('latin1')).not.toContain('(Table 1)');
      // The default language prints Bulgarian labels (UTF-16 strings in the PDF outline).
      const bg = await call('GET', `/api/staff/tables/qr-sheet.pdf?ids=${f.tables['3']}`, 'placeAdmin');
      const utf16 = Buffer.from('\ufeffМаса 3', 'utf16le').swap16().toString('latin1');
      expect(bg.rawPayload.toString('latin1')).toContain(utf16);
      const foreign = await call('GET', `/api/staff/tables/${f.farTable}/qr.svg`, 'placeAdmin');
      expect(foreign.statusCode).toBe(404);
    });

    // -- live events ----------------------------------------------------------------------------------------------

    ctx.test(
      'a new order reaches the board within a second; after a drop, Last-Event-ID brings exactly the missed ones',
      async () => {
        const session = await openSession(await tableToken(fx().tables['1']));
        const board = await stream(`/api/staff/events?access_token=${tokens.waiter}`);
        await board.waitFor((m) => m.event === 'ready');
        const first = await placeSpotOrder(session);
        expect(first.statusCode).toBe(201);
        const started = Date.now();
        const live = await board.waitFor(
          (m) => m.event === 'order.created' && JSON.parse(m.data).order.key === first.json().key,
          1000,
        );
        expect(Date.now() - started).toBeLessThan(1000);
        expect(JSON.parse(live.data).order).toMatchObject({ status: 'ordered', table: { number: '1' } });
        const lastSeen = live.id!;
        board.close();

        const missed = [await placeSpotOrder(session), await placeSpotOrder(session)];
        for (const m of missed) expect(m.statusCode).toBe(201);
        // Let the fire-and-forget publications land before reconnecting.
        await new Promise((r) => setTimeout(r, 200));
        const again = await stream('/api/staff/events', {
          authorization: `Bearer ${tokens.waiter}`,
          'last-event-id': lastSeen,
        });
        await again.waitFor((m) => m.event === 'ready');
        const created = again.messages
          .filter((m) => m.event === 'order.created')
          .map((m) => JSON.parse(m.data).order.key);
        expect(created).toEqual(missed.map((m) => m.json().key));
        const ids = again.messages
          .filter((m) => m.id !== null && m.event !== 'ready')
          .map((m) => Number(m.id));
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.every((id) => id > Number(lastSeen))).toBe(true);

        // Live again after the catch-up, still once each: a status change and a waiter call.
        const orderId = (
          await ctx.db
            .selectFrom('orders')
            .select('id')
            .where('key', '=', missed[0]!.json().key)
            .executeTakeFirstOrThrow()
        ).id;
        await call('PATCH', `/api/staff/orders/${orderId}/status`, 'waiter', { status: 'cooked_spot' });
        const changed = await again.waitFor((m) => m.event === 'order.status_changed');
        expect(JSON.parse(changed.data)).toMatchObject({
          from: 'ordered',
          to: 'cooked_spot',
          order: { id: orderId },
        });
        await ctx.post(
          '/api/user-needs',
          { token: session, type: 'other', text: 'Стол за дете' },
          { client: CLIENT, place: PLACE },
        );
        const need = await again.waitFor((m) => m.event === 'user_need.created');
        expect(JSON.parse(need.data).user_need).toMatchObject({
          type: 'other',
          text: 'Стол за дете',
          table: { number: '1' },
        });
        const all = again.messages.filter((m) => m.event !== 'ready').map((m) => m.id);
        expect(new Set(all).size).toBe(all.length);
        again.close();
      },
    );

    ctx.test(
      'a fresh connection with ?last_event_id= from the board list misses nothing in between',
      async () => {
        const session = await openSession(await tableToken(fx().tables['3']));
        const list = await call('GET', '/api/staff/orders', 'waiter');
        const placed = await placeSpotOrder(session);
        await new Promise((r) => setTimeout(r, 200));
        const s = await stream(
          `/api/staff/events?access_token=${tokens.waiter}&last_event_id=${list.json().last_event_id}`,
        );
        const got = await s.waitFor((m) => m.event === 'order.created');
        expect(JSON.parse(got.data).order.key).toBe(placed.json().key);
        s.close();
      },
    );

    ctx.test('another place’s events never reach the stream; feedback reaches it', async () => {
      const s = await stream(`/api/staff/events?access_token=${tokens.waiter}`);
      await s.waitFor((m) => m.event === 'ready');
      await ctx.app.events.publish({ placeId: fx().cafe2, type: 'order.created', data: { secret: true } });
      const question = await ctx.db
        .insertInto('feedback_questions')
        .values({
          place_id: fx().cafe,
          text: 'Как беше?',
          translations: '{}',
          type: 'rating',
          position: 1,
          active: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const fb = await ctx.post(
        '/api/feedback',
        { answers: [{ question_id: question.id, rating: 5 }], comment: 'Чудесно' },
        { client: CLIENT, place: PLACE },
      );
      expect(fb.statusCode).toBe(201);
      const got = await s.waitFor((m) => m.event === 'feedback.created');
      expect(JSON.parse(got.data).feedback.answers).toMatchObject([
        { question: 'Как беше?', rating: 5 },
        { question: null, text: 'Чудесно' },
      ]);
      expect(s.messages.some((m) => m.data.includes('secret'))).toBe(false);
      s.close();
    });

    ctx.test("the guest's stream shows its own orders' statuses, nothing of others", async () => {
      const session = await openSession(await tableToken(fx().tables['2']));
      const otherSession = await openSession(await tableToken(fx().tables['3']));
      const bad = await stream('/api/orders/by_table_session/no-such-session/events');
      expect(bad.status).toBe(400);
      const guest = await openSse(
        `${base}/api/orders/by_table_session/${session}/events?client=${CLIENT}&place=${PLACE}`,
      );
      streams.push(guest);
      await guest.waitFor((m) => m.event === 'ready');
      const mine = await placeSpotOrder(session);
      const theirs = await placeSpotOrder(otherSession);
      const created = await guest.waitFor((m) => m.event === 'order.created');
      expect(JSON.parse(created.data)).toEqual({
        key: mine.json().key,
        type: 1,
        status: 'ordered',
        at: expect.any(String),
        reason: null,
      });
      const id = (
        await ctx.db
          .selectFrom('orders')
          .select('id')
          .where('key', '=', mine.json().key)
          .executeTakeFirstOrThrow()
      ).id;
      await call('PATCH', `/api/staff/orders/${id}/status`, 'waiter', { status: 'served_spot' });
      const served = await guest.waitFor((m) => m.event === 'order.status_changed');
      expect(JSON.parse(served.data)).toMatchObject({ key: mine.json().key, status: 'served_spot' });
      expect(guest.messages.some((m) => m.data.includes(theirs.json().key))).toBe(false);
      guest.close();
    });

    ctx.test('the OpenAPI document lists the staff API', async () => {
      const res = await ctx.get('/api/docs/json', { client: null, place: null });
      expect(res.statusCode, res.body).toBe(200);
      const paths = Object.keys(res.json().paths);
      for (const p of [
        '/api/staff/orders',
        '/api/staff/orders/{id}/status',
        '/api/staff/orders/{id}/table',
        '/api/staff/user-needs',
        '/api/staff/events',
        '/api/staff/tables',
        '/api/staff/tables/{id}/regenerate-token',
        '/api/staff/tables/{id}/qr.svg',
        '/api/staff/tables/qr-sheet.pdf',
        '/api/orders/by_table_session/{token}/events',
      ]) {
        expect(paths).toContain(p);
      }
    });
  },
  { setup: async (db, dialect) => void fixtureSeeds.set(dialect, await seedStaffFixture(db)) },
);

const fixtureSeeds = new Map<DialectName, StaffFixture>();
async function fixtureOf(ctx: TestContext): Promise<StaffFixture> {
  return fixtureSeeds.get(ctx.dialect)!;
}
