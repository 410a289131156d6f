// `npm run backup [-- --out DIR] [--tar]`: a consistent copy of the SQLite database while the server runs (SQLite's
// online backup API through better-sqlite3's `db.backup()`), plus DATA_DIR/uploads and the generated secrets, into
// DIR/trapeza-backup-<UTC timestamp>/ (default DIR: ./backups), or one .tar of it with --tar. The copy is checked
// (integrity_check) and described in manifest.json. With S3_URL, the images the copy points at are copied out of
// the bucket into its s3/ folder (each checked against its SHA-256 name). PostgreSQL (DATABASE_URL set): use
// pg_dump, and `npm run backup-images` for the bucket; see the README.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { parseS3Url, type S3Location } from '../apps/server/src/lib/s3-url.ts';
import { copyObjectsOut } from '../apps/server/src/modules/admin/image-objects-copy.ts';

/**
 * Files of DATA_DIR besides the database that a restored server needs: tokens stay valid with the same secret, and
 * the venues' payment account secrets (stored encrypted) open only with the same secrets key.
 */
export const DATA_FILES = ['jwt-secret', 'secrets-key'];
export const DATA_DIRS = ['uploads'];
/** The folder of a backup that holds the S3 objects (`s3/sha256/<SHA-256>`). */
export const S3_DIR = 's3';

export interface BackupResult {
  path: string;
  orders: number;
  /** With S3_URL: the objects copied into the backup, and those a row names that the bucket lacks. */
  s3: { objects: number; missing: string[] } | null;
  bytes: number;
  ms: number;
}

function dataDirFrom(env: NodeJS.ProcessEnv): string {
  const dir = env.DATA_DIR ?? './data';
  return isAbsolute(dir) ? dir : resolve(process.cwd(), dir);
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** Backs DATA_DIR up into outDir; returns the folder (or .tar) written. */
export async function backup(
  dataDir: string,
  outDir: string,
  opts: { tar?: boolean; s3?: S3Location | null } = {},
): Promise<BackupResult> {
  const started = Date.now();
  const source = join(dataDir, 'trapeza.db');
  if (!existsSync(source)) throw new Error(`no SQLite database at ${source} (is DATA_DIR right?)`);
  const name = `trapeza-backup-${stamp(new Date())}`;
  const target = join(outDir, name);
  mkdirSync(target, { recursive: true });
  const dbCopy = join(target, 'trapeza.db');

  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // Pages are copied in steps; a write by the server between two steps restarts the copy, so after the first step
    // everything left goes in one step (one read transaction: a consistent snapshot even under a steady write load).
    await db.backup(dbCopy, { progress: ({ totalPages }) => Math.max(100, totalPages) });
  } finally {
    db.close();
  }

  const copy = new SQLite(dbCopy);
  let orders: number;
  let objects: string[] = [];
  try {
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`the copy fails integrity_check: ${String(integrity)}`);
    // A single file: a restore must not depend on a -wal beside it.
    copy.pragma('journal_mode = DELETE');
    orders = (copy.prepare('select count(*) as n from orders').get() as { n: number }).n;
    const hasObjects = copy
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'upload_objects'")
      .get();
    if (hasObjects) {
      objects = (
        copy.prepare('select distinct sha256 from upload_objects').all() as { sha256: string }[]
      ).map((r) => r.sha256);
    }
  } finally {
    copy.close();
  }

  const copied: string[] = ['trapeza.db'];
  let s3: BackupResult['s3'] = null;
  if (opts.s3) {
    // After the database copy: every object its rows name was written before its row, so it is in the bucket.
    const out = await copyObjectsOut(opts.s3, objects, join(target, S3_DIR));
    s3 = { objects: out.copied + out.present, missing: out.missing };
    copied.push(`${S3_DIR}/`);
  } else if (objects.length > 0) {
    throw new Error(
      `the database names ${objects.length} image objects in S3 but S3_URL is not set: set it to copy them too`,
    );
  }
  for (const dir of DATA_DIRS) {
    if (existsSync(join(dataDir, dir))) {
      cpSync(join(dataDir, dir), join(target, dir), { recursive: true });
      copied.push(`${dir}/`);
    }
  }
  for (const file of DATA_FILES) {
    if (existsSync(join(dataDir, file))) {
      cpSync(join(dataDir, file), join(target, file));
      chmodSync(join(target, file), 0o600);
      copied.push(file);
    }
  }
  writeFileSync(
    join(target, 'manifest.json'),
    JSON.stringify(
      {
        format: 'trapeza-backup/1',
        created_at: new Date().toISOString(),
        data_dir: dataDir,
        orders,
        files: copied,
        ...(s3 ? { s3: { location: opts.s3!.display, objects: s3.objects, missing: s3.missing } } : {}),
      },
      null,
      2,
    ) + '\n',
  );
  chmodSync(target, 0o700);

  let path = target;
  if (opts.tar) {
    path = `${target}.tar`;
    execFileSync('tar', ['-cf', path, '-C', dirname(target), basename(target)]);
    chmodSync(path, 0o600);
    rmSync(target, { recursive: true, force: true });
  }
  return { path, orders, s3, bytes: statSync(opts.tar ? path : dbCopy).size, ms: Date.now() - started };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const outDir = resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1]! : './backups');
  if (process.env.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: this installation runs on PostgreSQL. Back it up with pg_dump -Fc, and the S3 images ' +
        '(S3_URL) with npm run backup-images (README, "Backups").',
    );
    process.exit(1);
  }
  const s3 = process.env.S3_URL?.trim() ? parseS3Url(process.env.S3_URL.trim()) : null;
  if (typeof s3 === 'string') {
    console.error(`Backup failed: S3_URL ${s3}`);
    process.exit(1);
  }
  try {
    const r = await backup(dataDirFrom(process.env), outDir, { tar: args.includes('--tar'), s3 });
    const images = r.s3 ? `, ${r.s3.objects} S3 images` : '';
    console.log(`Backup written: ${r.path} (${r.orders} orders${images}, ${r.bytes} bytes, ${r.ms} ms)`);
    if (r.s3 && r.s3.missing.length > 0) {
      console.warn(
        `WARNING: ${r.s3.missing.length} image objects named by the database are not in the bucket (listed in manifest.json)`,
      );
    }
  } catch (err) {
    console.error(`Backup failed: ${(err as Error).message}`);
    process.exit(1);
  }
}
