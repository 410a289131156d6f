/**
 * Who reaches the admin API (spec §6 and the scope rules), on SQLite and PostgreSQL: no token 401 on every
 * admin route of the OpenAPI document; roles below PLACE_ADMIN 403 except the stock toggle (WAITER and above);
 * a place admin only on its own places; client-wide admins on every place of their client; another client's
 * admin never; GET admin/places lists exactly the places in reach.
 */
import { beforeAll, expect } from 'vitest';
import type { Role } from '@trapeza/domain/roles';
import { describeEachDatabase } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { asRole, seedAccounts, signFor, signRoleTokens, type AdminTokens } from './admin.fixtures.ts';

describeEachDatabase(
  'admin access',
  (ctx) => {
    let tokens: AdminTokens;
    let productId: number;
    let otherClientAdmin: string;
    const as = asRole(ctx, () => tokens);

    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
      const bistro = await ctx.placeId('bistro');
      productId = (
        await ctx.db
          .selectFrom('products')
          .select('id')
          .where('place_id', '=', bistro)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
      const other = await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('slug', '=', 'other')
        .executeTakeFirstOrThrow();
      const row = await ctx.db
        .insertInto('users')
        .values({
          client_id: other.id,
          email: 'other-client-admin@accounts.test',
          password_hash: await hashPassword('other-admin-1'),
          first_name: 'Other',
          last_name: 'Admin',
          phone: null,
          address: null,
          role: 'CLIENT_ADMIN',
          points: 0,
          accumulated_amount: 0,
          banned: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      otherClientAdmin = await signFor(ctx, row.id);
    });

    ctx.test('every /api/admin route of the OpenAPI document answers 401 without a token', async () => {
      const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const routes = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/api/admin/'))
        .flatMap(([path, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), path] as const));
      expect(routes.length).toBeGreaterThan(40);
      for (const [method, path] of routes) {
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await ctx.request(
          method as 'GET',
          url,
          method === 'GET' || method === 'DELETE' ? {} : { body: {} },
        );
        expect([401], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
      }
    });

    const table: [Role, number][] = [
      ['USER', 403],
      ['PDF_MENU_ADMIN', 403],
      ['WAITER', 403],
      ['RASPBERRY_ADMIN', 200],
      ['PLACE_ADMIN', 200],
      ['CLIENT_ADMIN', 200],
      ['SALES_ADMIN', 200],
      ['SUPER_ADMIN', 200],
    ];
    ctx.test('spec §6: PLACE_ADMIN and above reach the admin API of their place', async () => {
      for (const [role, status] of table) {
        const res = await as.get('/api/admin/categories', undefined, { role });
        expect(res.statusCode, `${role}: ${res.body}`).toBe(status);
      }
    });

    ctx.test('the stock toggle is open to WAITER and above, not below', async () => {
      for (const [role, status] of [
        ['USER', 403],
        ['PDF_MENU_ADMIN', 403],
        ['WAITER', 200],
        ['PLACE_ADMIN', 200],
        ['CLIENT_ADMIN', 200],
      ] as [Role, number][]) {
        const res = await as.patch(`/api/admin/products/${productId}/stock`, { in_stock: 1 }, { role });
        expect(res.statusCode, `${role}: ${res.body}`).toBe(status);
      }
      const off = await as.patch(
        `/api/admin/products/${productId}/stock`,
        { in_stock: 0 },
        { role: 'WAITER' },
      );
      expect(off.json()).toEqual({ id: productId, in_stock: 0 });
      const store = (await ctx.get('/api/products')).json() as { id: number; in_stock: number }[];
      expect(store.find((p) => p.id === productId)?.in_stock).toBe(0);
      await as.patch(`/api/admin/products/${productId}/stock`, { in_stock: 1 }, { role: 'WAITER' });
    });

    ctx.test(
      'a place admin of bistro is refused on hotel; client-wide and super admins reach both',
      async () => {
        for (const [role, hotel] of [
          ['PLACE_ADMIN', 403],
          ['RASPBERRY_ADMIN', 403],
          ['WAITER', 403],
          ['CLIENT_ADMIN', 200],
          ['SALES_ADMIN', 200],
          ['SUPER_ADMIN', 200],
        ] as [Role, number][]) {
          const res = await as.get('/api/admin/settings', undefined, { role, place: 'hotel' });
          expect(res.statusCode, `${role} on hotel: ${res.body}`).toBe(hotel);
        }
        const waiterStockOnHotel = await as.patch(
          `/api/admin/products/${productId}/stock`,
          { in_stock: 1 },
          {
            role: 'WAITER',
            place: 'hotel',
          },
        );
        expect(waiterStockOnHotel.statusCode).toBe(403);
      },
    );

    ctx.test("another client's admin never reaches demo's places", async () => {
      const res = await ctx.get('/api/admin/categories', {
        headers: { authorization: `Bearer ${otherClientAdmin}` },
      });
      expect(res.statusCode).toBe(401);
      const own = await ctx.get('/api/admin/categories', {
        client: 'other',
        place: 'elsewhere',
        headers: { authorization: `Bearer ${otherClientAdmin}` },
      });
      expect(own.statusCode).toBe(200);
    });

    ctx.test('a product id of another place is not found through this place', async () => {
      const res = await as.patch(
        `/api/admin/products/${productId}/stock`,
        { in_stock: 1 },
        { place: 'hotel' },
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('product_not_found');
    });

    ctx.test('GET admin/places lists the places in reach', async () => {
      const slugs = async (role: Role) => {
        const res = await as.get('/api/admin/places', undefined, { role, client: null, place: null });
        return res.statusCode === 200
          ? (res.json() as { slug: string }[]).map((p) => p.slug).sort()
          : res.statusCode;
      };
      expect(await slugs('PLACE_ADMIN')).toEqual(['bistro']);
      expect(await slugs('WAITER')).toBe(403);
      const client = await slugs('CLIENT_ADMIN');
      expect(client).toEqual(expect.arrayContaining(['acclab', 'bistro', 'hotel']));
      expect(client).not.toContain('elsewhere');
      expect(await slugs('SUPER_ADMIN')).toEqual(expect.arrayContaining(['bistro', 'elsewhere', 'hotel']));
    });
  },
  { setup: seedAccounts },
);
