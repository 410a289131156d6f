/**
 * The S3 image store (S3_URL) on both databases, against a real S3-protocol server (s3rver, test/s3-server.ts):
 * - an upload through the admin API puts every rendition into the bucket once, named by its SHA-256, and the app
 *   serves each at its /uploads path with the immutable cache headers, an ETag and a 304;
 * - /api/ready names the storage (s3), and the problem when the bucket does not answer;
 * - an upload whose objects cannot be written (bucket gone, S3 down) answers 503 storage_unavailable and leaves
 *   no row; one whose rows cannot be written leaves no row (its objects, unreferenced, harm nothing and are
 *   reused by the next identical upload);
 * - images stored before S3_URL was set (in PostgreSQL, or on disk with SQLite) stay served;
 * - S3_URL parsing: the formats accepted and the one-line refusals.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CreateBucketCommand, DeleteBucketCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { startS3 } from '../../../test/s3-server.ts';
import { loadConfig } from '../../config.ts';
import { parseS3Url, type S3Location } from '../../lib/s3-url.ts';
import { uploadsDirOf } from './admin.routes.ts';
import { createDatabaseImageStore, createS3ImageStore, IMMUTABLE, openImageStore } from './image-store.ts';

const s3 = await startS3();
afterAll(() => s3.stop());

function multipart(data: Buffer) {
  const boundary = '----trapezaS3Boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (r: number) =>
  sharp({ create: { width: 700, height: 400, channels: 3, background: { r, g: 90, b: 40 } } })
    .png()
    .toBuffer();

const location = (url: string): S3Location => {
  const parsed = parseS3Url(url);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
};

describeEachDatabase(
  'S3 image store',
  (ctx) => {
    let token: string;
    const scope = async () => {
      const placeId = await ctx.placeId('bistro');
      const place = await ctx.db
        .selectFrom('places')
        .select('client_id')
        .where('id', '=', placeId)
        .executeTakeFirstOrThrow();
      return { clientId: place.client_id, placeId };
    };
    const upload = (data: Buffer) => {
      const m = multipart(data);
      return ctx.request('POST', '/api/admin/images', {
        body: m.body,
        headers: { ...m.headers, authorization: `Bearer ${token}` },
      });
    };
    const rows = async () => (await ctx.db.selectFrom('upload_objects').select('path').execute()).length;

    beforeAll(async () => {
      const login = await ctx.post('/api/login', { email: 'admin@demo.test', password: 'demo-admin' });
      expect(login.statusCode, login.body).toBe(200);
      token = login.json().token;
    });

    ctx.test(
      'every rendition goes to the bucket once, by SHA-256, and is served with immutable headers',
      async () => {
        const ready = await ctx.get('/api/ready');
        expect(ready.statusCode).toBe(200);
        expect(ready.json().checks.storage).toBe('s3');
        const before = new Set(await s3.keys());
        const res = await upload(await png(ctx.dialect === 'sqlite' ? 10 : 20));
        expect(res.statusCode, res.body).toBe(201);
        const files = res.json().files as { path: string; bytes: number; format: string }[];
        expect(files).toHaveLength(9);
        const stored = await ctx.db
          .selectFrom('upload_objects')
          .selectAll()
          .where(
            'path',
            'in',
            files.map((f) => f.path),
          )
          .execute();
        expect(stored).toHaveLength(9);
        const added = (await s3.keys()).filter((k) => !before.has(k));
        expect(added.sort()).toEqual(stored.map((r) => `sha256/${r.sha256}`).sort());
        // Nothing of the upload on disk: S3 is the store on both databases.
        if (ctx.dialect === 'postgres') {
          expect(await ctx.db.selectFrom('uploads').select('path').execute()).toEqual([]);
        }
        for (const f of files) {
          const served = await ctx.get(f.path, { client: null, place: null });
          expect(served.statusCode).toBe(200);
          expect(served.headers['cache-control']).toBe(IMMUTABLE);
          expect(served.headers['content-type']).toBe(`image/${f.format}`);
          expect(served.rawPayload.length).toBe(f.bytes);
          const row = stored.find((r) => r.path === f.path)!;
          expect(served.headers.etag).toBe(`"${row.sha256}"`);
          const object = await s3.client.send(
            new GetObjectCommand({ Bucket: s3.bucket, Key: `sha256/${row.sha256}` }),
          );
          expect(Buffer.from(await object.Body!.transformToByteArray()).equals(served.rawPayload)).toBe(true);
        }
        const first = stored.find((r) => r.path === files[0]!.path)!;
        const again = await ctx.get(first.path, {
          client: null,
          place: null,
          headers: { 'if-none-match': `"${first.sha256}"` },
        });
        expect(again.statusCode).toBe(304);
        expect(
          (await ctx.get(files[0]!.path.replace(/-\d+\./, '-9.'), { client: null, place: null })).statusCode,
        ).toBe(404);

        // The same picture again: the same objects, no new ones.
        const keys = await s3.keys();
        expect((await upload(await png(ctx.dialect === 'sqlite' ? 10 : 20))).statusCode).toBe(201);
        expect(await s3.keys()).toEqual(keys);
      },
    );

    ctx.test('objects that cannot be written: 503 storage_unavailable and no row', async () => {
      const count = await rows();
      const gone = createS3ImageStore(
        location(`${s3.url.replace(/\/[^/]+$/, '')}/no-such-bucket`),
        ctx.database,
        null,
      );
      try {
        const err = await gone
          .put(await scope(), [{ name: 'bbbb-320.webp', contentType: 'image/webp', data: Buffer.from('x') }])
          .catch((e: unknown) => e);
        expect(err).toMatchObject({ statusCode: 503, code: 'storage_unavailable' });
        expect(await gone.problem()).toMatch(/no such bucket/);
      } finally {
        await gone.close();
      }
      expect(await rows()).toBe(count);
    });

    ctx.test(
      'rows that cannot be written: no row, and the objects are reused by the next upload',
      async () => {
        const count = await rows();
        const s = await scope();
        const renditions = [
          { name: 'cccc-320.webp', contentType: 'image/webp', data: Buffer.from(`first ${ctx.dialect}`) },
          { name: 'cccc-640.webp', contentType: 'image/webp', data: Buffer.from(`second ${ctx.dialect}`) },
        ];
        const store = createS3ImageStore(location(s3.url), ctx.database, null);
        try {
          // No such place: the foreign key refuses the rows after the objects were written.
          await expect(store.put({ ...s, placeId: 987_654 }, renditions)).rejects.toThrow();
          expect(await rows()).toBe(count);
          // A name that is not a file name: refused before anything is stored.
          await expect(
            store.put(s, [{ name: 'cccc-\u0000.jpg', contentType: 'image/jpeg', data: Buffer.from('z') }]),
          ).rejects.toThrow(/bad rendition name/);
          const paths = await store.put(s, renditions);
          expect(await rows()).toBe(count + 2);
          const served = await ctx.get(paths[1]!, { client: null, place: null });
          expect(served.statusCode).toBe(200);
          expect(served.body).toBe(`second ${ctx.dialect}`);
        } finally {
          await store.close();
        }
      },
    );

    ctx.test('images stored before S3_URL stay served (database on PostgreSQL, disk on SQLite)', async () => {
      const s = await scope();
      const name = 'dddd-320.webp';
      if (ctx.dialect === 'postgres') {
        await createDatabaseImageStore(ctx.database).put(s, [
          { name, contentType: 'image/webp', data: Buffer.from('from the database') },
        ]);
      } else {
        const dir = join(uploadsDirOf(ctx.dataDir), String(s.clientId), String(s.placeId));
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, name), 'from the disk');
      }
      const served = await ctx.get(`/uploads/${s.clientId}/${s.placeId}/${name}`, {
        client: null,
        place: null,
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe(IMMUTABLE);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.body).toBe(ctx.dialect === 'postgres' ? 'from the database' : 'from the disk');
      // Nothing outside the uploads folder through the fallback.
      const escape = await ctx.get(`/uploads/${s.clientId}/..%2F..%2F/trapeza.db`, {
        client: null,
        place: null,
      });
      expect(escape.statusCode).toBe(404);
    });

    ctx.test(
      'the bucket gone: ready reports it (200, shared by every process), uploads 503, nothing stored',
      async () => {
        const uploaded = await upload(await png(200));
        expect(uploaded.statusCode).toBe(201);
        const path = uploaded.json().path as string;
        const count = await rows();
        const bucket = `gone-${ctx.dialect}`;
        // This suite's app on a bucket of its own, which then disappears.
        await s3.client.send(new CreateBucketCommand({ Bucket: bucket }));
        const store = await openImageStore(
          location(s3.url.replace(/[^/]+$/, bucket)),
          ctx.database,
          '/nonexistent',
        );
        try {
          await s3.client.send(new DeleteBucketCommand({ Bucket: bucket }));
          expect(await store.problem()).toMatch(/no such bucket/);
        } finally {
          await store.close();
        }
        // S3 down under the suite's own app: an image that is there but cannot be fetched answers 503.
        await s3.pause();
        try {
          const ready = await ctx.get('/api/ready');
          expect(ready.statusCode).toBe(200);
          expect(ready.json().checks.storage).toMatch(/^s3: /);
          const refused = await upload(await png(201));
          expect(refused.statusCode, refused.body).toBe(503);
          expect(refused.json().code).toBe('storage_unavailable');
          expect(await rows()).toBe(count);
          const image = await ctx.get(path, { client: null, place: null });
          expect(image.statusCode).toBe(503);
          expect(image.headers['retry-after']).toBe('5');
        } finally {
          await s3.resume();
        }
        expect((await ctx.get(path, { client: null, place: null })).statusCode).toBe(200);
        expect((await ctx.get('/api/ready')).json().checks.storage).toBe('s3');
      },
    );
  },
  { env: { S3_URL: s3.url } },
);

describe('S3_URL', () => {
  test('formats: s3:// is HTTPS, s3+http:// plain HTTP; key and secret percent-encoded; region, path style, prefix', () => {
    expect(
      parseS3Url(
        's3://AKIA1:se%2Fcr%2Bet@s3.eu-central-1.amazonaws.com/menus/trapeza/prod?region=eu-central-1&path_style=0',
      ),
    ).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'menus',
      prefix: 'trapeza/prod/',
      region: 'eu-central-1',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'se/cr+et' },
      display: 's3://AKIA1:***@s3.eu-central-1.amazonaws.com/menus/trapeza/prod',
    });
    expect(parseS3Url('s3+http://127.0.0.1:9000/images')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'images',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: null,
    });
    for (const [value, problem] of [
      ['https://host/bucket', /must start with s3:\/\//],
      ['s3://host', /must name a bucket/],
      ['s3://KEY@host/bucket', /both the access key and the secret/],
      ['s3://host/bucket?regoin=x', /unknown option regoin/],
      ['s3://host/bucket?path_style=yes', /path_style/],
    ] as const) {
      expect(parseS3Url(value)).toMatch(problem);
    }
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', S3_URL: 'https://x/y' })).toThrow(
      /^invalid configuration: S3_URL must start with s3:\/\/ .*format: s3:\/\/KEY:SECRET@host/,
    );
  });
});
