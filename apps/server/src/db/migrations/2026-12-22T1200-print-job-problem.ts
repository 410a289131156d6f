/**
 * Out-of-paper detection (issue 20): `print_jobs.last_problem` — what the printer's real-time status (ESC/POS
 * DLE EOT) said stopped the last attempt ('paper_out' | 'cover_open'), null otherwise; cleared when the job prints.
 * Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('print_jobs').addColumn('last_problem', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('print_jobs').dropColumn('last_problem').execute();
}
