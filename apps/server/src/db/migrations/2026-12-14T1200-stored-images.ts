/**
 * Uploaded images shared by every server process (issue "Scale out" item 2, issue "Security hardening" #12): on
 * PostgreSQL each rendition's bytes are stored once, addressed by their SHA-256 (`upload_blobs`), and each served
 * path (`/uploads/<client id>/<place id>/<name>`) points at one blob with the client and place it belongs to
 * (`uploads`). SQLite keeps the files on disk under the same per-client/place-id paths (these tables stay empty).
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('upload_blobs')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('data', pg ? sql`bytea` : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('uploads')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull().references('upload_blobs.sha256'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_place_id_idx').on('uploads').column('place_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
  await db.schema.dropTable('upload_blobs').execute();
}
