/**
 * Failed sign-ins slow down instead of locking (issue "Security hardening" #8), through the real app on SQLite and
 * PostgreSQL:
 * - after LOGIN_FREE_FAILURES failures the next try waits 1 s, then 2, 4 … (capped), answered 429 rate_limited with
 *   Retry-After and `details[0].code = login_slowed`; once the wait is over the right password goes through;
 * - a device that signed in before (its HttpOnly cookie) is not slowed by others' failures, while a forged or
 *   another account's cookie is not trusted;
 * - a password-reset request is never refused per account; past RESET_MAILS_PER_ACCOUNT mails in a window the
 *   answer is the same and nothing is sent; confirming the reset trusts that browser;
 * - a second app on the same database (no Redis: a second process) sees the same count.
 */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app.ts';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { nextIp, roleEmail, seedAccounts, STAFF_PASSWORD } from '../../../test/accounts.fixtures.ts';
import { DEVICE_COOKIE } from './trusted-devices.ts';
import {
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_DELAY_MS,
  loginDelayMs,
  RESET_MAILS_PER_ACCOUNT,
} from './users.service.ts';

const T0 = Date.parse('2026-03-02T10:00:00Z');

function deviceOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
}

function login(ctx: TestContext, email: string, password: string, device?: string, lang?: string) {
  return ctx.request('POST', '/api/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': nextIp(), ...(lang ? { lang } : {}) },
    ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
  });
}

async function fail(ctx: TestContext, email: string, times: number, device?: string) {
  for (let i = 0; i < times; i++) {
    const res = await login(ctx, email, `wrong-${i}`, device);
    expect(res.statusCode, res.body).toBe(401);
  }
}

const at = (ctx: TestContext, ms: number) => ctx.clock.setOverride(new Date(T0 + ms));

/** A patient guesser: `times` failures, each after the wait the previous ones caused; returns the time reached. */
async function failPatiently(
  ctx: TestContext,
  email: string,
  times: number,
  fromMs: number,
  device?: string,
) {
  let t = fromMs;
  for (let i = 0; i < times; i++) {
    t += LOGIN_MAX_DELAY_MS;
    at(ctx, t);
    await fail(ctx, email, 1, device);
  }
  return t;
}

