/** The only SQL of the platform module: brands, their venues and order counts, venue creation, invitations. */
import type { Insertable } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';
import type { ClientsTable, PlatformInvitesTable } from '../../db/schema.ts';
import type { VenueTemplate } from './platform-templates.ts';

export type Db = AppDatabase;

const CLIENT_COLUMNS = [
  'id',
  'slug',
  'name',
  'domain',
  'domain_token',
  'domain_verified_at',
  'logo',
  'primary_color',
  'secondary_color',
  'languages',
  'currency',
  'active',
  'created_at',
] as const;

export function createPlatformRepository(db: AppDatabase) {
  return {
    db,
    async listClients() {
      return db.selectFrom('clients').select(CLIENT_COLUMNS).orderBy('id').execute();
    },
    async findClient(id: number, trx: Db = db) {
      return trx.selectFrom('clients').select(CLIENT_COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    async venues(clientIds: number[]) {
      if (clientIds.length === 0) return [];
      return db
        .selectFrom('places')
        .select(['id', 'client_id', 'name', 'slug', 'active'])
        .where('client_id', 'in', clientIds)
        .orderBy('id')
        .execute();
    },
    /** Orders per client created at or after `since` (ISO text compares in time order). */
    async orderCounts(since: string) {
      const rows = await db
        .selectFrom('orders')
        .innerJoin('places', 'places.id', 'orders.place_id')
        .select(['places.client_id as client_id', (eb) => eb.fn.countAll().as('n')])
        .where('orders.created_at', '>=', since)
        .groupBy('places.client_id')
        .execute();
      return new Map(rows.map((r) => [r.client_id, Number(r.n)]));
    },
    async clientSlugTaken(slug: string, exceptId: number | null, trx: Db = db) {
      let q = trx.selectFrom('clients').select('id').where('slug', '=', slug);
      if (exceptId !== null) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    async insertClient(values: Insertable<ClientsTable>, trx: Db) {
      const row = await trx.insertInto('clients').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async updateClient(id: number, values: Partial<Insertable<ClientsTable>>, trx: Db = db) {
      if (Object.keys(values).length === 0) return;
      await trx.updateTable('clients').set(values).where('id', '=', id).execute();
    },
    async placeSlugTaken(clientId: number, slug: string, trx: Db = db) {
      const row = await trx
        .selectFrom('places')
        .select('id')
        .where('client_id', '=', clientId)
        .where('slug', '=', slug)
        .executeTakeFirst();
      return row !== undefined;
    },
    async findPlace(clientId: number, placeId: number) {
      return db
        .selectFrom('places')
        .select(['id', 'name', 'slug'])
        .where('client_id', '=', clientId)
        .where('id', '=', placeId)
        .executeTakeFirst();
    },
    /** Writes a venue and everything its template gives it; the caller's transaction makes it all or nothing. */
    async insertVenue(
      trx: Db,
      v: {
        clientId: number;
        name: string;
        slug: string;
        template: VenueTemplate;
        languages: { code: string; name: string }[];
        tables: { number: string; kind: string; seats: number; token: string }[];
      },
    ) {
      const { id: placeId } = await trx
        .insertInto('places')
        .values({
          client_id: v.clientId,
          slug: v.slug,
          name: v.name,
          translations: '{}',
          functionality_modules: '[]',
          city_id: null,
          address: null,
          phone: null,
          email: null,
          lat: null,
          lng: null,
          active: 1,
          // Guests see "coming soon" until the venue's admin marks it live (go-live checklist, issue 16 #2).
          live: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('languages')
        .values(
          v.languages.map((l, i) => ({
            place_id: placeId,
            code: l.code,
            name: l.name,
            is_default: i === 0 ? 1 : 0,
            position: i + 1,
          })),
        )
        .execute();
      await trx
        .insertInto('settings')
        .values(
          Object.entries(v.template.settings).map(([key, value]) => ({ place_id: placeId, key, value })),
        )
        .execute();
      await trx
        .insertInto('order_types')
        .values(v.template.orderTypes.map((type) => ({ place_id: placeId, type, active: 1 })))
        .execute();
      await trx
        .insertInto('tables')
        .values(
          v.tables.map((t) => ({
            place_id: placeId,
            hall_id: null,
            number: t.number,
            kind: t.kind,
            seats: t.seats,
            token: t.token,
            active: 1,
          })),
        )
        .execute();
      return placeId;
    },
    async insertInvite(values: Insertable<PlatformInvitesTable>) {
      const row = await db
        .insertInto('platform_invites')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async findInvite(tokenHash: string) {
      return db
        .selectFrom('platform_invites')
        .innerJoin('clients', 'clients.id', 'platform_invites.client_id')
        .leftJoin('places', 'places.id', 'platform_invites.place_id')
        .select([
          'platform_invites.id',
          'platform_invites.client_id',
          'platform_invites.place_id',
          'platform_invites.email',
          'platform_invites.role',
          'platform_invites.expires_at',
          'platform_invites.used_at',
          'clients.name as client_name',
          'clients.active as client_active',
          'places.name as place_name',
        ])
        .where('platform_invites.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    /** Marks the invite used unless it already is: false when another acceptance won the race. */
    async claimInvite(trx: Db, id: number, at: string) {
      const res = await trx
        .updateTable('platform_invites')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
export type PlatformRepository = ReturnType<typeof createPlatformRepository>;

/** Accounts written by an accepted invitation (inside its transaction). */
export const inviteAccounts = {
  async findBrandUser(trx: Db, clientId: number, email: string) {
    return trx
      .selectFrom('users')
      .select(['id', 'role', 'banned'])
      .where('client_id', '=', clientId)
      .where('email', '=', email)
      .executeTakeFirst();
  },
  async insertUser(
    trx: Db,
    v: {
      clientId: number;
      email: string;
      passwordHash: string;
      role: string;
      first: string;
      last: string;
      at: string;
    },
  ) {
    const row = await trx
      .insertInto('users')
      .values({
        client_id: v.clientId,
        email: v.email,
        password_hash: v.passwordHash,
        first_name: v.first,
        last_name: v.last,
        phone: null,
        address: null,
        role: v.role,
        points: 0,
        accumulated_amount: 0,
        banned: 0,
        created_at: v.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async updateUser(
    trx: Db,
    id: number,
    v: { passwordHash: string; role: string; first_name?: string; last_name?: string },
  ) {
    await trx
      .updateTable('users')
      .set({
        password_hash: v.passwordHash,
        role: v.role,
        ...(v.first_name ? { first_name: v.first_name } : {}),
        ...(v.last_name ? { last_name: v.last_name } : {}),
      })
      .where('id', '=', id)
      .execute();
  },
  async assignPlace(trx: Db, userId: number, placeId: number) {
    const has = await trx
      .selectFrom('user_places')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('place_id', '=', placeId)
      .executeTakeFirst();
    if (!has) await trx.insertInto('user_places').values({ user_id: userId, place_id: placeId }).execute();
  },
  async userRow(trx: Db, id: number) {
    return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  },
};
