/**
 * Runs a suite on every database the server supports, through the real app (`app.inject`):
 * - SQLite always, in a fresh temporary DATA_DIR per suite;
 * - PostgreSQL when reachable (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): a fresh
 *   database `trapeza_t_<random>` per suite, dropped afterwards. When it is unreachable the suite shows as skipped.
 * Each database is migrated and seeded with the demo seed (or, until that exists, the mini demo of fixtures.ts).
 *
 *   describeEachDatabase('menu', (ctx) => {
 *     ctx.test('lists products', async () => {
 *       const res = await ctx.get('/api/products?active=1');           // client demo, place bistro by default
 *       const hotel = await ctx.get('/api/products', { place: 'hotel' });
 *     });
 *   });
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import {
  migrateToLatest,
  openDatabase,
  seedIfEmpty,
  type AppDatabase,
  type DatabaseHandle,
  type DialectName,
} from '../src/db/database.ts';
import { createServerClock, type ServerClock } from '../src/lib/clock.ts';
import { seedMiniDemo } from './fixtures.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const pgProblem = await probePostgres();
/** True when the PostgreSQL suites run. */
export const POSTGRES_AVAILABLE = pgProblem === null;
if (pgProblem !== null) {
  console.warn(`PostgreSQL suites skipped: ${TEST_DATABASE_URL} unreachable (${pgProblem})`);
}

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Null when Redis at TEST_REDIS_URL answers a PING, else why not (the Redis suites then skip, visibly). */
export async function probeRedis(): Promise<string | null> {
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    redis.disconnect();
  }
}

export interface RequestOptions {
  client?: string | null;
  place?: string | null;
  token?: string;
  headers?: Record<string, string>;
  body?: unknown;
  cookies?: Record<string, string>;
}

