// `npm run backup-images -- --out DIR` and `npm run restore-images -- DIR`: the S3 images (S3_URL) of any
// installation, PostgreSQL's above all (pg_dump carries the rows of upload_objects, not the bucket).
// - backup: every object the database's upload_objects names is copied into DIR/sha256/<SHA-256>, each checked
//   against its name; objects already in DIR are kept, so one DIR kept between runs is an incremental mirror. Run it
//   after pg_dump: a row in the dump was written after its object, so the object is in the bucket by then.
// - restore: every DIR/sha256/<SHA-256> the bucket lacks is put into it (checked against its name first).
// The database comes from DATABASE_URL (PostgreSQL) or DATA_DIR/trapeza.db (SQLite), as for the server.
import { isAbsolute, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { parseS3Url } from '../apps/server/src/lib/s3-url.ts';
import { copyObjectsIn, copyObjectsOut } from '../apps/server/src/modules/admin/image-objects-copy.ts';

async function objectNames(env: NodeJS.ProcessEnv): Promise<string[]> {
  const query = 'select distinct sha256 from upload_objects';
  if (env.DATABASE_URL?.trim()) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL.trim() });
    await client.connect();
    try {
      return (await client.query<{ sha256: string }>(query)).rows.map((r) => r.sha256);
    } finally {
      await client.end();
    }
  }
  const dir = env.DATA_DIR ?? './data';
  const file = join(isAbsolute(dir) ? dir : resolve(process.cwd(), dir), 'trapeza.db');
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(query).all() as { sha256: string }[]).map((r) => r.sha256);
  } finally {
    db.close();
  }
}

const [mode, ...args] = process.argv.slice(2);
const usage =
  'usage: npm run backup-images -- --out DIR   |   npm run restore-images -- DIR   (S3_URL and the database as for the server)';
const s3 = process.env.S3_URL?.trim() ? parseS3Url(process.env.S3_URL.trim()) : 'is not set';
if (typeof s3 === 'string') {
  console.error(`S3_URL ${s3}: the images are in the bucket it names`);
  process.exit(1);
}
try {
  if (mode === 'backup') {
    const outIndex = args.indexOf('--out');
    if (outIndex < 0 || !args[outIndex + 1]) throw new Error(usage);
    const dir = resolve(args[outIndex + 1]!);
    const started = Date.now();
    const r = await copyObjectsOut(s3, await objectNames(process.env), dir);
    console.log(
      `S3 images in ${dir}: ${r.copied} copied, ${r.present} already there (${Date.now() - started} ms)`,
    );
    if (r.missing.length > 0) {
      console.warn(
        `WARNING: ${r.missing.length} objects named by the database are not in the bucket: ${r.missing.join(' ')}`,
      );
    }
  } else if (mode === 'restore' && args[0]) {
    const r = await copyObjectsIn(s3, resolve(args[0]));
    console.log(`S3 images put into ${s3.display}: ${r.put} put back, ${r.present} already there`);
  } else {
    throw new Error(usage);
  }
} catch (err) {
  console.error(`Images ${mode ?? ''} failed: ${(err as Error).message}`);
  process.exit(1);
}
