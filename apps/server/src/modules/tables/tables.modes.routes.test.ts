/**
 * Kiosk / tablet mode at the QR entry and change table, through the real app on SQLite and PostgreSQL: a device
 * mode only with a staff login of the place (kiosk: 43800-hour session), and POST tables/change_table moving a
 * session with its orders when show_change_table is on or for staff.
 */
import { beforeEach, expect } from 'vitest';
import { ORDER_TOKEN_LIFETIME_HOURS } from '@trapeza/domain/tokens';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import type { AppDatabase } from '../../db/database.ts';
import { passwordVersion } from '../../lib/auth-token.ts';
import { CLIENT, cartLine, seedOrderFixture, type OrderFixture } from '../orders/orders.fixtures.ts';
import { tablesSuiteFixture } from './tables.fixtures.ts';

interface ModesFixture extends OrderFixture {
  clientId: number;
  /** WAITER of the bistro, WAITER of the hotel only, a plain guest account. */
  accounts: Record<'waiter' | 'hotelWaiter' | 'guest', { id: number; role: string }>;
}

const HOUR = 3_600_000;

async function seed(db: AppDatabase): Promise<ModesFixture> {
  const f = await seedOrderFixture(db);
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where('slug', '=', CLIENT)
    .executeTakeFirstOrThrow();
  const account = async (email: string, role: string, places: number[]) => {
    const row = await db
      .insertInto('users')
      .values({
        client_id: client.id,
        email,
        password_hash: 'x',
        first_name: 'Персонал',
        last_name: 'Тест',
        phone: null,
        address: null,
        role,
        points: 0,
        accumulated_amount: 0,
        banned: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const place of places)
      await db.insertInto('user_places').values({ user_id: row.id, place_id: place }).execute();
    return { id: row.id, role };
  };
  return {
    ...f,
    clientId: client.id,
    accounts: {
      waiter: await account('waiter@modes.test', 'WAITER', [f.bistro]),
      hotelWaiter: await account('hotel-waiter@modes.test', 'WAITER', [f.hotel]),
      guest: { id: f.userId, role: 'USER' },
    },
  };
}

const tables = tablesSuiteFixture(seed);

describeEachDatabase(
  'tables: kiosk / tablet mode and change table',
  (ctx: TestContext) => {
    const { fx, send: sendAs, open } = tables.use(ctx);
    const tokens: Partial<Record<keyof ModesFixture['accounts'], string>> = {};
    beforeEach(async () => {
      await setSetting(ctx.db, fx().bistro, 'show_change_table', '0');
      // Signed at the test's clock: the tokens expire relative to it.
      for (const [key, u] of Object.entries(fx().accounts) as [
        keyof ModesFixture['accounts'],
        { id: number; role: string },
      ][]) {
        const { token } = await ctx.app.auth.tokens.sign({
          userId: u.id,
          role: u.role as never,
          clientId: fx().clientId,
          pwv: passwordVersion('x'),
        });
        tokens[key] = token;
      }
    });
    /** A request as nobody (null) or as one of the fixture's accounts, signed at the test's clock. */
    const send = (
      method: 'POST' | 'GET' | 'PUT',
      url: string,
      body?: unknown,
      as: keyof ModesFixture['accounts'] | null = null,
    ) => sendAs(method, url, body, as ? { bearer: tokens[as] } : {});
    const tableIds = async () => {
      const res = await send('GET', '/api/tablesMenu');
      return Object.fromEntries(
        (res.json() as { id: number; number: string }[]).map((t) => [t.number, t.id]),
      );
    };

    ctx.test(
      '§9 kiosk mode: only with a staff login of the place; the session then lives 43800 h',
      async () => {
        const body = { token: 'ordt-t1', placeSlug: 'bistro', mode: 'kiosk' };
        for (const as of [null, 'guest', 'hotelWaiter'] as const) {
          const refused = await send('POST', '/api/tables/verify_token', body, as);
          expect(refused.statusCode, String(as)).toBe(403);
          expect(refused.json().message).toBe('staff_required');
        }
        const now = ctx.clock.now();
        const kiosk = await send('POST', '/api/tables/verify_token', body, 'waiter');
        expect(kiosk.statusCode).toBe(200);
        expect(kiosk.json()).toMatchObject({ mode: 'kiosk', order_type: 1, table: '1' });
        expect(new Date(kiosk.json().expires).getTime() - now.getTime()).toBe(
          ORDER_TOKEN_LIFETIME_HOURS.kiosk * HOUR,
        );
        // Still valid a year later (a guest session would have expired after 2 hours).
        ctx.clock.setOverride(new Date(now.getTime() + 365 * 24 * HOUR));
        const later = await send('POST', '/api/tables/verify_session', {
          token: 'ordt-t1',
          session: kiosk.json().session,
          placeSlug: 'bistro',
        });
        expect(later.statusCode).toBe(200);
      },
    );

    ctx.test(
      '§4 tablet mode: staff only; the waiter lifetime (8 h); no mode → no mode in the answer',
      async () => {
        const refused = await send('POST', '/api/tables/verify_token', {
          token: 'ordt-t2',
          placeSlug: 'bistro',
          mode: 'tablet',
        });
        expect(refused.statusCode).toBe(403);
        const now = ctx.clock.now();
        const tablet = await send(
          'POST',
          '/api/tables/verify_token',
          { token: 'ordt-t2', placeSlug: 'bistro', mode: 'tablet' },
          'waiter',
        );
        expect(tablet.json().mode).toBe('tablet');
        expect(new Date(tablet.json().expires).getTime() - now.getTime()).toBe(
          ORDER_TOKEN_LIFETIME_HOURS.waiter * HOUR,
        );
        const plain = await open('ordt-t2');
        expect(plain).not.toHaveProperty('mode');
      },
    );

    ctx.test('change_table: refused while show_change_table is off, for guests', async () => {
      const s = await open();
      const ids = await tableIds();
      const res = await send('POST', '/api/tables/change_table', { session: s.session, tableId: ids['2'] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('change_table_not_allowed');
      const otherPlaceWaiter = await send(
        'POST',
        '/api/tables/change_table',
        { session: s.session, tableId: ids['2'] },
        'hotelWaiter',
      );
      expect(otherPlaceWaiter.statusCode).toBe(403);
    });

    ctx.test(
      '§2 change table: the session and its orders move to the new table; the token stays',
      async () => {
        const f = fx();
        await setSetting(ctx.db, f.bistro, 'show_change_table', '1');
        const s = await open('ordt-t1');
        const order = await send('POST', '/api/orders', {
          session: s.session,
          products: [cartLine(f.salad.id, f.salad.variant)],
          order_comment: null,
        });
        expect(order.statusCode).toBe(201);
        const ids = await tableIds();
        const moved = await send('POST', '/api/tables/change_table', {
          session: s.session,
          tableId: ids['3'],
        });
        expect(moved.statusCode).toBe(200);
        expect(moved.json()).toMatchObject({
          session: s.session,
          token: s.session,
          table: '3',
          table_id: ids['3'],
          order_type: 1,
        });
        expect(moved.json().expires).toBe(s.expires);

        const mine = await send('GET', `/api/orders/by_table_session/${s.session}`);
        expect(mine.json()).toMatchObject({ table: '3' });
        expect(mine.json().orders).toHaveLength(1);
        const row = await ctx.db
          .selectFrom('orders')
          .select(['table_id'])
          .where('key', '=', order.json().key)
          .executeTakeFirstOrThrow();
        expect(row.table_id).toBe(ids['3']);
        // The next order is placed at the new table.
        const next = await send('POST', '/api/orders', {
          session: s.session,
          products: [cartLine(f.salad.id, f.salad.variant, 2)],
          order_comment: null,
        });
        expect(next.statusCode).toBe(201);
        const nextRow = await ctx.db
          .selectFrom('orders')
          .select(['table_id'])
          .where('key', '=', next.json().key)
          .executeTakeFirstOrThrow();
        expect(nextRow.table_id).toBe(ids['3']);
        // Moving to the table it is at changes nothing.
        const same = await send('POST', '/api/tables/change_table', {
          session: s.session,
          tableId: ids['3'],
        });
        expect(same.json().table).toBe('3');
      },
    );

    ctx.test('§6 a waiter of the place changes the table even with show_change_table off', async () => {
      const s = await open('ordt-t2');
      const ids = await tableIds();
      const res = await send(
        'POST',
        '/api/tables/change_table',
        { session: s.session, tableId: ids['1'] },
        'waiter',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().table).toBe('1');
    });

    ctx.test(
      "change_table: unknown, inactive or another place's table → invalid_table; a lost session → Invalid session",
      async () => {
        const f = fx();
        await setSetting(ctx.db, f.bistro, 'show_change_table', '1');
        const s = await open('ordt-t1');
        const room = await ctx.db
          .selectFrom('tables')
          .select('id')
          .where('token', '=', 'ordt-r101')
          .executeTakeFirstOrThrow();
        for (const tableId of [999_999, room.id]) {
          const res = await send('POST', '/api/tables/change_table', { session: s.session, tableId });
          expect(res.statusCode, String(tableId)).toBe(404);
          expect(res.json().message).toBe('invalid_table');
        }
        const ids = await tableIds();
        await ctx.db.updateTable('tables').set({ active: 0 }).where('id', '=', ids['2']!).execute();
        const inactive = await send('POST', '/api/tables/change_table', {
          session: s.session,
          tableId: ids['2'],
        });
        expect(inactive.json().message).toBe('invalid_table');
        await ctx.db.updateTable('tables').set({ active: 1 }).where('id', '=', ids['2']!).execute();
        const unknown = await send('POST', '/api/tables/change_table', {
          session: 'unknown-session-123',
          tableId: ids['2'],
        });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().message).toBe('Invalid session');
        ctx.clock.setOverride(new Date(ctx.clock.now().getTime() + 3 * HOUR));
        const expired = await send('POST', '/api/tables/change_table', {
          session: s.session,
          tableId: ids['2'],
        });
        expect(expired.json().message).toBe('Invalid session');
      },
    );
  },
  tables.options,
);
