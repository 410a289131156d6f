/**
 * Booking abuse limits (issue 23 #5: twelve anonymous requests took every table at 19:00, with e-mails to arbitrary
 * addresses), through the real app on SQLite and PostgreSQL:
 * - POST bookings per IP (10), per e-mail (5) and per phone (5) an hour (domain BOOKING_CREATE_LIMITS): the next one
 *   answers 429 rate_limited (spec §8 "too many requests") with retry-after, and nothing is stored; the e-mail counts
 *   however it is spelled (case, `+tag`), the phone however it is spaced; `/%61pi/bookings` counts as /api/bookings;
 *   the window is the server clock's: an hour later (pinned clock moved on) the same guest may try again;
 * - a second app on the same database (no Redis: a second process) sees the same counts;
 * - booking_max_open_per_guest under concurrency: five simultaneous bookings of one guest for five dates → exactly 3;
 * - two apps on one Redis (two processes): the per-e-mail count is shared (skipped, visibly, without Redis).
 * The server clock is pinned (Tuesday 2026-03-03 10:00 in Sofia); the limit windows start at the first attempt.
 */
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BOOKING_CREATE_LIMITS } from '@trapeza/domain/booking';
import { buildApp } from '../../app.ts';
import { expectRetryAfter, nextIp } from '../../../test/accounts.fixtures.ts';
import { createTestState, describeEachDatabase, probeRedis, TEST_REDIS_URL } from '../../../test/harness.ts';

const NOW = new Date('2026-03-03T10:00:00+02:00');
let n = 0;
const fresh = () => {
  n += 1;
  return {
    email: `limits${n}-${randomBytes(3).toString('hex')}@example.com`,
    phone: `+359 87 ${String(1_000_000 + n).slice(1)}`,
  };
};
/** A Wednesday to Sunday date of March/April 2026 (the bistro is closed on Mondays), one per call. */
const DATES = [
  '2026-03-11',
  '2026-03-12',
  '2026-03-13',
  '2026-03-14',
  '2026-03-15',
  '2026-03-17',
  '2026-03-18',
];
function form(date: string, guest: { email: string; phone: string }, time = '12:00') {
  return { date, time, people: 2, name: 'Мария Иванова', ...guest, terms_accepted: true };
}

