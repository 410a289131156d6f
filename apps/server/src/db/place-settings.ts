/**
 * A place's settings (spec §5: key → raw text value), read the same way by every module that needs them. Parsing
 * into typed values is the domain's (`@trapeza/domain/settings`); the menu's `GET settings` adds the client's brand.
 */
import type { AppDatabase } from './database.ts';

/** Every setting of the place. */
export async function readPlaceSettings(db: AppDatabase, placeId: number): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('place_id', '=', placeId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** One setting of the place (raw text), if set. */
export async function readPlaceSetting(
  db: AppDatabase,
  placeId: number,
  key: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('place_id', '=', placeId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}