export interface TestContext {
  readonly dialect: DialectName;
  readonly app: FastifyInstance;
  readonly db: AppDatabase;
  readonly database: DatabaseHandle;
  readonly config: Config;
  readonly clock: ServerClock;
  readonly dataDir: string;
  /** `test`, named with the dialect so failures say where they happened. */
  test: typeof test;
  /** Any request; `client` defaults to 'demo' and `place` to 'bistro' (null omits the header). */
  request(
    method: InjectOptions['method'],
    url: string,
    opts?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  get(url: string, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  /** Id of a place by slug (client demo unless given). */
  placeId(slug: string, clientSlug?: string): Promise<number>;
}

export interface SuiteOptions {
  /** Seed the demo data (default true). */
  seed?: boolean;
  /** Extra environment for loadConfig (NODE_ENV is 'test'). */
  env?: Record<string, string>;
  /** Runs after seeding, before the app is built. */
  setup?: (db: AppDatabase, dialect: DialectName) => Promise<void>;
}

interface State {
  handle: DatabaseHandle;
  app: FastifyInstance;
  config: Config;
  clock: ServerClock;
  dataDir: string;
  cleanup: () => Promise<void>;
}

function makeContext(dialect: DialectName, getState: () => State): TestContext {
  const state = () => getState();
  const request: TestContext['request'] = (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    const client = opts.client === undefined ? 'demo' : opts.client;
    const place = opts.place === undefined ? 'bistro' : opts.place;
    if (client !== null) headers.client = client;
    if (place !== null) headers.place = place;
    if (opts.token) headers['x-order-token'] = opts.token;
    const inject: InjectOptions = { method, url, headers };
    if (opts.cookies) inject.cookies = opts.cookies;
    if (opts.body !== undefined) inject.payload = opts.body as InjectOptions['payload'];
    return state().app.inject(inject);
  };
  return {
    dialect,
    get app() {
      return state().app;
    },
    get db() {
      return state().handle.db;
    },
    get database() {
      return state().handle;
    },
    get config() {
      return state().config;
    },
    get clock() {
      return state().clock;
    },
    get dataDir() {
      return state().dataDir;
    },
    test: ((name: string, ...rest: unknown[]) =>
      (test as unknown as (...a: unknown[]) => unknown)(
        `${name} [${dialect}]`,
        ...rest,
      )) as unknown as typeof test,
    request,
    get: (url, opts) => request('GET', url, opts),
    post: (url, body, opts) => request('POST', url, { ...opts, body }),
    async placeId(slug, clientSlug = 'demo') {
      const row = await state()
        .handle.db.selectFrom('places')
        .innerJoin('clients', 'clients.id', 'places.client_id')
        .select('places.id')
        .where('places.slug', '=', slug)
        .where('clients.slug', '=', clientSlug)
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

/**
 * Template databases. Migrating and seeding the demo costs a suite about 0.7 s of CPU on SQLite and more on
 * PostgreSQL (the argon2 hashes of the demo accounts, the generated order history), and the server's suites prepare
 * some 160 databases; a mutation run prepares one per mutant tried. So the first suite to need a migrated, seeded
 * database builds it once as a template and every later one copies it: a file copy on SQLite, `create database …
 * template …` on PostgreSQL. The template's name carries a hash of everything that shapes its content (the
 * migrations, the demo seed and its content, the mini demo, the date helpers the history uses) and the current UTC
 * hour: a change to any of them, or an hour passing (the demo history is dated relative to now), makes a new one,
 * and older ones are removed when a new one is built. Shared by every test process of the machine: SQLite templates
 * are written under a temporary name and renamed into place (a rename is atomic; two processes racing build the
 * same content), PostgreSQL templates are built under an advisory lock.
 */
const TEMPLATE_SOURCES = [
  fileURLToPath(new URL('../src/db/', import.meta.url)),
  fileURLToPath(new URL('./fixtures.ts', import.meta.url)),
  fileURLToPath(new URL('../../../packages/domain/src/dates.ts', import.meta.url)),
];

function hashSources(hash: ReturnType<typeof createHash>, path: string): void {
  if (!existsSync(path)) return;
  if (path.endsWith('/')) {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.name.endsWith('.test.ts')) continue;
      hashSources(hash, join(path, entry.name) + (entry.isDirectory() ? '/' : ''));
    }
    return;
  }
  hash.update(path).update(readFileSync(path));
}

/**
 * The template's name: the UTC hour it serves (`2026112714`), seeded or empty, and a hash of its content's sources.
 * Templates of hours before the previous one are removed when a new one is built.
 */
function templateName(seed: boolean): { name: string; hour: string } {
  const hash = createHash('sha256');
  for (const source of TEMPLATE_SOURCES) hashSources(hash, source);
  const hour = new Date().toISOString().slice(0, 13).replace(/\D/g, '');
  return { name: `${hour}_${seed ? 's' : 'e'}_${hash.digest('hex').slice(0, 12)}`, hour };
}

/** Whether a template named like templateName's was made for an hour before the previous one. */
function isStale(name: string, hour: string): boolean {
  const stamp = /^(\d{10})_/.exec(name)?.[1];
  if (!stamp) return false;
  const previous = new Date(
    Date.UTC(+hour.slice(0, 4), +hour.slice(4, 6) - 1, +hour.slice(6, 8), +hour.slice(8) - 1),
  );
  return stamp < previous.toISOString().slice(0, 13).replace(/\D/g, '');
}

async function migrateAndSeed(handle: DatabaseHandle, seed: boolean): Promise<void> {
  await migrateToLatest(handle.db);
  if (seed) {
    const seeded = await seedIfEmpty(handle, () => undefined);
    if (!seeded) await seedMiniDemo(handle.db);
  }
}

const SQLITE_TEMPLATES = join(tmpdir(), 'trapeza-test-templates');

/** Path of the SQLite template, built if it does not exist yet. */
async function sqliteTemplate(seed: boolean): Promise<string> {
  const { name, hour } = templateName(seed);
  const file = join(SQLITE_TEMPLATES, `${name}.db`);
  if (existsSync(file)) return file;
  mkdirSync(SQLITE_TEMPLATES, { recursive: true });
  const buildDir = mkdtempSync(join(tmpdir(), 'trapeza-template-'));
  try {
    const handle = await openDatabase({ dataDir: buildDir, databaseUrl: null });
    try {
      await migrateAndSeed(handle, seed);
    } finally {
      // Closing checkpoints the WAL into the file and removes it: the file alone is the whole database.
      await handle.close();
    }
    renameSync(join(buildDir, 'trapeza.db'), file);
    for (const old of readdirSync(SQLITE_TEMPLATES)) {
      if (isStale(old, hour)) rmSync(join(SQLITE_TEMPLATES, old), { force: true });
    }
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
  return file;
}

/** Name of the PostgreSQL template database, built if it does not exist yet. */
async function postgresTemplate(seed: boolean): Promise<string> {
  const template = templateName(seed);
  const name = `trapeza_tpl_${template.name}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    // One builder at a time on this server; the others wait here and then find the template made.
    await admin.query(`select pg_advisory_lock(hashtext('trapeza test templates'))`);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_build`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ dataDir: tmpdir(), databaseUrl: url.toString() });
    try {
      await migrateAndSeed(handle, seed);
    } finally {
      await handle.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    const others = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'trapeza\\_tpl\\_%'`,
    );
    for (const { datname } of others.rows) {
      if (!isStale(datname.slice('trapeza_tpl_'.length), template.hour)) continue;
      // A copy from it may still be running in another process: then it stays until the next build.
      await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    }
    return name;
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('trapeza test templates'))`).catch(() => undefined);
    await admin.end();
  }
}

/** Opens a fresh database for a suite, migrated (and seeded unless `seed` is false), copied from its template. */
async function openFor(
  dialect: DialectName,
  dataDir: string,
  seed: boolean,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    copyFileSync(await sqliteTemplate(seed), join(dataDir, 'trapeza.db'));
    const handle = await openDatabase({ dataDir, databaseUrl: null });
    return { handle, drop: async () => undefined };
  }
  const template = await postgresTemplate(seed);
  const name = `trapeza_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ dataDir, databaseUrl: url.toString() });
  return {
    handle,
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Prepares one dialect's database and app for a suite. */
export async function createTestState(dialect: DialectName, options: SuiteOptions = {}): Promise<State> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trapeza-test-'));
  const { handle, drop } = await openFor(dialect, dataDir, options.seed !== false);
  try {
    await options.setup?.(handle.db, dialect);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '0',
      ...options.env,
    });
    const clock = createServerClock();
    const app = await buildApp({ config, database: handle, clock });
    await app.ready();
    return {
      handle,
      app,
      config,
      clock,
      dataDir,
      cleanup: async () => {
        await app.close();
        await handle.close();
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await handle.close().catch(() => undefined);
    await drop().catch(() => undefined);
    throw err;
  }
}

/** Declares the suite once per database: `name [sqlite]` always, `name [postgres]` when PostgreSQL is reachable. */
export function describeEachDatabase(
  name: string,
  fn: (ctx: TestContext) => void,
  options: SuiteOptions = {},
): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const skip = dialect === 'postgres' && !POSTGRES_AVAILABLE;
    describe.skipIf(skip)(`${name} [${dialect}]`, () => {
      let state: State | undefined;
      beforeAll(async () => {
        state = await createTestState(dialect, options);
      });
      afterAll(async () => {
        await state?.cleanup();
      });
      fn(
        makeContext(dialect, () => {
          if (!state) throw new Error('test state not ready (used outside a test?)');
          return state;
        }),
      );
    });
  }
}
