/**
 * The per-account counters (account-counters.ts) as the guest and the operator see them, through the real app on
 * SQLite and PostgreSQL:
 * - the reset-mail cap runs in fixed windows of 15 minutes from the first request: further requests within the
 *   window are not mailed, and do not push the next window back;
 * - with REDIS_URL, two processes on one Redis count an account's failed sign-ins together, the count lives in
 *   Redis (nothing in the database's `account_counters`), a sign-in forgets it, failures age out a day after the
 *   last one, and the reset cap holds across both; when Redis goes away the counts carry on in the database.
 * The Redis suites are skipped, visibly, when Redis (TEST_REDIS_URL) is down.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect } from 'vitest';
import { buildApp } from '../../app.ts';
import { describeEachDatabase, probeRedis, TEST_REDIS_URL, type TestContext } from '../../../test/harness.ts';
import { redisRelay } from '../../../test/redis-relay.ts';
import { nextIp, roleEmail, seedAccounts, STAFF_PASSWORD } from '../../../test/accounts.fixtures.ts';
import { LOGIN_FREE_FAILURES, RESET_MAILS_PER_ACCOUNT } from './users.service.ts';

const T0 = Date.parse('2026-04-06T08:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const redisProblem = await probeRedis();
if (redisProblem !== null)
  console.warn(`Redis suites skipped: ${TEST_REDIS_URL} unreachable (${redisProblem})`);

function login(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { client: 'demo', place: 'bistro', 'x-forwarded-for': nextIp() },
    payload: { email, password },
  });
}

function askReset(app: FastifyInstance, email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/users/reset-password',
    headers: { client: 'demo', place: 'bistro', 'x-forwarded-for': nextIp() },
    payload: { email },
  });
}

/** How many reset links the address has received from these apps (each process has its own outbox). */
async function resetMails(apps: FastifyInstance[], email: string): Promise<number> {
  let count = 0;
  for (const app of apps) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/__test/outbox?to=${encodeURIComponent(email)}&limit=100`,
    });
    count += (res.json() as { text: string }[]).filter((m) =>
      m.text.includes('reset-password?token='),
    ).length;
  }
  return count;
}

const at = (ctx: TestContext, ms: number) => ctx.clock.setOverride(new Date(T0 + ms));

/** The reset requests at these minutes, on alternating apps; the mails received after each. */
async function resetsAt(ctx: TestContext, apps: FastifyInstance[], email: string, minutes: number[]) {
  const received: number[] = [];
  for (const [i, m] of minutes.entries()) {
    at(ctx, m * MINUTE);
    const res = await askReset(apps[i % apps.length]!, email);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe('reset_password_sent');
    received.push(await resetMails(apps, email));
  }
  return received;
}

describeEachDatabase(
  'the reset-mail cap per account',
  (ctx) => {
    ctx.test(
      'fixed windows from the first request: requests within one do not push the next back',
      async () => {
        const email = roleEmail('CLIENT_ADMIN');
        try {
          // Three mails, then none for the rest of the window, however often asked; at minute 15 a new window.
          expect(RESET_MAILS_PER_ACCOUNT).toBe(3);
          expect(await resetsAt(ctx, [ctx.app], email, [0, 5, 10, 14, 14.9, 15, 16])).toEqual([
            1, 2, 3, 3, 3, 4, 5,
          ]);
        } finally {
          ctx.clock.setOverride(null);
        }
      },
    );
  },
  { setup: seedAccounts },
);

describe.skipIf(redisProblem !== null)('per-account counts shared through Redis', () => {
  const prefix = `trapeza-test:${randomBytes(6).toString('hex')}:`;
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  describeEachDatabase(
    'two processes, one Redis',
    (ctx) => {
      /** A second process beside ctx.app: same database, same Redis. */
      async function withSecond(fn: (b: FastifyInstance) => Promise<void>) {
        // Both databases' suites share the prefix: each test starts from an empty Redis.
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        const second = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock });
        try {
          expect(ctx.app.sharedLimits.mode).toBe('redis');
          await fn(second);
        } finally {
          await second.close();
          ctx.clock.setOverride(null);
        }
      }

      async function demoId() {
        const row = await ctx.db
          .selectFrom('clients')
          .select('id')
          .where('slug', '=', 'demo')
          .executeTakeFirstOrThrow();
        return row.id;
      }

      const storedRows = (email: string) =>
        ctx.db.selectFrom('account_counters').select('key').where('key', 'like', `%${email}%`).execute();

      ctx.test(
        'failures over A and B slow the account on both; the count is in Redis, none in the database',
        async () => {
          const email = roleEmail('PDF_MENU_ADMIN');
          await withSecond(async (b) => {
            at(ctx, 0);
            for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
              expect((await login(i % 2 ? b : ctx.app, email, `wrong-${i}`)).statusCode).toBe(401);
            }
            for (const app of [ctx.app, b]) {
              const slowed = await login(app, email, STAFF_PASSWORD);
              expect(slowed.statusCode, slowed.body).toBe(429);
              expect(slowed.headers['retry-after']).toBe('1');
            }
            expect(await redis.hgetall(`${prefix}acct:login:${await demoId()}:${email}`)).toMatchObject({
              c: String(LOGIN_FREE_FAILURES),
              l: String(T0),
            });
            expect(await storedRows(email)).toEqual([]);
            // After the wait the right password goes through, on either.
            at(ctx, 1000);
            expect((await login(b, email, STAFF_PASSWORD)).statusCode).toBe(200);
          });
        },
      );

      ctx.test('a sign-in forgets the failures for both processes', async () => {
        const email = roleEmail('RASPBERRY_ADMIN');
        await withSecond(async (b) => {
          at(ctx, 0);
          for (let round = 0; round < 2; round++) {
            for (let i = 0; i < LOGIN_FREE_FAILURES - 1; i++) {
              expect((await login(i % 2 ? b : ctx.app, email, `wrong-${i}`)).statusCode).toBe(401);
            }
            const ok = await login(round ? ctx.app : b, email, STAFF_PASSWORD);
            expect(ok.statusCode, ok.body).toBe(200);
          }
          expect(await redis.exists(`${prefix}acct:login:${await demoId()}:${email}`)).toBe(0);
        });
      });

      ctx.test('failures are forgotten a day after the last one, not the first', async () => {
        const email = roleEmail('PLACE_ADMIN');
        await withSecond(async (b) => {
          at(ctx, 0);
          for (let i = 0; i < LOGIN_FREE_FAILURES - 1; i++) {
            expect((await login(ctx.app, email, `wrong-${i}`)).statusCode).toBe(401);
          }
          // The fifth, 23 hours later, renews the memory of all five; the sixth a day after the first counts on top.
          at(ctx, 23 * 60 * MINUTE);
          expect((await login(b, email, 'wrong-4')).statusCode).toBe(401);
          at(ctx, DAY + MINUTE);
          expect((await login(ctx.app, email, 'wrong-5')).statusCode).toBe(401);
          at(ctx, DAY + MINUTE + 1500);
          expect((await login(b, email, STAFF_PASSWORD)).statusCode).toBe(429);
          // A day after the last failure: a fresh count, five free failures again.
          at(ctx, 2 * DAY + MINUTE);
          for (let i = 0; i < LOGIN_FREE_FAILURES - 1; i++) {
            expect((await login(i % 2 ? b : ctx.app, email, `again-${i}`)).statusCode).toBe(401);
          }
          expect((await login(b, email, STAFF_PASSWORD)).statusCode).toBe(200);
        });
      });

      ctx.test('the reset-mail cap counts requests to A and B together, in fixed windows', async () => {
        const email = roleEmail('CLIENT_ADMIN');
        await withSecond(async (b) => {
          expect(await resetsAt(ctx, [ctx.app, b], email, [0, 5, 10, 14, 14.9, 15, 16])).toEqual([
            1, 2, 3, 3, 3, 4, 5,
          ]);
          expect(await storedRows(email)).toEqual([]);
        });
      });

      ctx.test('Redis going away: the failures are counted in the database instead', async () => {
        const relay = await redisRelay();
        const app = await buildApp({
          config: { ...ctx.config, redisUrl: relay.url },
          database: ctx.database,
          clock: ctx.clock,
        });
        const email = roleEmail('WAITER');
        try {
          await relay.cut();
          at(ctx, 0);
          for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
            expect((await login(app, email, `wrong-${i}`)).statusCode).toBe(401);
          }
          expect((await login(app, email, STAFF_PASSWORD)).statusCode).toBe(429);
          expect(await storedRows(email)).toEqual([{ key: `login:${await demoId()}:${email}` }]);
        } finally {
          await app.close();
          ctx.clock.setOverride(null);
        }
      });
    },
    { setup: seedAccounts, env: { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } },
  );
});
