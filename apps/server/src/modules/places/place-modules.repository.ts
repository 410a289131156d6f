/**
 * The venue's functionality modules (spec §3 Place.functionality_modules, §6 "enabled per place") that guest calls
 * depend on: feedback, gallery, promotions and loyalty (issue 24, minor: switches that changed nothing). Read from
 * the database on every call, never cached in the process: an admin's switch must hold at once on every server
 * process sharing the database (the tenancy cache would keep a stale list for its TTL on the other processes).
 */
import type { AppDatabase } from '../../db/database.ts';
import { DomainError } from '../../lib/domain-error.ts';

export type GuestModule = 'feedback' | 'gallery' | 'promotions' | 'loyalty';

/** The place's switched-on modules ([] for an unknown place or an unreadable value). */
export async function placeModules(db: AppDatabase, placeId: number): Promise<string[]> {
  const row = await db
    .selectFrom('places')
    .select('functionality_modules')
    .where('id', '=', placeId)
    .executeTakeFirst();
  try {
    const parsed: unknown = JSON.parse(row?.functionality_modules ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}

/** Refuses a guest call of a switched-off module: 403 `<module>_module_disabled` (as booking and payments do). */
export async function requirePlaceModule(
  db: AppDatabase,
  placeId: number,
  module: GuestModule,
): Promise<void> {
  if ((await placeModules(db, placeId)).includes(module)) return;
  switch (module) {
    case 'feedback':
      throw new DomainError(403, 'feedback_module_disabled', 'Feedback is not enabled at this place');
    case 'gallery':
      throw new DomainError(403, 'gallery_module_disabled', 'The gallery is not enabled at this place');
    case 'promotions':
      throw new DomainError(403, 'promotions_module_disabled', 'Promotions are not enabled at this place');
    case 'loyalty':
      throw new DomainError(403, 'loyalty_module_disabled', 'Loyalty is not enabled at this place');
  }
}
