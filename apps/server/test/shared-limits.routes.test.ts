/**
 * Rate and abuse limits that cannot be side-stepped (issue "Security hardening" #4) and that count once across
 * processes with REDIS_URL (issue "Scale out" item 3), through the real app over real HTTP (raw request paths: the
 * encoded spellings must reach the server as sent, which `fetch` and `inject` would normalise).
 *
 * - percent-encoded, doubled-slash and dotted spellings of /api/login: each either reaches the login route and is
 *   counted with /api/login, or reaches no route (404); none gets past the limit;
 * - the API-wide per-IP limit counts `/%61pi/…` like `/api/…`;
 * - two apps on one Redis: the route limit, the per-session order limit and the per-account login count are
 *   shared; Redis dropping away mid-run: per-process counting, a warning, never a 500;
 * - REDIS_URL configured but unreachable at start: the process exits with one line naming it.
 * The Redis suites are skipped, visibly, when Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379) is down.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ABUSE_LIMITS } from '../src/lib/abuse-limits.ts';
import { IP_LIMITS } from '../src/modules/users/users.routes.ts';
import { LOGIN_FREE_FAILURES } from '../src/modules/users/users.service.ts';
import { createTestState, probeRedis, TEST_REDIS_URL } from './harness.ts';
import { redisRelay } from './redis-relay.ts';
import { spawnServer } from './spawn-server.ts';

const redisProblem = await probeRedis();
if (redisProblem !== null)
  console.warn(`Redis suites skipped: ${TEST_REDIS_URL} unreachable (${redisProblem})`);

type State = Awaited<ReturnType<typeof createTestState>>;

interface Answer {
  status: number;
  code: string | undefined;
}

/** One request with the path exactly as given. */
function send(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const url = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          client: 'demo',
          place: 'bistro',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          let code: string | undefined;
          try {
            code = (JSON.parse(text) as { code?: string }).code;
          } catch {
            code = undefined;
          }
          resolve({ status: res.statusCode ?? 0, code });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function listen(state: State): Promise<string> {
  return state.app.listen({ port: 0, host: '127.0.0.1' });
}

const LOGIN_SPELLINGS = [
  '/api/login',
  '/%61pi/login',
  '/api/%6cogin',
  '/%61%70%69/%6C%6F%67%69%6E',
  '/api/login/',
  '/api/login?x=1',
  '//api/login',
  '/api//login',
  '/api/login.',
  '/api/login..',
  '/api/./login',
  '/api/login/.',
  '/api/%2e/login',
  '/API/login',
] as const;

let emailCounter = 0;
const freshLogin = () => ({ email: `nobody${++emailCounter}@example.test`, password: 'wrong-password-1' });

describe('rate limits keyed on the matched route (encoded paths)', () => {
  let state: State;
  let base: string;
  beforeAll(async () => {
    // The API-wide limit on (as in production): its allow-list must not let encoded paths skip login's own limit.
    state = await createTestState('sqlite', { env: { RATE_LIMIT_PER_MINUTE: '3000' } });
    base = await listen(state);
  });
  afterAll(async () => state?.cleanup());

  test('every spelling of /api/login is counted with it or reaches no route; past the limit none gets through', async () => {
    const ip = { 'x-forwarded-for': '10.9.0.1' };
    const reached = new Set<string>();
    let counted = 0;
    // Round-robin over the spellings until the per-IP login limit is used up.
    for (let i = 0; counted < IP_LIMITS.login; i++) {
      const path = LOGIN_SPELLINGS[i % LOGIN_SPELLINGS.length]!;
      const answer = await send(base, 'POST', path, freshLogin(), ip);
      expect([401, 404], `${path}: ${answer.status} ${answer.code}`).toContain(answer.status);
      if (answer.status === 401) {
        counted++;
        reached.add(path);
      }
      expect(i, 'the limit is reached').toBeLessThan(200);
    }
    // The encoded spellings did reach the login route (so they are what the limit must count).
    expect([...reached]).toEqual(
      expect.arrayContaining(['/%61pi/login', '/api/%6cogin', '/%61%70%69/%6C%6F%67%69%6E']),
    );
    for (const path of LOGIN_SPELLINGS) {
      const answer = await send(base, 'POST', path, freshLogin(), ip);
      expect([429, 404], `${path} after the limit: ${answer.status} ${answer.code}`).toContain(answer.status);
      if (reached.has(path)) expect(answer).toEqual({ status: 429, code: 'rate_limited' });
    }
    // Another address is not affected.
    expect(
      (await send(base, 'POST', '/%61pi/login', freshLogin(), { 'x-forwarded-for': '10.9.0.2' })).status,
    ).toBe(401);
  });
});

describe('the API-wide per-IP limit counts encoded paths', () => {
  let state: State;
  let base: string;
  beforeAll(async () => {
    state = await createTestState('sqlite', { env: { RATE_LIMIT_PER_MINUTE: '6' } });
    base = await listen(state);
  });
  afterAll(async () => state?.cleanup());

  test('/%61pi/… and /api/%70roducts… use up the same allowance as /api/…', async () => {
    const ip = { 'x-forwarded-for': '10.9.1.1' };
    const spellings = [
      '/%61pi/products?active=1',
      '/api/%70roducts?active=1',
      '/%61%70%69/categoriesHierarchy',
    ];
    for (let i = 0; i < 6; i++) {
      expect((await send(base, 'GET', spellings[i % spellings.length]!, undefined, ip)).status).toBe(200);
    }
    for (const path of [...spellings, '/api/products?active=1']) {
      expect(await send(base, 'GET', path, undefined, ip)).toEqual({ status: 429, code: 'rate_limited' });
    }
    // The web app's own files stay outside the API limit.
    expect(
      (await send(base, 'GET', '/api/health', undefined, { 'x-forwarded-for': '10.9.1.2' })).status,
    ).toBe(200);
  });
});

describe.skipIf(redisProblem !== null)('limits shared through Redis (two apps, one Redis)', () => {
  const prefix = `trapeza-test:${randomBytes(6).toString('hex')}:`;
  let a: State;
  let b: State;
  let baseA: string;
  let baseB: string;

  beforeAll(async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '3000', REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
    [a, b] = await Promise.all([createTestState('sqlite', { env }), createTestState('sqlite', { env })]);
    [baseA, baseB] = await Promise.all([listen(a), listen(b)]);
  });
  afterAll(async () => {
    await Promise.all([a?.cleanup(), b?.cleanup()]);
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  test('/api/ready reports Redis', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks).toMatchObject({ database: 'ok', redis: 'ok' });
  });

  test('the login limit per IP counts A and B together', async () => {
    const ip = { 'x-forwarded-for': '10.9.2.1' };
    for (let i = 0; i < IP_LIMITS.login; i++) {
      const answer = await send(
        i % 2 ? baseB : baseA,
        'POST',
        i % 3 ? '/api/login' : '/%61pi/login',
        freshLogin(),
        ip,
      );
      expect(answer.status).toBe(401);
    }
    expect(await send(baseA, 'POST', '/api/login', freshLogin(), ip)).toEqual({
      status: 429,
      code: 'rate_limited',
    });
    expect(await send(baseB, 'POST', '/api/%6cogin', freshLogin(), ip)).toEqual({
      status: 429,
      code: 'rate_limited',
    });
  });

  test('orders of one table session alternating A and B: the per-session limit holds', async () => {
    const session = `s-${randomBytes(8).toString('hex')}`;
    const statuses: number[] = [];
    for (let i = 0; i < ABUSE_LIMITS.order.perSession + 4; i++) {
      // Different addresses: only the session's own count can refuse. The body is counted before validation.
      const answer = await send(
        i % 2 ? baseB : baseA,
        'POST',
        '/api/orders',
        { session, products: [] },
        {
          'x-forwarded-for': `10.9.3.${i + 1}`,
        },
      );
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(ABUSE_LIMITS.order.perSession);
    expect(statuses.slice(ABUSE_LIMITS.order.perSession)).toEqual([429, 429, 429, 429]);
  });

  test('the per-account login count is shared: five failures over A and B slow the account down on both', async () => {
    const creds = { email: 'admin@demo.test', password: 'not-the-password' };
    for (const s of [a, b]) s.clock.setOverride(new Date('2026-03-02T10:00:00Z'));
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
      const answer = await send(i % 2 ? baseB : baseA, 'POST', '/api/login', creds, {
        'x-forwarded-for': `10.9.4.${i + 1}`,
      });
      expect(answer.status).toBe(401);
    }
    const next = await send(baseA, 'POST', '/api/login', creds, { 'x-forwarded-for': '10.9.4.99' });
    expect(next).toEqual({ status: 429, code: 'rate_limited' });
  });
});

