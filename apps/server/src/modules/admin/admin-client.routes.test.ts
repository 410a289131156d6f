/**
 * The client brand's domain (GET/PUT admin/client) on SQLite and PostgreSQL: a hostname, stored in lower case,
 * cleared with null; anything else (scheme, path, port, spaces, a bare word, an IP) is a validation error; one client
 * per bound (verified) hostname (a neutral 409 domain_taken).
 */
import { beforeAll, expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { asRole, seedAccounts, signRoleTokens, type AdminTokens } from './admin.fixtures.ts';

describeEachDatabase(
  'admin client brand: domain',
  (ctx) => {
    let tokens: AdminTokens;
    const as = asRole(ctx, () => tokens);

    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
    });

    ctx.test('a valid hostname is stored in lower case, shown by GET and cleared with null', async () => {
      expect((await as.get('/api/admin/client')).json()).toMatchObject({ domain: null });
      const res = await as.put('/api/admin/client', { domain: ' Menu.Demo-Bistro.example.COM ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ slug: 'demo', domain: 'menu.demo-bistro.example.com' });
      expect((await as.get('/api/admin/client')).json().domain).toBe('menu.demo-bistro.example.com');
      // Other brand fields leave the domain alone.
      await as.put('/api/admin/client', { name: 'Demo' });
      expect((await as.get('/api/admin/client')).json().domain).toBe('menu.demo-bistro.example.com');
      const audit = (await as.get('/api/admin/audit')).json() as { entity: string; changes?: unknown }[];
      expect(audit.some((a) => a.entity === 'client')).toBe(true);

      const cleared = await as.put('/api/admin/client', { domain: null });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().domain).toBeNull();
    });

    ctx.test('an invalid hostname is refused and nothing changes', async () => {
      await as.put('/api/admin/client', { domain: 'menu.demo.example' });
      for (const domain of [
        'https://menu.demo.example',
        'menu.demo.example/path',
        'menu.demo.example:8080',
        'menu demo.example',
        'localhost',
        '192.168.0.1',
        '-menu.demo.example',
        'menu.demo.example.',
        `${'a'.repeat(64)}.example`,
        '',
        42,
      ]) {
        const res = await as.put('/api/admin/client', { domain });
        expect(res.statusCode, `${String(domain)}: ${res.body}`).toBe(400);
        expect(res.json().code).toBe('validation_error');
      }
      expect((await as.get('/api/admin/client')).json().domain).toBe('menu.demo.example');
    });

    ctx.test('one client per bound hostname, a neutral 409; below CLIENT_ADMIN no access', async () => {
      // SUPER_ADMIN's account belongs to the other client: it edits that client's brand.
      const other = { role: 'SUPER_ADMIN' as const, client: 'other', place: 'elsewhere' };
      // An unverified claim binds nothing (issue 23 #13): the real owner may claim the same name.
      await as.put('/api/admin/client', { domain: 'claimed.example' });
      const second = await as.put('/api/admin/client', { domain: 'CLAIMED.example' }, other);
      expect(second.statusCode, second.body).toBe(200);
      // A name under .localhost is bound when saved: then it is one client's.
      await as.put('/api/admin/client', { domain: 'taken.localhost' });
      const clash = await as.put('/api/admin/client', { domain: 'TAKEN.localhost' }, other);
      expect(clash.statusCode, clash.body).toBe(409);
      expect(clash.json()).toMatchObject({ code: 'domain_taken', details: [{ path: 'domain' }] });
      expect(clash.body).not.toMatch(/demo|Demo/);
      // So is a verified domain.
      await ctx.db
        .updateTable('clients')
        .set({ domain_verified_at: '2026-11-20T10:00:00.000Z' })
        .where('domain', '=', 'claimed.example')
        .where('slug', '=', 'other')
        .execute();
      const lost = await as.put('/api/admin/client', { domain: 'claimed.example' });
      expect(lost.statusCode, lost.body).toBe(409);
      expect(lost.body).not.toMatch(/other/i);
      const own = await as.put('/api/admin/client', { domain: 'other.example' }, other);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toMatchObject({ slug: 'other', domain: 'other.example' });
      // The same client may save its own domain again.
      expect((await as.put('/api/admin/client', { domain: 'taken.localhost' })).statusCode).toBe(200);
      const placeAdmin = await as.put('/api/admin/client', { domain: 'x.example' }, { role: 'PLACE_ADMIN' });
      expect(placeAdmin.statusCode).toBe(403);
      expect((await as.get('/api/admin/client')).json().domain).toBe('taken.localhost');
    });
  },
  { setup: seedAccounts },
);
