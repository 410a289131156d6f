// bench/staff-events (issue 8): live delivery to many staff boards. 200 SSE connections to GET /api/staff/events
// (a waiter's token from POST /api/login, passed as ?access_token= like EventSource does) while table and delivery
// orders are posted at 50/s for DURATION seconds. For every order, the delivery latency on every connection is the
// time from the POST's 201 answer to the `order.created` event carrying its key; each connection must receive every
// order exactly once. Run on a fresh SQLite file and a fresh PostgreSQL database (real server, NODE_ENV=test, the
// clock pinned to Tuesday 2026-11-24 12:00 Sofia, RATE_LIMIT_PER_MINUTE=0).
//
// Budget: p99 ≤ 250 ms over all (order, connection) pairs; 0 lost, 0 duplicated.
//
//   CONNECTIONS=200  RATE=50  DURATION=10  DIALECTS=sqlite,postgres  PG_URL=postgres://postgres@127.0.0.1:5432
//   PORT=3471
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { freshDatabase, portInUse, type Dialect } from '../lib/bench-database.ts';
import {
  HEADERS,
  OPEN_AT,
  orderableCandidates,
  probeOrderable,
  tableSessions,
  type Json,
} from '../lib/orders.ts';
import { passCell, runDialects } from '../lib/report.ts';
import { startProcess } from '../lib/server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const RATE = Number(process.env.RATE ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const DIALECTS = (process.env.DIALECTS ?? 'sqlite,postgres').split(',').map((s) => s.trim()) as Dialect[];
const PG_URL = (process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const PORT = Number(process.env.PORT ?? 3471);
const BUDGET_P99 = 250;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(url: string, method: string, body?: unknown): Promise<{ status: number; json: Json }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(url, { method, headers: HEADERS, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
        } catch {
          resolve({ status: res.statusCode ?? 0, json: text });
        }
      });
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    if (data) req.write(data);
    req.end();
  });
}

interface Board {
  /** order key → receipt times (ms, performance.now()) */
  seen: Map<string, number[]>;
  ready: Promise<void>;
  close(): void;
}

/** One SSE connection, parsed by hand (the events we need are small; no EventSource in Node). */
function openBoard(url: string): Board {
  const seen = new Map<string, number[]>();
  let markReady!: () => void;
  let fail!: (err: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    fail = reject;
  });
  const req = http.get(url, { headers: { accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) {
      fail(new Error(`stream answered ${res.statusCode}`));
      res.resume();
      return;
    }
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      const at = performance.now();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trimStart();
        }
        if (event === 'ready') markReady();
        else if (event === 'order.created') {
          const key = /"key":"([0-9a-f]+)"/.exec(data)?.[1];
          if (key) {
            const list = seen.get(key);
            if (list) list.push(at);
            else seen.set(key, [at]);
          }
        }
      }
    });
  });
  req.on('error', (err) => fail(err));
  return { seen, ready, close: () => req.destroy() };
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

interface Row {
  dialect: Dialect;
  connections: number;
  orders: number;
  refused: number;
  ratePerSecond: number;
  deliveries: number;
  p50: number;
  p99: number;
  max: number;
  lost: number;
  duplicated: number;
  postP99: number;
  pass: boolean;
}

