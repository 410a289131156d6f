/**
 * The admin audit trail (who changed what, when), kept in the `logs` table as kind `admin_audit` so no migration is
 * needed: data = { userId, action, entity, entityId, details }.
 */
import type { AppDatabase } from '../../db/database.ts';
import { parseJson } from '../menu/menu.mapping.ts';
import type { AdminCallContext } from './admin-access.ts';

const AUDIT_KIND = 'admin_audit';

interface AuditData {
  userId: number;
  action: string;
  entity: string;
  entityId: number | null;
  details?: unknown;
}

export function createAuditRepository(db: AppDatabase) {
  return {
    /** Records one change of the place (after the change succeeded). */
    async record(
      ctx: AdminCallContext,
      action: 'create' | 'update' | 'delete' | 'reorder' | 'upload' | 'reset_password',
      entity: string,
      entityId: number | null,
      details?: unknown,
    ): Promise<void> {
      const data: AuditData = { userId: ctx.userId, action, entity, entityId, details };
      await db
        .insertInto('logs')
        .values({
          place_id: ctx.placeId,
          kind: AUDIT_KIND,
          data: JSON.stringify(data),
          created_at: ctx.now.toISOString(),
        })
        .execute();
    },

    async list(placeId: number, limit: number) {
      const rows = await db
        .selectFrom('logs')
        .select(['id', 'data', 'created_at'])
        .where('place_id', '=', placeId)
        .where('kind', '=', AUDIT_KIND)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      const entries = rows.map((r) => ({ ...r, data: parseJson<Partial<AuditData>>(r.data, {}) }));
      const userIds = [...new Set(entries.map((e) => e.data.userId).filter((u): u is number => !!u))];
      const users = userIds.length
        ? await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute()
        : [];
      const email = new Map(users.map((u) => [u.id, u.email]));
      return entries.map((e) => ({
        id: e.id,
        created_at: e.created_at,
        user_id: e.data.userId ?? null,
        user_email: (e.data.userId && email.get(e.data.userId)) || null,
        action: e.data.action ?? '',
        entity: e.data.entity ?? '',
        entity_id: e.data.entityId ?? null,
        details: e.data.details ?? null,
      }));
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
