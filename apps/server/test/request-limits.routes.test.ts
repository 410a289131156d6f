/**
 * Issue "Security hardening" #6 (part): a slow body is cut after REQUEST_TIMEOUT_MS (408, connection closed), and
 * the unauthenticated `tables/verify_token` and `/api/logs/*` writes have their own per-IP limits. On SQLite and
 * PostgreSQL, the real app listening on a port (time-outs live in Node's HTTP server, not in `inject`).
 */
import { connect } from 'node:net';
import { beforeAll, expect } from 'vitest';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase(
  'request time-out and limits on unauthenticated writes',
  (ctx) => {
    let port = 0;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as { port: number }).port;
    });

    ctx.test(
      'a body that never finishes: 408 and the connection closed after REQUEST_TIMEOUT_MS',
      async () => {
        const started = Date.now();
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1');
          let text = '';
          socket.on('data', (d) => (text += d.toString()));
          socket.on('close', () => resolve(text));
          socket.on('error', reject);
          socket.write(
            'POST /api/orders/preorder HTTP/1.1\r\nHost: localhost\r\nclient: demo\r\nplace: bistro\r\nContent-Type: application/json\r\n' +
              'Content-Length: 1000\r\n\r\n{"products":',
          );
          setTimeout(() => {
            socket.destroy();
            reject(new Error(`still open after 8 s: ${text}`));
          }, 8_000);
        });
        expect(answer).toMatch(/^HTTP\/1\.1 408/);
        expect(Date.now() - started).toBeLessThan(6_000);
      },
    );

    const post = (url: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', client: 'demo', place: 'bistro' },
        body: JSON.stringify(body),
      });

    ctx.test('tables/verify_token: 60 per minute per IP, then 429 rate_limited', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 61; i++)
        codes.push((await post('/api/tables/verify_token', { token: `nope-${i}` })).status);
      expect(codes.slice(0, 60).every((c) => c !== 429)).toBe(true);
      expect(codes[60]).toBe(429);
    });

    ctx.test('/api/logs/*: 120 per minute per IP and route, then 429', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 121; i++) {
        codes.push((await post('/api/logs/make-system-log', { message: `beacon ${i}` })).status);
      }
      expect(codes.indexOf(429), codes.join(',')).toBe(120);
      expect(codes[120]).toBe(429);
      const other = await post('/api/logs/user_action', { action: 'x' });
      expect(other.status).not.toBe(429);
    });
  },
  { env: { REQUEST_TIMEOUT_MS: '1000', RATE_LIMIT_PER_MINUTE: '3000' } },
);