describeEachDatabase(
  'failed sign-ins slow down, never lock',
  (ctx) => {
    ctx.test('the delay schedule: free tries, then 1 s doubling, capped', () => {
      expect(loginDelayMs(LOGIN_FREE_FAILURES - 1)).toBe(0);
      expect(loginDelayMs(LOGIN_FREE_FAILURES)).toBe(1000);
      expect(loginDelayMs(LOGIN_FREE_FAILURES + 3)).toBe(8000);
      expect(loginDelayMs(LOGIN_FREE_FAILURES + 30)).toBe(LOGIN_MAX_DELAY_MS);
    });

    ctx.test('failures cost growing waits; after the wait the right password signs in', async () => {
      const email = roleEmail('PDF_MENU_ADMIN');
      at(ctx, 0);
      await fail(ctx, email, LOGIN_FREE_FAILURES);
      const slowed = await login(ctx, email, STAFF_PASSWORD, undefined, 'de');
      expect(slowed.statusCode).toBe(429);
      expect(slowed.headers['retry-after']).toBe('1');
      expect(slowed.json()).toMatchObject({
        code: 'rate_limited',
        details: [{ code: 'login_slowed', retry_after: 1 }],
      });
      expect(slowed.json().message_trans).toContain('1 s');
      // One more failure after the wait: the next wait is two seconds, measured from that failure.
      at(ctx, 1000);
      await fail(ctx, email, 1);
      at(ctx, 2000);
      expect((await login(ctx, email, STAFF_PASSWORD)).headers['retry-after']).toBe('1');
      at(ctx, 3000);
      const ok = await login(ctx, email, STAFF_PASSWORD);
      expect(ok.statusCode, ok.body).toBe(200);
      // The success forgot the failures: five free tries again.
      await fail(ctx, email, LOGIN_FREE_FAILURES);
      ctx.clock.setOverride(null);
    });

    ctx.test('a trusted device signs in at once however many failures others caused', async () => {
      const email = roleEmail('WAITER');
      at(ctx, 10_000);
      const first = await login(ctx, email, STAFF_PASSWORD);
      expect(first.statusCode).toBe(200);
      const device = deviceOf(first);
      expect(device).toBeTruthy();
      const cookie = first.cookies.find((c) => c.name === DEVICE_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
      // An attacker from many addresses, no cookie: twelve failures, the untrusted wait is now 128 s.
      await failPatiently(ctx, email, LOGIN_FREE_FAILURES + 7, 10_000);
      const untrusted = await login(ctx, email, STAFF_PASSWORD);
      expect(untrusted.statusCode).toBe(429);
      expect(untrusted.headers['retry-after']).toBe('128');
      const owner = await login(ctx, email, STAFF_PASSWORD, device);
      expect(owner.statusCode, owner.body).toBe(200);
      // A forged cookie or one made for another account is not trusted.
      const forged = device!.replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
      expect((await login(ctx, email, STAFF_PASSWORD, forged)).statusCode).toBe(429);
      const otherAccount = deviceOf(await login(ctx, roleEmail('PLACE_ADMIN'), STAFF_PASSWORD));
      expect((await login(ctx, email, STAFF_PASSWORD, otherAccount)).statusCode).toBe(429);
      // The trusted device's own failures count for it alone, with the same schedule.
      await fail(ctx, email, LOGIN_FREE_FAILURES, device);
      expect((await login(ctx, email, STAFF_PASSWORD, device)).statusCode).toBe(429);
      ctx.clock.setOverride(null);
    });

    ctx.test('reset requests are never refused per account; past the cap nothing is sent', async () => {
      const email = roleEmail('CLIENT_ADMIN');
      at(ctx, 0);
      const answers: number[] = [];
      for (let i = 0; i < RESET_MAILS_PER_ACCOUNT + 4; i++) {
        const res = await ctx.request('POST', '/api/users/reset-password', {
          body: { email },
          headers: { 'x-forwarded-for': nextIp() },
        });
        answers.push(res.statusCode);
        expect(res.json().code).toBe('reset_password_sent');
      }
      expect(answers.every((s) => s === 200)).toBe(true);
      const outbox = await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(email)}`, {
        client: null,
        place: null,
      });
      const mails = (outbox.json() as { text: string }[]).filter((m) =>
        m.text.includes('reset-password?token='),
      );
      expect(mails).toHaveLength(RESET_MAILS_PER_ACCOUNT);
      // Meanwhile a guesser slows every untrusted device down; the owner follows the mailed link ...
      const t = await failPatiently(ctx, email, LOGIN_FREE_FAILURES + 6, 0);
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails[mails.length - 1]!.text)![1]!;
      const confirm = await ctx.request('POST', '/api/users/reset-password/confirm', {
        body: { token, password: 'a-new-password-1' },
        headers: { 'x-forwarded-for': nextIp() },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      // ... and that browser is trusted from now on: it signs in however the guesser goes on.
      await failPatiently(ctx, email, LOGIN_FREE_FAILURES + 6, t);
      expect((await login(ctx, email, 'a-new-password-1')).statusCode).toBe(429);
      const owner = await login(ctx, email, 'a-new-password-1', deviceOf(confirm));
      expect(owner.statusCode, owner.body).toBe(200);
      // A new window: mails again.
      at(ctx, 2 * t);
      const again = await ctx.request('POST', '/api/users/reset-password', {
        body: { email },
        headers: { 'x-forwarded-for': nextIp() },
      });
      expect(again.statusCode).toBe(200);
      ctx.clock.setOverride(null);
    });

    ctx.test('a second process on the same database sees the same failures (no Redis)', async () => {
      expect(ctx.app.sharedLimits.mode).toBe('process');
      const second = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock });
      try {
        const email = roleEmail('RASPBERRY_ADMIN');
        at(ctx, 0);
        for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
          const app = i % 2 ? second : ctx.app;
          const res = await app.inject({
            method: 'POST',
            url: '/api/login',
            headers: { client: 'demo', 'x-forwarded-for': nextIp() },
            payload: { email, password: 'wrong' },
          });
          expect(res.statusCode).toBe(401);
        }
        const onSecond = await second.inject({
          method: 'POST',
          url: '/api/login',
          headers: { client: 'demo', 'x-forwarded-for': nextIp() },
          payload: { email, password: STAFF_PASSWORD },
        });
        expect(onSecond.statusCode).toBe(429);
      } finally {
        await second.close();
        ctx.clock.setOverride(null);
      }
    });
  },
  { setup: seedAccounts },
);
