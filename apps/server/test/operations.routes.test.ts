// Operations and abuse limits (issue "Reliability and security proof"): readiness, request ids, the 503 answer
// for an unreachable database, and the per-session / per-IP limits of orders, waiter calls and bill requests.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { beforeEach, describe, expect, test } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { ABUSE_LIMITS, AbuseLimiter } from '../src/lib/abuse-limits.ts';
import { isDatabaseUnavailable } from '../src/lib/db-errors.ts';
import { registerErrorHandler } from '../src/plugins/errors.ts';
import { registerOperations } from '../src/plugins/operations.ts';
import {
  CLIENT,
  OPEN_AT,
  cartLine,
  seedOrderFixture,
  type OrderFixture,
} from '../src/modules/orders/orders.fixtures.ts';
import { createTestState, describeEachDatabase, type TestContext } from './harness.ts';
import type { DialectName } from '../src/db/database.ts';

describe('database unavailable → 503 service_unavailable with retry-after', () => {
  test.each([
    [
      'ECONNREFUSED',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      '57P01 admin shutdown',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    [
      '57P03 cannot connect now',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['08006', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    [
      'AggregateError',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'connect'),
    ],
    ['SQLITE_BUSY', Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })],
  ])('%s', async (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/x', async () => {
      throw error;
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    // The guest's text in the request's language (none asked: the default, Bulgarian), as every refusal has since
    // the handler's own codes got message_trans (753104c).
    expect(res.json()).toEqual({
      code: 'service_unavailable',
      message: expect.any(String),
      message_trans: 'Услугата е временно недостъпна. Опитайте отново след малко.',
      payload: { message: 'service_unavailable' },
    });
    await app.close();
  });

  test('other errors stay 500 internal_error', async () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/x', async () => {
      throw Object.assign(new Error('syntax'), { code: '42601' });
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('internal_error');
    await app.close();
  });

  test('a malformed multipart body (busboy parse error, no status) is 400 invalid_body, not 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/x', async () => {
      throw new Error('Multipart: Boundary not found');
    });
    const res = await app.inject({ method: 'POST', url: '/x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_body');
    await app.close();
  });

  test('GET /api/ready answers 503 with retry-after when the database cannot be reached', async () => {
    // Nothing listens on port 1: every connection is refused.
    const pool = new pg.Pool({
      connectionString: 'postgres://x@127.0.0.1:1/x',
      connectionTimeoutMillis: 500,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    registerOperations(app, {
      database: { db, dialect: 'postgres', location: 'nowhere', close: () => db.destroy() },
      abuseLimits: false,
      enableTestRoutes: false,
    });
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json().code).toBe('service_unavailable');
    await app.close();
    await db.destroy();
  });
});

describe('GET /api/ready with image storage that cannot be written [sqlite]', () => {
  test('503 naming the storage (not the database), the database itself ok', async () => {
    const state = await createTestState('sqlite');
    try {
      // DATA_DIR/uploads taken by a file: the folder can be neither made nor written.
      const uploads = join(state.dataDir, 'uploads');
      rmSync(uploads, { recursive: true, force: true });
      writeFileSync(uploads, 'not a folder');
      const res = await state.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      const body = res.json();
      expect(body).toMatchObject({
        code: 'service_unavailable',
        message: 'Uploaded images cannot be stored; try again shortly',
      });
      expect(body.checks.database).toBe('ok');
      expect(body.checks.redis).toBe('off');
      expect(body.checks.storage).toMatch(/^disk: /);
    } finally {
      await state.cleanup();
    }
  });
});

