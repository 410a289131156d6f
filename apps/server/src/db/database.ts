/**
 * Opens the database (SQLite file in DATA_DIR by default, PostgreSQL when DATABASE_URL is set), migrates it to the
 * latest schema and seeds the demo venues into an empty one. Every failure to reach the database is a StartupError
 * with one line naming what could not be opened.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { StartupError } from '../lib/startup-error.ts';
import { migrationProvider } from './migrations/index.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import type { Database } from './schema.ts';
import { pgTypes } from './pg-types.ts';

export type AppDatabase = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: AppDatabase;
  dialect: DialectName;
  /** Where the data lives, for logs (no password). */
  location: string;
  /** PostgreSQL only: the URL it was opened with (password included; never log it), for LISTEN connections. */
  connectionString?: string;
  /** SQLite only: the open database itself, for the hot write paths (see `withRawSqlite`). */
  sqlite?: RawSqlite;
  /**
   * PostgreSQL only: Kysely's connection pool itself, for the order intake's group commit (named prepared
   * statements on one connection, db/pg-prepared.ts). Everything else goes through Kysely.
   */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

/** The SQLite database under Kysely, with Kysely's cache of prepared statements. */
export interface RawSqlite {
  database: SQLite.Database;
  /** A prepared statement for the SQL text, reused across calls. */
  prepare(text: string): SQLite.Statement;
}

/**
 * Runs synchronous better-sqlite3 work (prepared statements, `database.transaction(…)`) while holding Kysely's one
 * SQLite connection, so that no Kysely query or transaction interleaves with it. For the hottest writes only (the
 * order intake's group commit, the staff event bus): there Kysely's query building cost more CPU than SQLite
 * itself. Everything else goes through Kysely.
 */
export async function withRawSqlite<T>(
  db: AppDatabase,
  raw: RawSqlite,
  work: (raw: RawSqlite) => T,
): Promise<T> {
  return db.connection().execute(async () => work(raw));
}

/** SQL texts of `namedInsert` by table and column list: the same text object each time, so the statement cache's
 * lookup hashes a short key instead of a new long string per row. */
const insertTexts = new Map<string, string>();

/** `insert into "table" ("a", "b") values (@a, @b)` for the keys of `row` whose value is not undefined. */
export function namedInsert(
  table: string,
  row: Record<string, unknown>,
): { text: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (v !== undefined) params[k] = v;
  const keys = Object.keys(params);
  const cacheKey = `${table}|${keys.join('|')}`;
  let text = insertTexts.get(cacheKey);
  if (text === undefined) {
    text = `insert into "${table}" (${keys.map((k) => `"${k}"`).join(', ')}) values (${keys.map((k) => `@${k}`).join(', ')})`;
    if (insertTexts.size < 1000) insertTexts.set(cacheKey, text);
  }
  return { text, params };
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | null;
}

/** Opens and checks the connection; does not migrate. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(join(options.dataDir, 'trapeza.db'));
}

function openSqlite(file: string): DatabaseHandle {
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file);
    // WAL lets readers run beside the writer; FULL sync because an accepted order must survive a power cut.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.prepare('select count(*) from sqlite_master').get();
  } catch (err) {
    throw new StartupError(`cannot open SQLite database ${file}: ${(err as Error).message}`);
  }
  const cached = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
  const checkpointer = startCheckpointer(file, sqlite);
  return {
    db,
    dialect: 'sqlite',
    location: file,
    sqlite: { database: sqlite, prepare: (text) => cached.prepare(text) },
    // The last connection to close checkpoints what is left and removes the WAL.
    close: async () => {
      await checkpointer.stop();
      await db.destroy();
      // Kysely closes the database only if it ever opened its connection.
      if (sqlite.open) sqlite.close();
    },
  };
}

/**
 * Kysely's SQLite driver prepares every query anew (0.1–0.2 ms of CPU each, ~30 per order: a fifth of the order
 * path in bench/api-orders). The same SQL text reuses its compiled statement (parameters are bound per call);
 * least recently used statements beyond `max` are dropped. A statement still iterating (a streamed query) is not
 * shared: the caller then gets a fresh one.
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): SQLite.Statement {
      const hit = cache.get(text);
      if (hit && !hit.busy) {
        cache.delete(text);
        cache.set(text, hit);
        return hit;
      }
      const stmt = sqlite.prepare(text);
      if (!hit) {
        cache.set(text, stmt);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const parsed = new URL(url);
  const location = `postgres://${parsed.host}${parsed.pathname}`;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // int8 (money columns, counts) as numbers, refusing values beyond 2^53 (db/pg-types.ts).
    types: pgTypes,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (err) => console.error(`PostgreSQL pool error: ${err.message}`));
  // A client in use whose connection drops between two queries (PostgreSQL restarted mid-transaction) emits 'error'
  // with none of the pool's listeners attached, which would crash the process. Its query fails instead (503), and
  // the pool drops the broken client on release and connects a new one.
  pool.on('connect', (client) => {
    client.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  });
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    const e = err as Error & { code?: string };
    const reason = e.message || e.code || String(err);
    throw new StartupError(`cannot connect to PostgreSQL at ${location}: ${reason}`);
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    location,
    connectionString: url,
    pgPool: pool,
    close: () => db.destroy(),
  };
}

/** Applies every pending migration; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Migrations are named by date, and parallel work lands them out of date order: a database that already ran a
  // later-dated one must still run an earlier-dated newcomer (each migration touches only its own tables/columns).
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new StartupError(`migration ${failed} failed: ${(error as Error).message ?? String(error)}`);
  }
}

type SeedFunction = (
  db: AppDatabase,
  log: (line: string) => void,
  passwords?: Readonly<Record<string, string>>,
) => Promise<void>;
const demoSeedFile = new URL('./seed/demo-seed.ts', import.meta.url);

/**
 * Seeds the demo client into an empty database (no clients yet), in one transaction so a failed seed leaves the
 * database empty and the next start tries again. Returns whether it seeded. Without `passwords` the demo accounts
 * get the content's fixed passwords (`demo-admin`, …): only the test suites want that; a real start passes random
 * ones (prepareDatabase).
 */
