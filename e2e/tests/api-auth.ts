/**
 * A demo account's API sign-in, for a journey's set-up and read-backs over the API (settings, products, the
 * staff board): the tenant headers with the account's bearer token. The screens' own sign-in is signInToAdmin
 * (fixtures/admin.ts); a journey about signing in takes those steps itself.
 */
import { expect, type APIRequestContext } from '@playwright/test';

/** The demo brand's bistro: the tenant headers of every API call of the journeys. */
export const DEMO_TENANT = { client: 'demo', place: 'bistro' } as const;

const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.test', password: 'demo-admin' },
  waiter: { email: 'waiter@demo.test', password: 'demo-waiter' },
  guest: { email: 'guest@demo.test', password: 'demo-guest' },
} as const;

type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** Logs the demo account in over POST /api/login (expected to succeed) and answers its token. */
async function apiToken(request: APIRequestContext, who: DemoAccount = 'admin'): Promise<string> {
  const res = await request.post('/api/login', { headers: DEMO_TENANT, data: DEMO_ACCOUNTS[who] });
  expect(res.ok(), `${who} login: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** The demo tenant's headers with a fresh token of the account (one login a call). */
export async function apiHeaders(
  request: APIRequestContext,
  who: DemoAccount = 'admin',
): Promise<Record<string, string>> {
  return { ...DEMO_TENANT, authorization: `Bearer ${await apiToken(request, who)}` };
}

/**
 * apiHeaders that logs in once and reuses the token for the rest of the file: for a file that makes many calls
 * (the login route allows 20 a minute from one address). Call at the top of the file, so no other file shares it.
 */
export function apiHeadersOnce(
  who: DemoAccount = 'admin',
): (request: APIRequestContext) => Promise<Record<string, string>> {
  let headers: Record<string, string> | undefined;
  return async (request) => (headers ??= await apiHeaders(request, who));
}
