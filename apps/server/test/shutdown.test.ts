// Graceful shutdown of the real process (issue "Reliability and security proof", Operations): SIGTERM while a slow
// request and a guest SSE stream are open → the slow request completes with 200, the stream ends cleanly, new
// connections are refused, the process exits 0. Also: JSON log lines carry the caller's x-request-id.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnServer, type SpawnedServer } from './spawn-server.ts';

const HEADERS = { client: 'demo', place: 'bistro', 'content-type': 'application/json' };

describe('graceful shutdown [sqlite, real process]', () => {
  let dataDir: string;
  let server: SpawnedServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'trapeza-shutdown-'));
    server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('SIGTERM finishes the in-flight request, ends the SSE stream, exits 0', async () => {
    await fetch(server.url + '/api/__test/clock', {
      method: 'PUT',
      headers: HEADERS,
      body: JSON.stringify({ now: '2026-11-24T10:00:00Z' }),
    });
    const verify = await fetch(server.url + '/api/tables/verify_token', {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ token: 'demo-t1', placeSlug: 'bistro' }),
    });
    expect(verify.status).toBe(200);
    const { session } = (await verify.json()) as { session: string };

    // A guest SSE stream, read raw so that its end is visible.
    const streamEnded = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${server.url}/api/orders/by_table_session/${session}/events?client=demo&place=bistro`,
        { headers: { accept: 'text/event-stream' } },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    await new Promise((r) => setTimeout(r, 300));

    const started = Date.now();
    const slow = fetch(server.url + '/api/__test/slow?ms=1500', {
      headers: { 'x-request-id': 'shutdown-test-42' },
    });
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('shutdown-test-42');
    expect(await answer.json()).toEqual({ ok: true, waited: 1500 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);

    const stream = await streamEnded;
    expect(stream.status).toBe(200);
    expect(stream.body).toContain('event: ready');

    const code = await server.exited;
    if (code !== 0) console.log(server.output().split('\n').slice(-15).join('\n'));
    expect(code).toBe(0);
    await expect(fetch(server.url + '/api/health')).rejects.toThrow();

    // Structured logs: one JSON object per line; the request's lines carry its id.
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { reqId?: string; msg?: string; level?: number });
    expect(lines.some((l) => l.reqId === 'shutdown-test-42')).toBe(true);
    expect(lines.some((l) => l.msg === 'shut down cleanly')).toBe(true);
  }, 60_000);
});
