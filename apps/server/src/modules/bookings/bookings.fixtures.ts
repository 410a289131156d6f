import { expect } from 'vitest';
import { nextIp } from '../../../test/accounts.fixtures.ts';
import { type TestContext } from '../../../test/harness.ts';

/**
 * Guests of the bookings route tests: each booking with an e-mail and a phone of its own (the per-guest limits are
 * tested in bookings.limits.routes.test.ts), `tag` naming the test file in the e-mail and `area` its phones.
 */
export function bookingGuests(tag: string, area: string) {
  let seq = 0;
  const freshEmail = () => `${tag}${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const freshPhone = () => `+359 ${area} ${String(1_000_000 + ++seq).slice(1)}`;
  const form = (date: string, time: string, people: number, over: Record<string, unknown> = {}) => ({
    date,
    time,
    people,
    name: 'Мария Иванова',
    phone: freshPhone(),
    email: freshEmail(),
    terms_accepted: true,
    ...over,
  });
  return { freshEmail, freshPhone, form };
}

/** Signs in through POST /api/login (from an address of its own: the sign-in limits count per IP) and returns the token. */
export async function login(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await ctx.post('/api/login', { email, password }, { headers: { 'x-forwarded-for': nextIp() } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}
