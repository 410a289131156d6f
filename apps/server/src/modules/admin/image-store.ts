/**
 * Where uploaded image renditions live (issue "Scale out" item 2; issue "Security hardening" #12):
 * - S3-compatible storage when `S3_URL` is set (lib/s3-url.ts), on either database: each rendition's bytes once as
 *   the object `<prefix>sha256/<SHA-256>` (content-addressed: the same rendition uploaded twice, or by two places,
 *   is one object), and each served path in `upload_objects` with the client, place, object, type and size. The
 *   objects are written first, then every path in one transaction: a failed write leaves no row (a row never
 *   points at a missing object); objects of a failed upload may stay unreferenced (harmless, an identical upload
 *   writes the same bytes again). They are not deleted: a concurrent upload of the same bytes may be about to
 *   reference them. Served by streaming the object through the server (see registerStoredUploads).
 * - PostgreSQL (several processes) without S3_URL: in the database, so every process serves what any process
 *   stored. Each rendition's bytes once in `upload_blobs` (addressed by their SHA-256), and each served path in
 *   `uploads` with the client and place it belongs to. All renditions of one upload go in one transaction: an
 *   upload that fails leaves no row behind.
 * - SQLite (one process by design) without S3_URL: files on disk under DATA_DIR/uploads, which `npm run backup`
 *   carries.
 * Either way the path is `/uploads/<client id>/<place id>/<hash>-<width>.<ext>`: ids, not slugs, so two brands
 * whose places share a slug never share a folder. Paths stored before (`/uploads/<place slug>/…`) stay served from
 * disk, and with S3_URL the images stored before it (in the database, or on disk) stay served from there. The
 * answers carry a year-long immutable cache (the name is the content hash, so a changed image is a new name).
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import { DomainError, notFound } from '../../lib/domain-error.ts';
import type { S3Location } from '../../lib/s3-url.ts';
import { StartupError } from '../../lib/startup-error.ts';

export const UPLOADS_URL = '/uploads';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface Rendition {
  /** The file name, `<hash>-<width>.<ext>`. */
  name: string;
  contentType: string;
  data: Buffer;
}

interface ImageScope {
  clientId: number;
  placeId: number;
}

/** A stored rendition found by its served path; `body()` fetches the bytes (not needed for a 304). */
interface StoredImage {
  /** The bytes' SHA-256 (the ETag), when the store knows it. */
  sha256: string | null;
  contentType: string;
  bytes: number | null;
  body(): Promise<Buffer | Readable>;
}

