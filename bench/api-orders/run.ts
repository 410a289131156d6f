// bench/api-orders (issue 5): order intake under load. autocannon, 50 connections × 10 s per dialect, posting valid
// orders at bistro — table (spot) orders through the sessions of demo-t1…demo-t12 and delivery orders, alternating —
// against the real server (bench/lib/server-process.ts, NODE_ENV=test, the clock pinned to Tuesday 2026-11-24 12:00
// Sofia through PUT /api/__test/clock so the bistro is open, RATE_LIMIT_PER_MINUTE=0), on a fresh SQLite file and a
// fresh PostgreSQL database. The server keeps the production cache TTL (MENU_CACHE_TTL_MS=5000): the venue
// configuration is cached, products, stock, sessions and promo codes are read live on every order.
//
// Every request is a distinct order: setupRequest writes a unique marker `orders:<dialect>:<n>` as the first line's
// comment (the duplicate guard hashes lines and comments), and remembers it on the connection; onResponse records
// the acknowledged (2xx) markers. After the run the database is counted: every acknowledged marker stored on exactly
// one order with all its lines, no marker on two orders, no order without lines. Orders stored without an answer
// (in flight when autocannon stopped) are allowed and counted for information.
//
// Budget (SQLite): ≥ 500 orders/s with p99 ≤ 100 ms. PostgreSQL (issue "Scale out" #1), in the same run: ≥ 0.6 ×
// SQLite's orders/s (when SQLite ran first), p99 ≤ 100 ms, ≤ 1.2 ms server CPU per order.
//
//   BENCH_DURATION=10  BENCH_CONNECTIONS=50  DIALECTS=sqlite,postgres  PG_URL=postgres://postgres@127.0.0.1:5432
//   PORT=3461  PROFILE=1 (server under node --cpu-prof; the .cpuprofile lands in bench/results/profiles/)
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freshDatabase, portInUse, type Dialect } from '../lib/bench-database.ts';
import {
  deliveryBody,
  HEADERS,
  orderableCandidates,
  probeOrderable,
  setClock,
  tableSessions,
  type Json,
  type PricedOrderable as Orderable,
} from '../lib/orders.ts';
import { passCell, runDialects } from '../lib/report.ts';
import { startProcess } from '../lib/server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DIALECTS = (process.env.DIALECTS ?? 'sqlite,postgres').split(',').map((s) => s.trim()) as Dialect[];
const PG_URL = (process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const PORT = Number(process.env.PORT ?? 3461);
const PROFILE = process.env.PROFILE === '1';
const BUDGET = { ordersPerSecond: 500, p99: 100 };
const PG_BUDGET = { ofSqlite: 0.6, p99: 100, cpuMsPerOrder: 1.2 };
/** SQLite's orders/s of this run, for PostgreSQL's budget. */
let sqliteOrdersPerSecond: number | null = null;

/** Two or three lines; delivery carts reach the delivery minimum (20.00). */
function cart(products: Orderable[], n: number, minTotal: number) {
  const picked = [products[n % products.length]!, products[(n + 1) % products.length]!];
  if (n % 3 === 0) picked.push(products[(n + 2) % products.length]!);
  const lines = picked.map((p, i) => ({
    product_id: p.product_id,
    product_variant_id: p.product_variant_id,
    quantity: 1 + ((n + i) % 3),
    ingredients: { required: 0, addable: [], removable: [] },
  }));
  let total = picked.reduce((s, p, i) => s + p.price * lines[i]!.quantity, 0);
  while (total < minTotal) {
    lines[0]!.quantity += 1;
    total += picked[0]!.price;
  }
  return lines;
}

interface Counts {
  /** marker → [orders carrying it, lines of the (first) order] */
  markers: Map<string, { orders: number; lines: number }>;
  ordersWithoutLines: number;
}

async function countRows(dialect: Dialect, target: string, prefix: string): Promise<Counts> {
  const byMarker = `select l.comment as marker, count(distinct l.order_id) as orders,
      (select count(*) from order_lines x where x.order_id = min(l.order_id)) as lines
    from order_lines l where l.comment like ? group by l.comment`;
  const noLines =
    'select count(*) as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)';
  if (dialect === 'sqlite') {
    const db = new SQLite(target, { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare(byMarker).all(prefix + '%') as {
        marker: string;
        orders: number;
        lines: number;
      }[];
      return {
        markers: new Map(rows.map((r) => [r.marker, { orders: Number(r.orders), lines: Number(r.lines) }])),
        ordersWithoutLines: Number((db.prepare(noLines).get() as { n: number }).n),
      };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    const rows = (await client.query(byMarker.replace('?', '$1'), [prefix + '%'])).rows;
    return {
      markers: new Map(
        rows.map((r) => [r.marker as string, { orders: Number(r.orders), lines: Number(r.lines) }]),
      ),
      ordersWithoutLines: Number((await client.query(noLines)).rows[0].n),
    };
  } finally {
    await client.end();
  }
}

/** CPU time (user + system) the process has used so far, in ms (Linux /proc; null elsewhere). */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat (12 and 13 after the command), in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** PostgreSQL: transactions committed or rolled back in the database so far (autocommitted statements included). */
async function pgTransactions(target: string): Promise<number> {
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select (xact_commit + xact_rollback)::float8 as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

interface Row {
  dialect: Dialect;
  /**
   * PostgreSQL: transactions per acknowledged order (each autocommitted statement counts as one; read from
   * pg_stat_database before the load and after the server exited, when its connections have flushed their counts).
   */
  pgTransactionsPerOrder?: number | null;
  /** The server's CPU time per acknowledged order during the run: what the orders cost, whatever else runs. */
  serverCpuMsPerOrder: number | null;
  requests: number;
  acknowledged: number;
  ordersPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  refused: Record<string, number>;
  storedAcknowledged: number;
  missing: number;
  duplicates: number;
  partial: number;
  ordersWithoutLines: number;
  storedUnacknowledged: number;
  pass: boolean;
}

async function runDialect(dialect: Dialect): Promise<Row> {
  // Another server on the port would answer the readiness probe instead of ours (other benchmarks use ports too).
  if (await portInUse(PORT)) throw new Error(`port ${PORT} is in use: stop what listens there or set PORT`);
  const database = await freshDatabase(dialect, {
    name: 'api-orders',
    dbName: 'trapeza_bench_orders',
    pgUrl: PG_URL,
    // The production cache TTL (NODE_ENV=test, needed for the pinned clock, would switch caches off).
    env: { LOG_LEVEL: 'warn', PAYMENT_SIMULATOR: '0', MENU_CACHE_TTL_MS: '5000' },
  });
  const env = database.env;
  let row: Row | undefined;
  let transactionsBefore: number | null = null;
  const profileDir = join(root, 'bench/results/profiles');
  if (PROFILE) mkdirSync(profileDir, { recursive: true });
  const server = await startProcess(
    [
      ...(PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=api-orders-${dialect}.cpuprofile`]
        : []),
      'apps/server/src/server.ts',
    ],
    { port: PORT, cwd: root, env, readyPath: '/api/health' },
  );
  try {
    await setClock(server.url);
    const sessions = await tableSessions(server.url);
    // Each tried once alone at a table.
    const products = await probeOrderable(server.url, sessions[0]!, await orderableCandidates(server.url), {
      stopAfter: 6,
      atLeast: 3,
    });
    const prefix = `orders:${dialect}:`;
    let n = 0;
    const acked = new Set<string>();
    const refused = new Map<string, number>();
    type Ctx = { marker?: string };
    const onResponse = (status: number, body: string, context: Ctx) => {
      if (status >= 200 && status < 300) {
        if (context.marker) acked.add(context.marker);
      } else {
        let code = '';
        try {
          const j = JSON.parse(body);
          code = j.code ?? j.message ?? '';
        } catch {
          // not JSON
        }
        const k = `${status} ${code}`;
        refused.set(k, (refused.get(k) ?? 0) + 1);
      }
    };
    // Settle the probes' counts (a backend flushes them at most once a second), then read.
    if (dialect === 'postgres') await new Promise((r) => setTimeout(r, 1100));
    const xactBefore = dialect === 'postgres' ? await pgTransactions(database.target) : null;
    const cpuBefore = cpuMs(server.child.pid);
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: HEADERS,
      requests: [
        {
          method: 'POST',
          path: '/api/orders',
          setupRequest: (req: Json, context: Ctx) => {
            n += 1;
            const marker = `${prefix}${n}`;
            context.marker = marker;
            const lines = cart(products, n, 0);
            return {
              ...req,
              body: JSON.stringify({
                session: sessions[n % sessions.length],
                products: lines,
                order_comment: [{ variantId: lines[0]!.product_variant_id, comment: marker }],
              }),
            };
          },
          onResponse,
        },
        {
          method: 'POST',
          path: '/api/orders/delivery',
          setupRequest: (req: Json, context: Ctx) => {
            n += 1;
            const marker = `${prefix}${n}`;
            context.marker = marker;
            const lines = cart(products, n, 2000);
            return {
              ...req,
              path: `/api/orders/delivery?t=${n}`,
              body: JSON.stringify(
                deliveryBody(lines, [{ variantId: lines[0]!.product_variant_id, comment: marker }], {
                  phone: '+359888' + String(100000 + (n % 900000)),
                  email: 'bench@example.test',
                }),
              ),
            };
          },
          onResponse,
        },
      ],
    } as Json);
    // Let in-flight writes of the last requests settle before counting.
    await new Promise((r) => setTimeout(r, 500));
    const cpuAfter = cpuMs(server.child.pid);
    const counts = await countRows(dialect, database.target, prefix);
    // Lines per marker as sent: recompute from the marker number.
    const linesOf = (marker: string) => (Number(marker.slice(prefix.length)) % 3 === 0 ? 3 : 2);
    let storedAcknowledged = 0;
    let missing = 0;
    let partial = 0;
    for (const m of acked) {
      const c = counts.markers.get(m);
      if (!c) missing += 1;
      else if (c.lines !== linesOf(m)) partial += 1;
      else storedAcknowledged += 1;
    }
    if (process.env.DEBUG_COUNTS)
      process.stderr.write(
        `${counts.markers.size} markers stored; first ${JSON.stringify([...counts.markers].slice(0, 2))}; acked ${JSON.stringify([...acked].slice(0, 2))}\n`,
      );
    const duplicates = [...counts.markers.values()].filter((c) => c.orders > 1).length;
    const storedUnacknowledged = [...counts.markers.keys()].filter((m) => !acked.has(m)).length;
    const twoXX = (result as Json)['2xx'] as number;
    const ordersPerSecond = Math.round(twoXX / DURATION);
    const ok = missing === 0 && duplicates === 0 && partial === 0 && counts.ordersWithoutLines === 0;
    const serverCpuMsPerOrder =
      cpuBefore !== null && cpuAfter !== null && acked.size > 0
        ? Math.round(((cpuAfter - cpuBefore) / acked.size) * 100) / 100
        : null;
    let withinBudget: boolean;
    if (dialect === 'sqlite') {
      sqliteOrdersPerSecond = ordersPerSecond;
      withinBudget = ordersPerSecond >= BUDGET.ordersPerSecond && result.latency.p99 <= BUDGET.p99;
    } else {
      withinBudget =
        result.latency.p99 <= PG_BUDGET.p99 &&
        (serverCpuMsPerOrder === null || serverCpuMsPerOrder <= PG_BUDGET.cpuMsPerOrder) &&
        (sqliteOrdersPerSecond === null || ordersPerSecond >= PG_BUDGET.ofSqlite * sqliteOrdersPerSecond);
    }
    row = {
      dialect,
      serverCpuMsPerOrder,
      requests: result.requests.total,
      acknowledged: acked.size,
      ordersPerSecond,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors,
      refused: Object.fromEntries(refused),
      storedAcknowledged,
      missing,
      duplicates,
      partial,
      ordersWithoutLines: counts.ordersWithoutLines,
      storedUnacknowledged,
      pass: ok && acked.size > 0 && result.non2xx === 0 && withinBudget,
    };
    transactionsBefore = xactBefore;
  } finally {
    await server.stop();
    if (row && transactionsBefore !== null && row.acknowledged > 0) {
      // The server's connections are closed: their counts are in pg_stat_database now.
      const after = await pgTransactions(database.target).catch(() => null);
      row.pgTransactionsPerOrder =
        after === null ? null : Math.round(((after - transactionsBefore) / row.acknowledged) * 100) / 100;
    }
    await database.drop();
  }
  return row!; // set, or the try threw
}

const rows = await runDialects<Row>({
  name: 'api-orders',
  describe: `${CONNECTIONS} connections × ${DURATION} s per dialect, spot + delivery orders alternating`,
  port: PORT,
  dialects: DIALECTS,
  run: runDialect,
  columns: [
    { header: 'orders/s', numeric: true, cell: (r) => r.ordersPerSecond },
    { header: 'server CPU ms/order', numeric: true, cell: (r) => r.serverCpuMsPerOrder },
    { header: 'PostgreSQL transactions/order', numeric: true, cell: (r) => r.pgTransactionsPerOrder },
    { header: 'p50 ms', numeric: true, cell: (r) => r.p50 },
    { header: 'p99 ms', numeric: true, cell: (r) => r.p99 },
    { header: 'max ms', numeric: true, cell: (r) => r.max },
    { header: 'acknowledged', numeric: true, cell: (r) => r.acknowledged },
    { header: 'stored of them', numeric: true, cell: (r) => r.storedAcknowledged },
    { header: 'missing', numeric: true, cell: (r) => r.missing },
    { header: 'duplicates', numeric: true, cell: (r) => r.duplicates },
    { header: 'no lines', numeric: true, cell: (r) => r.ordersWithoutLines },
    { header: 'non-2xx', numeric: true, cell: (r) => r.non2xx },
    { header: 'stored, answer cut at stop', numeric: true, cell: (r) => r.storedUnacknowledged },
    {
      header: 'budget: p99 ≤ 100 ms; SQLite ≥ 500/s; PostgreSQL ≥ 0.6 × SQLite/s, ≤ 1.2 ms CPU/order',
      cell: passCell,
    },
  ],
});
process.exit(rows.every((r) => r.pass) ? 0 : 1);
