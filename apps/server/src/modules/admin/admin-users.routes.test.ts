/**
 * Staff users and roles within the admin's reach, and the client brand, on SQLite and PostgreSQL: who may give
 * which role (a matrix of every admin role × every staff role), whose accounts an admin may change (its own level
 * and above never, other places' staff never, another client's never), deactivation ending sign-in and tokens at
 * once, the reset e-mail, the audit trail, and the brand as the default of the client's places.
 */
import { beforeAll, expect } from 'vitest';
import type { Role } from '@trapeza/domain/roles';
import { assignableRoles, canManageRole, isPlaceLevelRole, STAFF_ROLES } from '@trapeza/domain/staff-admin';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { roleEmail, STAFF_PASSWORD, userId } from '../../../test/accounts.fixtures.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AppDatabase } from '../../db/database.ts';
import { asRole, seedAccounts, signFor, signRoleTokens, type AdminTokens } from './admin.fixtures.ts';

const ADMIN_ROLES: Role[] = ['RASPBERRY_ADMIN', 'PLACE_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'];
const HOTEL_WAITER = 'hotel-waiter@accounts.test';
const BOTH_WAITER = 'both-waiter@accounts.test';
const OTHER_WAITER = 'other-waiter@accounts.test';

async function addStaff(db: AppDatabase, clientSlug: string, email: string, role: Role, places: string[]) {
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where('slug', '=', clientSlug)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('users')
    .values({
      client_id: client.id,
      email,
      password_hash: await hashPassword(STAFF_PASSWORD),
      first_name: 'Staff',
      last_name: 'Member',
      phone: null,
      address: null,
      role,
      points: 0,
      accumulated_amount: 0,
      banned: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const slug of places) {
    const place = await db
      .selectFrom('places')
      .select('id')
      .where('client_id', '=', client.id)
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    await db.insertInto('user_places').values({ user_id: row.id, place_id: place.id }).execute();
  }
}

async function setup(db: AppDatabase) {
  await seedAccounts(db);
  await addStaff(db, 'demo', HOTEL_WAITER, 'WAITER', ['hotel']);
  await addStaff(db, 'demo', BOTH_WAITER, 'WAITER', ['bistro', 'hotel']);
  await addStaff(db, 'other', OTHER_WAITER, 'WAITER', ['elsewhere']);
}

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

async function login(ctx: TestContext, email: string, password: string) {
  return ctx.request('POST', '/api/login', {
    place: null,
    body: { email, password },
    headers: {
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
}

describeEachDatabase(
  'admin users and client brand',
  (ctx) => {
    let tokens: AdminTokens;
    let bistro: number;
    let hotel: number;
    const as = asRole(ctx, () => tokens);
    const idOf = (email: string, client = 'demo') => userId(ctx.db, email, client);

    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
      bistro = await ctx.placeId('bistro');
      hotel = await ctx.placeId('hotel');
    });

    ctx.test('only PLACE_ADMIN and above reach the users screen', async () => {
      for (const role of ['USER', 'PDF_MENU_ADMIN', 'WAITER'] as Role[]) {
        expect((await as.get('/api/admin/users', undefined, { role })).statusCode, role).toBe(403);
        expect((await as.post('/api/admin/users', {}, { role })).statusCode, role).toBe(403);
      }
      expect((await ctx.get('/api/admin/users')).statusCode).toBe(401);
    });

    ctx.test(
      'the list: a place admin its places’ staff, a client admin the client’s, with what each may give',
      async () => {
        const list = async (role: Role) => {
          const res = await as.get('/api/admin/users', undefined, { role });
          expect(res.statusCode, res.body).toBe(200);
          return res.json() as {
            users: { email: string; role: string; place_ids: number[]; manageable: boolean }[];
            assignable_roles: string[];
            places: { id: number }[];
          };
        };
        const place = await list('PLACE_ADMIN');
        const byEmail = new Map(place.users.map((u) => [u.email, u]));
        expect(byEmail.has(HOTEL_WAITER)).toBe(false);
        expect(byEmail.has(OTHER_WAITER)).toBe(false);
        expect(byEmail.get(roleEmail('WAITER'))?.manageable).toBe(true);
        expect(byEmail.get(roleEmail('PDF_MENU_ADMIN'))?.manageable).toBe(true);
        expect(byEmail.get(roleEmail('RASPBERRY_ADMIN'))?.manageable).toBe(false);
        expect(byEmail.get(roleEmail('PLACE_ADMIN'))?.manageable).toBe(false); // itself
        // A waiter of bistro and hotel: shown with bistro only, not changeable by bistro's admin.
        expect(byEmail.get(BOTH_WAITER)).toMatchObject({ place_ids: [bistro], manageable: false });
        expect(place.places.map((p) => p.id)).toEqual([bistro]);
        expect(place.assignable_roles).toEqual(['PDF_MENU_ADMIN', 'WAITER']);

        const client = await list('CLIENT_ADMIN');
        const c = new Map(client.users.map((u) => [u.email, u]));
        expect(c.get(HOTEL_WAITER)?.manageable).toBe(true);
        expect(c.get(BOTH_WAITER)).toMatchObject({
          place_ids: [bistro, hotel].sort((a, b) => a - b),
          manageable: true,
        });
        expect(c.get(roleEmail('PLACE_ADMIN'))?.manageable).toBe(true);
        expect(c.get(roleEmail('CLIENT_ADMIN'))?.manageable).toBe(false);
        expect(c.get(roleEmail('SALES_ADMIN'))?.manageable).toBe(false);
        expect(c.has(OTHER_WAITER)).toBe(false);
        expect(c.has('acc-guest@accounts.test')).toBe(false); // guests are not staff
        expect(client.assignable_roles).toEqual([
          'PDF_MENU_ADMIN',
          'WAITER',
          'RASPBERRY_ADMIN',
          'PLACE_ADMIN',
        ]);

        // The super admin (of client `other`) on demo's headers: demo's staff, not other's.
        const sup = await list('SUPER_ADMIN');
        expect(sup.users.map((u) => u.email)).not.toContain(OTHER_WAITER);
        expect(sup.users.find((u) => u.email === roleEmail('SALES_ADMIN'))?.manageable).toBe(true);
      },
    );

    ctx.test('create: every admin role × every staff role, only roles below the own level', async () => {
      for (const actor of ADMIN_ROLES) {
        for (const role of STAFF_ROLES) {
          const email = `m-${actor}-${role}@matrix.test`.toLowerCase();
          const res = await as.post(
            '/api/admin/users',
            {
              email,
              first_name: 'Matrix',
              role,
              place_ids: isPlaceLevelRole(role) ? [bistro] : [],
              password: 'matrix-pass-1',
            },
            { role: actor },
          );
          const allowed = assignableRoles(actor).includes(role);
          expect(res.statusCode, `${actor} gives ${role}: ${res.body}`).toBe(allowed ? 201 : 403);
          const row = await ctx.db
            .selectFrom('users')
            .select(['role', 'client_id'])
            .where('email', '=', email)
            .executeTakeFirst();
          if (allowed) {
            expect(res.json()).toMatchObject({ email, role, active: 1, invited: false });
            expect(row?.role).toBe(role);
          } else {
            expect(res.json().code).toBe('role_not_assignable');
            expect(row).toBeUndefined();
          }
        }
      }
      // The super admin creates under the client of the headers, not its own.
      const demo = await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('slug', '=', 'demo')
        .executeTakeFirstOrThrow();
      const made = await ctx.db
        .selectFrom('users')
        .select('client_id')
        .where('email', '=', 'm-super_admin-waiter@matrix.test')
        .executeTakeFirstOrThrow();
      expect(made.client_id).toBe(demo.id);
    });

    ctx.test(
      'create: places in reach only, place-level roles need one, e-mails are unique per client',
      async () => {
        const body = { email: 'pl@matrix.test', first_name: 'P', role: 'WAITER', password: 'matrix-pass-1' };
        const hotelRes = await as.post(
          '/api/admin/users',
          { ...body, place_ids: [hotel] },
          { role: 'PLACE_ADMIN' },
        );
        expect(hotelRes.statusCode).toBe(403);
        expect(hotelRes.json().code).toBe('place_not_in_reach');
        const none = await as.post('/api/admin/users', { ...body, place_ids: [] }, { role: 'PLACE_ADMIN' });
        expect(none.statusCode).toBe(400);
        expect(none.json().code).toBe('places_required');
        const ok = await as.post(
          '/api/admin/users',
          { ...body, place_ids: [bistro] },
          { role: 'PLACE_ADMIN' },
        );
        expect(ok.statusCode, ok.body).toBe(201);
        const again = await as.post('/api/admin/users', {
          ...body,
          email: 'PL@matrix.test',
          place_ids: [bistro],
        });
        expect(again.statusCode).toBe(409);
        expect(again.json().code).toBe('email_taken');
        const guest = await as.post('/api/admin/users', {
          ...body,
          email: 'acc-guest@accounts.test',
          place_ids: [bistro],
        });
        expect(guest.json().code).toBe('email_taken');
        const bad = await as.post('/api/admin/users', { ...body, role: 'USER', place_ids: [bistro] });
        expect(bad.statusCode).toBe(400);
      },
    );

    ctx.test('change: every admin role × the seeded staff accounts, by level and scope', async () => {
      for (const actor of ADMIN_ROLES) {
        for (const target of STAFF_ROLES) {
          const id = await idOf(roleEmail(target), target === 'SUPER_ADMIN' ? 'other' : 'demo');
          const res = await as.patch(`/api/admin/users/${id}`, { first_name: 'Renamed' }, { role: actor });
          const clientWide = ['CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'].includes(actor);
          // Another client's account (the super admin lives under `other`) is not found through demo.
          const expected =
            target === 'SUPER_ADMIN'
              ? 404
              : !clientWide && !isPlaceLevelRole(target)
                ? 404 // a client-wide account has no place in a place admin's reach
                : actor !== target && canManageRole(actor, target)
                  ? 200
                  : 403;
          expect(res.statusCode, `${actor} changes ${target}: ${res.body}`).toBe(expected);
        }
      }
      const hotelWaiter = await idOf(HOTEL_WAITER);
      const both = await idOf(BOTH_WAITER);
      const other = await idOf(OTHER_WAITER, 'other');
      expect(
        (await as.patch(`/api/admin/users/${hotelWaiter}`, { active: 0 }, { role: 'PLACE_ADMIN' }))
          .statusCode,
      ).toBe(404);
      const bothRes = await as.patch(`/api/admin/users/${both}`, { active: 0 }, { role: 'PLACE_ADMIN' });
      expect(bothRes.statusCode).toBe(403);
      expect(bothRes.json().code).toBe('user_not_manageable');
      for (const role of ['CLIENT_ADMIN', 'SUPER_ADMIN'] as Role[]) {
        expect((await as.patch(`/api/admin/users/${other}`, { active: 0 }, { role })).statusCode, role).toBe(
          404,
        );
      }
      const row = await ctx.db
        .selectFrom('users')
        .select('banned')
        .where('id', '=', other)
        .executeTakeFirstOrThrow();
      expect(Number(row.banned)).toBe(0);
    });

    ctx.test('never above the own level: role changes and place assignment', async () => {
      const waiter = await idOf(roleEmail('WAITER'));
      for (const [actor, role] of [
        ['PLACE_ADMIN', 'PLACE_ADMIN'],
        ['PLACE_ADMIN', 'RASPBERRY_ADMIN'],
        ['RASPBERRY_ADMIN', 'PLACE_ADMIN'],
        ['CLIENT_ADMIN', 'CLIENT_ADMIN'],
        ['CLIENT_ADMIN', 'SUPER_ADMIN'],
        ['SALES_ADMIN', 'SALES_ADMIN'],
      ] as [Role, Role][]) {
        const res = await as.patch(`/api/admin/users/${waiter}`, { role }, { role: actor });
        expect(res.statusCode, `${actor} → ${role}`).toBe(403);
        expect(res.json().code).toBe('role_not_assignable');
      }
      expect(
        (
          await as.patch(
            `/api/admin/users/${waiter}`,
            { place_ids: [bistro, hotel] },
            { role: 'PLACE_ADMIN' },
          )
        ).json().code,
      ).toBe('place_not_in_reach');
      const row = await ctx.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', waiter)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('WAITER');

      // A client admin promotes a new waiter to place admin of hotel: it then reaches hotel's admin API.
      const created = await as.post('/api/admin/users', {
        email: 'promoted@matrix.test',
        first_name: 'Pro',
        role: 'WAITER',
        place_ids: [bistro],
        password: 'matrix-pass-1',
      });
      const id = created.json().id as number;
      const before = await signFor(ctx, id);
      const up = await as.patch(`/api/admin/users/${id}`, { role: 'PLACE_ADMIN', place_ids: [hotel] });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json()).toMatchObject({ role: 'PLACE_ADMIN', place_ids: [hotel] });
      // The older token (role WAITER) ends at once; a fresh one reaches hotel, not bistro.
      expect(
        (await ctx.get('/api/admin/settings', { place: 'hotel', headers: bearer(before) })).statusCode,
      ).toBe(401);
      const after = await signFor(ctx, id);
      expect(
        (await ctx.get('/api/admin/settings', { place: 'hotel', headers: bearer(after) })).statusCode,
      ).toBe(200);
      expect(
        (await ctx.get('/api/admin/settings', { place: 'bistro', headers: bearer(after) })).statusCode,
      ).toBe(403);
      // To a client-wide role: the assignments go.
      const wide = await as.patch(
        `/api/admin/users/${id}`,
        { role: 'PDF_MENU_ADMIN' },
        { role: 'SALES_ADMIN' },
      );
      expect(wide.json().place_ids).toEqual([hotel]);
      const ca = await as.patch(`/api/admin/users/${id}`, { role: 'CLIENT_ADMIN' }, { role: 'SALES_ADMIN' });
      expect(ca.statusCode, ca.body).toBe(200);
      const places = await ctx.db
        .selectFrom('user_places')
        .select('place_id')
        .where('user_id', '=', id)
        .execute();
      expect(places).toEqual([]);
    });

    ctx.test('deactivate ends sign-in and older tokens at once; activate restores it', async () => {
      const created = await as.post(
        '/api/admin/users',
        {
          email: 'deact@matrix.test',
          first_name: 'D',
          role: 'WAITER',
          place_ids: [bistro],
          password: 'deact-pass-1',
        },
        { role: 'PLACE_ADMIN' },
      );
      const id = created.json().id as number;
      const signed = await login(ctx, 'deact@matrix.test', 'deact-pass-1');
      expect(signed.statusCode, signed.body).toBe(200);
      const token = signed.json().token as string;
      expect((await ctx.get('/api/staff/orders', { headers: bearer(token) })).statusCode).not.toBe(401);
      const off = await as.patch(`/api/admin/users/${id}`, { active: 0 }, { role: 'PLACE_ADMIN' });
      expect(off.json().active).toBe(0);
      expect((await ctx.get('/api/staff/orders', { headers: bearer(token) })).statusCode).toBe(401);
      expect((await login(ctx, 'deact@matrix.test', 'deact-pass-1')).statusCode).toBe(403);
      const reset = await as.post(`/api/admin/users/${id}/reset-password`, undefined, {
        role: 'PLACE_ADMIN',
      });
      expect(reset.json().code).toBe('user_inactive');
      await as.patch(`/api/admin/users/${id}`, { active: 1 }, { role: 'PLACE_ADMIN' });
      expect((await login(ctx, 'deact@matrix.test', 'deact-pass-1')).statusCode).toBe(200);
    });

    ctx.test('reset password and the invitation send the reset e-mail; audited', async () => {
      const outbox = async (to: string) => {
        for (let i = 0; i < 50; i++) {
          const res = await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(to)}`, {
            client: null,
            place: null,
          });
          const mails = res.json() as { text: string }[];
          if (mails.length) return mails;
          await new Promise((r) => setTimeout(r, 20));
        }
        return [];
      };
      const invited = await as.post(
        '/api/admin/users',
        { email: 'invited@matrix.test', first_name: 'Inv', role: 'WAITER', place_ids: [bistro] },
        { role: 'PLACE_ADMIN' },
      );
      expect(invited.statusCode, invited.body).toBe(201);
      expect(invited.json().invited).toBe(true);
      const mails = await outbox('invited@matrix.test');
      expect(mails[0]?.text).toMatch(/\/bistro\/reset-password\?token=/);

      const waiter = await idOf(roleEmail('PDF_MENU_ADMIN'));
      const res = await as.post(`/api/admin/users/${waiter}/reset-password`, undefined, {
        role: 'PLACE_ADMIN',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await outbox(roleEmail('PDF_MENU_ADMIN'))).length).toBeGreaterThan(0);
      const peer = await idOf(roleEmail('RASPBERRY_ADMIN'));
      expect(
        (await as.post(`/api/admin/users/${peer}/reset-password`, undefined, { role: 'PLACE_ADMIN' }))
          .statusCode,
      ).toBe(403);

      const audit = (await as.get('/api/admin/audit')).json() as {
        entity: string;
        action: string;
        entity_id: number;
      }[];
      expect(audit).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ entity: 'user', action: 'reset_password', entity_id: waiter }),
          expect.objectContaining({ entity: 'user', action: 'create', entity_id: invited.json().id }),
        ]),
      );
    });

    ctx.test(
      'client brand: CLIENT_ADMIN and above; logo and colours default the client’s places',
      async () => {
        for (const [role, status] of [
          ['WAITER', 403],
          ['RASPBERRY_ADMIN', 403],
          ['PLACE_ADMIN', 403],
          ['CLIENT_ADMIN', 200],
          ['SALES_ADMIN', 200],
          ['SUPER_ADMIN', 200],
        ] as [Role, number][]) {
          expect((await as.get('/api/admin/client', undefined, { role })).statusCode, role).toBe(status);
          expect((await as.put('/api/admin/client', { name: 'Demo' }, { role })).statusCode, role).toBe(
            status,
          );
        }
        const bad = await as.put('/api/admin/client', { primary_color: 'red' });
        expect(bad.statusCode).toBe(400);
        const res = await as.put('/api/admin/client', {
          name: 'Demo Brand',
          logo: '/uploads/brand/logo.png',
          primary_color: '#123ABC',
          secondary_color: null,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          name: 'Demo Brand',
          logo: '/uploads/brand/logo.png',
          primary_color: '#123abc',
        });
        // acclab has no colour of its own: the brand's; a place's own setting wins.
        const acclab = (await ctx.get('/api/settings', { place: 'acclab' })).json();
        expect(acclab.primary_color?.value).toBe('#123abc');
        expect(acclab.logo?.value).toBe('/uploads/brand/logo.png');
        await as.put('/api/admin/settings', { primary_color: '#00ff00' }, { place: 'acclab' });
        expect((await ctx.get('/api/settings', { place: 'acclab' })).json().primary_color.value).toBe(
          '#00ff00',
        );
        // Another client's places keep theirs.
        const elsewhere = (await ctx.get('/api/settings', { client: 'other', place: 'elsewhere' })).json();
        expect(elsewhere.logo?.value).not.toBe('/uploads/brand/logo.png');
        // Another client's admin cannot touch demo's brand.
        const audit = (await as.get('/api/admin/audit')).json() as { entity: string }[];
        expect(audit.some((a) => a.entity === 'client')).toBe(true);
      },
    );
  },
  { setup },
);
