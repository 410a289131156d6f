/**
 * The admin API (`/api/admin/…`, issue "Admin console"): places the user may administer, the audit trail, and the
 * areas — menu editor, images, settings, order types and zones, promo codes, reports — each in its own files.
 * Access: admin-access.ts. Every write is audited (admin-audit.repository.ts) and published to guests at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminAuditQuery, AdminAuditResponse, AdminPlacesResponse } from '@trapeza/domain/contracts/admin';
import { hasAccess } from '@trapeza/domain/roles';
import { DomainError } from '../../lib/domain-error.ts';
import { parseJson } from '../menu/menu.mapping.ts';
import { createMenuRepository } from '../menu/menu.repository.ts';
import { requireUser } from '../../plugins/auth.ts';
import { adminContext, adminErrors, adminSecurity, placeRoute } from './admin-access.ts';
import { createAuditRepository } from './admin-audit.repository.ts';
import { join } from 'node:path';
import { adminImagesRoutes } from './admin-images.routes.ts';
import { adminMenuImportRoutes } from './admin-menu-import.routes.ts';
import { createMenuImportRepository } from './admin-menu-import.repository.ts';
import { createAdminMenuImportService } from './admin-menu-import.service.ts';
import type { ImageStore } from './image-store.ts';
import { createAdminImagesService } from './admin-images.service.ts';
import { adminMenuRoutes } from './admin-menu.routes.ts';
import { createAdminMenuRepository } from './admin-menu.repository.ts';
import { createAdminMenuService } from './admin-menu.service.ts';
import { createAdminOrdersRepository } from './admin-orders.repository.ts';
import { adminOrdersRoutes } from './admin-orders.routes.ts';
import { createAdminOrdersService } from './admin-orders.service.ts';
import { createAdminPlacesRepository } from './admin-places.repository.ts';
import { createAdminReportsRepository } from './admin-reports.repository.ts';
import { adminReportsRoutes } from './admin-reports.routes.ts';
import { createAdminReportsService } from './admin-reports.service.ts';
import { createAdminPromosRepository } from './admin-promos.repository.ts';
import { adminPromosRoutes } from './admin-promos.routes.ts';
import { createAdminPromosService } from './admin-promos.service.ts';
import { createAdminSettingsRepository } from './admin-settings.repository.ts';
import { adminSettingsRoutes } from './admin-settings.routes.ts';
import { createAdminSettingsService } from './admin-settings.service.ts';
import { createAdminZonesRepository } from './admin-zones.repository.ts';
import { adminZonesRoutes } from './admin-zones.routes.ts';
import { createAdminZonesService } from './admin-zones.service.ts';
import { createAdminClientRepository } from './admin-client.repository.ts';
import { adminClientRoutes } from './admin-client.routes.ts';
import { adminGoLiveRoutes } from './admin-go-live.routes.ts';
import { createAdminUsersRepository } from './admin-users.repository.ts';
import { adminUsersRoutes, type ResetMailer } from './admin-users.routes.ts';
import { createAdminUsersService } from './admin-users.service.ts';
import { requestLanguage } from '../users/users.mail.ts';
import type { UsersService } from '../users/users.service.ts';

export interface AdminRoutesOptions {
  /** DATA_DIR (older uploads are under DATA_DIR/uploads). */
  dataDir: string;
  /** Where uploaded images go (image-store.ts: the database on PostgreSQL, DATA_DIR/uploads on SQLite). */
  imageStore: ImageStore;
  /** The accounts service: its reset e-mail is what "reset password" and the invitation of a new staff account send. */
  users?: Pick<UsersService, 'requestPasswordReset'>;
}

/** Where uploaded images are stored (served at /uploads by registerUploads). */
export function uploadsDirOf(dataDir: string): string {
  return join(dataDir, 'uploads');
}

