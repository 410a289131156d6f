/** Log writes (spent time, system, user actions). */
import type { AppDatabase } from '../../db/database.ts';

export function createLogsRepository(db: AppDatabase) {
  return {
    async placeExists(placeId: number): Promise<boolean> {
      const row = await db.selectFrom('places').select('id').where('id', '=', placeId).executeTakeFirst();
      return row !== undefined;
    },
    async insert(entry: {
      placeId: number | null;
      kind: string;
      data: unknown;
      createdAt: string;
    }): Promise<void> {
      await db
        .insertInto('logs')
        .values({
          place_id: entry.placeId,
          kind: entry.kind,
          data: JSON.stringify(entry.data),
          created_at: entry.createdAt,
        })
        .execute();
    },
  };
}
export type LogsRepository = ReturnType<typeof createLogsRepository>;
