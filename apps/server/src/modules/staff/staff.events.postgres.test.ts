/**
 * Scale-out on PostgreSQL (architecture: several server processes behave as one): two app instances, each with
 * its own pool and its own LISTEN connection, on one database. An order posted to one reaches a board connected to
 * the other within a second, carried by LISTEN/NOTIFY; a reconnect to either resumes from the shared event log.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
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
    // Same configuration (and so the same JWT secret), as processes behind one load balancer have.
    const app = await buildApp({ config: state.config, database: handle });
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
});
