/** Staff accounts and their places for the admin's users screen; the only SQL of admin-users.service.ts. */
import type { AppDatabase } from '../../db/database.ts';
import { STAFF_ROLES } from '@trapeza/domain/staff-admin';

export interface StaffRow {
  id: number;
  client_id: number | null;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  banned: number;
  created_at: string;
}

const columns = [
  'id',
  'client_id',
  'email',
  'first_name',
  'last_name',
  'role',
  'banned',
  'created_at',
] as const;

export function createAdminUsersRepository(db: AppDatabase) {
  return {
    /** Places of the client: every one for client-wide admins, the assigned ones for place-level admins. */
    async placesOfClient(clientId: number, onlyAssignedTo?: number) {
      let q = db
        .selectFrom('places')
        .select(['id', 'slug', 'name'])
        .where('client_id', '=', clientId)
        .orderBy('slug');
      if (onlyAssignedTo !== undefined) {
        q = q.where(
          'id',
          'in',
          db.selectFrom('user_places').select('place_id').where('user_id', '=', onlyAssignedTo),
        );
      }
      return q.execute();
    },

    async staffOfClient(clientId: number): Promise<StaffRow[]> {
      const rows = await db
        .selectFrom('users')
        .select(columns)
        .where('client_id', '=', clientId)
        .where('role', 'in', [...STAFF_ROLES])
        .orderBy('email')
        .execute();
      return rows.map((r) => ({ ...r, banned: Number(r.banned), created_at: String(r.created_at) }));
    },

    async find(id: number): Promise<StaffRow | undefined> {
      const r = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
      return r && { ...r, banned: Number(r.banned), created_at: String(r.created_at) };
    },

    async emailExists(clientId: number, email: string): Promise<boolean> {
      const r = await db
        .selectFrom('users')
        .select('id')
        .where('client_id', '=', clientId)
        .where('email', '=', email)
        .executeTakeFirst();
      return !!r;
    },

    /** user id → assigned place ids, for the given users. */
    async placesOf(userIds: number[]): Promise<Map<number, number[]>> {
      const out = new Map<number, number[]>();
      if (!userIds.length) return out;
      const rows = await db
        .selectFrom('user_places')
        .select(['user_id', 'place_id'])
        .where('user_id', 'in', userIds)
        .orderBy('place_id')
        .execute();
      for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.place_id]);
      return out;
    },

    async create(values: {
      clientId: number;
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
      role: string;
      placeIds: number[];
      now: string;
    }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('users')
          .values({
            client_id: values.clientId,
            email: values.email,
            password_hash: values.passwordHash,
            first_name: values.firstName,
            last_name: values.lastName,
            phone: null,
            address: null,
            role: values.role,
            points: 0,
            accumulated_amount: 0,
            banned: 0,
            created_at: values.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (values.placeIds.length) {
          await trx
            .insertInto('user_places')
            .values(values.placeIds.map((place_id) => ({ user_id: row.id, place_id })))
            .execute();
        }
        return row.id;
      });
    },

    async update(
      id: number,
      values: { first_name?: string; last_name?: string; role?: string; banned?: 0 | 1 },
      placeIds: number[] | undefined,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (Object.keys(values).length)
          await trx.updateTable('users').set(values).where('id', '=', id).execute();
        if (placeIds !== undefined) {
          await trx.deleteFrom('user_places').where('user_id', '=', id).execute();
          if (placeIds.length) {
            await trx
              .insertInto('user_places')
              .values(placeIds.map((place_id) => ({ user_id: id, place_id })))
              .execute();
          }
        }
      });
    },
  };
}
export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
