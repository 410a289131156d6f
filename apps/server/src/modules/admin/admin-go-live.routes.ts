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
import type { AppDatabase } from '../../db/database.ts';
import { createGoLiveRepository } from './admin-go-live.repository.ts';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AuditRepository } from './admin-audit.repository.ts';

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
