/**
 * Starts the real server process (`node src/server.ts`): bad configuration and unreachable databases end with one
 * clear line on stderr and exit code 1; a good configuration migrates, seeds, serves and prints the demo accounts.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { POSTGRES_AVAILABLE, TEST_DATABASE_URL } from '../test/harness.ts';
import { startS3 } from '../test/s3-server.ts';

const serverFile = fileURLToPath(new URL('./server.ts', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trapeza-start-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    ...extra,
  };
  return env;
}

function runToExit(env: Record<string, string>, timeoutMs = 20_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverFile], {
      env: baseEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not exit within ${timeoutMs} ms; stdout: ${stdout} stderr: ${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the server, waits until it listens, runs `check`, then stops it with SIGTERM. */
async function runServing(env: Record<string, string>, check: (base: string) => Promise<void>): Promise<Run> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverFile], {
    env: baseEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "listening" line; stdout: ${stdout} stderr: ${stderr}`)),
      30_000,
    );
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('Trapeza listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}: ${stderr}`));
    });
  });
  try {
    await check(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
  }
  const code = await exited;
  return { code, stdout, stderr };
}

function expectOneLineFailure(run: Run, pattern: RegExp): void {
  expect(run.code).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Trapeza cannot start: /);
  expect(lines[0]).toMatch(pattern);
}

describe('server start-up failures', () => {
  test.each([
    [
      'a DATABASE_URL that is not PostgreSQL',
      { DATABASE_URL: 'mysql://root@localhost/db' },
      /DATABASE_URL must start with postgres/,
    ],
    ['a non-numeric PORT', { PORT: 'eighty' }, /PORT/],
    ['a too short JWT_SECRET', { JWT_SECRET: 'short' }, /JWT_SECRET/],
    ['an unknown NODE_ENV', { NODE_ENV: 'staging' }, /NODE_ENV/],
    [
      'the demo payment simulator on the server port',
      { PORT: '3999', PAYMENT_SIMULATOR: '1' },
      /PORT and PAYMENT_SIMULATOR_PORT are both 3999/,
    ],
  ])('%s: one line, exit 1', async (_name, env, pattern) => {
    expectOneLineFailure(await runToExit({ DATA_DIR: tempDir(), ...env }), pattern);
  });

  test('REDIS_URL that is not Redis, or Redis unreachable: one line naming REDIS_URL, exit 1', async () => {
    expectOneLineFailure(
      await runToExit({ DATA_DIR: tempDir(), REDIS_URL: 'http://127.0.0.1:6379' }),
      /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    const port = await freePort(); // nothing listens there
    expectOneLineFailure(
      await runToExit({ DATA_DIR: tempDir(), REDIS_URL: `redis://:hunter2@127.0.0.1:${port}` }),
      new RegExp(`REDIS_URL redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}.* is unreachable`),
    );
  });

  test('S3_URL malformed, unreachable, or its bucket missing: one line naming S3_URL without the secret, exit 1', async () => {
    expectOneLineFailure(
      await runToExit({ DATA_DIR: tempDir(), S3_URL: 'https://127.0.0.1:9000/images' }),
      /S3_URL must start with s3:\/\/ \(HTTPS\) or s3\+http:\/\//,
    );
    const port = await freePort(); // nothing listens there
    const down = await runToExit({
      DATA_DIR: tempDir(),
      S3_URL: `s3+http://KEY:hunter2@127.0.0.1:${port}/images`,
    });
    expectOneLineFailure(
      down,
      new RegExp(
        `S3_URL s3\\+http://KEY:\\*\\*\\*@127\\.0\\.0\\.1:${port}/images: the bucket images cannot be reached: ECONNREFUSED`,
      ),
    );
    expect(down.stderr).not.toContain('hunter2');
    const s3 = await startS3('present');
    try {
      expectOneLineFailure(
        await runToExit({ DATA_DIR: tempDir(), S3_URL: s3.url.replace(/present$/, 'absent') }),
        /S3_URL .*: the bucket absent cannot be reached: no such bucket \(HTTP 404\)/,
      );
    } finally {
      await s3.stop();
    }
  });

  test('PostgreSQL down: one line, exit 1', async () => {
    const port = await freePort(); // nothing listens there
    const run = await runToExit({
      DATA_DIR: tempDir(),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/trapeza`,
    });
    expectOneLineFailure(run, /cannot connect to PostgreSQL at postgres:\/\/127\.0\.0\.1:\d+\/trapeza/);
  });

  test('a SQLite file that cannot be opened: one line, exit 1', async () => {
    const asDirectory = tempDir();
    mkdirSync(join(asDirectory, 'trapeza.db'));
    expectOneLineFailure(
      await runToExit({ DATA_DIR: asDirectory }),
      /cannot open SQLite database .*trapeza\.db/,
    );
    const notADatabase = tempDir();
    writeFileSync(join(notADatabase, 'trapeza.db'), 'this is not a database, just text '.repeat(200));
    expectOneLineFailure(
      await runToExit({ DATA_DIR: notADatabase }),
      /cannot open SQLite database .*not a database/,
    );
  });

  test('a DATA_DIR that cannot be created: one line, exit 1', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    expectOneLineFailure(await runToExit({ DATA_DIR: join(file, 'data') }), /cannot create DATA_DIR/);
  });
});

describe('server start-up', () => {
  test('SQLite: migrates, seeds, serves, prints demo accounts once', async () => {
    const dataDir = tempDir();
    const first = await runServing({ DATA_DIR: dataDir }, async (base) => {
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      const res = await fetch(`${base}/api/categoriesHierarchy?active=1`, {
        headers: { client: 'demo', place: 'bistro' },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
    });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('admin@demo.test / demo-admin');
    expect(first.stdout.split('admin@demo.test').length - 1).toBe(1);
    expect(first.stdout).toContain('/bistro/t/demo-t1');
    const second = await runServing({ DATA_DIR: dataDir }, async (base) => {
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    });
    expect(second.stdout).not.toContain('admin@demo.test');
  });

  test.skipIf(!POSTGRES_AVAILABLE)('PostgreSQL: migrates, seeds and serves', async () => {
    const name = `trapeza_t_start_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      const run = await runServing({ DATA_DIR: tempDir(), DATABASE_URL: url.toString() }, async (base) => {
        const res = await fetch(`${base}/api/products?active=1`, {
          headers: { client: 'demo', place: 'bistro' },
        });
        expect(res.status).toBe(200);
        expect(((await res.json()) as unknown[]).length).toBeGreaterThan(20);
      });
      expect(run.stdout).toContain('admin@demo.test');
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