describe.skipIf(redisProblem !== null)(
  'route limits with the API-wide limit off, two apps on one Redis',
  () => {
    // RATE_LIMIT_PER_MINUTE=0: only the routes' own limits; verify_token and the log beacons had none at all then, and
    // must count once in Redis, not per process (issue "Security hardening" #6).
    const prefix = `trapeza-test:${randomBytes(6).toString('hex')}:`;
    let a: State;
    let b: State;
    let baseA: string;
    let baseB: string;

    beforeAll(async () => {
      const env = { RATE_LIMIT_PER_MINUTE: '0', REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
      [a, b] = await Promise.all([createTestState('sqlite', { env }), createTestState('sqlite', { env })]);
      [baseA, baseB] = await Promise.all([listen(a), listen(b)]);
    });
    afterAll(async () => {
      await Promise.all([a?.cleanup(), b?.cleanup()]);
      const redis = new Redis(TEST_REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    for (const [path, max, body] of [
      ['/api/tables/verify_token', 60, { token: 'no-such-token', placeSlug: 'bistro' }],
      ['/api/logs/spent_time_on_page', 120, { page: '/bistro', duration: 1 }],
    ] as const) {
      test(`${path}: ${max} per minute per address over A and B together, then 429`, async () => {
        const ip = { 'x-forwarded-for': `10.9.7.${max}` };
        const statuses: number[] = [];
        for (let i = 0; i < max + 2; i++) {
          statuses.push((await send(i % 2 ? baseB : baseA, 'POST', path, body, ip)).status);
        }
        expect(statuses.slice(0, max).filter((s) => s === 429)).toEqual([]);
        expect(statuses.slice(max)).toEqual([429, 429]);
      });
    }
  },
);

describe.skipIf(redisProblem !== null)('Redis going away while the server runs', () => {
  let state: State;
  let base: string;
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  const prefix = `trapeza-test:${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    relay = await redisRelay();
    state = await createTestState('sqlite', {
      env: { RATE_LIMIT_PER_MINUTE: '3000', REDIS_URL: relay.url, REDIS_KEY_PREFIX: prefix },
    });
    base = await listen(state);
  });
  afterAll(async () => {
    await state?.cleanup();
    await relay?.cut();
  });

  test('limits fall back to this process with a warning; never a 500; /api/ready says so', async () => {
    const warn = vi.spyOn(state.app.log, 'warn');
    await relay.cut();
    const ip = { 'x-forwarded-for': '10.9.5.1' };
    const statuses: number[] = [];
    for (let i = 0; i < IP_LIMITS.login + 3; i++) {
      statuses.push((await send(base, 'POST', '/api/login', freshLogin(), ip)).status);
    }
    expect(statuses.slice(0, IP_LIMITS.login).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(IP_LIMITS.login)).toEqual([429, 429, 429]);
    const session = `s-${randomBytes(8).toString('hex')}`;
    for (let i = 0; i < ABUSE_LIMITS.order.perSession; i++) {
      const answer = await send(
        base,
        'POST',
        '/api/orders',
        { session, products: [] },
        { 'x-forwarded-for': `10.9.6.${i}` },
      );
      expect(answer.status).not.toBe(429);
      expect(answer.status).toBeLessThan(500);
    }
    expect((await send(base, 'POST', '/api/orders', { session, products: [] })).status).toBe(429);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ problem: expect.any(String) }),
      expect.stringMatching(/Redis \(REDIS_URL\) unreachable: rate and abuse limits are counted per process/),
    );
    const ready = await state.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.redis).not.toBe('ok');
    expect(ready.json().checks.database).toBe('ok');
  });
});

describe('REDIS_URL unreachable at start [real process]', () => {
  test('the server refuses to start with one line naming REDIS_URL (its password hidden), never a silent fallback', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trapeza-redis-down-'));
    try {
      // Nothing listens on port 1.
      const started = spawnServer({ DATA_DIR: dataDir, REDIS_URL: 'redis://:s3cret-pw@127.0.0.1:1' });
      const err = (await started.then(
        async (s) => {
          await s.stop();
          return new Error('started');
        },
        (e: unknown) => e as Error,
      )) as Error;
      expect(err.message).toMatch(/^server exited with 1: /);
      const output = err.message.replace(/^server exited with 1: /, '');
      // (The demo seed's lines come first on a new data folder.)
      const lines = output.trim().split('\n');
      expect(lines.filter((l) => l.startsWith('Trapeza cannot start'))).toHaveLength(1);
      expect(lines.at(-1)).toMatch(/^Trapeza cannot start: REDIS_URL .*127\.0\.0\.1:1.* is unreachable/);
      expect(output).not.toContain('s3cret-pw');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
