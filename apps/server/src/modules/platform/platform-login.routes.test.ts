/**
 * Platform staff and brand resolution (issue 15), on SQLite and PostgreSQL:
 * - POST /api/login without a client header signs in platform staff (accounts of no brand), with one only that
 *   brand's users, as before; a platform SUPER_ADMIN's token is honoured on every brand, a platform SALES_ADMIN's
 *   on none of the brands' routes;
 * - findClientByHost: exact lower-case hostname, a `www.` prefix, port ignored; only active brands with a verified
 *   domain (a loopback name counts as verified when saved);
 * - a deactivated brand's API answers 404 unknown_client, its data stays.
 */
import { beforeAll, expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { findClientByHost, hostnameOf } from '../../plugins/tenancy.repository.ts';
import { createPlatformAdmin, PlatformAdminError } from './platform-admin.ts';

const PASSWORD = 'platform-pass-12';

describeEachDatabase('platform staff login and brand by host', (ctx) => {
  beforeAll(async () => {
    await createPlatformAdmin(ctx.db, { email: 'ops@platform.test', password: PASSWORD });
    await createPlatformAdmin(ctx.db, {
      email: 'sales@platform.test',
      password: PASSWORD,
      role: 'SALES_ADMIN',
    });
  });

  const login = (email: string, password: string, client?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: client ? { client } : {},
      payload: { email, password },
    });

  ctx.test('platform staff sign in without a client header; brand users only with theirs', async () => {
    const ops = await login('OPS@platform.test', PASSWORD);
    expect(ops.statusCode, ops.body).toBe(200);
    expect(ops.json()).toMatchObject({
      token: expect.any(String),
      user: { email: 'ops@platform.test', role: 'SUPER_ADMIN' },
    });
    // Without a client, a brand's account is unknown; with the brand, a platform account is unknown.
    expect((await login('ops@platform.test', PASSWORD, 'demo')).statusCode).toBe(401);
    const demoAdmin = await ctx.db
      .selectFrom('users')
      .innerJoin('clients', 'clients.id', 'users.client_id')
      .select('users.email')
      .where('clients.slug', '=', 'demo')
      .where('users.role', '=', 'CLIENT_ADMIN')
      .executeTakeFirst();
    if (demoAdmin) expect((await login(demoAdmin.email, PASSWORD)).statusCode).toBe(401);
    expect((await login('ops@platform.test', 'wrong-password-1')).statusCode).toBe(401);
    // An unknown client header is still a 404, not a platform login.
    expect((await login('ops@platform.test', PASSWORD, 'nope')).statusCode).toBe(404);
  });

  ctx.test(
    'a platform SUPER_ADMIN acts on every brand; a platform SALES_ADMIN on none of their routes',
    async () => {
      const superToken = (await login('ops@platform.test', PASSWORD)).json().token as string;
      const salesToken = (await login('sales@platform.test', PASSWORD)).json().token as string;
      const brand = (token: string) =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/admin/client',
          headers: { client: 'demo', place: 'bistro', authorization: `Bearer ${token}` },
        });
      expect((await brand(superToken)).statusCode).toBe(200);
      expect((await brand(salesToken)).statusCode).toBe(401);
      const validate = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/validate',
        headers: { client: 'demo', authorization: `Bearer ${salesToken}` },
      });
      expect(validate.json()).toBe(false);
    },
  );

  ctx.test('create-admin rules: one account per e-mail, 12-character passwords, valid e-mails', async () => {
    const code = async (p: Promise<unknown>) => {
      try {
        await p;
        return 'created';
      } catch (err) {
        return err instanceof PlatformAdminError ? err.code : String(err);
      }
    };
    expect(await code(createPlatformAdmin(ctx.db, { email: 'Ops@Platform.test', password: PASSWORD }))).toBe(
      'email_taken',
    );
    expect(
      await code(createPlatformAdmin(ctx.db, { email: 'x@platform.test', password: 'eleven-char' })),
    ).toBe('invalid_password');
    expect(await code(createPlatformAdmin(ctx.db, { email: 'x@', password: PASSWORD }))).toBe(
      'invalid_email',
    );
    // The same e-mail may exist in a brand: platform accounts are their own space.
    const demoUser = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('client_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(await code(createPlatformAdmin(ctx.db, { email: demoUser.email, password: PASSWORD }))).toBe(
      'created',
    );
  });

  ctx.test('findClientByHost: verified, active brands only; www. and port tolerated', async () => {
    expect(hostnameOf('Menu.Example.COM:8443')).toBe('menu.example.com');
    expect(hostnameOf('[::1]:3000')).toBeNull();
    const setDomain = (domain: string | null, verified: boolean, active = 1) =>
      ctx.db
        .updateTable('clients')
        .set({ domain, domain_verified_at: verified ? '2026-11-20T10:00:00.000Z' : null, active })
        .where('slug', '=', 'demo')
        .execute();
    await setDomain('menu.example.com', false);
    expect(await findClientByHost(ctx.db, 'menu.example.com')).toBeUndefined();
    await setDomain('menu.example.com', true);
    expect(await findClientByHost(ctx.db, 'MENU.example.com:3000')).toMatchObject({ slug: 'demo' });
    expect(await findClientByHost(ctx.db, 'www.menu.example.com')).toMatchObject({ slug: 'demo' });
    expect(await findClientByHost(ctx.db, 'other.menu.example.com')).toBeUndefined();
    expect(await findClientByHost(ctx.db, 'localhost:3000')).toBeUndefined();
    expect(await findClientByHost(ctx.db, undefined)).toBeUndefined();
    await setDomain('menu.example.com', true, 0);
    expect(await findClientByHost(ctx.db, 'menu.example.com')).toBeUndefined();
    await setDomain(null, false);
  });

  ctx.test(
    'a deactivated brand: API 404 unknown_client, data kept; reactivated it answers again',
    async () => {
      const before = await ctx.get('/api/products?active=1');
      expect(before.statusCode).toBe(200);
      await ctx.db.updateTable('clients').set({ active: 0 }).where('slug', '=', 'demo').execute();
      ctx.app.clearTenancyCache();
      const off = await ctx.get('/api/products?active=1');
      expect(off.statusCode).toBe(404);
      expect(off.json().code).toBe('unknown_client');
      expect((await ctx.get('/api/settings')).statusCode).toBe(404);
      await ctx.db.updateTable('clients').set({ active: 1 }).where('slug', '=', 'demo').execute();
      ctx.app.clearTenancyCache();
      const back = await ctx.get('/api/products?active=1');
      expect(back.statusCode).toBe(200);
      expect(back.json()).toEqual(before.json());
    },
  );
});
