/** Settings, functionality modules and languages of one place: the only SQL of the settings area. */
import type { AppDatabase } from '../../db/database.ts';

export function createAdminSettingsRepository(db: AppDatabase) {
  return {
    listSettings(placeId: number) {
      return db.selectFrom('settings').select(['key', 'value']).where('place_id', '=', placeId).execute();
    },

    /** Writes (value) or removes (null) keys of the place in one transaction. */
    async writeSettings(placeId: number, changes: Map<string, string | null>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of changes) {
          if (value === null) {
            await trx.deleteFrom('settings').where('place_id', '=', placeId).where('key', '=', key).execute();
            continue;
          }
          const res = await trx
            .updateTable('settings')
            .set({ value })
            .where('place_id', '=', placeId)
            .where('key', '=', key)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) === 0) {
            await trx.insertInto('settings').values({ place_id: placeId, key, value }).execute();
          }
        }
      });
    },

    async getModules(placeId: number): Promise<string> {
      const row = await db
        .selectFrom('places')
        .select('functionality_modules')
        .where('id', '=', placeId)
        .executeTakeFirstOrThrow();
      return row.functionality_modules;
    },

    async setModules(placeId: number, modules: string[]): Promise<void> {
      await db
        .updateTable('places')
        .set({ functionality_modules: JSON.stringify(modules) })
        .where('id', '=', placeId)
        .execute();
    },

    listLanguages(placeId: number) {
      return db
        .selectFrom('languages')
        .select(['code', 'name', 'is_default'])
        .where('place_id', '=', placeId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async replaceLanguages(placeId: number, languages: { code: string; name: string; is_default: number }[]) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('languages').where('place_id', '=', placeId).execute();
        await trx
          .insertInto('languages')
          .values(languages.map((l, position) => ({ ...l, place_id: placeId, position })))
          .execute();
      });
    },
  };
}
export type AdminSettingsRepository = ReturnType<typeof createAdminSettingsRepository>;
