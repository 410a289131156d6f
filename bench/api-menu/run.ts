// bench/api-menu: autocannon (50 connections, 10 s) against the real menu endpoints on SQLite,
// beside a bare Fastify server answering the same JSON from memory, in the same run.
// Budget (issue "Foundation"): the real endpoint reaches at least half the bare server's requests/s.
import autocannon from 'autocannon';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess } from '../lib/server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BUDGET_RATIO = 0.5;
const headers = { client: 'demo', place: 'bistro' };
const endpoints = ['/api/products?active=1', '/api/categoriesHierarchy?active=1'];

const dataDir = mkdtempSync(join(tmpdir(), 'trapeza-bench-'));
const real = await startProcess(['apps/server/src/server.ts'], {
  port: 3201,
  cwd: root,
  env: {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DEMO: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
  },
  readyPath: '/api/health',
});

const bodies: Record<string, unknown> = {};
for (const path of endpoints) {
  const res = await fetch(real.url + path, { headers });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  bodies[path.split('?')[0]!] = await res.json();
}
const bodiesFile = join(dataDir, 'bodies.json');
writeFileSync(bodiesFile, JSON.stringify(bodies));
const bare = await startProcess(['bench/api-menu/bare-server.ts'], {
  port: 3202,
  cwd: root,
  env: { BODIES_FILE: bodiesFile },
  readyPath: '/api/health',
});

async function load(url: string) {
  const r = await autocannon({ url, connections, duration, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, bytes: Math.round(r.throughput.average) };
}

const rows = [];
try {
  for (const path of endpoints) {
    const realResult = await load(real.url + path);
    const bareResult = await load(bare.url + path);
    const ratio = realResult.rps / bareResult.rps;
    rows.push({
      path,
      real: realResult,
      bare: bareResult,
      ratio: Number(ratio.toFixed(2)),
      pass: ratio >= BUDGET_RATIO,
    });
  }
} finally {
  await real.stop();
  await bare.stop();
}

console.log(
  `\nbench/api-menu — ${connections} connections, ${duration} s each, SQLite, ${process.version}\n`,
);
console.log('| endpoint | Trapeza req/s | p99 ms | bare Fastify req/s | p99 ms | ratio | budget ≥ 0.5 |');
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  console.log(
    `| \`GET ${r.path}\` | ${r.real.rps} | ${r.real.p99} | ${r.bare.rps} | ${r.bare.p99} | ${r.ratio} | ${r.pass ? 'pass' : 'FAIL'} |`,
  );
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/api-menu.json'),
  JSON.stringify({ date: new Date().toISOString(), rows }, null, 2),
);
process.exit(rows.every((r) => r.pass) ? 0 : 1);