export function adminRoutes(options: AdminRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const db = app.database.db;
    const audit = createAuditRepository(db);
    const publish = (placeId?: number) => app.invalidateMenuCache(placeId);
    const places = createAdminPlacesRepository(db);

    app.get(
      '/admin/places',
      {
        preValidation: requireUser,
        schema: {
          tags: ['admin'],
          security: adminSecurity,
          summary: 'The places the signed-in user may administer (spec §6 scope)',
          description:
            'SUPER_ADMIN: every place; CLIENT_ADMIN / SALES_ADMIN: the places of their client; PLACE_ADMIN / ' +
            'RASPBERRY_ADMIN: the places assigned to them. Other roles get 403.',
          response: { 200: AdminPlacesResponse, ...adminErrors },
        },
      },
      async (request) => {
        const user = request.user!;
        if (!hasAccess(user.role, 'PLACE_ADMIN')) {
          throw new DomainError(403, 'forbidden', 'You do not have access to this', {
            fields: { required: 'PLACE_ADMIN' },
          });
        }
        const rows =
          user.role === 'SUPER_ADMIN'
            ? await places.all()
            : user.clientId === null
              ? []
              : user.role === 'CLIENT_ADMIN' || user.role === 'SALES_ADMIN'
                ? await places.ofClient(user.clientId)
                : await places.ofUser(user.id, user.clientId);
        return rows.map((r) => ({
          id: r.id,
          slug: r.slug,
          name: r.name,
          client: { id: r.client_id, slug: r.client_slug, name: r.client_name },
          active: r.active ? (1 as const) : (0 as const),
          functionality_modules: parseJson<unknown[]>(r.functionality_modules, []).filter(
            (m): m is string => typeof m === 'string',
          ),
        }));
      },
    );

    const auditRoute = placeRoute(['admin']);
    app.get(
      '/admin/audit',
      auditRoute.with({
        summary: 'The latest admin changes of the place: who, when, what',
        querystring: AdminAuditQuery,
        response: { 200: AdminAuditResponse, ...adminErrors },
      }),
      async (request) => audit.list(adminContext(request).placeId, request.query.limit),
    );

    const menu = createAdminMenuService({
      repo: createAdminMenuRepository(db),
      menuRepo: createMenuRepository(db),
      audit,
      publish,
    });
    await app.register(adminMenuRoutes(menu));
    await app.register(
      adminMenuImportRoutes(
        createAdminMenuImportService({
          repo: createAdminMenuRepository(db),
          imports: createMenuImportRepository(db),
          audit,
          publish,
        }),
      ),
    );
    const settingsRepo = createAdminSettingsRepository(db);
    await app.register(
      adminSettingsRoutes(createAdminSettingsService({ repo: settingsRepo, audit, publish })),
    );
    await app.register(
      adminZonesRoutes(createAdminZonesService({ repo: createAdminZonesRepository(db), audit, publish })),
    );
    await app.register(
      adminPromosRoutes(createAdminPromosService({ repo: createAdminPromosRepository(db), audit })),
    );
    await app.register(
      adminReportsRoutes(createAdminReportsService({ repo: createAdminReportsRepository(db) })),
    );
    await app.register(
      adminOrdersRoutes(createAdminOrdersService({ repo: createAdminOrdersRepository(db) })),
    );
    await app.register(adminImagesRoutes(createAdminImagesService({ store: options.imageStore, audit })));
    const resetMailer: ResetMailer = async (request, email) => {
      if (!options.users)
        throw new DomainError(503, 'mail_unavailable', 'Password reset e-mail is not set up');
      await options.users.requestPasswordReset(request.tenant, email, requestLanguage(request.headers));
    };
    await app.register(
      adminUsersRoutes(createAdminUsersService({ repo: createAdminUsersRepository(db), audit }), resetMailer),
    );
    await app.register(adminClientRoutes({ repo: createAdminClientRepository(db), audit, publish }));
    await app.register(adminGoLiveRoutes({ db, audit, clearPlaceCache: () => app.clearTenancyCache() }));
  };
}