/** POST with the path exactly as given (fetch and inject would normalise `/%61pi/…`). */
function rawPost(base: string, path: string, body: unknown, ip: string) {
  const url = new URL(base);
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; code?: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: {
          client: 'demo',
          place: 'bistro',
          'content-type': 'application/json',
          'x-forwarded-for': ip,
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

describeEachDatabase('booking abuse limits', (ctx) => {
  const book = (body: unknown, ip: string, lang = 'en') =>
    ctx.post('/api/bookings', body, { headers: { 'x-forwarded-for': ip, lang } });
  const countBookings = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('bookings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let listening: string | null = null;
  const baseUrl = async () => (listening ??= await ctx.app.listen({ port: 0, host: '127.0.0.1' }));

  ctx.test(
    'per IP: 10 an hour (encoded paths included), the 11th → 429 rate_limited; other IPs go on',
    async () => {
      ctx.clock.setOverride(NOW);
      const ip = nextIp();
      const base = await baseUrl();
      const answers = [];
      const firstHitAt = Date.now();
      for (let i = 0; i < BOOKING_CREATE_LIMITS.perIp; i++) {
        // Every other one spelled /%61pi/bookings: the limit is keyed on the route matched, not the raw URL.
        const path = i % 2 === 0 ? '/api/bookings' : '/%61pi/bookings';
        answers.push(await rawPost(base, path, form(DATES[i % DATES.length]!, fresh(), `1${i % 10}:00`), ip));
      }
      expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
      const before = await countBookings();
      const over = await book(form('2026-03-19', fresh()), ip, 'de');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({
        code: 'rate_limited',
        message: 'Too many requests, try again later.',
        message_trans: 'Zu viele Anfragen, bitte versuchen Sie es später erneut.',
      });
      expectRetryAfter(over.headers['retry-after'], 3600, firstHitAt);
      expect((await rawPost(base, '/%61pi/bookings', form('2026-03-19', fresh()), ip)).status).toBe(429);
      expect(await countBookings()).toBe(before);
      // Another guest on another address is not affected.
      expect((await book(form('2026-03-19', fresh()), nextIp())).statusCode).toBe(201);
    },
  );

  ctx.test('per e-mail: 5 an hour however it is spelled, from any IP and phone; the 6th → 429', async () => {
    ctx.clock.setOverride(NOW);
    const email = fresh().email;
    const spellings = [email, email.toUpperCase(), email.replace('@', '+a@'), ` ${email} `, email];
    const codes = [];
    for (const [i, e] of spellings.entries()) {
      const res = await book(form(DATES[i]!, { email: e, phone: fresh().phone }, '13:00'), nextIp());
      codes.push(res.statusCode);
    }
    // Three open bookings at most (booking_max_open_per_guest): the 4th and 5th are 409, still counted.
    expect(codes).toEqual([201, 201, 201, 409, 409]);
    const sixth = await book(
      form(DATES[5]!, { email: email.replace('@', '+b@'), phone: fresh().phone }),
      nextIp(),
    );
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('rate_limited');
    expect(sixth.headers['retry-after']).toBe('3600');
    // A second process on the same database (no Redis) counts the same e-mail: refused there too.
    const second = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock });
    try {
      const elsewhere = await second.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { client: 'demo', place: 'bistro', 'x-forwarded-for': nextIp() },
        payload: form(DATES[6]!, { email, phone: fresh().phone }),
      });
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await second.close();
    }
    // An hour later (the server clock's window) the guest books again (the unconfirmed three have expired too).
    ctx.clock.setOverride(new Date(NOW.getTime() + 61 * 60_000));
    const later = await book(form(DATES[6]!, { email, phone: fresh().phone }, '13:00'), nextIp());
    expect(later.statusCode, later.body).toBe(201);
  });

  ctx.test('per phone: 5 an hour however it is spaced, from any IP and e-mail; the 6th → 429', async () => {
    ctx.clock.setOverride(NOW);
    const digits = `35986${String(1_000_000 + ++n).slice(1)}`;
    const spellings = [
      `+${digits}`,
      `00${digits}`,
      `+${digits.slice(0, 3)} ${digits.slice(3)}`,
      `+${digits}`,
      `+${digits}`,
    ];
    for (const [i, phone] of spellings.entries()) {
      const res = await book(form(DATES[i]!, { email: fresh().email, phone }, '14:00'), nextIp());
      expect([201, 409]).toContain(res.statusCode);
    }
    const sixth = await book(form(DATES[5]!, { email: fresh().email, phone: `+${digits}` }), nextIp());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('rate_limited');
  });

  ctx.test(
    'booking_max_open_per_guest under concurrency: 5 simultaneous bookings of one guest → exactly 3',
    async () => {
      ctx.clock.setOverride(NOW);
      const guest = fresh();
      const base = await baseUrl();
      const answers = await Promise.all(
        DATES.slice(0, 5).map((date) => rawPost(base, '/api/bookings', form(date, guest, '15:00'), nextIp())),
      );
      const created = answers.filter((a) => a.status === 201).length;
      const refused = answers.filter((a) => a.status === 409 && a.code === 'booking_limit_reached').length;
      console.info(
        `[${ctx.dialect}] one guest, 5 simultaneous bookings: ${created} created, ${refused} × 409`,
      );
      expect(created).toBe(3);
      expect(refused).toBe(2);
    },
  );
});

const redisProblem = await probeRedis();
if (redisProblem !== null)
  console.warn(`Redis booking-limit suite skipped: ${TEST_REDIS_URL} unreachable (${redisProblem})`);

describe.skipIf(redisProblem !== null)('booking limits shared through Redis (two apps, one Redis)', () => {
  type State = Awaited<ReturnType<typeof createTestState>>;
  let a: State;
  let b: State;
  beforeAll(async () => {
    const prefix = `test-bookings-${randomBytes(4).toString('hex')}:`;
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
    [a, b] = await Promise.all([createTestState('sqlite', { env }), createTestState('sqlite', { env })]);
    a.clock.setOverride(NOW);
    b.clock.setOverride(NOW);
  });
  afterAll(async () => {
    await Promise.all([a?.cleanup(), b?.cleanup()]);
  });

  test('the per-e-mail count: 3 on one process, 2 on the other, the 6th refused on either', async () => {
    const email = fresh().email;
    const post = (s: State, date: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { client: 'demo', place: 'bistro', 'x-forwarded-for': nextIp() },
        payload: form(date, { email, phone: fresh().phone }),
      });
    const statuses = [];
    for (const [i, s] of [a, a, a, b, b].entries()) statuses.push((await post(s, DATES[i]!)).statusCode);
    // Each process has its own database: three open bookings on A; B's two are its first.
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect((await post(a, DATES[5]!)).statusCode).toBe(429);
    expect((await post(b, DATES[5]!)).statusCode).toBe(429);
  });
});