export interface ImageStore {
  readonly kind: 'database' | 'disk' | 's3';
  /**
   * Whether a storage problem takes this process out of the load balancer (/api/ready 503): yes for a disk of its
   * own; no for S3, which every process shares (all of them 503 would turn an image outage into a whole outage).
   */
  readonly problemFailsReadiness: boolean;
  /** Stores every rendition, or none (throws). Answers each one's served path, in the order given. */
  put(scope: ImageScope, renditions: Rendition[]): Promise<string[]>;
  /** The rendition served at `path` (`/uploads/<client id>/<place id>/<name>`), or null. */
  read(path: string): Promise<StoredImage | null>;
  /**
   * Which of these served paths the store holds (one query, or one `stat` per file on disk): a server-rendered page
   * marks a picture whose file is gone as missing from its first HTML (web-first-screen.ts), so no browser draws a
   * broken picture before the app's scripts run.
   */
  present(paths: readonly string[]): Promise<Set<string>>;
  /** For /api/ready: null when storing works, else the problem. */
  problem(): Promise<string | null>;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

function uploadPath(scope: ImageScope, name: string): string {
  return `${UPLOADS_URL}/${scope.clientId}/${scope.placeId}/${name}`;
}

/** The file on disk under `root` that a served `/uploads/…` path names, if there is one (never outside `root`). */
async function fileOf(root: string, path: string) {
  if (!path.startsWith(`${UPLOADS_URL}/`)) return null;
  const file = resolve(root, path.slice(UPLOADS_URL.length + 1));
  if (!file.startsWith(root + sep)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { file, info } : null;
}

/** The served paths of `paths` that are files under DATA_DIR/uploads (the paths stored before any other store). */
export async function presentOnDisk(uploadsDir: string, paths: readonly string[]): Promise<Set<string>> {
  const root = resolve(uploadsDir);
  const found = await Promise.all(paths.map(async (path) => ((await fileOf(root, path)) ? path : null)));
  return new Set(found.filter((path) => path !== null));
}

/** SQLite: files on disk, written under temporary names and renamed into place; on failure none stays. */
function createDiskImageStore(uploadsDir: string): ImageStore {
  const root = resolve(uploadsDir);
  return {
    kind: 'disk',
    problemFailsReadiness: true,
    async put(scope, renditions) {
      const dir = join(root, String(scope.clientId), String(scope.placeId));
      await mkdir(dir, { recursive: true });
      const suffix = `.tmp-${randomBytes(6).toString('hex')}`;
      const written: string[] = [];
      const placed: string[] = [];
      try {
        for (const r of renditions) {
          const target = join(dir, r.name);
          if (dirname(target) !== dir) throw new Error(`bad rendition name ${r.name}`);
          await writeFile(target + suffix, r.data);
          written.push(target + suffix);
        }
        for (const r of renditions) {
          await rename(join(dir, r.name) + suffix, join(dir, r.name));
          placed.push(join(dir, r.name));
        }
      } catch (err) {
        // Content-addressed names: a placed file is exactly what a later identical upload would write, but an
        // upload that failed must not leave any of its renditions behind.
        await Promise.all([...written, ...placed].map((f) => rm(f, { force: true })));
        throw err;
      }
      return renditions.map((r) => uploadPath(scope, r.name));
    },
    present: (paths) => presentOnDisk(root, paths),
    async read(path) {
      const found = await fileOf(root, path);
      if (!found) return null;
      const { file, info } = found;
      return {
        sha256: null,
        contentType: CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        bytes: info.size,
        body: async () => createReadStream(file),
      };
    },
    async problem() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    },
    async close() {},
  };
}

/** PostgreSQL: blobs by SHA-256 and paths by client and place, in one transaction per upload. */
export function createDatabaseImageStore(database: DatabaseHandle): ImageStore {
  const db = database.db;
  return {
    kind: 'database',
    problemFailsReadiness: false,
    async put(scope, renditions) {
      const createdAt = new Date().toISOString();
      const rows = renditions.map((r) => ({
        path: uploadPath(scope, r.name),
        sha256: createHash('sha256').update(r.data).digest('hex'),
        r,
      }));
      await db.transaction().execute(async (trx) => {
        for (const { sha256, r } of rows) {
          await trx
            .insertInto('upload_blobs')
            .values({
              sha256,
              content_type: r.contentType,
              bytes: r.data.length,
              data: r.data,
              created_at: createdAt,
            })
            .onConflict((oc) => oc.column('sha256').doNothing())
            .execute();
        }
        await trx
          .insertInto('uploads')
          .values(
            rows.map(({ path, sha256 }) => ({
              path,
              client_id: scope.clientId,
              place_id: scope.placeId,
              sha256,
              created_at: createdAt,
            })),
          )
          .onConflict((oc) => oc.column('path').doUpdateSet((eb) => ({ sha256: eb.ref('excluded.sha256') })))
          .execute();
      });
      return rows.map((row) => row.path);
    },
    async present(paths) {
      if (paths.length === 0) return new Set();
      const rows = await db
        .selectFrom('uploads')
        .select('path')
        .where('path', 'in', [...paths])
        .execute();
      return new Set(rows.map((row) => row.path));
    },
    async read(path) {
      // One query with the bytes: a 304 costs them too, as images are mostly answered whole (immutable cache).
      const row = await db
        .selectFrom('uploads')
        .innerJoin('upload_blobs', 'upload_blobs.sha256', 'uploads.sha256')
        .select(['upload_blobs.sha256', 'upload_blobs.content_type', 'upload_blobs.data'])
        .where('uploads.path', '=', path)
        .executeTakeFirst();
      if (!row) return null;
      return {
        sha256: row.sha256,
        contentType: row.content_type,
        bytes: row.data.length,
        body: async () => row.data,
      };
    },
    async problem() {
      return null; // the database itself: /api/ready checks it
    },
    async close() {},
  };
}

/** How long the readiness and start checks wait for the bucket. */
const S3_CHECK_TIMEOUT_MS = 3_000;
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

/** One line about an S3 failure: the HTTP status and what it usually means, or the network error. */
function describeS3Error(err: unknown): string {
  const e = err as {
    name?: string;
    message?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e.$metadata?.httpStatusCode;
  if (status === 404) return 'no such bucket (HTTP 404)';
  if (status === 403) return 'access denied (HTTP 403): check the key, the secret and the region';
  if (status === 301 || status === 400)
    return `HTTP ${status} ${e.name ?? ''}: check the region and path_style`;
  if (status) return `HTTP ${status} ${e.name ?? ''}`.trim();
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'no answer within 3 s';
  return e.code ?? e.message ?? String(err);
}

/** A client of the location's server (also for the backup scripts). */
export function createS3Client(location: S3Location): S3Client {
  return new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.credentials ? { credentials: location.credentials } : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: S3_CHECK_TIMEOUT_MS, requestTimeout: 30_000 },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The key of the object holding the bytes whose SHA-256 is `sha256`. */
export function objectKey(location: S3Location, sha256: string): string {
  return `${location.prefix}sha256/${sha256}`;
}

const unavailable = (err: unknown) =>
  new DomainError(
    503,
    'storage_unavailable',
    `The image storage does not answer (${describeS3Error(err)}); try again shortly`,
    { retryAfterSeconds: 5 },
  );

/**
 * S3-compatible storage: objects by SHA-256 under the location's prefix, paths in `upload_objects`. Paths not
 * found there are read from `previous` (the store used before S3_URL was set), so older images stay served.
 */
export function createS3ImageStore(
  location: S3Location,
  database: DatabaseHandle,
  previous: ImageStore | null,
): ImageStore {
  const db = database.db;
  const client = createS3Client(location);
  const keyOf = (sha256: string) => objectKey(location, sha256);
  return {
    kind: 's3',
    problemFailsReadiness: false,
    async put(scope, renditions) {
      for (const r of renditions) {
        if (!SAFE_NAME.test(r.name)) throw new Error(`bad rendition name ${JSON.stringify(r.name)}`);
      }
      const createdAt = new Date().toISOString();
      const rows = renditions.map((r) => ({
        path: uploadPath(scope, r.name),
        sha256: createHash('sha256').update(r.data).digest('hex'),
        r,
      }));
      const unique = new Map(rows.map((row) => [row.sha256, row.r]));
      // Every object first: a row is written only once its object is there.
      try {
        await Promise.all(
          [...unique].map(([sha256, r]) =>
            client.send(
              new PutObjectCommand({
                Bucket: location.bucket,
                Key: keyOf(sha256),
                Body: r.data,
                ContentType: r.contentType,
                ContentLength: r.data.length,
                CacheControl: IMMUTABLE,
              }),
            ),
          ),
        );
      } catch (err) {
        throw unavailable(err);
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('upload_objects')
          .values(
            rows.map(({ path, sha256, r }) => ({
              path,
              client_id: scope.clientId,
              place_id: scope.placeId,
              sha256,
              content_type: r.contentType,
              bytes: r.data.length,
              created_at: createdAt,
            })),
          )
          .onConflict((oc) =>
            oc.column('path').doUpdateSet((eb) => ({
              sha256: eb.ref('excluded.sha256'),
              content_type: eb.ref('excluded.content_type'),
              bytes: eb.ref('excluded.bytes'),
            })),
          )
          .execute();
      });
      return rows.map((row) => row.path);
    },
    async present(paths) {
      if (paths.length === 0) return new Set();
      const rows = await db
        .selectFrom('upload_objects')
        .select('path')
        .where('path', 'in', [...paths])
        .execute();
      const found = new Set(rows.map((row) => row.path));
      const rest = paths.filter((path) => !found.has(path));
      if (previous && rest.length > 0) for (const path of await previous.present(rest)) found.add(path);
      return found;
    },
    async read(path) {
      const row = await db
        .selectFrom('upload_objects')
        .select(['sha256', 'content_type', 'bytes'])
        .where('path', '=', path)
        .executeTakeFirst();
      if (!row) return previous ? previous.read(path) : null;
      return {
        sha256: row.sha256,
        contentType: row.content_type,
        bytes: row.bytes,
        async body() {
          let out: GetObjectCommandOutput;
          try {
            out = await client.send(
              new GetObjectCommand({ Bucket: location.bucket, Key: keyOf(row.sha256) }),
            );
          } catch (err) {
            throw unavailable(err);
          }
          return out.Body as Readable;
        },
      };
    },
    async problem() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: location.bucket }), {
          abortSignal: AbortSignal.timeout(S3_CHECK_TIMEOUT_MS),
        });
        return null;
      } catch (err) {
        return describeS3Error(err);
      }
    },
    async close() {
      client.destroy();
      await previous?.close();
    },
  };
}

