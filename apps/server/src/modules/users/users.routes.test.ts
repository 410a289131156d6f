/**
 * Accounts API through the real app on SQLite and PostgreSQL: every call's happy path and errors (spec §4, §7, §8),
 * the password-reset journey through the outbox with the test clock, token lifetimes, and tenant isolation.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { describeEachDatabase, type RequestOptions, type TestContext } from '../../../test/harness.ts';
import { insertPlaceOf, insertProduct, setSetting } from '../../../test/fixtures.ts';
import {
  GUEST_EMAIL,
  GUEST_PASSWORD,
  OTHER_CLIENT_GUEST_PASSWORD,
  STAFF_PASSWORD,
  nextIp,
  roleEmail,
  seedAccounts,
  userId,
} from '../../../test/accounts.fixtures.ts';

type Opts = RequestOptions & { auth?: string; ip?: string };

function call(ctx: TestContext, method: 'GET' | 'POST', url: string, body?: unknown, opts: Opts = {}) {
  const { auth, ip, headers, ...rest } = opts;
  return ctx.request(method, url, {
    ...rest,
    ...(body !== undefined ? { body } : {}),
    headers: {
      'x-forwarded-for': ip ?? nextIp(),
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      ...headers,
    },
  });
}

async function login(ctx: TestContext, email: string, password: string, opts: Opts = {}): Promise<string> {
  const res = await call(ctx, 'POST', '/api/login', { email, password }, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

async function isValid(ctx: TestContext, token: string, opts: Opts = {}): Promise<boolean> {
  const res = await call(ctx, 'POST', '/api/users/validate', undefined, { ...opts, auth: token });
  expect(res.statusCode).toBe(200);
  return res.json() as boolean;
}

interface OutboxMail {
  id: string;
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

function resetTokenOf(mail: OutboxMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link in ${mail.text}`);
  return match[1];
}

/** The confirmation link's token in the newest registration mail to `to`. */
async function confirmTokenOf(ctx: TestContext, to: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const mail = (await outbox(ctx, to)).find((m) => m.tag === 'confirm_email');
    const match = mail && /\/confirm-email\?token=([A-Za-z0-9._-]+)/.exec(mail.text);
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no confirmation mail to ${to}`);
}

/** Registers and follows the mailed link: the confirmation's answer (a token and the user, like login). */
async function registerConfirmed(ctx: TestContext, body: Record<string, unknown>, opts: Opts = {}) {
  const reg = await call(ctx, 'POST', '/api/register', body, opts);
  expect(reg.statusCode, reg.body).toBe(202);
  const token = await confirmTokenOf(ctx, String(body.email).toLowerCase());
  const res = await call(ctx, 'POST', '/api/users/confirm-email', { token }, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

let orderSeq = 0;
async function insertOrder(
  ctx: TestContext,
  values: { placeId: number; userId: number | null; createdAt: string; status?: string; total?: number },
): Promise<number> {
  orderSeq += 1;
  const row = await ctx.db
    .insertInto('orders')
    .values({
      place_id: values.placeId,
      key: `acc-${ctx.dialect}-${orderSeq}`,
      token: `acc-token-${orderSeq}`,
      type: 2,
      status: values.status ?? 'ordered',
      table_id: null,
      room_number: null,
      user_id: values.userId,
      client_name: 'Гост Иванова',
      client_phone: '+359888000111',
      client_email: GUEST_EMAIL,
      client_address: `ул. Витоша ${orderSeq} / ет. 2`,
      street_number: String(orderSeq),
      floor_number: '2',
      ap_number: '5',
      bell_number: '5',
      entrance_number: 'A',
      postal_code: null,
      region_id: null,
      delivery_radius_id: null,
      delivery_shape_id: null,
      lat: null,
      lng: null,
      requested_time: null,
      exact_time_selected: 0,
      payment_method: 'cash',
      payment_status: 'none',
      cutlery: 0,
      count_cutlery: 0,
      additional_order_type: null,
      pickup_place_id: null,
      promo_code: null,
      order_comment: null,
      subtotal: values.total ?? 1000,
      discount_total: 0,
      delivery_fee: 0,
      box_fee: 0,
      cutlery_fee: 0,
      payment_fee: 0,
      accumulated_amount_used: 0,
      total: values.total ?? 1000,
      currency: 'EUR',
      breakdown: '{}',
      bill_wanted: 0,
      bill_payment_method: null,
      device_id: null,
      dedupe_hash: null,
      created_at: values.createdAt,
      updated_at: values.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const newUser = (n: string) => ({
  first_name: 'Иван',
  last_name: 'Петров',
  email: `new-${n}@accounts.test`,
  phone: '+359 888 123 456',
  password: 'long-enough',
});

describeEachDatabase(
  'accounts API',
  (ctx) => {
    afterEach(() => ctx.clock.setOverride(null));

    // ---- POST login ----------------------------------------------------------------------------------------
    ctx.test('login answers a token and the user without the password hash', async () => {
      const res = await call(ctx, 'POST', '/api/login', {
        email: GUEST_EMAIL.toUpperCase(),
        password: GUEST_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.user).toMatchObject({ email: GUEST_EMAIL, first_name: 'Гост', role: 'USER', points: 0 });
      expect(JSON.stringify(body)).not.toContain('password');
    });

    ctx.test(
      'login failure is 401 login_fail for a wrong password and for an unknown e-mail alike',
      async () => {
        for (const body of [
          { email: GUEST_EMAIL, password: 'wrong-password' },
          { email: 'nobody@accounts.test', password: GUEST_PASSWORD },
        ]) {
          const res = await call(ctx, 'POST', '/api/login', body);
          expect(res.statusCode).toBe(401);
          expect(res.json()).toMatchObject({
            code: 'login_fail',
            message: 'Login failed: Invalid credentials',
          });
        }
      },
    );

    ctx.test('login with a malformed body is a 400', async () => {
      const res = await call(ctx, 'POST', '/api/login', { email: GUEST_EMAIL });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
    });

    ctx.test('staff log in through the same call and the answer carries the role', async () => {
      const res = await call(ctx, 'POST', '/api/login', {
        email: roleEmail('WAITER'),
        password: STAFF_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe('WAITER');
      const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ role: 'WAITER', sub: expect.any(String), clientId: expect.any(Number) });
    });

    ctx.test('a banned account cannot log in (403 user_banned) and its tokens stop working', async () => {
      const email = 'banned@accounts.test';
      const reg = await registerConfirmed(ctx, { ...newUser('banned'), email });
      const token = reg.json().token as string;
      await ctx.db.updateTable('users').set({ banned: 1 }).where('email', '=', email).execute();
      const res = await call(ctx, 'POST', '/api/login', { email, password: 'long-enough' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('user_banned');
      expect(await isValid(ctx, token)).toBe(false);
    });

    ctx.test(
      'five failed logins slow the account down (no lock): the right password after the wait',
      async () => {
        const email = roleEmail('PDF_MENU_ADMIN');
        ctx.clock.setOverride(new Date('2026-03-02T10:00:00Z'));
        for (let i = 0; i < 5; i++) {
          const res = await call(ctx, 'POST', '/api/login', { email, password: `wrong-${i}` });
          expect(res.statusCode).toBe(401);
        }
        const slowed = await call(ctx, 'POST', '/api/login', { email, password: STAFF_PASSWORD });
        expect(slowed.statusCode).toBe(429);
        expect(slowed.json().code).toBe('rate_limited');
        ctx.clock.setOverride(new Date('2026-03-02T10:00:01Z'));
        const res = await call(ctx, 'POST', '/api/login', { email, password: STAFF_PASSWORD });
        expect(res.statusCode).toBe(200);
      },
    );

    ctx.test('login is limited per IP: the 21st attempt within a minute is a 429', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i++) {
        const res = await call(
          ctx,
          'POST',
          '/api/login',
          { email: `x${i}@accounts.test`, password: 'whatever' },
          { ip },
        );
        expect(res.statusCode).toBe(401);
      }
      const res = await call(
        ctx,
        'POST',
        '/api/login',
        { email: GUEST_EMAIL, password: GUEST_PASSWORD },
        { ip },
      );
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('rate_limited');
    });

    // ---- POST register -------------------------------------------------------------------------------------
    ctx.test(
      'register: 202 and a confirmation mail; no sign-in until its link, which signs in (issue 23 #10)',
      async () => {
        const email = 'new-ok@accounts.test';
        const body = { ...newUser('ok'), address: 'ул. Шипка 5' };
        const res = await call(ctx, 'POST', '/api/register', body);
        expect(res.statusCode, res.body).toBe(202);
        expect(res.json()).toEqual({
          code: 'registration_email_sent',
          message: expect.stringContaining('Изпратихме имейл'),
        });
        // Unconfirmed: the right password fails like a wrong one.
        const early = await call(ctx, 'POST', '/api/login', { email, password: 'long-enough' });
        expect(early.statusCode).toBe(401);
        expect(early.json().code).toBe('login_fail');
        const token = await confirmTokenOf(ctx, email);
        // An altered link is refused.
        const altered = await call(ctx, 'POST', '/api/users/confirm-email', {
          token: `${token.slice(0, -1)}x`,
        });
        expect(altered.statusCode).toBe(400);
        expect(altered.json().code).toBe('confirm_token_invalid');
        const confirmed = await call(ctx, 'POST', '/api/users/confirm-email', { token });
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        expect(confirmed.json().user).toMatchObject({
          first_name: 'Иван',
          email,
          phone: '+359 888 123 456',
          address: 'ул. Шипка 5',
          role: 'USER',
        });
        expect(confirmed.cookies.some((c) => c.name === 'trapeza_device')).toBe(true);
        expect(await isValid(ctx, confirmed.json().token)).toBe(true);
        await login(ctx, email, 'long-enough');
        const row = await ctx.db
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        expect(row.password_hash).toMatch(/^\$argon2id\$/);
        let welcome: OutboxMail | undefined;
        for (let i = 0; i < 40 && !welcome; i++) {
          welcome = (await outbox(ctx, email)).find((m) => m.tag === 'welcome');
          if (!welcome) await new Promise((r) => setTimeout(r, 25));
        }
        expect(welcome).toMatchObject({ subject: expect.stringContaining('Добре дошли') });
        expect(welcome?.text).toContain('/bistro/profile');
      },
    );

    ctx.test(
      'the confirmation link expires after 24 hours; registering again ends the older link',
      async () => {
        const email = 'new-expiry@accounts.test';
        ctx.clock.setOverride(new Date('2026-05-10T08:00:00Z'));
        await call(ctx, 'POST', '/api/register', { ...newUser('exp'), email });
        const first = await confirmTokenOf(ctx, email);
        ctx.clock.setOverride(new Date('2026-05-11T08:00:01Z'));
        const late = await call(ctx, 'POST', '/api/users/confirm-email', { token: first });
        expect(late.json().code).toBe('confirm_token_invalid');
        await call(ctx, 'POST', '/api/register', { ...newUser('exp'), email, password: 'another-password' });
        let second = first;
        for (let i = 0; i < 40 && second === first; i++) second = await confirmTokenOf(ctx, email);
        expect(second).not.toBe(first);
        expect((await call(ctx, 'POST', '/api/users/confirm-email', { token: first })).statusCode).toBe(400);
        expect((await call(ctx, 'POST', '/api/users/confirm-email', { token: second })).statusCode).toBe(200);
        await login(ctx, email, 'another-password');
        ctx.clock.setOverride(null);
      },
    );

    ctx.test(
      'register answers the same for a taken e-mail (no enumeration): its owner gets a notice, nothing changes',
      async () => {
        const fresh = await call(ctx, 'POST', '/api/register', {
          ...newUser('free'),
          email: 'free@accounts.test',
        });
        const taken = await call(ctx, 'POST', '/api/register', {
          ...newUser('dup'),
          email: GUEST_EMAIL.toUpperCase(),
          password: 'attacker-password',
        });
        expect(taken.statusCode).toBe(fresh.statusCode);
        expect(taken.json()).toEqual(fresh.json());
        let notice: OutboxMail | undefined;
        for (let i = 0; i < 40 && !notice; i++) {
          notice = (await outbox(ctx, GUEST_EMAIL)).find((m) => m.tag === 'account_exists');
          if (!notice) await new Promise((r) => setTimeout(r, 25));
        }
        expect(notice?.text).toContain('/bistro');
        expect(notice?.text).not.toContain('confirm-email');
        // The owner's password is untouched; the attacker's does not sign in.
        await login(ctx, GUEST_EMAIL, GUEST_PASSWORD);
        const attacker = await call(ctx, 'POST', '/api/login', {
          email: GUEST_EMAIL,
          password: 'attacker-password',
        });
        expect(attacker.json().code).toBe('login_fail');
      },
    );

    ctx.test('register refuses address lists and other non-mailbox e-mails (400 invalid_email)', async () => {
      for (const email of [
        'a,victim@demo.test',
        'x <victim@demo.test>',
        'a;b@demo.test',
        '"a b"@demo.test',
      ]) {
        const res = await call(ctx, 'POST', '/api/register', { ...newUser('list'), email });
        expect(res.statusCode, email).toBe(400);
        expect(res.json().code).toBe('invalid_email');
      }
    });

    for (const [field, value, code] of [
      ['first_name', 'Ив', 'invalid_name'],
      ['last_name', 'x'.repeat(41), 'invalid_name'],
      ['email', 'not-an-email', 'invalid_email'],
      ['phone', '12', 'invalid_phone'],
      ['password', 'seven77', 'invalid_password'],
    ] as const) {
      ctx.test(`register validates ${field} (spec §5) → 400 ${code}`, async () => {
        const res = await call(ctx, 'POST', '/api/register', { ...newUser(`bad-${field}`), [field]: value });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(code);
        expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ code })]));
      });
    }

    ctx.test('register without the place header is a 400 missing_place', async () => {
      const res = await call(ctx, 'POST', '/api/register', newUser('noplace'), { place: null });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('missing_place');
    });

    // ---- POST users/reset-password + confirm ---------------------------------------------------------------
    ctx.test(
      'reset journey: request → e-mail with link → confirm → new password works, old does not',
      async () => {
        const email = 'reset-journey@accounts.test';
        await registerConfirmed(ctx, { ...newUser('reset'), email });
        const oldToken = await login(ctx, email, 'long-enough');
        const res = await call(
          ctx,
          'POST',
          '/api/users/reset-password',
          { email },
          { headers: { lang: 'en' } },
        );
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          code: 'reset_password_sent',
          message: 'If a profile with this e-mail exists, we have sent password reset instructions.',
        });
        const [mail] = await outbox(ctx, email);
        expect(mail).toMatchObject({ to: email, subject: 'Reset your password', tag: 'password_reset' });
        expect(mail?.text).toContain(`${ctx.config.publicUrl}/bistro/reset-password?token=`);
        const token = resetTokenOf(mail as OutboxMail);
        // Only a hash is stored.
        const stored = await ctx.db.selectFrom('password_reset_tokens').select('token_hash').execute();
        expect(stored.map((s) => s.token_hash)).not.toContain(token);

        const confirm = await call(ctx, 'POST', '/api/users/reset-password/confirm', {
          token,
          password: 'brand-new-pass',
        });
        expect(confirm.statusCode, confirm.body).toBe(200);
        expect(confirm.json().code).toBe('password_reset_done');
        await login(ctx, email, 'brand-new-pass');
        const old = await call(ctx, 'POST', '/api/login', { email, password: 'long-enough' });
        expect(old.statusCode).toBe(401);
        // Sessions from before the reset end.
        expect(await isValid(ctx, oldToken)).toBe(false);

        const again = await call(ctx, 'POST', '/api/users/reset-password/confirm', {
          token,
          password: 'another-pass-2',
        });
        expect(again.statusCode).toBe(400);
        expect(again.json().code).toBe('reset_token_invalid');
      },
    );

    ctx.test('reset answers the same for an unknown e-mail and sends nothing', async () => {
      const known = await call(ctx, 'POST', '/api/users/reset-password', { email: GUEST_EMAIL });
      const unknown = await call(ctx, 'POST', '/api/users/reset-password', { email: 'ghost@accounts.test' });
      const malformed = await call(ctx, 'POST', '/api/users/reset-password', { email: 'not an e-mail' });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      expect(malformed.json()).toEqual(known.json());
      expect(await outbox(ctx, 'ghost@accounts.test')).toEqual([]);
      expect((await outbox(ctx, GUEST_EMAIL)).length).toBeGreaterThan(0);
    });

    ctx.test('the reset link expires after 1 hour (test clock)', async () => {
      const email = 'reset-expiry@accounts.test';
      await registerConfirmed(ctx, { ...newUser('expiry'), email });
      ctx.clock.setOverride(new Date('2026-05-10T08:00:00Z'));
      await call(ctx, 'POST', '/api/users/reset-password', { email });
      const first = resetTokenOf((await outbox(ctx, email))[0] as OutboxMail);
      ctx.clock.setOverride(new Date('2026-05-10T08:59:00Z'));
      await call(ctx, 'POST', '/api/users/reset-password', { email });
      const second = resetTokenOf((await outbox(ctx, email))[0] as OutboxMail);
      expect(second).not.toBe(first);

      ctx.clock.setOverride(new Date('2026-05-10T09:00:00Z'));
      const expired = await call(ctx, 'POST', '/api/users/reset-password/confirm', {
        token: first,
        password: 'new-pass-123',
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('reset_token_invalid');
      const ok = await call(ctx, 'POST', '/api/users/reset-password/confirm', {
        token: second,
        password: 'new-pass-123',
      });
      expect(ok.statusCode).toBe(200);
    });

    ctx.test(
      'reset e-mails follow the language: lang header, Accept-Language, Bulgarian by default',
      async () => {
        const email = roleEmail('SALES_ADMIN');
        await call(ctx, 'POST', '/api/users/reset-password', { email }, { headers: { lang: 'de' } });
        expect((await outbox(ctx, email))[0]?.subject).toBe('Passwort zurücksetzen');
        await call(
          ctx,
          'POST',
          '/api/users/reset-password',
          { email },
          { headers: { 'accept-language': 'fr-CH,fr;q=0.9' } },
        );
        expect((await outbox(ctx, email))[0]?.subject).toBe('Réinitialiser votre mot de passe');
        await call(ctx, 'POST', '/api/users/reset-password', { email });
        const bg = (await outbox(ctx, email))[0];
        expect(bg?.subject).toBe('Смяна на парола');
        expect(bg?.text).toContain('Връзката важи 1 час');
        // Each message is also on disk, in outbox.mbox and outbox.jsonl (written after the answer: poll briefly).
        const dir = join(ctx.dataDir, 'outbox');
        const onDisk = () =>
          ['outbox.mbox', 'outbox.jsonl'].every(
            (f) => existsSync(join(dir, f)) && readFileSync(join(dir, f), 'utf8').includes(bg!.id),
          );
        for (let i = 0; i < 40 && !onDisk(); i++) await new Promise((r) => setTimeout(r, 25));
        expect(onDisk()).toBe(true);
        // A fourth request for the same account within 15 minutes gets the same answer but no mail (never a 429
        // per account: an attacker cannot block the owner's reset; login-throttle.routes.test.ts).
        const before = (await outbox(ctx, email)).length;
        const capped = await call(ctx, 'POST', '/api/users/reset-password', { email });
        expect(capped.statusCode).toBe(200);
        expect((await outbox(ctx, email)).length).toBe(before);
      },
    );

    ctx.test('confirm rejects an unknown token and a too-short password', async () => {
      const unknown = await call(ctx, 'POST', '/api/users/reset-password/confirm', {
        token: 'x'.repeat(43),
        password: 'long-enough',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('reset_token_invalid');
      const email = 'reset-short@accounts.test';
      await registerConfirmed(ctx, { ...newUser('short'), email });
      await call(ctx, 'POST', '/api/users/reset-password', { email });
      const token = resetTokenOf((await outbox(ctx, email))[0] as OutboxMail);
      const short = await call(ctx, 'POST', '/api/users/reset-password/confirm', {
        token,
        password: 'short',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().code).toBe('invalid_password');
      // The token was not used up by the failed attempt.
      const ok = await call(ctx, 'POST', '/api/users/reset-password/confirm', {
        token,
        password: 'long-enough-2',
      });
      expect(ok.statusCode).toBe(200);
    });

    ctx.test('a reset token of one client does not work under another', async () => {
      await call(
        ctx,
        'POST',
        '/api/users/reset-password',
        { email: GUEST_EMAIL },
        { client: 'other', place: 'elsewhere' },
      );
      const mails = await outbox(ctx, GUEST_EMAIL);
      const mail = mails.find((m) => m.text.includes('/elsewhere/reset-password'));
      const token = resetTokenOf(mail as OutboxMail);
      const res = await call(ctx, 'POST', '/api/users/reset-password/confirm', {
        token,
        password: 'hijack-pass',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('reset_token_invalid');
    });

    // ---- POST users/editProfile ----------------------------------------------------------------------------
    ctx.test('editProfile changes names, phone and address and answers a fresh token', async () => {
      const reg = await registerConfirmed(ctx, newUser('edit'));
      const res = await call(
        ctx,
        'POST',
        '/api/users/editProfile',
        { first_name: 'Георги', phone: '0888 765 432', address: 'бул. България 1' },
        { auth: reg.json().token },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({
        first_name: 'Георги',
        last_name: 'Петров',
        phone: '0888 765 432',
        address: 'бул. България 1',
      });
      expect(await isValid(ctx, res.json().token)).toBe(true);
      // Nothing to change (found by bench/fuzz: an empty update was an SQL syntax error, 500): the profile as is.
      const none = await call(ctx, 'POST', '/api/users/editProfile', {}, { auth: res.json().token });
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json().user).toMatchObject({ first_name: 'Георги' });
    });

    ctx.test(
      'editProfile errors: 401 without token, 400 invalid field, 403 without current password',
      async () => {
        const reg = await registerConfirmed(ctx, newUser('edit-err'));
        const token = reg.json().token as string;
        const anon = await call(ctx, 'POST', '/api/users/editProfile', { first_name: 'Георги' });
        expect(anon.statusCode).toBe(401);
        expect(anon.json().code).toBe('unauthorized');
        const bad = await call(ctx, 'POST', '/api/users/editProfile', { phone: 'abc' }, { auth: token });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().code).toBe('invalid_phone');
        const noCurrent = await call(
          ctx,
          'POST',
          '/api/users/editProfile',
          { password: 'next-password' },
          { auth: token },
        );
        expect(noCurrent.statusCode).toBe(403);
        expect(noCurrent.json().code).toBe('current_password_invalid');
        const wrongCurrent = await call(
          ctx,
          'POST',
          '/api/users/editProfile',
          { email: 'moved@accounts.test', current_password: 'not-it-at-all' },
          { auth: token },
        );
        expect(wrongCurrent.statusCode).toBe(403);
        const taken = await call(
          ctx,
          'POST',
          '/api/users/editProfile',
          { email: GUEST_EMAIL, current_password: 'long-enough' },
          { auth: token },
        );
        expect(taken.statusCode).toBe(409);
        expect(taken.json().code).toBe('email_taken');
      },
    );

    ctx.test(
      "editProfile checks each field it changes, saves the last name and the address trimmed (blank: none), applies the venue's phone pattern; the same e-mail in other letters and an empty password change nothing that needs the current password",
      async () => {
        const user = newUser('edit-fields');
        const reg = await registerConfirmed(ctx, user);
        const token = reg.json().token as string;
        const edit = (body: Record<string, unknown>) =>
          call(ctx, 'POST', '/api/users/editProfile', body, { auth: token });
        // Each field alone, invalid: refused before anything else, even with the right current password.
        for (const body of [
          { first_name: 'И' },
          { last_name: 'И' },
          { email: 'not-an-email', current_password: user.password },
          { password: 'short', current_password: user.password },
        ]) {
          const res = await edit(body);
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          expect(res.json().code, JSON.stringify(body)).not.toBe('current_password_invalid');
        }
        await login(ctx, user.email, user.password);

        const last = await edit({ last_name: 'Иванова', address: '  ул. Шипка 2  ' });
        expect(last.statusCode, last.body).toBe(200);
        expect(last.json().user).toMatchObject({
          first_name: 'Иван',
          last_name: 'Иванова',
          address: 'ул. Шипка 2',
        });
        // Not a change of e-mail or password, so no current password is asked for; the address not sent stays.
        const same = await edit({ email: user.email.toUpperCase(), password: '', first_name: 'Петя' });
        expect(same.statusCode, same.body).toBe(200);
        expect(same.json().user).toMatchObject({
          first_name: 'Петя',
          email: user.email,
          address: 'ул. Шипка 2',
        });
        await login(ctx, user.email, user.password);
        const blank = await edit({ address: '   ' });
        expect(blank.statusCode, blank.body).toBe(200);
        expect(blank.json().user).toMatchObject({ last_name: 'Иванова', address: null });

        const bistro = await ctx.placeId('bistro');
        await setSetting(ctx.db, bistro, 'validate_phone_number_regex', '^\\+49\\d{9,11}$');
        try {
          const bg = await edit({ phone: '+359888765432' });
          expect(bg.statusCode, bg.body).toBe(400);
          expect(bg.json().code).toBe('invalid_phone');
          const de = await edit({ phone: '+4915112345678' });
          expect(de.statusCode, de.body).toBe(200);
          expect(de.json().user.phone).toBe('+4915112345678');
          // Registration asks the same pattern.
          const other = newUser('edit-fields-pattern');
          const refused = await call(ctx, 'POST', '/api/register', other);
          expect(refused.statusCode, refused.body).toBe(400);
          expect(refused.json().code).toBe('invalid_phone');
          const taken = await call(ctx, 'POST', '/api/register', { ...other, phone: '+4915112345678' });
          expect(taken.statusCode, taken.body).toBe(202);
        } finally {
          await ctx.db
            .deleteFrom('settings')
            .where('place_id', '=', bistro)
            .where('key', '=', 'validate_phone_number_regex')
            .execute();
        }
      },
    );

    ctx.test(
      'editProfile changes e-mail and password with the current password; older tokens end',
      async () => {
        const reg = await registerConfirmed(ctx, newUser('edit-pw'));
        const oldToken = reg.json().token as string;
        const res = await call(
          ctx,
          'POST',
          '/api/users/editProfile',
          { email: 'edited-pw@accounts.test', password: 'second-password', current_password: 'long-enough' },
          { auth: oldToken },
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().user.email).toBe('edited-pw@accounts.test');
        expect(await isValid(ctx, oldToken)).toBe(false);
        expect(await isValid(ctx, res.json().token)).toBe(true);
        await login(ctx, 'edited-pw@accounts.test', 'second-password');
      },
    );

    // ---- POST users/validate -------------------------------------------------------------------------------
    ctx.test(
      'validate: true for a live token; false for none, garbage, tampered and expired tokens',
      async () => {
        const token = await login(ctx, GUEST_EMAIL, GUEST_PASSWORD);
        expect(await isValid(ctx, token)).toBe(true);
        const none = await call(ctx, 'POST', '/api/users/validate');
        // Spec §7: the bare JSON `false`, which a spec client reads as "log out" (an object would read as true).
        expect(none.body).toBe('false');
        expect(await isValid(ctx, 'not.a.token')).toBe(false);
        const [h, p, s] = token.split('.') as [string, string, string];
        const forged = Buffer.from(
          JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), role: 'SUPER_ADMIN' }),
        ).toString('base64url');
        expect(await isValid(ctx, `${h}.${forged}.${s}`)).toBe(false);
      },
    );

    ctx.test('guest tokens last 30 days, staff tokens 12 hours (test clock)', async () => {
      ctx.clock.setOverride(new Date('2026-06-01T12:00:00Z'));
      const guest = await login(ctx, GUEST_EMAIL, GUEST_PASSWORD);
      const staff = await login(ctx, roleEmail('CLIENT_ADMIN'), STAFF_PASSWORD);
      ctx.clock.setOverride(new Date('2026-06-02T00:30:00Z'));
      expect(await isValid(ctx, guest)).toBe(true);
      expect(await isValid(ctx, staff)).toBe(false);
      ctx.clock.setOverride(new Date('2026-07-01T12:00:01Z'));
      expect(await isValid(ctx, guest)).toBe(false);
    });

    // ---- GET users/orders ----------------------------------------------------------------------------------
    ctx.test(
      "users/orders lists the user's orders at this place, newest first, with the §3 columns",
      async () => {
        const guestId = await userId(ctx.db, GUEST_EMAIL);
        const lab = await ctx.placeId('acclab');
        const bistro = await ctx.placeId('bistro');
        const productId = await insertProduct(
          ctx.db,
          lab,
          { slug: `acc-soup-${ctx.dialect}`, name: 'Супа' },
          { price: 450 },
        );
        const variant = await ctx.db
          .selectFrom('product_variants')
          .select('id')
          .where('product_id', '=', productId)
          .executeTakeFirstOrThrow();
        const older = await insertOrder(ctx, {
          placeId: lab,
          userId: guestId,
          createdAt: '2026-01-01T10:00:00.000Z',
          status: 'paid',
        });
        const newer = await insertOrder(ctx, {
          placeId: lab,
          userId: guestId,
          createdAt: '2026-01-02T10:00:00.000Z',
          total: 900,
        });
        await ctx.db
          .insertInto('order_lines')
          .values({
            order_id: newer,
            product_id: productId,
            variant_id: variant.id,
            name: 'Супа',
            size: '300 г',
            quantity: 2,
            unit_price: 450,
            box_fee: 0,
            discount: 0,
            line_total: 900,
            comment: null,
            category_id: null,
          })
          .execute();
        await insertOrder(ctx, { placeId: bistro, userId: guestId, createdAt: '2026-01-03T10:00:00.000Z' });
        await insertOrder(ctx, { placeId: lab, userId: null, createdAt: '2026-01-04T10:00:00.000Z' });

        const token = await login(ctx, GUEST_EMAIL, GUEST_PASSWORD);
        const res = await call(ctx, 'GET', '/api/users/orders', undefined, { place: 'acclab', auth: token });
        expect(res.statusCode, res.body).toBe(200);
        const list = res.json() as Array<Record<string, unknown>>;
        expect(list.map((o) => o.id)).toEqual([newer, older]);
        expect(list[0]).toMatchObject({
          created_at: '2026-01-02T10:00:00.000Z',
          products: [
            {
              product_id: productId,
              variant_id: variant.id,
              name: 'Супа',
              size: '300 г',
              quantity: 2,
              line_total: 9, // the venue currency on the wire (issue 25 #1): 900 minor units
            },
          ],
          type: 2,
          total: 9,
          payment_method: 'cash',
          status: 'ordered',
          address: expect.stringContaining('ул. Витоша'),
          client_name: 'Гост Иванова',
          client_phone: '+359888000111',
          client_email: GUEST_EMAIL,
        });
        expect(list[1]?.status).toBe('paid');

        const anon = await call(ctx, 'GET', '/api/users/orders', undefined, { place: 'acclab' });
        expect(anon.statusCode).toBe(401);
        const staff = await login(ctx, roleEmail('CLIENT_ADMIN'), STAFF_PASSWORD);
        const none = await call(ctx, 'GET', '/api/users/orders', undefined, { place: 'acclab', auth: staff });
        expect(none.json()).toEqual([]);
      },
    );

    // ---- GET check-registered-user-discount ----------------------------------------------------------------
    ctx.test(
      'check-registered-user-discount: due when on_order_number = orders + 1; null otherwise',
      async () => {
        const lab = await ctx.placeId('acclab-nopay');
        await ctx.db
          .insertInto('user_discounts')
          .values([
            { place_id: lab, on_order_number: 2, discount_type: 'percent', discount_amount: 10, active: 1 },
            { place_id: lab, on_order_number: 3, discount_type: 'money', discount_amount: 500, active: 0 },
          ])
          .execute();
        const reg = await registerConfirmed(ctx, newUser('discount'));
        const token = reg.json().token as string;
        const id = reg.json().user.id as number;
        const ask = () =>
          call(ctx, 'GET', '/api/check-registered-user-discount', undefined, {
            place: 'acclab-nopay',
            auth: token,
          });

        expect((await ask()).json()).toBeNull();
        await insertOrder(ctx, { placeId: lab, userId: id, createdAt: '2026-02-01T10:00:00.000Z' });
        const due = await ask();
        expect(due.statusCode).toBe(200);
        expect(due.json()).toEqual({
          on_order_number: 2,
          discount_type: 'percent',
          discount_amount: 10,
          orders_count: 1,
        });
        // Rejected orders do not count; an inactive discount is never due.
        await insertOrder(ctx, {
          placeId: lab,
          userId: id,
          createdAt: '2026-02-02T10:00:00.000Z',
          status: 'rejected',
        });
        expect((await ask()).json()).toMatchObject({ orders_count: 1 });
        await insertOrder(ctx, { placeId: lab, userId: id, createdAt: '2026-02-03T10:00:00.000Z' });
        expect((await ask()).json()).toBeNull();

        const anon = await call(ctx, 'GET', '/api/check-registered-user-discount', undefined, {
          place: 'acclab-nopay',
        });
        expect(anon.statusCode).toBe(200);
        expect(anon.json()).toBeNull();
        // A bad token on a public call is an anonymous visit, not an error.
        const garbage = await call(ctx, 'GET', '/api/check-registered-user-discount', undefined, {
          place: 'acclab-nopay',
          auth: 'a.b.c',
        });
        expect(garbage.statusCode).toBe(200);
      },
    );

    ctx.test(
      "check-registered-user-discount: only this place's orders count and only its own discounts apply; a money discount is answered as money",
      async () => {
        const [a, b, c] = await Promise.all(
          ['a', 'b', 'c'].map((x) => insertPlaceOf(ctx.db, 'demo', `disc-${x}`, { orderTypes: [2] })),
        );
        await ctx.db
          .insertInto('user_discounts')
          .values([
            { place_id: a!, on_order_number: 2, discount_type: 'money', discount_amount: 500, active: 1 },
            { place_id: b!, on_order_number: 1, discount_type: 'percent', discount_amount: 15, active: 1 },
          ])
          .execute();
        const reg = await registerConfirmed(ctx, newUser('discount-places'));
        const token = reg.json().token as string;
        const id = reg.json().user.id as number;
        await insertOrder(ctx, { placeId: a!, userId: id, createdAt: '2026-02-01T10:00:00.000Z' });
        await insertOrder(ctx, { placeId: c!, userId: id, createdAt: '2026-02-02T10:00:00.000Z' });
        const ask = async (place: string) => {
          const res = await call(ctx, 'GET', '/api/check-registered-user-discount', undefined, {
            place,
            auth: token,
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json() as unknown;
        };
        // One order here (the one at C does not count): the second order's money discount is due.
        expect(await ask('disc-a')).toEqual({
          on_order_number: 2,
          discount_type: 'money',
          discount_amount: 5, // the venue currency on the wire (issue 25 #1): 500 minor units
          orders_count: 1,
        });
        // No order here yet: B's first-order discount, whatever was ordered elsewhere.
        expect(await ask('disc-b')).toEqual({
          on_order_number: 1,
          discount_type: 'percent',
          discount_amount: 15,
          orders_count: 0,
        });
        // C has no discount of its own: A's second-order discount is not C's.
        expect(await ask('disc-c')).toBeNull();
      },
    );

    ctx.test(
      'a confirmation link of a banned account, or followed under another client, confirms nothing',
      async () => {
        const email = 'new-confirm-guard@accounts.test';
        const reg = await call(ctx, 'POST', '/api/register', { ...newUser('confirm-guard'), email });
        expect(reg.statusCode).toBe(202);
        const token = await confirmTokenOf(ctx, email);
        const elsewhere = await call(
          ctx,
          'POST',
          '/api/users/confirm-email',
          { token },
          { client: 'other', place: 'elsewhere' },
        );
        expect(elsewhere.statusCode).toBe(400);
        expect(elsewhere.json().code).toBe('confirm_token_invalid');
        await ctx.db.updateTable('users').set({ banned: 1 }).where('email', '=', email).execute();
        const banned = await call(ctx, 'POST', '/api/users/confirm-email', { token });
        expect(banned.statusCode).toBe(400);
        expect(banned.json().code).toBe('confirm_token_invalid');
        await ctx.db.updateTable('users').set({ banned: 0 }).where('email', '=', email).execute();
        // The link itself was good: unbanned, it confirms.
        expect((await call(ctx, 'POST', '/api/users/confirm-email', { token })).statusCode).toBe(200);
      },
    );

    ctx.test('a used or expired reset link is refused as such, whatever the new password', async () => {
      const email = 'reset-dead-link@accounts.test';
      await registerConfirmed(ctx, { ...newUser('dead-link'), email });
      ctx.clock.setOverride(new Date('2026-05-12T08:00:00Z'));
      try {
        await call(ctx, 'POST', '/api/users/reset-password', { email });
        const used = resetTokenOf((await outbox(ctx, email))[0] as OutboxMail);
        const confirm = (token: string, password: string) =>
          call(ctx, 'POST', '/api/users/reset-password/confirm', { token, password });
        expect((await confirm(used, 'first-new-pass')).statusCode).toBe(200);
        // A used link with a too-short password: the link is what is wrong, not the password.
        const again = await confirm(used, 'short');
        expect(again.statusCode).toBe(400);
        expect(again.json().code).toBe('reset_token_invalid');

        ctx.clock.setOverride(new Date('2026-05-12T09:00:00Z'));
        await call(ctx, 'POST', '/api/users/reset-password', { email });
        const fresh = resetTokenOf((await outbox(ctx, email))[0] as OutboxMail);
        // Exactly one hour later the link has expired.
        ctx.clock.setOverride(new Date('2026-05-12T10:00:00Z'));
        const expired = await confirm(fresh, 'short');
        expect(expired.statusCode).toBe(400);
        expect(expired.json().code).toBe('reset_token_invalid');
      } finally {
        ctx.clock.setOverride(null);
      }
    });

    ctx.test(
      'failed logins are forgotten a day after the last one, not the first (sliding memory)',
      async () => {
        const email = 'sliding-failures@accounts.test';
        await registerConfirmed(ctx, { ...newUser('sliding'), email });
        const at = (iso: string) => ctx.clock.setOverride(new Date(iso));
        const attempt = (password: string) => call(ctx, 'POST', '/api/login', { email, password });
        try {
          at('2026-06-01T00:00:00Z');
          for (let i = 0; i < 4; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
          // The fifth failure 23 hours later renews the memory of all five.
          at('2026-06-01T23:00:00Z');
          expect((await attempt('wrong-4')).statusCode).toBe(401);
          // A day after the first failure but not after the last: the sixth counts on top and slows the account.
          at('2026-06-02T00:01:00Z');
          expect((await attempt('wrong-5')).statusCode).toBe(401);
          at('2026-06-02T00:01:01.500Z');
          const slowed = await attempt('long-enough');
          expect(slowed.statusCode).toBe(429);
          expect(slowed.json().code).toBe('rate_limited');
          // A day after the last failure they are forgotten.
          at('2026-06-03T00:01:01Z');
          expect((await attempt('long-enough')).statusCode).toBe(200);
        } finally {
          ctx.clock.setOverride(null);
        }
      },
    );

    ctx.test('a password reset link of a banned account changes nothing', async () => {
      const email = 'reset-banned@accounts.test';
      await registerConfirmed(ctx, { ...newUser('reset-banned'), email });
      await call(ctx, 'POST', '/api/users/reset-password', { email });
      let mail: OutboxMail | undefined;
      for (let i = 0; i < 40 && !mail; i++) {
        mail = (await outbox(ctx, email)).find((m) => m.text.includes('/reset-password?token='));
        if (!mail) await new Promise((r) => setTimeout(r, 25));
      }
      const token = resetTokenOf(mail as OutboxMail);
      await ctx.db.updateTable('users').set({ banned: 1 }).where('email', '=', email).execute();
      const res = await call(ctx, 'POST', '/api/users/reset-password/confirm', {
        token,
        password: 'brand-new-pass',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('reset_token_invalid');
      await ctx.db.updateTable('users').set({ banned: 0 }).where('email', '=', email).execute();
      // The old password still opens the account; the new one does not.
      await login(ctx, email, 'long-enough');
      const refused = await call(ctx, 'POST', '/api/login', { email, password: 'brand-new-pass' });
      expect(refused.statusCode).toBe(401);
    });

    // ---- GET users/payment-instruments ---------------------------------------------------------------------
    ctx.test(
      'payment-instruments: listed with the payments module, 403 without it, 401 anonymous',
      async () => {
        const guestId = await userId(ctx.db, GUEST_EMAIL);
        const lab = await ctx.placeId('acclab');
        await ctx.db
          .insertInto('payment_instruments')
          .values({
            user_id: guestId,
            place_id: lab,
            provider: 'epay',
            provider_token: 'secret-provider-token',
            provider_instrument_id: 'pi-1',
            name: 'Visa •••• 4242',
            type: 1,
            expires: '2029-12',
          })
          .execute();
        const token = await login(ctx, GUEST_EMAIL, GUEST_PASSWORD);
        const res = await call(ctx, 'GET', '/api/users/payment-instruments', undefined, {
          place: 'acclab',
          auth: token,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual([
          { id: expect.any(Number), name: 'Visa •••• 4242', provider: 'epay', type: 1, expires: '2029-12' },
        ]);
        expect(res.body).not.toContain('secret-provider-token');

        const off = await call(ctx, 'GET', '/api/users/payment-instruments', undefined, {
          place: 'acclab-nopay',
          auth: token,
        });
        expect(off.statusCode).toBe(403);
        expect(off.json().code).toBe('payments_module_disabled');
        const anon = await call(ctx, 'GET', '/api/users/payment-instruments', undefined, { place: 'acclab' });
        expect(anon.statusCode).toBe(401);
      },
    );

    // ---- tenant isolation ----------------------------------------------------------------------------------
    ctx.test('users are client-scoped: one e-mail, two clients, two passwords', async () => {
      const demoToken = await login(ctx, GUEST_EMAIL, GUEST_PASSWORD);
      const otherToken = await login(ctx, GUEST_EMAIL, OTHER_CLIENT_GUEST_PASSWORD, {
        client: 'other',
        place: 'elsewhere',
      });
      // demo's password does not open the other client's profile, and the reverse.
      const cross = await call(
        ctx,
        'POST',
        '/api/login',
        { email: GUEST_EMAIL, password: GUEST_PASSWORD },
        { client: 'other', place: 'elsewhere' },
      );
      expect(cross.statusCode).toBe(401);
      const cross2 = await call(ctx, 'POST', '/api/login', {
        email: GUEST_EMAIL,
        password: OTHER_CLIENT_GUEST_PASSWORD,
      });
      expect(cross2.statusCode).toBe(401);
      // A token only holds under its own client.
      expect(await isValid(ctx, demoToken)).toBe(true);
      expect(await isValid(ctx, demoToken, { client: 'other', place: 'elsewhere' })).toBe(false);
      expect(await isValid(ctx, otherToken)).toBe(false);
      const orders = await call(ctx, 'GET', '/api/users/orders', undefined, {
        client: 'other',
        place: 'elsewhere',
        auth: demoToken,
      });
      expect(orders.statusCode).toBe(401);
    });

    ctx.test('a demo account cannot log in under another client', async () => {
      const res = await call(
        ctx,
        'POST',
        '/api/login',
        { email: roleEmail('CLIENT_ADMIN'), password: STAFF_PASSWORD },
        { client: 'other', place: 'elsewhere' },
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('login_fail');
    });
  },
  { setup: seedAccounts },
);

// With the API-wide limiter on (production), the accounts calls keep their own tighter per-IP limits.
describeEachDatabase(
  'accounts API with the API-wide rate limit on',
  (ctx) => {
    ctx.test('login: 20 per minute per IP, then 429 rate_limited', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i++) {
        const res = await call(
          ctx,
          'POST',
          '/api/login',
          { email: `y${i}@accounts.test`, password: 'whatever' },
          { ip },
        );
        expect(res.statusCode).toBe(401);
      }
      const res = await call(
        ctx,
        'POST',
        '/api/login',
        { email: GUEST_EMAIL, password: GUEST_PASSWORD },
        { ip },
      );
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('rate_limited');
      // Other calls from that address still pass under the API-wide limit.
      const other = await call(ctx, 'POST', '/api/users/validate', undefined, { ip });
      expect(other.statusCode).toBe(200);
    });
  },
  { setup: seedAccounts, env: { RATE_LIMIT_PER_MINUTE: '3000' } },
);
