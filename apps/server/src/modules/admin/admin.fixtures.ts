/**
 * Admin test helpers: the accounts of test/accounts.fixtures.ts (one per role, place-level roles assigned to
 * bistro, SUPER_ADMIN under client `other`), bearer tokens for them, and request shortcuts with a role.
 */
import type { LightMyRequestResponse } from 'fastify';
import { ROLES, type Role } from '@trapeza/domain/roles';
import { GUEST_EMAIL, roleEmail, seedAccounts, userId } from '../../../test/accounts.fixtures.ts';
import type { RequestOptions, TestContext } from '../../../test/harness.ts';
import { passwordVersion } from '../../lib/auth-token.ts';

export { seedAccounts };

export type AdminTokens = Map<Role, string>;

/** Signs a token for every role's test account. */
export async function signRoleTokens(ctx: TestContext): Promise<AdminTokens> {
  const tokens: AdminTokens = new Map();
  for (const role of ROLES) {
    const clientSlug = role === 'SUPER_ADMIN' ? 'other' : 'demo';
    const id = await userId(ctx.db, role === 'USER' ? GUEST_EMAIL : roleEmail(role), clientSlug);
    tokens.set(role, await signFor(ctx, id));
  }
  return tokens;
}

export async function signFor(ctx: TestContext, id: number): Promise<string> {
  const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const { token } = await ctx.app.auth.tokens.sign({
    userId: id,
    role: row.role as Role,
    clientId: row.client_id,
    pwv: passwordVersion(row.password_hash),
  });
  return token;
}

/** Request shortcuts acting as a role (default CLIENT_ADMIN of demo) on a place (default bistro). */
export function asRole(ctx: TestContext, tokens: () => AdminTokens) {
  const call =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    (
      url: string,
      body?: unknown,
      opts: RequestOptions & { role?: Role } = {},
    ): Promise<LightMyRequestResponse> => {
      const { role = 'CLIENT_ADMIN', ...rest } = opts;
      const token = tokens().get(role);
      return ctx.request(method, url, {
        ...rest,
        ...(body !== undefined ? { body } : {}),
        headers: { ...rest.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    };
  return {
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    del: call('DELETE'),
  };
}
