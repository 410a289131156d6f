// `npm run restore FILE`: restores a backup of `npm run backup` (its folder or .tar) into DATA_DIR. Refuses while a
// server holds the database (stop it first); keeps what was there in DATA_DIR/before-restore-<UTC timestamp>/. A
// backup with S3 images (its s3/ folder) needs S3_URL: the images the bucket lacks are put back into it.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { parseS3Url, type S3Location } from '../apps/server/src/lib/s3-url.ts';
import { copyObjectsIn } from '../apps/server/src/modules/admin/image-objects-copy.ts';
import { DATA_DIRS, DATA_FILES, S3_DIR } from './backup.ts';

export class RestoreRefused extends Error {}

/**
 * Whether another connection (a running server) has the database open: leaving WAL mode needs the only
 * connection, so it fails (the mode stays 'wal') while any other process holds the file.
 */
export function databaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    const mode = db.pragma('journal_mode', { simple: true });
    if (mode !== 'wal') return false;
    try {
      return db.pragma('journal_mode = DELETE', { simple: true }) === 'wal';
    } catch {
      return true; // SQLITE_BUSY
    }
  } finally {
    db.close();
  }
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** Restores `from` (backup folder or .tar) into dataDir; returns the number of orders restored. */
export async function restore(
  from: string,
  dataDir: string,
  s3: S3Location | null = null,
): Promise<{ orders: number; previous: string | null; s3: { put: number; present: number } | null }> {
  let folder = from;
  let extracted: string | null = null;
  if (from.endsWith('.tar')) {
    extracted = mkdtempSync(join(tmpdir(), 'trapeza-restore-'));
    execFileSync('tar', ['-xf', from, '-C', extracted]);
    const [inner] = readdirSync(extracted);
    if (!inner) throw new Error(`${from} is empty`);
    folder = join(extracted, inner);
  }
  try {
    const manifestFile = join(folder, 'manifest.json');
    if (!existsSync(manifestFile) || !existsSync(join(folder, 'trapeza.db'))) {
      throw new Error(`${from} is not a Trapeza backup (no manifest.json / trapeza.db)`);
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { format?: string };
    if (manifest.format !== 'trapeza-backup/1') throw new Error(`unknown backup format ${manifest.format}`);
    const check = new SQLite(join(folder, 'trapeza.db'), { readonly: true, fileMustExist: true });
    let orders: number;
    try {
      const integrity = check.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new Error(`the backup fails integrity_check: ${String(integrity)}`);
      orders = (check.prepare('select count(*) as n from orders').get() as { n: number }).n;
    } finally {
      check.close();
    }

    const hasObjects = existsSync(join(folder, S3_DIR));
    if (hasObjects && !s3) {
      throw new Error(
        `the backup holds S3 images (${S3_DIR}/): set S3_URL to the bucket to put them back into`,
      );
    }

    mkdirSync(dataDir, { recursive: true });
    const live = join(dataDir, 'trapeza.db');
    if (databaseInUse(live)) {
      throw new RestoreRefused(`a running server holds ${live}: stop it, then restore`);
    }
    // Keep what was there.
    let previous: string | null = null;
    const moving = ['trapeza.db', 'trapeza.db-wal', 'trapeza.db-shm', ...DATA_DIRS, ...DATA_FILES].filter(
      (f) => existsSync(join(dataDir, f)),
    );
    if (moving.length > 0) {
      previous = join(dataDir, `before-restore-${stamp(new Date())}`);
      mkdirSync(previous, { recursive: true });
      for (const f of moving) renameSync(join(dataDir, f), join(previous, f));
    }
    cpSync(join(folder, 'trapeza.db'), live);
    for (const entry of [...DATA_DIRS, ...DATA_FILES]) {
      if (existsSync(join(folder, entry)))
        cpSync(join(folder, entry), join(dataDir, entry), { recursive: true });
    }
    // The images first would do as well (content-addressed, unreferenced until the database is there); after the
    // files, a refused restore has touched nothing.
    const objects = hasObjects && s3 ? await copyObjectsIn(s3, join(folder, S3_DIR)) : null;
    return { orders, previous, s3: objects };
  } finally {
    if (extracted) rmSync(extracted, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const from = process.argv[2];
  if (!from) {
    console.error('usage: npm run restore -- <backup folder or .tar>   (into DATA_DIR, default ./data)');
    process.exit(2);
  }
  const dir = process.env.DATA_DIR ?? './data';
  const dataDir = isAbsolute(dir) ? dir : resolve(process.cwd(), dir);
  const s3 = process.env.S3_URL?.trim() ? parseS3Url(process.env.S3_URL.trim()) : null;
  if (typeof s3 === 'string') {
    console.error(`Restore failed: S3_URL ${s3}`);
    process.exit(1);
  }
  try {
    const r = await restore(resolve(from), dataDir, s3);
    console.log(
      `Restored ${r.orders} orders into ${dataDir}` +
        (r.s3 ? ` and ${r.s3.put + r.s3.present} S3 images (${r.s3.put} put back)` : '') +
        (r.previous ? ` (previous data kept in ${r.previous})` : ''),
    );
  } catch (err) {
    console.error(
      `Restore ${err instanceof RestoreRefused ? 'refused' : 'failed'}: ${(err as Error).message}`,
    );
    process.exit(1);
  }
}