describe('AbuseLimiter', () => {
  test('per session and per IP, in fixed windows; a refused call is not counted', async () => {
    let now = 0;
    const limiter = new AbuseLimiter({
      limits: { ...ABUSE_LIMITS, order: { perSession: 2, perIp: 3 } },
      windowMs: 60_000,
      now: () => now,
    });
    expect(await limiter.take('order', 'ip1', 's1')).toBeNull();
    expect(await limiter.take('order', 'ip1', 's1')).toBeNull();
    expect(await limiter.take('order', 'ip1', 's1')).toBe(60); // session s1 full
    expect(await limiter.take('order', 'ip1', 's2')).toBeNull(); // ip1 at 3
    expect(await limiter.take('order', 'ip1', 's3')).toBe(60); // ip1 full
    expect(await limiter.take('order', 'ip2', 's3')).toBeNull(); // another address, another session
    expect(await limiter.take('waiter_call', 'ip1', 's1')).toBeNull(); // other kinds count apart
    now = 30_500;
    expect(await limiter.take('order', 'ip1', 's4')).toBe(30);
    now = 60_000;
    expect(await limiter.take('order', 'ip1', 's1')).toBeNull(); // a new window
  });

  test('memory stays bounded under a spray of sessions', async () => {
    const limiter = new AbuseLimiter({ maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) await limiter.take('order', `ip${i}`, `s${i}`);
    expect(await limiter.take('order', 'ip-new', 's-new')).toBeNull();
  });
});

const fixtures = new Map<DialectName, OrderFixture>();

describeEachDatabase(
  'operations',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    let ipCounter = 0;
    let ip = '';
    beforeEach(() => {
      ctx.clock.setOverride(OPEN_AT);
      ip = `10.1.0.${++ipCounter}`;
    });
    const headers = () => ({ 'x-forwarded-for': ip });
    const post = (url: string, body: unknown) => ctx.post(url, body, { client: CLIENT, headers: headers() });
    async function openSession(token: string): Promise<string> {
      const res = await post('/api/tables/verify_token', { token, placeSlug: 'bistro' });
      expect(res.statusCode).toBe(200);
      return res.json().session as string;
    }
    const order = (session: string, n: number) => {
      const { salad } = fx();
      return post('/api/orders', {
        session,
        products: [cartLine(salad.id, salad.variant, 1 + (n % 5))],
        order_comment: [{ variantId: salad.variant, comment: `abuse:${n}` }],
      });
    };

    ctx.test('GET /api/ready: the database answers', async () => {
      const res = await ctx.get('/api/ready', { client: null, place: null });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ok: true,
        database: ctx.dialect,
        checks: { database: 'ok', redis: 'off', storage: ctx.dialect === 'postgres' ? 'database' : 'disk' },
      });
    });

    ctx.test('x-request-id: a sane one is answered back, anything else is replaced by a UUID', async () => {
      const given = await ctx.get('/api/health', { headers: { 'x-request-id': 'edge-7f3a.1' } });
      expect(given.headers['x-request-id']).toBe('edge-7f3a.1');
      const none = await ctx.get('/api/health');
      expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const hostile = await ctx.get('/api/health', { headers: { 'x-request-id': '<script>\u0007' } });
      expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    ctx.test(
      `orders: ${ABUSE_LIMITS.order.perSession} per minute per table session, then 429 rate_limited; another table orders on`,
      async () => {
        const flooding = await openSession('ordt-t1');
        const other = await openSession('ordt-t2');
        for (let n = 0; n < ABUSE_LIMITS.order.perSession; n++) {
          const res = await order(flooding, n);
          expect(res.statusCode, res.body).toBe(201);
        }
        const refused = await order(flooding, 999);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({
          code: 'rate_limited',
          message: 'Too many requests, try again later.',
          message_trans: 'Твърде много заявки, опитайте по-късно.',
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        const fine = await order(other, 1000);
        expect(fine.statusCode).toBe(201);
      },
    );

    ctx.test(
      `waiter calls: ${ABUSE_LIMITS.waiter_call.perSession} per minute per table session; bill requests: ${ABUSE_LIMITS.bill.perSession}`,
      async () => {
        const session = await openSession('ordt-t3');
        for (let n = 0; n < ABUSE_LIMITS.waiter_call.perSession; n++) {
          const res = await post('/api/user-needs', { token: session, type: 'bring_ice' });
          expect(res.statusCode, res.body).toBe(201);
        }
        const refused = await post('/api/user-needs', { token: session, type: 'bring_ice' });
        expect(refused.statusCode).toBe(429);
        expect(refused.json().code).toBe('rate_limited');

        const bill = () =>
          ctx.request('PUT', `/api/orders/by_table_session/${session}/bill_wanted`, {
            client: CLIENT,
            headers: { ...headers(), lang: 'en' },
            body: { status: 1 },
          });
        for (let n = 0; n < ABUSE_LIMITS.bill.perSession; n++) {
          expect((await bill()).statusCode).not.toBe(429);
        }
        const billRefused = await bill();
        expect(billRefused.statusCode).toBe(429);
        expect(billRefused.json()).toMatchObject({
          code: 'rate_limited',
          message_trans: 'Too many requests, try again later.',
        });
      },
    );
  },
  {
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
    setup: async (db, dialect) => {
      fixtures.set(dialect, await seedOrderFixture(db));
    },
  },
);
