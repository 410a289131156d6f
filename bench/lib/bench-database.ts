// The fresh database a benchmark's server runs on (a SQLite file in a temporary DATA_DIR, or a new PostgreSQL
// database), the server's environment for it, and the check that no other server holds the port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type Dialect = 'sqlite' | 'postgres';

export interface BenchDatabase {
  /** The server's environment: NODE_ENV=test on loopback, no rate limit, DATA_DIR (and DATABASE_URL) set. */
  env: Record<string, string>;
  dataDir: string;
  /** The SQLite file, or the PostgreSQL connection string. */
  target: string;
  /** Drops the PostgreSQL database and removes DATA_DIR. */
  drop(): Promise<void>;
}

/** `name` tells the temporary folder and the database apart (`trapeza-<name>-<dialect>-…`, `<dbName>_<pid>`). */
export async function freshDatabase(
  dialect: Dialect,
  opts: { name: string; dbName: string; pgUrl: string; env?: Record<string, string> },
): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `trapeza-${opts.name}-${dialect}-`));
  const dbName = `${opts.dbName}_${process.pid}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
    NODE_NO_WARNINGS: '1',
    ...opts.env,
  };
  let admin: pg.Client | undefined;
  if (dialect === 'postgres') {
    admin = new pg.Client({ connectionString: `${opts.pgUrl}/postgres` });
    admin.on('error', (err) => process.stderr.write(`admin connection: ${err.message}\n`));
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    env.DATABASE_URL = `${opts.pgUrl}/${dbName}`;
  }
  return {
    env,
    dataDir,
    target: env.DATABASE_URL ?? join(dataDir, 'trapeza.db'),
    async drop() {
      if (admin) {
        await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether something already answers on the port (it would answer the readiness probe instead of our server). */
export async function portInUse(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
}
