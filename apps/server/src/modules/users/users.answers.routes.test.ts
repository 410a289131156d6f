/**
 * What the accounts calls answer and refuse, beside users.routes.test.ts (issue 22, the users module's mutation
 * survivors), through the real app on SQLite and PostgreSQL: the OpenAPI document of every call, the trusted-device
 * cookie's paths and flags, platform staff (no brand) signing in and editing their profile, the per-account
 * failure counts kept apart per client and per trusted device, the slowed login's answer, the validation answer's
 * details, the registration link bound to its user and expiry (to the millisecond), the welcome and account
 * e-mails naming the venue, the reset link stored as its hash, single use under a race, and retiring the others.
 */
import { createHash } from 'node:crypto';
import { afterEach, expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { describeEachDatabase, type RequestOptions, type TestContext } from '../../../test/harness.ts';
import {
  GUEST_EMAIL,
  GUEST_PASSWORD,
  OTHER_CLIENT_GUEST_PASSWORD,
  nextIp,
  roleEmail,
  seedAccounts,
  STAFF_PASSWORD,
} from '../../../test/accounts.fixtures.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from './trusted-devices.ts';
import { LOGIN_FREE_FAILURES } from './users.service.ts';

type Opts = RequestOptions & { auth?: string; device?: string; headers?: Record<string, string> };

function call(ctx: TestContext, method: 'GET' | 'POST', url: string, body?: unknown, opts: Opts = {}) {
  const { auth, device, headers, ...rest } = opts;
  return ctx.request(method, url, {
    ...rest,
    ...(body !== undefined ? { body } : {}),
    ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
    headers: {
      'x-forwarded-for': nextIp(),
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      ...headers,
    },
  });
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  tag?: string;
}

async function outbox(ctx: TestContext, to: string): Promise<OutboxMail[]> {
  const res = await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(to)}`, { client: null, place: null });
  expect(res.statusCode).toBe(200);
  return res.json() as OutboxMail[];
}

/** The mails to `to` with `tag`, once `count` of them are there (they are queued, not awaited). */
async function mailsTagged(ctx: TestContext, to: string, tag: string, count = 1): Promise<OutboxMail[]> {
  let mails: OutboxMail[] = [];
  for (let i = 0; i < 40; i++) {
    mails = (await outbox(ctx, to)).filter((m) => m.tag === tag);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
  return mails;
}

const linkToken = (mail: OutboxMail | undefined, path: string): string => {
  const match = new RegExp(`/${path}\\?token=([A-Za-z0-9._-]+)`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in ${mail?.text}`);
  return match[1];
};

const newUser = (n: string) => ({
  first_name: 'Иван',
  last_name: 'Петров',
  email: `ans-${n}@accounts.test`,
  phone: '+359 888 123 456',
  password: 'long-enough',
});

/** Registers `n` and answers the confirmation token from its mail. */
async function register(ctx: TestContext, n: string, opts: Opts = {}): Promise<string> {
  const user = newUser(n);
  const res = await call(ctx, 'POST', '/api/register', user, opts);
  expect(res.statusCode, res.body).toBe(202);
  return linkToken((await mailsTagged(ctx, user.email, 'confirm_email'))[0], 'confirm-email');
}

const deviceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;

async function placeName(ctx: TestContext, slug: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('places')
    .select('name')
    .where('id', '=', await ctx.placeId(slug))
    .executeTakeFirstOrThrow();
  return row.name;
}

interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  parameters?: { in: string; name: string; description?: string }[];
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