/** The store without S3_URL: the database on PostgreSQL, DATA_DIR/uploads on SQLite. */
export function createImageStore(database: DatabaseHandle, uploadsDir: string): ImageStore {
  return database.dialect === 'postgres'
    ? createDatabaseImageStore(database)
    : createDiskImageStore(uploadsDir);
}

/**
 * The store of this installation. With S3_URL the bucket must answer now: otherwise a StartupError naming S3_URL
 * (server.ts prints the line and exits), never a silent fallback to another store.
 */
export async function openImageStore(
  s3: S3Location | null,
  database: DatabaseHandle,
  uploadsDir: string,
): Promise<ImageStore> {
  const local = createImageStore(database, uploadsDir);
  if (!s3) return local;
  const store = createS3ImageStore(s3, database, local);
  const problem = await store.problem();
  if (problem !== null) {
    await store.close();
    throw new StartupError(`S3_URL ${s3.display}: the bucket ${s3.bucket} cannot be reached: ${problem}`);
  }
  return store;
}

/**
 * Serves `/uploads/<client id>/<place id>/<name>` from the store (the database, or S3 streamed through this
 * process), with the immutable cache headers and an ETag (the SHA-256) for conditional requests, so the URLs and
 * headers are the same whatever the store. Not a redirect to the bucket: that would change the address the browser
 * caches, need the bucket public or short-lived signed URLs (which cannot be cached for a year), and lose these
 * headers. Other paths under /uploads fall through to the files on disk.
 */
export function registerStoredUploads(app: FastifyInstance, store: ImageStore): void {
  app.get<{ Params: { client: string; place: string; name: string } }>(
    `${UPLOADS_URL}/:client/:place/:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const path = `${UPLOADS_URL}/${request.params.client}/${request.params.place}/${request.params.name}`;
      const found = await store.read(path);
      if (!found) throw notFound('not_found', 'No such image');
      reply.header('cache-control', IMMUTABLE);
      if (found.sha256) {
        const etag = `"${found.sha256}"`;
        reply.header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      }
      const body = await found.body();
      if (found.bytes !== null) reply.header('content-length', String(found.bytes));
      return reply.type(found.contentType).send(body);
    },
  );
}
