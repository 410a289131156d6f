/**
 * The go-live checklist of the place of the headers (issue 16 item 2), PLACE_ADMIN and above:
 * - `GET admin/go-live`: the live flag and each item of the checklist, ticked from the venue's data
 *   (`goLiveChecklist` in packages/domain/src/go-live.ts decides from the counts read here);
 * - `PATCH admin/go-live` `{ live?, cash_only? }`: mark the venue live (or back to coming soon) and choose
 *   "cash only" instead of an online payment account. Each change is in the audit trail.
 * Marking live is allowed with items still open (the checklist advises, the admin decides). The place's live flag is
 * read per request by tenancy (cached a few seconds per process) and by the page renderer (not cached), so every
 * server process sees the change: the pages at once, orders within the tenancy cache's lifetime.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminGoLiveBody, AdminGoLiveResponse } from '@trapeza/domain/contracts/admin';
import { goLiveChecklist, workingHoursSet } from '@trapeza/domain/go-live';
import type { AppDatabase } from '../../db/database.ts';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AuditRepository } from './admin-audit.repository.ts';

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

export function createGoLiveRepository(db: AppDatabase) {
  return {
    async checklist(placeId: number): Promise<AdminGoLiveResponse> {
      const [place, products, hours, orderTypes, tables, accounts, staff] = await Promise.all([
        db
          .selectFrom('places')
          .select(['live', 'live_at', 'cash_only', 'qr_sheet_downloaded_at'])
          .where('id', '=', placeId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('place_id', '=', placeId)
          .where('active', '=', 1)
          .executeTakeFirst(),
        db
          .selectFrom('settings')
          .select('value')
          .where('place_id', '=', placeId)
          .where('key', '=', 'working_hours')
          .executeTakeFirst(),
        db
          .selectFrom('order_types')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('place_id', '=', placeId)
          .where('active', '=', 1)
          .executeTakeFirst(),
        db
          .selectFrom('tables')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('place_id', '=', placeId)
          .where('active', '=', 1)
          .executeTakeFirst(),
        db
          .selectFrom('payment_accounts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('place_id', '=', placeId)
          .where('verified_at', 'is not', null)
          .executeTakeFirst(),
        db
          .selectFrom('users as u')
          .innerJoin('user_places as up', 'up.user_id', 'u.id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('up.place_id', '=', placeId)
          .where('u.role', '=', 'WAITER')
          .where('u.banned', '=', 0)
          .executeTakeFirst(),
      ]);
      return {
        live: place.live === 1,
        live_at: place.live_at,
        cash_only: place.cash_only === 1,
        qr_sheet_downloaded_at: place.qr_sheet_downloaded_at,
        items: goLiveChecklist({
          activeProducts: count(products),
          hoursSet: workingHoursSet(hours?.value),
          activeOrderTypes: count(orderTypes),
          activeTables: count(tables),
          qrSheetDownloadedAt: place.qr_sheet_downloaded_at,
          verifiedPaymentAccounts: count(accounts),
          cashOnly: place.cash_only === 1,
          staffAccounts: count(staff),
        }),
      };
    },
    async set(placeId: number, change: { live?: boolean; cash_only?: boolean }, now: Date): Promise<void> {
      await db
        .updateTable('places')
        .set({
          ...(change.live === undefined
            ? {}
            : { live: change.live ? 1 : 0, live_at: change.live ? now.toISOString() : null }),
          ...(change.cash_only === undefined ? {} : { cash_only: change.cash_only ? 1 : 0 }),
        })
        .where('id', '=', placeId)
        .execute();
    },
  };
}

export function adminGoLiveRoutes(deps: {
  db: AppDatabase;
  audit: AuditRepository;
  /** Forget the cached place lookups of this process (the tenancy plugin's). */
  clearPlaceCache: () => void;
}): FastifyPluginAsyncZod {
  const repo = createGoLiveRepository(deps.db);
  return async (app) => {
    const r = placeRoute(['admin: go-live']);
    app.get(
      '/admin/go-live',
      r.with({
        summary: "The venue's go-live checklist (each item ticked from the data) and whether it is live",
        response: { 200: AdminGoLiveResponse, ...adminErrors },
      }),
      async (request) => repo.checklist(adminContext(request).placeId),
    );
    app.patch(
      '/admin/go-live',
      r.with({
        summary:
          'Mark the venue live (guests see its pages instead of "coming soon") or not, and/or choose "cash only"',
        body: AdminGoLiveBody,
        response: { 200: AdminGoLiveResponse, ...adminErrors },
      }),
      async (request) => {
        const ctx = adminContext(request);
        const before = await repo.checklist(ctx.placeId);
        await repo.set(ctx.placeId, request.body, ctx.now);
        const after = await repo.checklist(ctx.placeId);
        const details: Record<string, unknown> = {};
        if (request.body.live !== undefined && request.body.live !== before.live) {
          details.live = after.live;
          details.open_items = after.items.filter((i) => !i.done).map((i) => i.key);
        }
        if (request.body.cash_only !== undefined && request.body.cash_only !== before.cash_only)
          details.cash_only = after.cash_only;
        if (Object.keys(details).length > 0)
          await deps.audit.record(ctx, 'update', 'go_live', ctx.placeId, details);
        deps.clearPlaceCache();
        return after;
      },
    );
  };
}
