/** The SQL of the page brand (web-brand.ts): a brand's face by id or slug, and whether a host name is any brand's. */
import type { AppDatabase } from '../db/database.ts';
import { findClientByHost } from './tenancy.repository.ts';

export interface BrandRow {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
  primary_color: string | null;
  secondary_color: string | null;
}

export function createWebBrandRepository(db: AppDatabase) {
  return {
    /** The active brand with a verified domain serving this host (www. too), from the tenancy repository. */
    findClientByHost: (host: string) => findClientByHost(db, host),
    /** An active brand's face (name, logo, colours) by id or slug. */
    async findBrand(ref: { id: number } | { slug: string }): Promise<BrandRow | undefined> {
      let q = db
        .selectFrom('clients')
        .select(['id', 'slug', 'name', 'logo', 'primary_color', 'secondary_color'])
        .where('active', '=', 1);
      q = 'id' in ref ? q.where('id', '=', ref.id) : q.where('slug', '=', ref.slug);
      return q.executeTakeFirst();
    },
    /** The name of the brand's active place with this slug (a place of another brand is never found). */
    async placeName(clientSlug: string, placeSlug: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('places')
        .innerJoin('clients', 'clients.id', 'places.client_id')
        .select('places.name')
        .where('clients.slug', '=', clientSlug)
        .where('places.slug', '=', placeSlug)
        .where('places.active', '=', 1)
        .executeTakeFirst();
      return row?.name;
    },
    /**
     * Whether the brand's active place with this slug is live (go-live checklist), and the language its guests first
     * see (`first_init_lang`, else `default_lang`); undefined when the brand has no such place.
     */
    async placeLive(
      clientSlug: string,
      placeSlug: string,
    ): Promise<{ live: boolean; language: string } | undefined> {
      const row = await db
        .selectFrom('places')
        .innerJoin('clients', 'clients.id', 'places.client_id')
        .select(['places.id', 'places.live'])
        .where('clients.slug', '=', clientSlug)
        .where('places.slug', '=', placeSlug)
        .where('places.active', '=', 1)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.live !== 0) return { live: true, language: 'bg' };
      const settings = await db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('place_id', '=', row.id)
        .where('key', 'in', ['first_init_lang', 'default_lang'])
        .execute();
      const value = (key: string) => settings.find((r) => r.key === key)?.value || undefined;
      return { live: false, language: value('first_init_lang') ?? value('default_lang') ?? 'bg' };
    },
    /** The raw `analytics_tag_id` setting of the brand's place with this slug, if any. */
    async analyticsTag(clientSlug: string, placeSlug: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('settings')
        .innerJoin('places', 'places.id', 'settings.place_id')
        .innerJoin('clients', 'clients.id', 'places.client_id')
        .select('settings.value')
        .where('clients.slug', '=', clientSlug)
        .where('places.slug', '=', placeSlug)
        .where('settings.key', '=', 'analytics_tag_id')
        .executeTakeFirst();
      return row?.value ?? undefined;
    },
    /**
     * A table or room session of the brand's place by its secret (the order-token cookie's `token`), with its table:
     * what the server-rendered page shows as the guest's table (never what the cookie says). Expiry and closing are
     * the caller's to check.
     */
    async tableSession(clientSlug: string, placeSlug: string, session: string) {
      return db
        .selectFrom('table_sessions')
        .innerJoin('tables', 'tables.id', 'table_sessions.table_id')
        .innerJoin('places', 'places.id', 'table_sessions.place_id')
        .innerJoin('clients', 'clients.id', 'places.client_id')
        .select([
          'table_sessions.session',
          'table_sessions.order_type',
          'table_sessions.expires_at',
          'table_sessions.closed_at',
          'table_sessions.mode',
          'tables.number as table_number',
          'tables.kind as table_kind',
        ])
        .where('table_sessions.session', '=', session)
        .where('places.slug', '=', placeSlug)
        .where('clients.slug', '=', clientSlug)
        .executeTakeFirst();
    },
    /**
     * Whether some brand names this host as its domain at all (also a deactivated or not yet verified one): such a
     * host is never served another brand's pages as a fallback.
     */
    async hostIsClaimed(hosts: string[]): Promise<boolean> {
      const row = await db.selectFrom('clients').select('id').where('domain', 'in', hosts).executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type WebBrandRepository = ReturnType<typeof createWebBrandRepository>;
