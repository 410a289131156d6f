/**
 * Uploaded images in S3-compatible storage (issue "Scale out" item 2, `S3_URL`): each rendition's bytes are one
 * object named by their SHA-256 in the bucket, and each served path (`/uploads/<client id>/<place id>/<name>`)
 * points at one object here, with the client and place it belongs to and what the answer needs without asking the
 * bucket (content type, size). On both databases; empty without S3_URL.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_objects')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upload_objects_place_id_idx')
    .on('upload_objects')
    .column('place_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_objects').execute();
}
