/**
 * Scale-out on PostgreSQL (architecture: several server processes behave as one): two app instances, each with
 * its own pool and its own LISTEN connection, on one database. An order posted to one reaches a board connected to
 * the other within a second, carried by LISTEN/NOTIFY; a reconnect to either resumes from the shared event log.
 * An event bigger than NOTIFY's 8000-byte payload limit arrives whole; a cache invalidation sent by one reaches the
 * other, and a LISTEN connection that was cut (invalidations sent meanwhile are lost) drops every cache on reconnect
 * (issue "Scale out", bad input: "NOTIFY payloads over 8 000 bytes never lose an invalidation").
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { POSTGRES_AVAILABLE, createTestState } from '../../../test/harness.ts';
import { openSse, type SseConnection } from './sse-client.fixtures.ts';
import {
  CLIENT,
  PLACE,
  cartLine,
  seedStaffFixture,
  staffTokens,
  type StaffFixture,
} from './staff.fixtures.ts';

describe.skipIf(!POSTGRES_AVAILABLE)('staff events across two server instances [postgres]', () => {
  let state: Awaited<ReturnType<typeof createTestState>>;
  let fx: StaffFixture;
  let second: { app: FastifyInstance; handle: DatabaseHandle };
  let baseA = '';
  let baseB = '';
  const streams: SseConnection[] = [];

  beforeAll(async () => {
    state = await createTestState('postgres', {
      setup: async (db) => {
        fx = await seedStaffFixture(db);
      },
    });
    const handle = await openDatabase({
      dataDir: state.dataDir,
      databaseUrl: state.handle.connectionString!,
    });
    // Same configuration (and so the same JWT secret), as processes behind one load balancer have; B caches venues
    // for a minute, so only an invalidation from A can drop them in time.
    const app = await buildApp({ config: { ...state.config, menuCacheTtlMs: 60_000 }, database: handle });
    await app.ready();
    second = { app, handle };
    baseA = await state.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = await second.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    await second?.app.close();
    await second?.handle.close();
    await state?.cleanup();
  });

  const headers = { client: CLIENT, place: PLACE, 'content-type': 'application/json' };
  async function post(base: string, path: string, body: unknown) {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  test('an order posted to instance A reaches a board on instance B within a second, once', async () => {
    const tokens = await staffTokens(second.app, fx);
    const board = await openSse(`${baseB}/api/staff/events?access_token=${tokens.waiter}`, headers);
    streams.push(board);
    expect(board.status).toBe(200);
    await board.waitFor((m) => m.event === 'ready');

    const scan = await post(baseA, '/api/tables/verify_token', { token: 'stf-t1', placeSlug: PLACE });
    expect(scan.status).toBe(200);
    const session = scan.json.session as string;
    const sent = Date.now();
    const order = await post(baseA, '/api/orders', {
      session,
      products: [cartLine(fx.product.id, fx.product.variant, 1)],
      order_comment: [],
    });
    expect(order.status).toBe(201);
    const got = await board.waitFor(
      (m) => m.event === 'order.created' && JSON.parse(m.data).order.key === order.json.key,
      1000,
    );
    expect(Date.now() - sent).toBeLessThan(1000);

    // A waiter call on B shows on a board on A as well; a second order on A arrives on B once.
    const boardA = await openSse(`${baseA}/api/staff/events`, {
      ...headers,
      authorization: `Bearer ${tokens.waiter}`,
    });
    streams.push(boardA);
    await boardA.waitFor((m) => m.event === 'ready');
    const call = await post(baseB, '/api/user-needs', { token: session, type: 'more_napkins' });
    expect(call.status).toBe(201);
    await boardA.waitFor((m) => m.event === 'user_need.created');
    await board.waitFor((m) => m.event === 'user_need.created');

    // Resume on the other instance from the id seen on B: exactly what came after it.
    board.close();
    const again = await openSse(`${baseA}/api/staff/events?access_token=${tokens.waiter}`, {
      ...headers,
      'last-event-id': got.id!,
    });
    streams.push(again);
    await again.waitFor((m) => m.event === 'ready');
    expect(again.messages.filter((m) => m.event !== 'ready').map((m) => m.event)).toEqual([
      'user_need.created',
    ]);
  });

  test('an event bigger than the 8000-byte NOTIFY limit published on A reaches B whole, once', async () => {
    const placeId = fx.cafe;
    const got: { type: string; data: unknown }[] = [];
    const unsubscribe = second.app.events.subscribe(placeId, (e) => got.push({ type: e.type, data: e.data }));
    try {
      const text = 'ж'.repeat(12_000); // 24 000 bytes in UTF-8
      const published = await state.app.events.publish({ placeId, type: 'test.big', data: { text } });
      const started = Date.now();
      while (!got.some((e) => e.type === 'test.big') && Date.now() - started < 2000)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 200));
      expect(got.filter((e) => e.type === 'test.big')).toEqual([{ type: 'test.big', data: { text } }]);
      expect(published.id).toBeGreaterThan(0);
    } finally {
      unsubscribe();
    }
  });

  /** Whether B still holds `key` in its venue cache (a miss stores 'fresh', so call once per check). */
  async function cachedOnB(key: string): Promise<boolean> {
    return (await second.app.venueCache.get(key, () => Promise.resolve('fresh'))) === 'cached';
  }

  async function waitUntil(limitMs: number, check: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    for (;;) {
      if (await check()) return Date.now() - started;
      if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  test("an admin write's invalidation on A drops that place's caches on B within a second, not other places'", async () => {
    const mine = `${fx.cafe}|probe`;
    const other = `${fx.far}|probe`;
    await second.app.venueCache.get(mine, () => Promise.resolve('cached'));
    await second.app.venueCache.get(other, () => Promise.resolve('cached'));
    expect(await cachedOnB(mine)).toBe(true);
    state.app.invalidateMenuCache(fx.cafe);
    const took = await waitUntil(1000, async () => !(await cachedOnB(mine)));
    expect(took).toBeLessThan(1000);
    expect(await cachedOnB(other)).toBe(true);
  });

  test("B's LISTEN connection cut: invalidations sent meanwhile are lost, so B drops every cache once it listens again", async () => {
    const key = `${fx.far}|probe-cut`;
    await second.app.venueCache.get(key, () => Promise.resolve('cached'));
    expect(await cachedOnB(key)).toBe(true);
    const admin = new pg.Client({ connectionString: state.handle.connectionString! });
    await admin.connect();
    try {
      const cut = await admin.query(
        `select pg_terminate_backend(pid) as done from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      );
      expect(cut.rowCount).toBeGreaterThanOrEqual(2); // A's and B's
    } finally {
      await admin.end();
    }
    // The bus reconnects after a second and then drops everything it may have missed.
    await waitUntil(5000, async () => !(await cachedOnB(key)));
    // And listens again: a new invalidation from A arrives.
    const again = `${fx.cafe}|probe-again`;
    await second.app.venueCache.get(again, () => Promise.resolve('cached'));
    state.app.invalidateMenuCache(fx.cafe);
    expect(await waitUntil(1000, async () => !(await cachedOnB(again)))).toBeLessThan(1000);
  });
});
