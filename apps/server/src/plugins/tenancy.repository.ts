/** Client and place lookups for the tenancy plugin (the only SQL it needs). */
import type { AppDatabase } from '../db/database.ts';

export interface ClientRow {
  id: number;
  slug: string;
}
export interface PlaceRow {
  id: number;
  slug: string;
  client_id: number;
}

export function createTenancyRepository(db: AppDatabase) {
  return {
    async findClient(ref: { id: number } | { slug: string }): Promise<ClientRow | undefined> {
      let q = db.selectFrom('clients').select(['id', 'slug']);
      q = 'id' in ref ? q.where('id', '=', ref.id) : q.where('slug', '=', ref.slug);
      return q.executeTakeFirst();
    },
    /** Only active places of the given client: a place of another client is "unknown", never found. */
    async findPlace(clientId: number, ref: { id: number } | { slug: string }): Promise<PlaceRow | undefined> {
      let q = db
        .selectFrom('places')
        .select(['id', 'slug', 'client_id'])
        .where('client_id', '=', clientId)
        .where('active', '=', 1);
      q = 'id' in ref ? q.where('id', '=', ref.id) : q.where('slug', '=', ref.slug);
      return q.executeTakeFirst();
    },
  };
}
export type TenancyRepository = ReturnType<typeof createTenancyRepository>;