describeEachDatabase(
  'accounts: what each answer carries and refuses',
  (ctx) => {
    afterEach(() => ctx.clock.setOverride(null));

    ctx.test(
      'OpenAPI documents every accounts call: tag, summary, the bearer and language headers, its answers',
      async () => {
        const doc = (await ctx.get('/api/docs/json')).json() as {
          paths: Record<string, Record<'get' | 'post', OpenApiOperation | undefined>>;
        };
        const calls: [string, 'get' | 'post', number, string[]][] = [
          ['/api/login', 'post', 200, ['Log in (guests and staff)', 'without one: platform staff']],
          [
            '/api/register',
            'post',
            202,
            ['Register a guest profile', 'a new address gets the link', 'cannot log in'],
          ],
          ['/api/users/confirm-email', 'post', 200, ['Confirm a registration']],
          ['/api/users/reset-password', 'post', 200, ['Mail a reset link']],
          ['/api/users/reset-password/confirm', 'post', 200, ['Set a new password']],
          ['/api/users/editProfile', 'post', 200, ['Change profile fields']],
          ['/api/users/validate', 'post', 200, ['still a valid session']],
          ['/api/users/orders', 'get', 200, ["The signed-in user's orders"]],
          ['/api/check-registered-user-discount', 'get', 200, ['nth-order discount']],
          ['/api/users/payment-instruments', 'get', 200, ['Saved payment instruments']],
        ];
        for (const [path, method, ok, phrases] of calls) {
          const op = doc.paths[path]?.[method];
          expect(op, path).toBeDefined();
          expect(op!.tags, path).toEqual(['accounts']);
          for (const phrase of phrases) expect(op!.summary, path).toContain(phrase);
          const headers = new Map(
            (op!.parameters ?? []).filter((p) => p.in === 'header').map((p) => [p.name, p.description]),
          );
          expect(headers.get('authorization'), path).toBe('Bearer token');
          expect(headers.get('lang'), path).toBe('Language of the answer texts (bg, en, es, de, fr-CH)');
          expect(op!.responses[String(ok)]?.content?.['application/json']?.schema, path).toBeDefined();
          expect(op!.responses['400']?.content?.['application/json']?.schema, path).toBeDefined();
          if (path !== '/api/users/validate' && path !== '/api/check-registered-user-discount') {
            expect(op!.responses['401']?.description, path).toBe(
              'Not signed in, or the session is no longer valid',
            );
            expect(op!.responses['429']?.description, path).toContain('rate_limited');
          }
        }
        const login = doc.paths['/api/login']!.post!;
        expect(login.parameters?.find((p) => p.in === 'header' && p.name === 'client')?.description).toBe(
          'Brand slug or id; omit for platform staff',
        );
        expect(doc.paths['/api/users/editProfile']!.post!.responses['409']?.description).toBe(
          'E-mail already registered',
        );
      },
    );

    ctx.test(
      'a login sets the trusted-device cookie for the three calls that read it: HttpOnly, strict, a year, Secure on https',
      async () => {
        for (const https of [false, true]) {
          const res = await call(
            ctx,
            'POST',
            '/api/login',
            { email: GUEST_EMAIL, password: GUEST_PASSWORD },
            https ? { headers: { 'x-forwarded-proto': 'https' } } : {},
          );
          expect(res.statusCode, res.body).toBe(200);
          const cookies = res.cookies.filter((c) => c.name === DEVICE_COOKIE);
          expect(cookies.map((c) => c.path).sort()).toEqual([
            '/api/login',
            '/api/users/confirm-email',
            '/api/users/reset-password/confirm',
          ]);
          for (const c of cookies) {
            expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: DEVICE_COOKIE_MAX_AGE_S });
            expect(Boolean(c.secure), `https ${https}`).toBe(https);
          }
        }
      },
    );

    ctx.test(
      'platform staff (no brand) sign in without a client header, not under a brand, and edit their own profile',
      async () => {
        const email = 'ans-platform@accounts.test';
        await ctx.db
          .insertInto('users')
          .values({
            client_id: null,
            email,
            password_hash: await hashPassword('platform-pass-1'),
            first_name: 'Платформа',
            last_name: 'Админ',
            phone: '+359888000222',
            address: null,
            role: 'SUPER_ADMIN',
            points: 0,
            accumulated_amount: 0,
            banned: 0,
          })
          .execute();
        const body = { email, password: 'platform-pass-1' };
        const res = await call(ctx, 'POST', '/api/login', body, { client: null, place: null });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().user).toMatchObject({ email, role: 'SUPER_ADMIN', first_name: 'Платформа' });
        // Under a brand the address is unknown: that brand's users only.
        const branded = await call(ctx, 'POST', '/api/login', body, { place: null });
        expect(branded.statusCode).toBe(401);
        expect(branded.json().code).toBe('login_fail');

        const token = res.json().token as string;
        const same = await call(ctx, 'POST', '/api/users/editProfile', {}, { auth: token });
        expect(same.statusCode, same.body).toBe(200);
        expect(same.json().user).toMatchObject({ email, first_name: 'Платформа' });
        const renamed = await call(
          ctx,
          'POST',
          '/api/users/editProfile',
          { first_name: 'Петра' },
          { auth: token },
        );
        expect(renamed.statusCode, renamed.body).toBe(200);
        expect(renamed.json().user).toMatchObject({ email, first_name: 'Петра', role: 'SUPER_ADMIN' });
        const stored = await ctx.db
          .selectFrom('users')
          .select('first_name')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        expect(stored.first_name).toBe('Петра');
      },
    );

    ctx.test(
      "failed logins count per brand: one e-mail's failures under another client do not slow it here",
      async () => {
        ctx.clock.setOverride(new Date('2026-07-01T10:00:00Z'));
        const other = { client: 'other', place: null } as const;
        for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
          const res = await call(
            ctx,
            'POST',
            '/api/login',
            { email: GUEST_EMAIL, password: `no-${i}` },
            other,
          );
          expect(res.statusCode).toBe(401);
        }
        const slowed = await call(
          ctx,
          'POST',
          '/api/login',
          { email: GUEST_EMAIL, password: OTHER_CLIENT_GUEST_PASSWORD },
          other,
        );
        expect(slowed.statusCode).toBe(429);
        const here = await call(ctx, 'POST', '/api/login', { email: GUEST_EMAIL, password: GUEST_PASSWORD });
        expect(here.statusCode, here.body).toBe(200);
      },
    );

    ctx.test(
      "a trusted browser's failures slow only its own account: another account's trusted browser signs in at once",
      async () => {
        ctx.clock.setOverride(new Date('2026-07-02T10:00:00Z'));
        const confirmedA = await call(ctx, 'POST', '/api/users/confirm-email', {
          token: await register(ctx, 'device-a'),
        });
        const confirmedB = await call(ctx, 'POST', '/api/users/confirm-email', {
          token: await register(ctx, 'device-b'),
        });
        const deviceA = deviceOf(confirmedA);
        const deviceB = deviceOf(confirmedB);
        expect(deviceA && deviceB).toBeTruthy();
        const a = newUser('device-a');
        const b = newUser('device-b');
        for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
          const res = await call(
            ctx,
            'POST',
            '/api/login',
            { email: a.email, password: `no-${i}` },
            { device: deviceA },
          );
          expect(res.statusCode).toBe(401);
        }
        const slowed = await call(
          ctx,
          'POST',
          '/api/login',
          { email: a.email, password: a.password },
          { device: deviceA },
        );
        expect(slowed.statusCode).toBe(429);
        const other = await call(
          ctx,
          'POST',
          '/api/login',
          { email: b.email, password: b.password },
          { device: deviceB },
        );
        expect(other.statusCode, other.body).toBe(200);
      },
    );

    ctx.test(
      'a slowed login answers 429 rate_limited in English, with the wait in details and in Retry-After',
      async () => {
        ctx.clock.setOverride(new Date('2026-07-03T10:00:00Z'));
        const email = newUser('slowed').email;
        await call(ctx, 'POST', '/api/users/confirm-email', { token: await register(ctx, 'slowed') });
        for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
          expect((await call(ctx, 'POST', '/api/login', { email, password: `no-${i}` })).statusCode).toBe(
            401,
          );
        }
        const res = await call(ctx, 'POST', '/api/login', { email, password: 'long-enough' });
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.json()).toMatchObject({
          code: 'rate_limited',
          message: 'Too many failed sign-ins. Try again in 1 s, or reset your password.',
          details: [{ path: '', code: 'login_slowed', message: 'Retry after 1 s', retry_after: 1 }],
        });
      },
    );

    ctx.test(
      'a refused registration lists every failing rule, each for the whole body (path "")',
      async () => {
        const res = await call(ctx, 'POST', '/api/register', {
          ...newUser('two-faults'),
          first_name: 'И',
          email: 'not-an-email',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('invalid_name');
        expect(res.json().details).toEqual([
          { path: '', code: 'invalid_name', message: expect.any(String) },
          { path: '', code: 'invalid_email', message: expect.any(String) },
        ]);
      },
    );

    ctx.test(
      "a registration link is bound to its user and its expiry: another user's id, a later expiry or a cut signature confirm nothing",
      async () => {
        const token = await register(ctx, 'bound');
        await register(ctx, 'bound-other');
        const otherId = (
          await ctx.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', newUser('bound-other').email)
            .executeTakeFirstOrThrow()
        ).id;
        const [id, expires, mac] = token.split('.') as [string, string, string];
        for (const forged of [
          `${otherId}.${expires}.${mac}`,
          `${id}.${Number(expires) + 1}.${mac}`,
          `${id}.${expires}.${mac.slice(0, 10)}`,
          `${id}.${expires}`,
          `x${id}.${expires}.${mac}`,
        ]) {
          const res = await call(ctx, 'POST', '/api/users/confirm-email', { token: forged });
          expect(res.statusCode, forged).toBe(400);
          expect(res.json().code, forged).toBe('confirm_token_invalid');
        }
        const login = await call(ctx, 'POST', '/api/login', {
          email: newUser('bound-other').email,
          password: 'long-enough',
        });
        expect(login.json().code).toBe('login_fail');
        const ok = await call(ctx, 'POST', '/api/users/confirm-email', { token });
        expect(ok.statusCode, ok.body).toBe(200);
      },
    );

    ctx.test('a registration link works until 24 hours after it was sent, to the millisecond', async () => {
      const sent = Date.parse('2026-07-04T10:00:00Z');
      ctx.clock.setOverride(new Date(sent));
      const token = await register(ctx, 'ttl');
      const early = await call(ctx, 'POST', '/api/users/confirm-email', {
        token: await register(ctx, 'ttl-early'),
      });
      expect(early.statusCode).toBe(200);
      ctx.clock.setOverride(new Date(sent + 24 * 3_600_000));
      const res = await call(ctx, 'POST', '/api/users/confirm-email', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('confirm_token_invalid');
      ctx.clock.setOverride(new Date(sent + 24 * 3_600_000 - 1));
      expect((await call(ctx, 'POST', '/api/users/confirm-email', { token })).statusCode).toBe(200);
    });

    ctx.test(
      'the account e-mails name the venue by its name; following a link twice welcomes once and signs in twice',
      async () => {
        const name = await placeName(ctx, 'bistro');
        const user = newUser('venue-name');
        const token = await register(ctx, 'venue-name');
        const [confirmMail] = await mailsTagged(ctx, user.email, 'confirm_email');
        expect(confirmMail?.text).toContain(name);
        for (let i = 0; i < 2; i++) {
          const res = await call(ctx, 'POST', '/api/users/confirm-email', { token });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().user).toMatchObject({ email: user.email, first_name: 'Иван' });
        }
        const welcome = await mailsTagged(ctx, user.email, 'welcome');
        expect(welcome).toHaveLength(1);
        expect(welcome[0]?.text).toContain(name);
        await new Promise((r) => setTimeout(r, 100));
        expect(await mailsTagged(ctx, user.email, 'welcome')).toHaveLength(1);

        const again = await call(ctx, 'POST', '/api/register', user);
        expect(again.statusCode).toBe(202);
        const [exists] = await mailsTagged(ctx, user.email, 'account_exists');
        expect(exists?.text).toContain(name);
        await call(ctx, 'POST', '/api/users/reset-password', { email: user.email });
        const [reset] = await mailsTagged(ctx, user.email, 'password_reset');
        expect(reset?.text).toContain(name);
      },
    );

    ctx.test(
      'a reset link is stored only as the SHA-256 of its token; using one retires the others sent before',
      async () => {
        const user = newUser('reset-retire');
        await call(ctx, 'POST', '/api/users/confirm-email', { token: await register(ctx, 'reset-retire') });
        await call(ctx, 'POST', '/api/users/reset-password', { email: user.email });
        await call(ctx, 'POST', '/api/users/reset-password', { email: user.email });
        const mails = await mailsTagged(ctx, user.email, 'password_reset', 2);
        const [first, second] = mails.map((m) => linkToken(m, 'reset-password'));
        const hashes = await ctx.db
          .selectFrom('password_reset_tokens')
          .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
          .select('token_hash')
          .where('users.email', '=', user.email)
          .execute();
        expect(hashes.map((h) => h.token_hash).sort()).toEqual(
          [first!, second!].map((t) => createHash('sha256').update(t).digest('hex')).sort(),
        );
        const done = await call(ctx, 'POST', '/api/users/reset-password/confirm', {
          token: second,
          password: 'second-pass-1',
        });
        expect(done.statusCode, done.body).toBe(200);
        const retired = await call(ctx, 'POST', '/api/users/reset-password/confirm', {
          token: first,
          password: 'first-pass-1',
        });
        expect(retired.statusCode).toBe(400);
        expect(retired.json().code).toBe('reset_token_invalid');
        expect(
          (await call(ctx, 'POST', '/api/login', { email: user.email, password: 'second-pass-1' }))
            .statusCode,
        ).toBe(200);
      },
    );

    ctx.test(
      'two confirmations of one reset link at once: one sets its password, the other is refused',
      async () => {
        const user = newUser('reset-race');
        await call(ctx, 'POST', '/api/users/confirm-email', { token: await register(ctx, 'reset-race') });
        await call(ctx, 'POST', '/api/users/reset-password', { email: user.email });
        const token = linkToken((await mailsTagged(ctx, user.email, 'password_reset'))[0], 'reset-password');
        const answers = await Promise.all(
          ['race-pass-one', 'race-pass-two'].map((password) =>
            call(ctx, 'POST', '/api/users/reset-password/confirm', { token, password }),
          ),
        );
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
        const winner = answers[0]!.statusCode === 200 ? 'race-pass-one' : 'race-pass-two';
        const loser = winner === 'race-pass-one' ? 'race-pass-two' : 'race-pass-one';
        expect(
          (await call(ctx, 'POST', '/api/login', { email: user.email, password: winner })).statusCode,
        ).toBe(200);
        expect(
          (await call(ctx, 'POST', '/api/login', { email: user.email, password: loser })).statusCode,
        ).toBe(401);
      },
    );
    ctx.test(
      'a place-level staff account reaches the staff calls of the places it is assigned to, not the others',
      async () => {
        const login = await call(ctx, 'POST', '/api/login', {
          email: roleEmail('WAITER'),
          password: STAFF_PASSWORD,
        });
        expect(login.statusCode, login.body).toBe(200);
        const auth = login.json().token as string;
        const own = await call(ctx, 'GET', '/api/staff/bookings?date=2026-07-01', undefined, { auth });
        expect(own.statusCode, own.body).toBe(200);
        const other = await call(ctx, 'GET', '/api/staff/bookings?date=2026-07-01', undefined, {
          auth,
          place: 'acclab',
        });
        expect(other.statusCode).toBe(403);
        expect(other.json()).toMatchObject({
          code: 'forbidden',
          message: 'You do not have access to this place',
        });
      },
    );
  },
  { setup: seedAccounts },
);
