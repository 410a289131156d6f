/**
 * Scale-out with S3 image storage (issue "Scale out" item 2, S3_URL): two real server processes on one PostgreSQL
 * and one S3-protocol server (s3rver in this process, test/s3-server.ts: the real protocol, no mock) —
 * - an image uploaded through A's admin API is in the bucket (each rendition once, by SHA-256), not in the
 *   database, and B serves every rendition byte for byte with the immutable cache headers and the ETag;
 * - `npm run backup-images` copies every object upload_objects names out of the bucket (after pg_dump, which
 *   carries the rows), and `npm run restore-images` puts them into an empty bucket;
 * - S3 down: an upload through A answers 503 storage_unavailable and leaves no row, B's /api/ready names the
 *   problem (and stays 200: every process shares it), and once S3 is back B serves the earlier image again.
 * Skipped, visibly, when PostgreSQL is unreachable.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { POSTGRES_AVAILABLE, TEST_DATABASE_URL } from './harness.ts';
import { startS3, type TestS3 } from './s3-server.ts';
import { REPO_ROOT, spawnServer, type SpawnedServer } from './spawn-server.ts';

const TENANT = { client: 'demo', place: 'bistro' };
if (!POSTGRES_AVAILABLE) console.warn('S3 scale-out suite skipped: PostgreSQL unreachable');

describe.skipIf(!POSTGRES_AVAILABLE)('two server processes on one PostgreSQL and one S3 bucket', () => {
  const dbName = `trapeza_t_s3_${Date.now().toString(36)}`;
  const dbUrl = new URL(TEST_DATABASE_URL);
  dbUrl.pathname = `/${dbName}`;
  let s3: TestS3;
  let a: SpawnedServer;
  let b: SpawnedServer;
  let token: string;

  async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    try {
      return (await db.query<T>(text)).rows;
    } finally {
      await db.end();
    }
  }

  function upload(server: SpawnedServer, data: Buffer): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'photo.png');
    return fetch(`${server.url}/api/admin/images`, {
      method: 'POST',
      headers: { ...TENANT, authorization: `Bearer ${token}` },
      body: form,
    });
  }

  const png = (r: number) =>
    sharp({ create: { width: 900, height: 500, channels: 3, background: { r, g: 120, b: 60 } } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    s3 = await startS3();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const env = {
      DATABASE_URL: dbUrl.toString(),
      S3_URL: s3.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    a = await spawnServer(env);
    b = await spawnServer(env);
    const login = await fetch(`${a.url}/api/login`, {
      method: 'POST',
      headers: { ...TENANT, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-admin' }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.stop();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  let earlier: { path: string; body: Buffer };

  test('an image uploaded through A is stored in the bucket and served by B, byte for byte', async () => {
    const res = await upload(a, await png(30));
    expect(res.status, await res.clone().text()).toBe(201);
    const { files } = (await res.json()) as { files: { path: string; bytes: number }[] };
    expect(files).toHaveLength(9);
    const rows = await query<{ path: string; sha256: string }>('select path, sha256 from upload_objects');
    expect(rows.map((r) => r.path).sort()).toEqual(files.map((f) => f.path).sort());
    expect(await s3.keys()).toEqual([...new Set(rows.map((r) => `sha256/${r.sha256}`))].sort());
    expect(await query('select path from uploads')).toEqual([]);
    for (const f of files) {
      const fromA = await fetch(`${a.url}${f.path}`);
      const fromB = await fetch(`${b.url}${f.path}`);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const sha = rows.find((r) => r.path === f.path)!.sha256;
      expect(fromB.headers.get('etag')).toBe(`"${sha}"`);
      const body = Buffer.from(await fromB.arrayBuffer());
      expect(body.length).toBe(f.bytes);
      expect(body.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
      const conditional = await fetch(`${b.url}${f.path}`, { headers: { 'if-none-match': `"${sha}"` } });
      expect(conditional.status).toBe(304);
    }
    earlier = {
      path: files[0]!.path,
      body: Buffer.from(await (await fetch(`${b.url}${files[0]!.path}`)).arrayBuffer()),
    };
  });

  test('backup-images copies the objects the database names; restore-images fills an empty bucket', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trapeza-s3-mirror-'));
    try {
      const node = (args: string[], env: Record<string, string>) =>
        promisify(execFile)(process.execPath, ['scripts/s3-images.ts', ...args], {
          cwd: REPO_ROOT,
          env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
        });
      const keys = await s3.keys();
      const out = await node(['backup', '--out', dir], { DATABASE_URL: dbUrl.toString(), S3_URL: s3.url });
      expect(out.stdout).toMatch(new RegExp(`: ${keys.length} copied, 0 already there`));
      await s3.client.send(new CreateBucketCommand({ Bucket: 'restored' }));
      const back = await node(['restore', dir], { S3_URL: s3.url.replace(/[^/]+$/, 'restored') });
      expect(back.stdout).toMatch(new RegExp(`${keys.length} put back, 0 already there`));
      const restored = await s3.client.send(new ListObjectsV2Command({ Bucket: 'restored' }));
      expect((restored.Contents ?? []).map((o) => o.Key).sort()).toEqual(keys);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('S3 down: upload 503 with no row, readiness names it, and the images come back with S3', async () => {
    const count = async () => (await query<{ n: string }>('select count(*) as n from upload_objects'))[0]!.n;
    const before = await count();
    await s3.pause();
    try {
      const refused = await upload(a, await png(31));
      expect(refused.status, await refused.clone().text()).toBe(503);
      expect(((await refused.json()) as { code: string }).code).toBe('storage_unavailable');
      expect(await count()).toBe(before);
      const ready = await fetch(`${b.url}/api/ready`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { checks: { storage: string } }).checks.storage).toMatch(/^s3: /);
      expect((await fetch(`${b.url}${earlier.path}`)).status).toBe(503);
    } finally {
      await s3.resume();
    }
    const back = await fetch(`${b.url}${earlier.path}`);
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(earlier.body)).toBe(true);
    expect(
      ((await (await fetch(`${b.url}/api/ready`)).json()) as { checks: { storage: string } }).checks.storage,
    ).toBe('s3');
  });
});
