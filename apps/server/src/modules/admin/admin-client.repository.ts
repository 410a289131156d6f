/** The only SQL of the client's brand (admin-client.routes.ts): read it, read its domain state, write it. */
import type { Updateable } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';
import type { ClientsTable } from '../../db/schema.ts';
import { domainBoundElsewhere } from '../platform/platform-domain.ts';

export function createAdminClientRepository(db: AppDatabase) {
  return {
    /** The brand as GET /api/admin/client answers it. */
    brand(clientId: number) {
      return db
        .selectFrom('clients')
        .select(['id', 'slug', 'name', 'logo', 'primary_color', 'secondary_color', 'domain'])
        .where('id', '=', clientId)
        .executeTakeFirstOrThrow();
    },
    /** The brand's domain, its verification token and when it was verified. */
    domainState(clientId: number) {
      return db
        .selectFrom('clients')
        .select(['domain', 'domain_token', 'domain_verified_at'])
        .where('id', '=', clientId)
        .executeTakeFirstOrThrow();
    },
    /** Whether another brand has `domain` bound (verified). */
    domainBoundElsewhere(clientId: number, domain: string): Promise<boolean> {
      return domainBoundElsewhere(db, clientId, domain);
    },
    async update(clientId: number, values: Updateable<ClientsTable>): Promise<void> {
      await db.updateTable('clients').set(values).where('id', '=', clientId).execute();
    },
  };
}

export type AdminClientRepository = ReturnType<typeof createAdminClientRepository>;
