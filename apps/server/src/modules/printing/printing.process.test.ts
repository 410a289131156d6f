/**
 * Print jobs survive a crash of the server (issue "Kitchen and bar tickets", "never lost, never twice"), on SQLite
 * and PostgreSQL: the real server process (`node apps/server/src/server.ts`) with the print agent and a simulated
 * printer. The printer is off while orders come in, so jobs queue up (some already handed to the agent); the
 * agent stops and more orders come; the server is killed with SIGKILL and started again on the same address; the
 * agent comes back and the printer is switched on: every ticket prints exactly once and every job is acknowledged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { POSTGRES_AVAILABLE, TEST_DATABASE_URL } from '../../../test/harness.ts';
import { PrinterSimulator } from '../../../test/printer-simulator.ts';
import { freePort, spawnServer, type SpawnedServer } from '../../../test/spawn-server.ts';
import { PrintAgent } from './agent/print-agent.ts';

const OPEN_AT = '2026-11-24T10:00:00Z';

async function call(url: string, method: string, body?: unknown, token?: string) {
  const res = await fetch(url, {
    method,
    headers: {
      client: 'demo',
      place: 'bistro',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function eventually(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe.skipIf(dialect === 'postgres' && !POSTGRES_AVAILABLE)(
    `printing across a server crash [${dialect}]`,
    () => {
      test('server killed with jobs queued → restarted → each ticket printed once', async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'trapeza-print-crash-'));
        const stateDir = mkdtempSync(join(tmpdir(), 'print-agent-'));
        cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
        cleanups.push(() => rmSync(stateDir, { recursive: true, force: true }));
        const env: Record<string, string> = { DATA_DIR: dataDir };
        if (dialect === 'postgres') {
          const name = `trapeza_t_print_${Math.random().toString(16).slice(2, 10)}`;
          const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
          await admin.connect();
          await admin.query(`create database ${name}`);
          await admin.end();
          const url = new URL(TEST_DATABASE_URL);
          url.pathname = `/${name}`;
          env.DATABASE_URL = url.toString();
          cleanups.push(async () => {
            const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
            await c.connect();
            await c.query(`drop database if exists ${name} with (force)`);
            await c.end();
          });
        }
        const port = await freePort();
        let server: SpawnedServer = await spawnServer(env, { port });
        cleanups.push(() => void server.child.kill('SIGKILL'));
        const base = server.url;
        expect((await call(`${base}/api/__test/clock`, 'PUT', { now: OPEN_AT })).status).toBe(200);

        const printer = await new PrinterSimulator().start();
        cleanups.push(() => printer.stop());
        const login = await call(`${base}/api/login`, 'POST', {
          email: 'admin@demo.test',
          password: 'demo-admin',
        });
        expect(login.status, JSON.stringify(login.json)).toBe(200);
        const token = login.json.token as string;
        const created = await call(
          `${base}/api/admin/printers`,
          'POST',
          { name: 'Кухня', host: '127.0.0.1', port: printer.port, is_default: true },
          token,
        );
        expect(created.status, JSON.stringify(created.json)).toBe(201);
        const key = (await call(`${base}/api/admin/print-agent-keys`, 'POST', { name: 'Kitchen PC' }, token))
          .json.key as string;

        // Something orderable of the demo menu.
        const products = (await call(`${base}/api/products?active=1`, 'GET')).json as {
          id: number;
          in_stock: number;
          type: string;
          product_ingredients: { type: string }[];
          min_count_addable_ingredients: number;
          product_variants: { id: number }[];
        }[];
        const product = products.find(
          (p) =>
            p.in_stock === 1 &&
            p.type === 'normal' &&
            p.min_count_addable_ingredients === 0 &&
            !p.product_ingredients.some((i) => i.type === 'required') &&
            p.product_variants.length > 0,
        )!;
        const order = async (table: number): Promise<number> => {
          const scan = await call(`${base}/api/tables/verify_token`, 'POST', {
            token: `demo-t${table}`,
            placeSlug: 'bistro',
          });
          expect(scan.status).toBe(200);
          const res = await call(`${base}/api/orders`, 'POST', {
            session: scan.json.session,
            products: [
              {
                product_variant_id: product.product_variants[0]!.id,
                product_id: product.id,
                quantity: table,
                ingredients: { required: 0, addable: [], removable: [] },
              },
            ],
            order_comment: [],
          });
          expect(res.status, JSON.stringify(res.json)).toBe(201);
          return table;
        };
        const agentOpts = {
          log: process.env.AGENT_LOG ? (m: string) => console.log('agent:', m) : undefined,
          server: base,
          key,
          stateDir,
          firstRetryMs: 200,
          maxRetryMs: 1000,
          sendOptions: { connectTimeoutMs: 1000, writeTimeoutMs: 2000 },
        };

        // Printer off: the agent gets the jobs but cannot print them.
        await printer.stop();
        let agent = new PrintAgent(agentOpts).start();
        cleanups.push(() => agent.stop());
        for (const t of [1, 2, 3]) await order(t);
        const waiting = async () =>
          (
            (await call(`${base}/api/staff/print-jobs`, 'GET', undefined, token)).json as {
              jobs: { attempts: number }[];
            }
          ).jobs;
        // Jobs of one printer print in order: the first one is retried, the others wait behind it.
        await eventually(
          async () => {
            const w = await waiting();
            return w.length === 3 && w.some((j) => j.attempts > 0);
          },
          15_000,
          'three waiting jobs, the first failing',
        );
        // The agent stops; two more orders wait in the database only.
        agent.stop();
        for (const t of [4, 5]) await order(t);
        await eventually(async () => (await waiting()).length === 5, 5000, 'five waiting jobs');

        // Crash and restart on the same address.
        server.child.kill('SIGKILL');
        await server.exited;
        server = await spawnServer(env, { port });
        expect((await call(`${base}/api/__test/clock`, 'PUT', { now: OPEN_AT })).status).toBe(200);
        expect((await waiting()).length).toBe(5);

        agent = new PrintAgent(agentOpts).start();
        await printer.start();
        const tablesPrinted = () =>
          printer.tickets.map((t) => t.lines.find((l) => /^\s*Маса \d+$/.test(l.text))?.text.trim());
        await eventually(() => printer.tickets.length >= 5, 20_000, 'five tickets');
        await eventually(async () => (await waiting()).length === 0, 10_000, 'all acknowledged');
        await new Promise((r) => setTimeout(r, 1500));
        agent.stop();
        expect(tablesPrinted().sort()).toEqual(['Маса 1', 'Маса 2', 'Маса 3', 'Маса 4', 'Маса 5']);
        await server.stop();
      }, 120_000);
    },
  );
}
