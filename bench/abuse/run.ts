// bench/abuse: a flood from one table does not slow the others (issue "Reliability and security proof").
// The real server (SQLite, rate limits on as in production) serves TABLES normal tables, each from its own address
// (x-forwarded-for, as behind the venue's proxy): an order every ORDER_EVERY_MS (below the 20/min/session limit)
// and a look at its orders every POLL_EVERY_MS. Phase 1 runs PHASE_MS without a flood, phase 2 the same while one
// table floods orders and waiter calls from FLOOD_CONNECTIONS connections as fast as it can (from a child process). Figure: p50 / p99 of
// the normal tables' calls in each phase, and what the flood got (429 vs 201).
//
//   TABLES=8  PHASE_MS=20000  FLOOD_CONNECTIONS=32  ORDER_EVERY_MS=3500  POLL_EVERY_MS=500
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess } from '../lib/server-process.ts';
import { call, orderableProducts, percentile, setClock, spotOrder, tableSessions } from '../lib/orders.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TABLES = Number(process.env.TABLES ?? 8);
const PHASE_MS = Number(process.env.PHASE_MS ?? 20_000);
const FLOOD_CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 32);
const ORDER_EVERY_MS = Number(process.env.ORDER_EVERY_MS ?? 3500);
const POLL_EVERY_MS = Number(process.env.POLL_EVERY_MS ?? 500);
const PORT = Number(process.env.PORT ?? 3413);

// Flood mode (a child process, so that the flood's client work does not sit in the measuring process's event loop):
//   node abuse/run.ts --flood URL SESSION PRODUCTS_JSON  → floods until SIGTERM, then prints its counts as JSON.
if (process.argv[2] === '--flood') {
  const [url, session, productsJson] = process.argv.slice(3) as [string, string, string];
  const products = JSON.parse(productsJson) as Parameters<typeof spotOrder>[1];
  let stop = false;
  process.once('SIGTERM', () => (stop = true));
  const statuses: Record<string, number> = {};
  let requests = 0;
  const started = Date.now();
  const ip = { 'x-forwarded-for': '10.66.6.6' };
  await Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async (_, c) => {
      for (let n = 0; !stop; n++) {
        try {
          const r =
            n % 2 === 0
              ? await call(
                  url + '/api/orders',
                  'POST',
                  spotOrder(session, products, n, `flood:${c}:${n}`),
                  ip,
                )
              : await call(url + '/api/user-needs', 'POST', { token: session, type: 'bring_ice' }, ip);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        } catch {
          statuses.error = (statuses.error ?? 0) + 1;
        }
        requests++;
      }
    }),
  );
  process.stdout.write(
    JSON.stringify({ requests, perSecond: Math.round(requests / ((Date.now() - started) / 1000)), statuses }),
  );
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'trapeza-abuse-'));
const server = await startProcess(['apps/server/src/server.ts'], {
  port: PORT,
  cwd: root,
  readyPath: '/api/health',
  env: {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_NO_WARNINGS: '1',
    // Production defaults: the API-wide per-IP limit and the abuse limits are on.
    RATE_LIMIT_PER_MINUTE: '3000',
  },
});

interface Sample {
  kind: 'order' | 'poll';
  ms: number;
  status: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let result: Record<string, unknown>;
try {
  await setClock(server.url);
  const sessions = await tableSessions(server.url, TABLES + 2);
  const products = await orderableProducts(server.url);
  const flooder = sessions[0]!;
  const normal = sessions.slice(2, 2 + TABLES);

  const normalPhase = async (phase: string): Promise<Sample[]> => {
    const samples: Sample[] = [];
    const until = Date.now() + PHASE_MS;
    await Promise.all(
      normal.map(async (session, t) => {
        const ip = { 'x-forwarded-for': `10.20.0.${t + 1}` };
        let nextOrder = Date.now() + Math.random() * ORDER_EVERY_MS;
        for (let n = 0; Date.now() < until; n++) {
          if (Date.now() >= nextOrder) {
            nextOrder += ORDER_EVERY_MS;
            const r = await call(
              server.url + '/api/orders',
              'POST',
              spotOrder(session, products, n, `abuse:${phase}:${t}:${n}`),
              ip,
            );
            samples.push({ kind: 'order', ms: r.ms, status: r.status });
          } else {
            const r = await call(
              server.url + `/api/orders/by_table_session/${session}`,
              'GET',
              undefined,
              ip,
            );
            samples.push({ kind: 'poll', ms: r.ms, status: r.status });
            await sleep(POLL_EVERY_MS);
          }
        }
      }),
    );
    return samples;
  };

  const flood = () => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--flood', server.url, flooder, JSON.stringify(products)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const done = new Promise<{ requests: number; perSecond: number; statuses: Record<string, number> }>(
      (resolve, reject) =>
        child.once('exit', () => {
          try {
            resolve(JSON.parse(out));
          } catch {
            reject(new Error(`flood process answered ${out}`));
          }
        }),
    );
    return { stop: () => child.kill('SIGTERM'), done };
  };

  const summarize = (samples: Sample[]) => {
    const orders = samples.filter((s) => s.kind === 'order');
    const all = samples.map((s) => s.ms);
    return {
      calls: samples.length,
      orders: orders.length,
      ordersNot201: orders.filter((s) => s.status !== 201).length,
      pollsNot200: samples.filter((s) => s.kind === 'poll' && s.status !== 200).length,
      p50ms: Math.round(percentile(all, 50) * 10) / 10,
      p99ms: Math.round(percentile(all, 99) * 10) / 10,
      orderP50ms:
        Math.round(
          percentile(
            orders.map((s) => s.ms),
            50,
          ) * 10,
        ) / 10,
      orderP99ms:
        Math.round(
          percentile(
            orders.map((s) => s.ms),
            99,
          ) * 10,
        ) / 10,
    };
  };

  process.stderr.write(`phase 1: ${TABLES} normal tables, no flood, ${PHASE_MS} ms\n`);
  const quiet = summarize(await normalPhase('quiet'));
  process.stderr.write(`phase 2: the same while one table floods from ${FLOOD_CONNECTIONS} connections\n`);
  const floodRun = flood();
  await sleep(1000);
  const loud = summarize(await normalPhase('flood'));
  floodRun.stop();
  const floodResult = await floodRun.done;

  result = {
    tables: TABLES,
    phaseMs: PHASE_MS,
    withoutFlood: quiet,
    duringFlood: loud,
    flood: floodResult,
  };
  // Budget: the normal tables are never refused, and their p99 during the flood stays within 5× (at least +50 ms)
  // of the quiet p99 on a shared machine.
  result.pass =
    quiet.ordersNot201 === 0 &&
    loud.ordersNot201 === 0 &&
    loud.pollsNot200 === 0 &&
    (floodResult.statuses['429'] ?? 0) > 0 &&
    loud.p99ms <= Math.max(quiet.p99ms * 5, quiet.p99ms + 50);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(JSON.stringify(result, null, 2));
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/abuse.json'),
  JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2),
);
if (!result.pass) process.exitCode = 1;