export async function seedIfEmpty(
  handle: DatabaseHandle,
  log: (line: string) => void,
  passwords?: Readonly<Record<string, string>>,
): Promise<boolean> {
  const { db } = handle;
  const existing = await db.selectFrom('clients').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  if (!existsSync(demoSeedFile)) {
    log('Demo seed not found (apps/server/src/db/seed/demo-seed.ts); starting with an empty database.');
    return false;
  }
  const { seedDemo } = (await import(demoSeedFile.href)) as { seedDemo: SeedFunction };
  await db.transaction().execute((trx) => seedDemo(trx, log, passwords));
  if (handle.dialect === 'postgres') await resyncSequences(db);
  return true;
}

/**
 * Tests only: empties every table (ids start again from 1) and seeds the demo anew, so each browser journey starts
 * from the same fresh database without restarting the server. Migrations stay as they are.
 */
export async function resetDemoData(handle: DatabaseHandle, log: (line: string) => void): Promise<void> {
  const { db } = handle;
  if (handle.dialect === 'postgres') {
    const tables = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = current_schema() and tablename not like 'kysely_%'`.execute(
      db,
    );
    const names = tables.rows.map((r) => sql.table(r.tablename));
    if (names.length) await sql`truncate table ${sql.join(names)} restart identity cascade`.execute(db);
  } else {
    const tables = await sql<{ name: string }>`
      select name from sqlite_master
      where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db);
    // Foreign keys cannot be switched inside a transaction; the single connection makes this sequence safe.
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await db.transaction().execute(async (trx) => {
        for (const { name } of tables.rows) await sql`delete from ${sql.table(name)}`.execute(trx);
        await sql`delete from sqlite_sequence`.execute(trx);
      });
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  }
  await seedIfEmpty(handle, log);
}

/**
 * A seed may insert explicit ids; PostgreSQL's serial sequences do not notice, so the next insert would collide.
 * Moves every sequence past the highest id present.
 */
async function resyncSequences(db: AppDatabase): Promise<void> {
  const rows = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'id' and column_default like 'nextval%'`.execute(
    db,
  );
  for (const { table_name } of rows.rows) {
    await sql`select setval(pg_get_serial_sequence(${table_name}, 'id'), coalesce(max(id), 1), max(id) is not null)
      from ${sql.table(table_name)}`.execute(db);
  }
}

export interface PreparedDatabase extends DatabaseHandle {
  /** Whether this start seeded the demo (demo mode on an empty database). */
  seeded: boolean;
  /** Whether the database holds no client and no platform administrator (DEMO=0 on a new installation). */
  empty: boolean;
}

/**
 * Open, migrate and, in demo mode on an empty database, seed: everything the server needs before it listens.
 * `demo` null: no demo data ever (DEMO=0); else the demo accounts' passwords to seed with.
 */
export async function prepareDatabase(
  options: DatabaseOptions,
  log: (line: string) => void,
  demo: { passwords?: Readonly<Record<string, string>> } | null,
): Promise<PreparedDatabase> {
  const handle = await openDatabase(options);
  try {
    await migrateToLatest(handle.db);
    const seeded = demo ? await seedIfEmpty(handle, log, demo.passwords) : false;
    const anyClient = await handle.db.selectFrom('clients').select('id').limit(1).executeTakeFirst();
    const anyAdmin = anyClient
      ? undefined
      : await handle.db
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'SUPER_ADMIN')
          .limit(1)
          .executeTakeFirst();
    return Object.assign(handle, { seeded, empty: !anyClient && !anyAdmin });
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}
