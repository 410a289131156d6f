/**
 * Where uploaded image renditions live (issue "Scale out" item 2; issue "Security hardening" #12):
 * - PostgreSQL (several processes): in the database, so every process serves what any process stored. Each
 *   rendition's bytes once in `upload_blobs` (addressed by their SHA-256: the same rendition uploaded twice, or by
 *   two places, is one row), and each served path in `uploads` with the client and place it belongs to. All
 *   renditions of one upload go in one transaction: an upload that fails leaves no row behind.
 * - SQLite (one process by design): files on disk under DATA_DIR/uploads, which `npm run backup` carries.
 * Either way the path is `/uploads/<client id>/<place id>/<hash>-<width>.<ext>`: ids, not slugs, so two brands
 * whose places share a slug never share a folder. Paths stored before (`/uploads/<place slug>/…`) stay served from
 * disk. The answers carry a year-long immutable cache (the name is the content hash, so a changed image is a new
 * name).
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';

export const UPLOADS_URL = '/uploads';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface Rendition {
  /** The file name, `<hash>-<width>.<ext>`. */
  name: string;
  contentType: string;
  data: Buffer;
}

export interface ImageScope {
  clientId: number;
  placeId: number;
}

export interface ImageStore {
  readonly kind: 'database' | 'disk';
  /** Stores every rendition, or none (throws). Answers each one's served path, in the order given. */
  put(scope: ImageScope, renditions: Rendition[]): Promise<string[]>;
  /** For /api/ready: null when storing works, else the problem. */
  problem(): Promise<string | null>;
}

export function uploadPath(scope: ImageScope, name: string): string {
  return `${UPLOADS_URL}/${scope.clientId}/${scope.placeId}/${name}`;
}

/** SQLite: files on disk, written under temporary names and renamed into place; on failure none stays. */
export function createDiskImageStore(uploadsDir: string): ImageStore {
  const root = resolve(uploadsDir);
  return {
    kind: 'disk',
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
    async problem() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    },
  };
}

/** PostgreSQL: blobs by SHA-256 and paths by client and place, in one transaction per upload. */
export function createDatabaseImageStore(database: DatabaseHandle): ImageStore {
  const db = database.db;
  return {
    kind: 'database',
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
    async problem() {
      return null; // the database itself: /api/ready checks it
    },
  };
}

export function createImageStore(database: DatabaseHandle, uploadsDir: string): ImageStore {
  return database.dialect === 'postgres'
    ? createDatabaseImageStore(database)
    : createDiskImageStore(uploadsDir);
}

/**
 * Serves `/uploads/<client id>/<place id>/<name>` from the database (PostgreSQL), with the immutable cache headers
 * and an ETag (the SHA-256) for conditional requests; other paths under /uploads fall through to the files on disk.
 */
export function registerDatabaseUploads(app: FastifyInstance, database: DatabaseHandle): void {
  app.get<{ Params: { client: string; place: string; name: string } }>(
    `${UPLOADS_URL}/:client/:place/:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const path = `${UPLOADS_URL}/${request.params.client}/${request.params.place}/${request.params.name}`;
      const row = await database.db
        .selectFrom('uploads')
        .innerJoin('upload_blobs', 'upload_blobs.sha256', 'uploads.sha256')
        .select(['upload_blobs.sha256', 'upload_blobs.content_type', 'upload_blobs.data'])
        .where('uploads.path', '=', path)
        .executeTakeFirst();
      if (!row) {
        return reply.code(404).send({ code: 'not_found', message: 'No such image' });
      }
      const etag = `"${row.sha256}"`;
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(row.content_type).send(row.data);
    },
  );
}
