/** The places a user may administer (spec §6 scope), the only SQL of GET /api/admin/places. */
import type { AppDatabase } from '../../db/database.ts';

export function createAdminPlacesRepository(db: AppDatabase) {
  const base = () =>
    db
      .selectFrom('places as p')
      .innerJoin('clients as c', 'c.id', 'p.client_id')
      .select([
        'p.id',
        'p.slug',
        'p.name',
        'p.active',
        'p.functionality_modules',
        'c.id as client_id',
        'c.slug as client_slug',
        'c.name as client_name',
      ])
      .orderBy('c.slug')
      .orderBy('p.slug');
  return {
    all: () => base().execute(),
    ofClient: (clientId: number) => base().where('p.client_id', '=', clientId).execute(),
    ofUser: (userId: number, clientId: number) =>
      base()
        .where('p.client_id', '=', clientId)
        .where('p.id', 'in', db.selectFrom('user_places').select('place_id').where('user_id', '=', userId))
        .execute(),
  };
}
