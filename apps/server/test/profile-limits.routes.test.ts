/** Issue 23 hardening: profile strings have length caps (a 900 kB profile field was accepted), both databases. */
import { expect } from 'vitest';
import { describeEachDatabase } from './harness.ts';
import { nextIp } from './accounts.fixtures.ts';

describeEachDatabase('profile string limits (issue 23 hardening)', (ctx) => {
  const body = (n: string) => ({
    first_name: 'Иван',
    last_name: 'Петров',
    email: `limits-${n}@profile.test`,
    phone: '+359 888 123 456',
    password: 'long-enough',
  });
  const register = (b: unknown) => ctx.post('/api/register', b, { headers: { 'x-forwarded-for': nextIp() } });

  ctx.test('a 900 kB address or name is refused with 400 and nothing stored', async () => {
    const huge = 'x'.repeat(900_000);
    for (const [n, over] of [
      ['address', { address: huge }],
      ['name', { last_name: huge }],
      ['password', { password: huge }],
    ] as const) {
      const res = await register({ ...body(n), ...over });
      expect(res.statusCode, n).toBe(400);
      const row = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', `limits-${n}@profile.test`)
        .executeTakeFirst();
      expect(row, n).toBeUndefined();
    }
    const ok = await register({ ...body('ok'), address: 'ул. Витоша 1' });
    expect(ok.statusCode, ok.body).toBe(202);
    // Confirmed as its mailed link would (users.routes.test.ts follows the link), then signed in.
    await ctx.db
      .updateTable('users')
      .set({ email_confirmed: 1 })
      .where('email', '=', 'limits-ok@profile.test')
      .execute();
    const signIn = await ctx.post(
      '/api/login',
      { email: 'limits-ok@profile.test', password: 'long-enough' },
      { headers: { 'x-forwarded-for': nextIp() } },
    );
    const token = signIn.json().token as string;
    const edit = await ctx.post(
      '/api/users/editProfile',
      { address: huge },
      { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextIp() } },
    );
    expect(edit.statusCode).toBe(400);
    const row = await ctx.db
      .selectFrom('users')
      .select('address')
      .where('email', '=', 'limits-ok@profile.test')
      .executeTakeFirstOrThrow();
    expect(row.address).toBe('ул. Витоша 1');
  });
});
