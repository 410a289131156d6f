/**
 * Accounts test data, added on top of whichever demo seed ran: a lab place under client demo with the payments
 * module (and one without), a second client `other` with its own place, a guest whose e-mail exists under both
 * clients with different passwords, and one staff account per role (§6) assigned to bistro only.
 */
import { expect } from 'vitest';
import type { AppDatabase } from '../src/db/database.ts';
import type { Role } from '@trapeza/domain/roles';
import { ROLES } from '@trapeza/domain/roles';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertClient, insertPlace } from './fixtures.ts';

export const GUEST_EMAIL = 'acc-guest@accounts.test';
export const GUEST_PASSWORD = 'guest-pass-1';
export const OTHER_CLIENT_GUEST_PASSWORD = 'other-pass-1';
export const STAFF_PASSWORD = 'staff-pass-1';
export const roleEmail = (role: Role) => `role-${role.toLowerCase()}@accounts.test`;
/** Roles whose account is tied to places (user_places: bistro). */
export const PLACE_LEVEL_ROLES: readonly Role[] = [
  'PDF_MENU_ADMIN',
  'WAITER',
  'RASPBERRY_ADMIN',
  'PLACE_ADMIN',
];

async function clientId(db: AppDatabase, slug: string): Promise<number> {
  const row = await db.selectFrom('clients').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return row.id;
}

async function placeId(db: AppDatabase, client: number, slug: string): Promise<number> {
  const row = await db
    .selectFrom('places')
    .select('id')
    .where('client_id', '=', client)
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertUser(
  db: AppDatabase,
  client: number,
  email: string,
  password: string,
  role: Role,
  extra: { first_name?: string; phone?: string } = {},
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      client_id: client,
      email,
      password_hash: await hashPassword(password),
      first_name: extra.first_name ?? 'Мария',
      last_name: 'Иванова',
      phone: extra.phone ?? '+359888000111',
      address: null,
      role,
      points: 0,
      accumulated_amount: 0,
      banned: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function seedAccounts(db: AppDatabase): Promise<void> {
  const demo = await clientId(db, 'demo');
  const bistro = await placeId(db, demo, 'bistro');
  await insertPlace(db, demo, 'acclab', { name: 'Лаборатория', orderTypes: [2, 3], modules: ['payments'] });
  await insertPlace(db, demo, 'acclab-nopay', { name: 'Без плащане', orderTypes: [2, 3], modules: [] });
  const other = await insertClient(db, 'other', 'Other brand');
  await insertPlace(db, other, 'elsewhere', { name: 'Elsewhere', orderTypes: [1, 2] });

  await insertUser(db, demo, GUEST_EMAIL, GUEST_PASSWORD, 'USER', { first_name: 'Гост' });
  await insertUser(db, other, GUEST_EMAIL, OTHER_CLIENT_GUEST_PASSWORD, 'USER', { first_name: 'Other' });
  for (const role of ROLES) {
    if (role === 'USER') continue;
    // The super admin belongs to another client, to show it reaches every client's places.
    const id = await insertUser(
      db,
      role === 'SUPER_ADMIN' ? other : demo,
      roleEmail(role),
      STAFF_PASSWORD,
      role,
    );
    if (PLACE_LEVEL_ROLES.includes(role))
      await db.insertInto('user_places').values({ user_id: id, place_id: bistro }).execute();
  }
}

export async function userId(db: AppDatabase, email: string, clientSlug = 'demo'): Promise<number> {
  const row = await db
    .selectFrom('users')
    .innerJoin('clients', 'clients.id', 'users.client_id')
    .select('users.id')
    .where('users.email', '=', email)
    .where('clients.slug', '=', clientSlug)
    .executeTakeFirstOrThrow();
  return row.id;
}

let ipCounter = 0;
/** A fresh client address per call, so the per-IP limits only bite where a test means them to. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * The Retry-After of a per-IP window (the rate-limit stores count on the real clock, not the test's): the window's
 * seconds less the whole seconds gone since just before its first hit (`firstHitAt`, Date.now()), never more. On a
 * busy machine the hits themselves take over a second, so the exact window length is not guaranteed.
 */
export function expectRetryAfter(header: unknown, windowSeconds: number, firstHitAt: number): void {
  const secondsGone = Math.ceil((Date.now() - firstHitAt) / 1000);
  const seconds = Number(header);
  expect(seconds, `retry-after ${String(header)}`).toBeLessThanOrEqual(windowSeconds);
  expect(seconds, `retry-after ${String(header)}`).toBeGreaterThanOrEqual(windowSeconds - secondsGone);
}
