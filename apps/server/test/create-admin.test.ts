// `npm run create-admin` (issue 15 item 2) as an operator runs it, on SQLite and PostgreSQL: the script is spawned
// on an empty database (it migrates first), reads the password from standard input, and the administrator then
// signs in with POST /api/login without a client header. A second run for the same e-mail, a short password, a
// malformed e-mail and no password at all each fail with one line on stderr and exit code 1.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { POSTGRES_AVAILABLE, TEST_DATABASE_URL } from './harness.ts';
import { REPO_ROOT } from './spawn-server.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function createAdmin(args: string[], stdin: string | null, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/create-admin.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_NO_WARNINGS: '1', DATABASE_URL: '', NODE_ENV: 'test', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (stdin !== null) child.stdin.write(stdin);
    child.stdin.end();
  });
}

const PASSWORD = 'correct horse battery';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe.skipIf(dialect === 'postgres' && !POSTGRES_AVAILABLE)(`npm run create-admin [${dialect}]`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trapeza-create-admin-'));
    const dbName = `trapeza_t_${randomBytes(6).toString('hex')}`;
    let databaseUrl = '';
    const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });

    afterAll(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (dialect === 'postgres') {
        const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${dbName} with (force)`);
        await c.end();
      }
    });

    test('creates a SUPER_ADMIN of no brand on an empty database, who then signs in without a client', async () => {
      if (dialect === 'postgres') {
        const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await c.connect();
        await c.query(`create database ${dbName}`);
        await c.end();
        const url = new URL(TEST_DATABASE_URL);
        url.pathname = `/${dbName}`;
        databaseUrl = url.toString();
      }
      const run = await createAdmin(['--email', 'Ops@Example.test'], `${PASSWORD}\n`, env());
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('ops@example.test');
      expect(run.stdout).not.toContain(PASSWORD);

      const handle = await openDatabase({ dataDir, databaseUrl: databaseUrl || null });
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', RATE_LIMIT_PER_MINUTE: '0', ...env() }),
        database: handle,
      });
      try {
        const row = await handle.db
          .selectFrom('users')
          .select(['client_id', 'role', 'password_hash'])
          .where('email', '=', 'ops@example.test')
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ client_id: null, role: 'SUPER_ADMIN' });
        expect(row.password_hash).not.toContain(PASSWORD);
        const login = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'ops@example.test', password: PASSWORD },
        });
        expect(login.statusCode).toBe(200);
        expect(login.json().user).toMatchObject({ email: 'ops@example.test', role: 'SUPER_ADMIN' });
        const wrong = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'ops@example.test', password: 'not the password' },
        });
        expect(wrong.statusCode).toBe(401);
      } finally {
        await app.close();
        await handle.close();
      }
    });

    test('refuses an existing e-mail, a short password, a malformed e-mail and no password: one line, exit 1', async () => {
      const cases: [string[], string | null, RegExp][] = [
        [['--email', 'ops@example.test'], `${PASSWORD}\n`, /already exists/],
        [['--email', 'new@example.test'], 'short-pass1\n', /at least 12 characters/],
        [['--email', 'not-an-email'], `${PASSWORD}\n`, /not an e-mail address/],
        [['--email', 'new@example.test'], null, /no password on standard input/],
        [[], `${PASSWORD}\n`, /usage: npm run create-admin/],
      ];
      for (const [args, stdin, message] of cases) {
        const run = await createAdmin(args, stdin, env());
        expect(run.code, args.join(' ')).toBe(1);
        expect(run.stderr).toMatch(message);
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
      }
      const handle = await openDatabase({ dataDir, databaseUrl: databaseUrl || null });
      try {
        const rows = await handle.db
          .selectFrom('users')
          .select('email')
          .where('client_id', 'is', null)
          .execute();
        expect(rows.map((r) => r.email)).toEqual(['ops@example.test']);
      } finally {
        await handle.close();
      }
    });
  });
}
