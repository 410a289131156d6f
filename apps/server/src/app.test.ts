import { expect } from 'vitest';
import { describeEachDatabase } from '../test/harness.ts';

describeEachDatabase('app', (ctx) => {
  ctx.test('health answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
