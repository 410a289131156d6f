/**
 * Backups of S3 images (S3_URL) on SQLite, with the real server and scripts and an S3-protocol server (s3rver):
 * `npm run backup` copies the objects the database names into the backup (s3/sha256/…); `npm run restore` puts them
 * into another bucket (and refuses without S3_URL); a server on the restored data and that bucket serves the image
 * byte for byte. `npm run backup-images` / `restore-images` mirror the bucket incrementally.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { startS3, type TestS3 } from './s3-server.ts';
import { REPO_ROOT, spawnServer, type SpawnedServer } from './spawn-server.ts';

const run = promisify(execFile);
const TENANT = { client: 'demo', place: 'bistro' };

function node(script: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, [script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1', DATABASE_URL: '', S3_URL: '', ...env },
  });
}

describe('S3 images in backups [sqlite, real processes, s3rver]', () => {
  const root = mkdtempSync(join(tmpdir(), 'trapeza-backup-s3-'));
  const servers: SpawnedServer[] = [];
  let s3: TestS3 | undefined;

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await s3?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('backup copies the objects, restore puts them into a new bucket, a server there serves them', async () => {
    s3 = await startS3('live');
    const bucket = (name: string) => s3!.url.replace(/live$/, name);
    const keysOf = async (name: string) =>
      (
        (await s3!.client.send(new ListObjectsV2Command({ Bucket: name }))).Contents?.map((o) => o.Key!) ?? []
      ).sort();
    const dataDir = join(root, 'data');
    const server = await spawnServer({ DATA_DIR: dataDir, S3_URL: s3.url });
    servers.push(server);
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { ...TENANT, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-admin' }),
    });
    const { token } = (await login.json()) as { token: string };
    const form = new FormData();
    const png = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const uploaded = await fetch(`${server.url}/api/admin/images`, {
      method: 'POST',
      headers: { ...TENANT, authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { files } = (await uploaded.json()) as { files: { path: string }[] };
    const liveKeys = await keysOf('live');
    expect(liveKeys.length).toBeGreaterThan(0);

    const backups = join(root, 'backups');
    // Without S3_URL the backup refuses rather than leave the images out.
    await expect(node('scripts/backup.ts', ['--out', backups], { DATA_DIR: dataDir })).rejects.toMatchObject({
      stderr: expect.stringMatching(/names \d+ image objects in S3 but S3_URL is not set/),
    });
    const out = await node('scripts/backup.ts', ['--out', backups, '--tar'], {
      DATA_DIR: dataDir,
      S3_URL: s3.url,
    });
    expect(out.stdout).toMatch(new RegExp(`, ${liveKeys.length} S3 images,`));
    const tar = join(
      backups,
      readdirSync(backups).find((f) => f.endsWith('.tar'))!,
    );

    await s3.client.send(new CreateBucketCommand({ Bucket: 'restored' }));
    const restoredDir = join(root, 'restored');
    await expect(node('scripts/restore.ts', [tar], { DATA_DIR: restoredDir })).rejects.toMatchObject({
      stderr: expect.stringMatching(/holds S3 images .*set S3_URL/),
    });
    const restored = await node('scripts/restore.ts', [tar], {
      DATA_DIR: restoredDir,
      S3_URL: bucket('restored'),
    });
    expect(restored.stdout).toMatch(
      new RegExp(`${liveKeys.length} S3 images \\(${liveKeys.length} put back\\)`),
    );
    expect(await keysOf('restored')).toEqual(liveKeys);

    const again = await spawnServer({ DATA_DIR: restoredDir, S3_URL: bucket('restored') });
    servers.push(again);
    for (const f of files) {
      const [before, after] = await Promise.all([
        fetch(`${server.url}${f.path}`),
        fetch(`${again.url}${f.path}`),
      ]);
      expect(after.status).toBe(200);
      expect(after.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await after.arrayBuffer()).equals(Buffer.from(await before.arrayBuffer()))).toBe(
        true,
      );
    }

    // The incremental mirror: the second run copies nothing new; its restore fills an empty bucket.
    const mirror = join(root, 'mirror');
    const env = { DATA_DIR: dataDir, S3_URL: s3.url };
    const first = await node('scripts/s3-images.ts', ['backup', '--out', mirror], env);
    expect(first.stdout).toMatch(new RegExp(`${liveKeys.length} copied, 0 already there`));
    const second = await node('scripts/s3-images.ts', ['backup', '--out', mirror], env);
    expect(second.stdout).toMatch(new RegExp(`0 copied, ${liveKeys.length} already there`));
    await s3.client.send(new CreateBucketCommand({ Bucket: 'mirrored' }));
    const back = await node('scripts/s3-images.ts', ['restore', mirror], { S3_URL: bucket('mirrored') });
    expect(back.stdout).toMatch(new RegExp(`${liveKeys.length} put back, 0 already there`));
    expect(await keysOf('mirrored')).toEqual(liveKeys);
  }, 180_000);
});
