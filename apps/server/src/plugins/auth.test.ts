/**
 * requireRole against spec §6, role by role and level by level, on SQLite and PostgreSQL: a probe app made of the
 * real tenancy, auth and error plugins on the suite's database, with one route per required level. The expected
 * access lists are copied from the spec text here (not imported from the domain) so the test checks the rule.
 * Then staff scoping: place-level roles only where user_places puts them, client-wide roles across their client,
 * SUPER_ADMIN everywhere, and another client's token never.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, expect } from 'vitest';
import { ROLES, type Role } from '@trapeza/domain/roles';
import { describeEachDatabase, type TestContext } from '../../test/harness.ts';
import {
  GUEST_EMAIL,
  PLACE_LEVEL_ROLES,
  roleEmail,
  seedAccounts,
  userId,
} from '../../test/accounts.fixtures.ts';
import { passwordVersion } from '../lib/auth-token.ts';
import { assertPlaceAccess, registerAuth, requireRole, requireUser } from './auth.ts';
import { registerErrorHandler } from './errors.ts';
import { createTenancyRepository } from './tenancy.repository.ts';
import { registerTenancy } from './tenancy.ts';

/** Spec §6, verbatim: who passes a check for each required role. */
const SPEC_ACCESS: Record<Role, readonly Role[]> = {
  USER: [],
  WAITER: ['WAITER', 'RASPBERRY_ADMIN', 'PLACE_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  PDF_MENU_ADMIN: [
    'PDF_MENU_ADMIN',
    'WAITER',
    'RASPBERRY_ADMIN',
    'PLACE_ADMIN',
    'CLIENT_ADMIN',
    'SALES_ADMIN',
    'SUPER_ADMIN',
  ],
  PLACE_ADMIN: ['RASPBERRY_ADMIN', 'PLACE_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  RASPBERRY_ADMIN: ['RASPBERRY_ADMIN', 'PLACE_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  CLIENT_ADMIN: ['RASPBERRY_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  SALES_ADMIN: ['SALES_ADMIN', 'SUPER_ADMIN'],
  SUPER_ADMIN: ['SUPER_ADMIN'],
};

function emailOf(role: Role): string {
  return role === 'USER' ? GUEST_EMAIL : roleEmail(role);
}

async function buildProbe(ctx: TestContext): Promise<FastifyInstance> {
  const probe = Fastify({ logger: false });
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(probe);
  registerTenancy(probe, createTenancyRepository(ctx.db));
  registerAuth(probe, { db: ctx.db, jwtSecret: ctx.config.jwtSecret, now: () => ctx.clock.now() });
  for (const level of ROLES) {
    probe.get(
      `/probe/${level}`,
      { config: { tenancy: 'place' }, preHandler: requireRole(level) },
      async (request) => ({
        role: request.user?.role,
      }),
    );
  }
  probe.get('/probe-user', { config: { tenancy: 'place' }, preHandler: requireUser }, async () => ({
    ok: true,
  }));
  probe.get<{ Params: { placeId: string } }>(
    '/probe-place/:placeId',
    { config: { tenancy: 'client' } },
    async (request) => {
      await assertPlaceAccess(request, {
        placeId: Number(request.params.placeId),
        clientId: request.clientTenant.clientId,
      });
      return { ok: true };
    },
  );
  await probe.ready();
  return probe;
}

describeEachDatabase(
  'auth plugin',
  (ctx) => {
    let probe: FastifyInstance;
    const tokens = new Map<Role, string>();

    beforeAll(async () => {
      probe = await buildProbe(ctx);
      for (const role of ROLES) {
        const clientSlug = role === 'SUPER_ADMIN' ? 'other' : 'demo';
        const id = await userId(ctx.db, emailOf(role), clientSlug);
        const row = await ctx.db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const { token } = await ctx.app.auth.tokens.sign({
          userId: id,
          role,
          clientId: row.client_id,
          pwv: passwordVersion(row.password_hash),
        });
        tokens.set(role, token);
      }
    });
    afterAll(async () => {
      await probe?.close();
    });

    const get = (url: string, role: Role | null, place = 'bistro', client = 'demo') =>
      probe.inject({
        method: 'GET',
        url,
        headers: { client, place, ...(role ? { authorization: `Bearer ${tokens.get(role)}` } : {}) },
      });

    for (const level of ROLES) {
      ctx.test(
        `§6 requireRole('${level}'): allowed exactly for ${SPEC_ACCESS[level].join(', ') || 'nobody'}`,
        async () => {
          const anon = await get(`/probe/${level}`, null);
          expect(anon.statusCode).toBe(401);
          expect(anon.json().code).toBe('unauthorized');
          for (const role of ROLES) {
            const res = await get(`/probe/${level}`, role);
            const expected = SPEC_ACCESS[level].includes(role) ? 200 : 403;
            expect(res.statusCode, `${role} on ${level}: ${res.body}`).toBe(expected);
            if (expected === 403) expect(res.json().code).toBe('forbidden');
            else expect(res.json().role).toBe(role);
          }
        },
      );
    }

    ctx.test(
      'place-level staff act only on their assigned places; client-wide roles on every place of theirs',
      async () => {
        for (const role of ROLES) {
          const res = await get('/probe/PDF_MENU_ADMIN', role, 'hotel');
          const allowed = ['CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'].includes(role);
          expect(res.statusCode, `${role} at hotel`).toBe(allowed ? 200 : 403);
        }
        // The same waiter is allowed at bistro, where user_places puts them.
        expect((await get('/probe/WAITER', 'WAITER', 'bistro')).statusCode).toBe(200);
        expect((await get('/probe/WAITER', 'WAITER', 'hotel')).statusCode).toBe(403);
        expect(PLACE_LEVEL_ROLES).toContain('WAITER');
      },
    );

    ctx.test("another client's place: demo staff are anonymous there (401), SUPER_ADMIN passes", async () => {
      for (const role of ROLES) {
        const res = await get('/probe/WAITER', role, 'elsewhere', 'other');
        if (role === 'SUPER_ADMIN') expect(res.statusCode).toBe(200);
        else expect(res.statusCode, role).toBe(401);
      }
    });

    ctx.test('requireUser: any signed-in account of the client, 401 otherwise', async () => {
      expect((await get('/probe-user', 'USER')).statusCode).toBe(200);
      expect((await get('/probe-user', null)).statusCode).toBe(401);
      const expired = await probe.inject({
        method: 'GET',
        url: '/probe-user',
        headers: { client: 'demo', place: 'bistro', authorization: 'Bearer x.y.z' },
      });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().reason).toBe('invalid');
    });

    ctx.test('assertPlaceAccess for routes naming the place in the path', async () => {
      const bistro = await ctx.placeId('bistro');
      const hotel = await ctx.placeId('hotel');
      const at = (placeId: number, role: Role) =>
        probe.inject({
          method: 'GET',
          url: `/probe-place/${placeId}`,
          headers: { client: 'demo', authorization: `Bearer ${tokens.get(role)}` },
        });
      expect((await at(bistro, 'WAITER')).statusCode).toBe(200);
      expect((await at(hotel, 'WAITER')).statusCode).toBe(403);
      expect((await at(hotel, 'CLIENT_ADMIN')).statusCode).toBe(200);
      expect((await at(hotel, 'USER')).statusCode).toBe(403);
    });

    ctx.test('a role changed in the database ends the tokens issued with the old role', async () => {
      const email = roleEmail('RASPBERRY_ADMIN');
      expect((await get('/probe/PLACE_ADMIN', 'RASPBERRY_ADMIN')).statusCode).toBe(200);
      await ctx.db.updateTable('users').set({ role: 'WAITER' }).where('email', '=', email).execute();
      try {
        expect((await get('/probe/WAITER', 'RASPBERRY_ADMIN')).statusCode).toBe(401);
      } finally {
        await ctx.db
          .updateTable('users')
          .set({ role: 'RASPBERRY_ADMIN' })
          .where('email', '=', email)
          .execute();
      }
    });
  },
  { setup: seedAccounts },
);
