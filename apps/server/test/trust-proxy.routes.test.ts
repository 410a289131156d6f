/**
 * X-Forwarded-For decides the client IP of the per-IP limits only when the peer is a trusted proxy (TRUST_PROXY,
 * default loopback): a client on the open network rotating the header still hits its own limit.
 */
import { expect } from 'vitest';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('trust proxy', (ctx) => {
  const failedLogins = async (remoteAddress: string, tag: string) => {
    const statuses: number[] = [];
    for (let n = 0; n < 25; n++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress,
        headers: { client: 'demo', place: 'bistro', 'x-forwarded-for': `198.51.100.${n + 1}` },
        payload: { email: `nobody-${tag}-${n}@demo.test`, password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  ctx.test('a remote client cannot escape the login limit by rotating X-Forwarded-For', async () => {
    const statuses = await failedLogins('203.0.113.7', 'remote');
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
  });

  ctx.test('behind a proxy on the same host, each forwarded client has its own limit', async () => {
    const statuses = await failedLogins('127.0.0.1', 'proxied');
    expect(statuses.every((s) => s === 401)).toBe(true);
  });
});
