/**
 * Table sessions at their edges, through the real app on SQLite and PostgreSQL, on the ordering fixture: a table QR
 * joining the open session answers the longer of the two lifetimes; verify_session of a room and of another place's
 * slug; the tables list's kinds; change table where the venue never set show_change_table, and a table session
 * refused a room; bill_wanted with another place's id, without one, with a padded or no payment method; waiter
 * calls' texts trimmed and held to 500 characters.
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { insertTable, setSetting } from '../../../test/fixtures.ts';
import { cartLine, seedOrderFixture } from '../orders/orders.fixtures.ts';
import { tablesSuiteFixture } from './tables.fixtures.ts';

const tables = tablesSuiteFixture(seedOrderFixture);
const HOUR = 3_600_000;

describeEachDatabase(
  'tables: sessions at their edges',
  (ctx: TestContext) => {
    const { fx, send, open } = tables.use(ctx);
    const sessionRow = (session: string) =>
      ctx.db
        .selectFrom('table_sessions')
        .selectAll()
        .where('session', '=', session)
        .executeTakeFirstOrThrow();
    const orderAt = async (session: string) => {
      const f = fx();
      const res = await send('POST', '/api/orders', {
        session,
        products: [cartLine(f.salad.id, f.salad.variant)],
        order_comment: null,
      });
      expect(res.statusCode, res.body).toBe(201);
    };

    ctx.test(
      'a table QR joins the open session, which then lives as long as the longer lifetime',
      async () => {
        const start = ctx.clock.now().getTime();
        const first = await open('ordt-t1');
        expect(first.expires).toBe(new Date(start + 2 * HOUR).toISOString());
        // An hour later another phone scans: the session now lives two hours from then.
        ctx.clock.setOverride(new Date(start + HOUR));
        const second = await open('ordt-t1');
        expect(second.session).toBe(first.session);
        expect(second.expires).toBe(new Date(start + 3 * HOUR).toISOString());
        expect((await sessionRow(first.session)).expires_at).toBe(second.expires);
        // A session that already lives longer (a waiter opened it) keeps its own end.
        const later = new Date(start + 8 * HOUR).toISOString();
        await ctx.db
          .updateTable('table_sessions')
          .set({ expires_at: later })
          .where('session', '=', first.session)
          .execute();
        const third = await open('ordt-t1');
        expect(third).toMatchObject({ session: first.session, expires: later });
      },
    );

    ctx.test(
      'verify_session: a room answers its number, a table none; another place’s slug is refused',
      async () => {
        const room = await open('ordt-r101', 'hotel');
        const roomCheck = await send(
          'POST',
          '/api/tables/verify_session',
          { token: 'ordt-r101', session: room.session, placeSlug: 'hotel' },
          { place: 'hotel' },
        );
        expect(roomCheck.statusCode, roomCheck.body).toBe(200);
        expect(roomCheck.json()).toMatchObject({ session: room.session, room_number: '101', table: '101' });
        const table = await open('ordt-t2');
        const body = { token: 'ordt-t2', session: table.session, placeSlug: 'bistro' };
        const tableCheck = await send('POST', '/api/tables/verify_session', body);
        expect(tableCheck.statusCode, tableCheck.body).toBe(200);
        expect(tableCheck.json()).toMatchObject({ session: table.session, room_number: null, table: '2' });
        const slug = await send('POST', '/api/tables/verify_session', { ...body, placeSlug: 'hotel' });
        expect(slug.statusCode, slug.body).toBe(400);
        expect(slug.json().message).toBe('Invalid session');
      },
    );

    ctx.test('the tables list tells rooms from tables', async () => {
      const hotel = await send('GET', '/api/tablesMenu', undefined, { place: 'hotel' });
      expect(hotel.statusCode, hotel.body).toBe(200);
      const room = (hotel.json() as { number: string; kind: string }[]).find((t) => t.number === '101');
      expect(room?.kind).toBe('room');
      const bistro = await send('GET', '/api/tablesMenu');
      expect((bistro.json() as { kind: string }[]).map((t) => t.kind)).toEqual(['table', 'table', 'table']);
    });

    ctx.test(
      'change table: off where the venue never set it; a table session cannot move to a room',
      async () => {
        const f = fx();
        await ctx.db
          .deleteFrom('settings')
          .where('place_id', '=', f.bistro)
          .where('key', '=', 'show_change_table')
          .execute();
        const s = await open('ordt-t3');
        const ids = Object.fromEntries(
          ((await send('GET', '/api/tablesMenu')).json() as { id: number; number: string }[]).map((t) => [
            t.number,
            t.id,
          ]),
        );
        const refused = await send('POST', '/api/tables/change_table', {
          session: s.session,
          tableId: ids['2'],
        });
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().message).toBe('change_table_not_allowed');
        await setSetting(ctx.db, f.bistro, 'show_change_table', '1');
        try {
          const roomId = await insertTable(ctx.db, f.bistro, 'R9', `ordt-r9-${ctx.dialect}`, 'room');
          const toRoom = await send('POST', '/api/tables/change_table', {
            session: s.session,
            tableId: roomId,
          });
          expect(toRoom.statusCode, toRoom.body).toBe(404);
          expect(toRoom.json().message).toBe('invalid_table');
          expect((await sessionRow(s.session)).table_id).toBe(ids['3']);
        } finally {
          await setSetting(ctx.db, f.bistro, 'show_change_table', '0');
        }
      },
    );

    ctx.test(
      'bill_wanted: another place’s id refused; without one fine; the method trimmed or none',
      async () => {
        const f = fx();
        const s = await open('ordt-t2');
        await orderAt(s.session);
        const url = (session: string) => `/api/orders/by_table_session/${session}/bill_wanted`;
        const foreign = await send('PUT', url(s.session), {
          status: 1,
          paymentMethod: 'card',
          placeId: f.hotel,
        });
        expect(foreign.statusCode, foreign.body).toBe(400);
        expect(foreign.json().message).toBe('Invalid session');
        expect((await sessionRow(s.session)).bill_wanted).toBe(0);
        const ok = await send('PUT', url(s.session), { status: 1, paymentMethod: '  card  ' });
        expect(ok.statusCode, ok.body).toBe(200);
        const row = await sessionRow(s.session);
        expect(row).toMatchObject({ bill_wanted: 1, bill_payment_method: 'card' });
        const t = await open('ordt-t1');
        await orderAt(t.session);
        const none = await send('PUT', url(t.session), { status: 1 });
        expect(none.statusCode, none.body).toBe(200);
        const needs = await ctx.db
          .selectFrom('user_needs')
          .select(['session', 'text'])
          .where('session', 'in', [s.session, t.session])
          .where('type', '=', 'bill')
          .execute();
        expect(needs).toEqual(
          expect.arrayContaining([
            { session: s.session, text: 'card' },
            { session: t.session, text: null },
          ]),
        );
        expect(needs).toHaveLength(2);
      },
    );

    ctx.test('waiter calls: the text trimmed; 500 characters taken, 501 refused', async () => {
      const s = await open('ordt-t3');
      const trimmed = await send('POST', '/api/user-needs', {
        token: s.session,
        type: 'other',
        text: '  лед  ',
      });
      expect(trimmed.statusCode, trimmed.body).toBe(201);
      const full = await send('POST', '/api/user-needs', {
        token: s.session,
        type: 'other',
        text: 'ж'.repeat(500),
      });
      expect(full.statusCode, full.body).toBe(201);
      const long = await send('POST', '/api/user-needs', {
        token: s.session,
        type: 'other',
        text: 'ж'.repeat(501),
      });
      expect(long.statusCode, long.body).toBe(400);
      expect(long.json().errors).toEqual([{ field: 'text', code: 'comment_too_long' }]);
      const rows = await ctx.db
        .selectFrom('user_needs')
        .select('text')
        .where('session', '=', s.session)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.text)).toEqual(['лед', 'ж'.repeat(500)]);
    });
  },
  tables.options,
);
