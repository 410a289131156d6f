/**
 * The trusted-device cookie as the browser keeps it (trusted-devices.ts), through the real login on SQLite and
 * PostgreSQL: what `Set-Cookie` hands back after a sign-in — one entry per account, this account's first, the
 * others kept newest first, at most eight, anything malformed dropped, a year of life — and which cookies make a
 * device trusted (its entry kept rather than replaced by a new one): only the first eight entries of a cookie of
 * at most 1 024 characters are read.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { nextIp, roleEmail, seedAccounts, STAFF_PASSWORD } from '../../../test/accounts.fixtures.ts';
import { DEVICE_COOKIE } from './trusted-devices.ts';

const ENTRY = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

function deviceCookie(res: LightMyRequestResponse) {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(cookie, res.body).toBeDefined();
  return cookie!;
}

const entriesOf = (res: LightMyRequestResponse) => deviceCookie(res).value.split('~');

/** A well-formed entry another account of this browser could have left (its id and mac are not this account's). */
const otherEntry = () =>
  `${randomBytes(12).toString('base64url')}.${randomBytes(16).toString('base64url').slice(0, 22)}`;

async function signIn(ctx: TestContext, email: string, cookie?: string) {
  const res = await ctx.request('POST', '/api/login', {
    body: { email, password: STAFF_PASSWORD },
    headers: { 'x-forwarded-for': nextIp() },
    ...(cookie === undefined ? {} : { cookies: { [DEVICE_COOKIE]: cookie } }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describeEachDatabase(
  'the trusted-device cookie after a sign-in',
  (ctx) => {
    const email = roleEmail('WAITER');

    ctx.test('a first sign-in: one new entry, kept for a year', async () => {
      const res = await signIn(ctx, email);
      const cookie = deviceCookie(res);
      expect(cookie.value).toMatch(ENTRY);
      expect(cookie.maxAge).toBe(365 * 24 * 3600);
    });

    ctx.test(
      'signing in again on the device keeps its entry first and the other accounts after it, once each',
      async () => {
        const mine = deviceCookie(await signIn(ctx, email)).value;
        const [a, b] = [otherEntry(), otherEntry()];
        const res = await signIn(ctx, email, [a, mine, b].join('~'));
        expect(entriesOf(res)).toEqual([mine, a, b]);
      },
    );

    ctx.test('malformed entries are dropped, well-formed ones of other accounts kept', async () => {
      const mine = deviceCookie(await signIn(ctx, email)).value;
      const others = Array.from({ length: 5 }, otherEntry);
      const junk = ['not-an-entry', `zz!${otherEntry()}`, `${otherEntry()}!zz`, ''];
      const res = await signIn(ctx, email, [mine, ...junk, ...others].join('~'));
      expect(entriesOf(res)).toEqual([mine, ...others]);
    });

    ctx.test('at most eight accounts: the oldest goes; an entry past the eighth is not read', async () => {
      const mine = deviceCookie(await signIn(ctx, email)).value;
      const others = Array.from({ length: 8 }, otherEntry);
      // Eight others: a new device entry (this one was not among them) and the seven newest others.
      const full = entriesOf(await signIn(ctx, email, others.join('~')));
      expect(full).toHaveLength(8);
      expect(full[0]).toMatch(ENTRY);
      expect(full[0]).not.toBe(mine);
      expect(full.slice(1)).toEqual(others.slice(0, 7));
      // This device's entry as the ninth: not read, so the device gets a new entry instead.
      const ninth = entriesOf(await signIn(ctx, email, [...others, mine].join('~')));
      expect(ninth[0]).not.toBe(mine);
      expect(ninth.slice(1)).toEqual(others.slice(0, 7));
    });

    ctx.test('a cookie of up to 1 024 characters is read; a longer one is ignored whole', async () => {
      const mine = deviceCookie(await signIn(ctx, email)).value;
      const padded = (length: number) => `${mine}~${'x'.repeat(length - mine.length - 1)}`;
      expect(padded(1024)).toHaveLength(1024);
      expect(entriesOf(await signIn(ctx, email, padded(1024)))).toEqual([mine]);
      const ignored = entriesOf(await signIn(ctx, email, padded(1025)));
      expect(ignored).toHaveLength(1);
      expect(ignored[0]).not.toBe(mine);
    });
  },
  { setup: seedAccounts },
);
