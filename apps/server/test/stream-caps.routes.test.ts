/**
 * Caps on open Server-Sent Events streams (issue "Security hardening" #6: 300 of 300 streams from one address were
 * accepted), over real HTTP on both databases, with the caps lowered to 3 per address and 5 in all: the stream
 * over a cap answers 429 `rate_limited` with the reason (`streams_per_ip`, `streams_total`) and Retry-After, and a
 * closed stream frees its slot. The caps are per process by design (lib/event-stream.ts says why).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from './harness.ts';
import { openSse, type SseConnection } from '../src/modules/staff/sse-client.fixtures.ts';

describeEachDatabase(
  'event stream caps',
  (ctx: TestContext) => {
    let base = '';
    let session = '';
    const open: SseConnection[] = [];
    beforeAll(async () => {
      ctx.clock.setOverride(new Date('2026-03-03T10:00:00.000Z'));
      const scan = await ctx.post('/api/tables/verify_token', { token: 'demo-t1', placeSlug: 'bistro' });
      expect(scan.statusCode, scan.body).toBe(200);
      session = (scan.json() as { session: string }).session;
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => {
      for (const s of open) s.close();
      ctx.clock.setOverride(null);
    });

    const url = () =>
      `${base}/api/orders/by_table_session/${encodeURIComponent(session)}/events?client=demo&place=bistro`;
    const stream = async (ip: string) => {
      const s = await openSse(url(), { 'x-forwarded-for': ip });
      open.push(s);
      return s;
    };
    const refusal = async (ip: string) => {
      const res = await fetch(url(), { headers: { accept: 'text/event-stream', 'x-forwarded-for': ip } });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
    };

    ctx.test('3 streams per address, 5 in all; a closed stream frees its slot', async () => {
      for (let i = 0; i < 3; i++) expect((await stream('10.20.0.1')).status).toBe(200);
      const perIp = await refusal('10.20.0.1');
      expect(perIp).toMatchObject({
        status: 429,
        retryAfter: '10',
        body: { code: 'rate_limited', details: [{ code: 'streams_per_ip' }] },
      });
      for (let i = 0; i < 2; i++) expect((await stream('10.20.0.2')).status).toBe(200);
      const total = await refusal('10.20.0.3');
      expect(total).toMatchObject({
        status: 429,
        body: { code: 'rate_limited', details: [{ code: 'streams_total' }] },
      });
      // Another address's refusal left the count alone; closing one stream lets a new one in.
      open[0]!.close();
      await expect
        .poll(async () => {
          const s = await openSse(url(), { 'x-forwarded-for': '10.20.0.3' });
          if (s.status === 200) open.push(s);
          return s.status;
        })
        .toBe(200);
    });
  },
  { env: { SSE_MAX_STREAMS_PER_IP: '3', SSE_MAX_STREAMS: '5' } },
);