async function runDialect(dialect: Dialect): Promise<Row> {
  // Another server on the port would answer the readiness probe instead of ours (other benchmarks use ports too).
  if (await portInUse(PORT)) throw new Error(`port ${PORT} is in use: stop what listens there or set PORT`);
  const database = await freshDatabase(dialect, {
    name: 'staff-events',
    dbName: 'trapeza_bench_events',
    pgUrl: PG_URL,
    env: { LOG_LEVEL: 'warn', PAYMENT_SIMULATOR: '0' },
  });
  const env = database.env;
  const server = await startProcess(['apps/server/src/server.ts'], {
    port: PORT,
    cwd: root,
    env,
    readyPath: '/api/health',
  });
  const boards: Board[] = [];
  try {
    const clock = await request(server.url + '/api/__test/clock', 'PUT', { now: OPEN_AT });
    if (clock.status !== 200) throw new Error(`test clock: ${clock.status}`);
    const login = await request(server.url + '/api/login', 'POST', {
      email: 'waiter@demo.test',
      password: 'demo-waiter',
    });
    if (login.status !== 200) throw new Error(`waiter login: ${login.status} ${JSON.stringify(login.json)}`);
    const token = login.json.token as string;
    const sessions = await tableSessions(server.url);
    // Keep only what a table can order (a category may not allow ordering): one probe order each, before the boards.
    const products = await probeOrderable(
      server.url,
      sessions[0]!,
      (await orderableCandidates(server.url)).slice(0, 12),
      { atLeast: 1 },
    );

    const streamUrl = `${server.url}/api/staff/events?client=demo&place=bistro&access_token=${encodeURIComponent(token)}`;
    for (let i = 0; i < CONNECTIONS; i++) boards.push(openBoard(streamUrl));
    await Promise.all(boards.map((b) => b.ready));

    // Orders at RATE per second, each answered time noted; a marker comment keeps every order distinct.
    const answered = new Map<string, number>();
    const postLatency: number[] = [];
    let refused = 0;
    const refusals = new Map<string, number>();
    const total = RATE * DURATION;
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const p = products[n % products.length]!;
      const lines = [
        {
          product_id: p.product_id,
          product_variant_id: p.product_variant_id,
          quantity: 1 + (n % 3),
          ingredients: { required: 0, addable: [], removable: [] },
        },
      ];
      const comment = [{ variantId: p.product_variant_id, comment: `events:${dialect}:${n}` }];
      const sent = performance.now();
      inFlight.push(
        request(server.url + '/api/orders', 'POST', {
          session: sessions[n % sessions.length],
          products: lines,
          order_comment: comment,
        }).then(
          (r) => {
            const at = performance.now();
            postLatency.push(at - sent);
            if (r.status === 201) answered.set(r.json.key, at);
            else {
              refused += 1;
              const k = `${r.status} ${r.json?.code ?? r.json?.message ?? ''}`;
              refusals.set(k, (refusals.get(k) ?? 0) + 1);
            }
          },
          () => {
            refused += 1;
          },
        ),
      );
    }
    await Promise.all(inFlight);
    const elapsed = (performance.now() - started) / 1000;
    if (refusals.size > 0)
      process.stderr.write(`${dialect}: refused ${JSON.stringify(Object.fromEntries(refusals))}\n`);
    // Let the last events arrive.
    await new Promise((r) => setTimeout(r, 2000));

    const latencies: number[] = [];
    let lost = 0;
    let duplicated = 0;
    for (const b of boards) {
      for (const [key, at] of answered) {
        const got = b.seen.get(key);
        if (!got) {
          lost += 1;
          continue;
        }
        if (got.length > 1) duplicated += got.length - 1;
        // An event may arrive before the POST's answer is read: latency 0, not negative.
        latencies.push(Math.max(0, got[0]! - at));
      }
    }
    latencies.sort((a, b) => a - b);
    postLatency.sort((a, b) => a - b);
    const p99 = quantile(latencies, 0.99);
    return {
      dialect,
      connections: CONNECTIONS,
      orders: answered.size,
      refused,
      ratePerSecond: Math.round((answered.size / elapsed) * 10) / 10,
      deliveries: latencies.length,
      p50: Math.round(quantile(latencies, 0.5)),
      p99: Math.round(p99),
      max: Math.round(latencies.at(-1) ?? NaN),
      lost,
      duplicated,
      postP99: Math.round(quantile(postLatency, 0.99)),
      pass: lost === 0 && duplicated === 0 && refused === 0 && answered.size > 0 && p99 <= BUDGET_P99,
    };
  } finally {
    for (const b of boards) b.close();
    await server.stop();
    await database.drop();
  }
}

const rows = await runDialects<Row>({
  name: 'staff-events',
  describe: `${CONNECTIONS} SSE connections, table orders at ${RATE}/s for ${DURATION} s`,
  port: PORT,
  dialects: DIALECTS,
  run: runDialect,
  columns: [
    { header: 'orders', numeric: true, cell: (r) => r.orders },
    { header: 'refused', numeric: true, cell: (r) => r.refused },
    { header: 'orders/s', numeric: true, cell: (r) => r.ratePerSecond },
    { header: 'deliveries', numeric: true, cell: (r) => r.deliveries },
    { header: 'p50 ms', numeric: true, cell: (r) => r.p50 },
    { header: 'p99 ms', numeric: true, cell: (r) => r.p99 },
    { header: 'max ms', numeric: true, cell: (r) => r.max },
    { header: 'lost', numeric: true, cell: (r) => r.lost },
    { header: 'duplicated', numeric: true, cell: (r) => r.duplicated },
    { header: 'POST p99 ms', numeric: true, cell: (r) => r.postP99 },
    { header: 'budget p99 ≤ 250 ms, 0 lost/dup', cell: passCell },
  ],
});
agent.destroy();
process.exit(rows.every((r) => r.pass) ? 0 : 1);
