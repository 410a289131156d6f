/**
 * Backups of the S3 image store (S3_URL): the objects, content-addressed, copied into a folder and back.
 * `<dir>/sha256/<SHA-256>` holds each object's bytes; every copy, either way, checks that the bytes hash to their
 * name, so a backup never carries (or puts back) a damaged image. Objects already in the folder (or the bucket)
 * are not copied again: a folder kept between backups is an incremental mirror. Used by `npm run backup` /
 * `npm run restore` (SQLite) and `npm run backup-images` / `npm run restore-images` (any database).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Location } from '../../lib/s3-url.ts';
import { createS3Client, IMMUTABLE, objectKey } from './image-store.ts';

const SHA256 = /^[0-9a-f]{64}$/;
const PARALLEL = 8;

const hashOf = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Runs `task` over `items`, PARALLEL at a time. */
async function each<T>(items: T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

export interface CopyOutResult {
  copied: number;
  present: number;
  /** Objects a row points at that the bucket does not have (reported, not fatal: the rest is still backed up). */
  missing: string[];
}

/** Copies the objects `sha256s` from the bucket into `<dir>/sha256/`. */
export async function copyObjectsOut(
  location: S3Location,
  sha256s: Iterable<string>,
  dir: string,
): Promise<CopyOutResult> {
  const folder = join(dir, 'sha256');
  mkdirSync(folder, { recursive: true });
  const client = createS3Client(location);
  const result: CopyOutResult = { copied: 0, present: 0, missing: [] };
  try {
    await each(
      [...new Set(sha256s)].filter((s) => SHA256.test(s)),
      async (sha256) => {
        const file = join(folder, sha256);
        if (existsSync(file) && hashOf(readFileSync(file)) === sha256) {
          result.present++;
          return;
        }
        let data: Buffer;
        try {
          const out = await client.send(
            new GetObjectCommand({ Bucket: location.bucket, Key: objectKey(location, sha256) }),
          );
          data = Buffer.from(await out.Body!.transformToByteArray());
        } catch (err) {
          if (statusOf(err) === 404) {
            result.missing.push(sha256);
            return;
          }
          throw err;
        }
        const got = hashOf(data);
        if (got !== sha256)
          throw new Error(`object ${objectKey(location, sha256)} holds bytes with SHA-256 ${got}`);
        writeFileSync(`${file}.tmp`, data);
        renameSync(`${file}.tmp`, file);
        result.copied++;
      },
    );
  } finally {
    client.destroy();
  }
  return result;
}

/** Puts every `<dir>/sha256/<SHA-256>` the bucket lacks into it. */
export async function copyObjectsIn(
  location: S3Location,
  dir: string,
): Promise<{ put: number; present: number }> {
  const folder = join(dir, 'sha256');
  const names = existsSync(folder) ? readdirSync(folder).filter((n) => SHA256.test(n)) : [];
  const client = createS3Client(location);
  const result = { put: 0, present: 0 };
  try {
    await each(names, async (sha256) => {
      const key = objectKey(location, sha256);
      try {
        await client.send(new HeadObjectCommand({ Bucket: location.bucket, Key: key }));
        result.present++;
        return;
      } catch (err) {
        if (statusOf(err) !== 404) throw err;
      }
      const data = readFileSync(join(folder, sha256));
      const got = hashOf(data);
      if (got !== sha256) throw new Error(`${join(folder, sha256)} holds bytes with SHA-256 ${got}`);
      await client.send(
        new PutObjectCommand({
          Bucket: location.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          CacheControl: IMMUTABLE,
        }),
      );
      result.put++;
    });
  } finally {
    client.destroy();
  }
  return result;
}
