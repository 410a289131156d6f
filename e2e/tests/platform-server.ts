/**
 * A second, empty installation beside the demo server the other journeys share: `npm start` with `DEMO=0` in its
 * own DATA_DIR, on its own free port, on SQLite or on a fresh PostgreSQL database (created from TEST_DATABASE_URL
 * and dropped afterwards). NODE_ENV=test only for the test clock (`/api/__test/clock`); no SMTP_URL, so mail goes to
 * the outbox files under DATA_DIR/outbox as on a real installation without a mail server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Dialect = 'sqlite' | 'postgres';

export interface EmptyInstallation {
  port: number;
  dataDir: string;
  /** The PostgreSQL database's URL, or '' on SQLite. */
  databaseUrl: string;
  /** Environment for the server and for `npm run create-admin` (same database). */
  env: NodeJS.ProcessEnv;
  /** What the server printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Why PostgreSQL cannot be used, or null when it can (the server suites' probe, same URL and default). */
export async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The environment with nothing of the caller's installation in it (database, mail, URLs, demo settings). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'DATA_DIR',
    'PORT',
    'PUBLIC_URL',
    'SMTP_URL',
    'DEMO',
    'DEFAULT_CLIENT',
    'PAYMENT_SIMULATOR',
    'PAYMENT_SIMULATOR_PORT',
    'REDIS_URL',
    'CORS_ORIGINS',
  ])
    delete env[key];
  return env;
}

/**
 * `extraEnv` changes the start (the onboarding journey starts the demo, `DEMO=1`, with the payment simulator on a
 * free port of its own: `PAYMENT_SIMULATOR_PORT: 'free'`).
 */
export async function startEmptyInstallation(
  dialect: Dialect,
  extraEnv: Record<string, string> = {},
): Promise<EmptyInstallation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trapeza-e2e-platform-'));
  const port = await freePort();
  let databaseUrl = '';
  let dbName = '';
  if (dialect === 'postgres') {
    dbName = `trapeza_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(`create database ${dbName}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv(),
    NODE_ENV: 'test',
    NODE_NO_WARNINGS: '1',
    DEMO: '0',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    RATE_LIMIT_PER_MINUTE: '0',
    ...extraEnv,
  };
  if (env.PAYMENT_SIMULATOR_PORT === 'free') env.PAYMENT_SIMULATOR_PORT = String(await freePort());

  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running) {
      await stop();
      throw new Error(`the server exited before it served:\n${output}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health in 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, dataDir, databaseUrl, env, output: () => output, stop };
}

/** `npm run create-admin -- --email …` as an operator runs it, the password piped to standard input. */
export async function createAdmin(
  installation: EmptyInstallation,
  email: string,
  password: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'create-admin', '--', '--email', email], {
      cwd: REPO_ROOT,
      env: installation.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(`${password}\n`);
  });
}
