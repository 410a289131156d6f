import { expect } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';

describeEachDatabase('test reset', (ctx) => {
  ctx.test('POST /api/__test/reset brings back the seeded demo and drops what tests added', async () => {
    const bistro = await ctx.placeId('bistro');
    const before = await ctx.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('place_id', '=', bistro)
      .orderBy('id')
      .execute();
    await ctx.db.updateTable('products').set({ name: 'Променено' }).where('id', '=', before[0]!.id).execute();
    await ctx.db
      .insertInto('settings')
      .values({ place_id: bistro, key: 'e2e_leftover', value: '1' })
      .execute();
    const res = await ctx.request('POST', '/api/__test/reset');
    expect(res.statusCode).toBe(200);
    const after = await ctx.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('place_id', '=', bistro)
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
    const leftover = await ctx.db
      .selectFrom('settings')
      .select('id')
      .where('key', '=', 'e2e_leftover')
      .execute();
    expect(leftover).toEqual([]);
    expect(await ctx.placeId('bistro')).toBe(bistro);
    const menu = await ctx.get('/api/products?active=1');
    expect(menu.statusCode).toBe(200);
    expect((menu.json() as { name: string }[]).map((p) => p.name)).not.toContain('Променено');
    const login = await ctx.post('/api/login', { email: 'guest@demo.test', password: 'demo-guest' });
    expect(login.statusCode).toBe(200);
  });

  ctx.test(
    'the reset starts the in-process limits afresh: a login refused by the limit is taken after it',
    async () => {
      const login = () => ctx.post('/api/login', { email: 'guest@demo.test', password: 'demo-guest' });
      let refused = null;
      for (let i = 0; i < 25 && !refused; i++) {
        const res = await login();
        if (res.statusCode === 429) refused = res;
        else expect(res.statusCode).toBe(200);
      }
      expect(refused?.json()).toMatchObject({ code: 'rate_limited' });
      expect((await ctx.request('POST', '/api/__test/reset')).statusCode).toBe(200);
      expect((await login()).statusCode).toBe(200);
    },
  );
});
