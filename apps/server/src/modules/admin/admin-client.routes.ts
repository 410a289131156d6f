/**
 * The client's white-label brand under /api/admin/client (CLIENT_ADMIN, SALES_ADMIN, SUPER_ADMIN; not
 * RASPBERRY_ADMIN, whom spec §6's CLIENT_ADMIN access list lets through): name, logo, colours and domain (the
 * hostname its menus are served on, lower case) of the client of the place headers. Logo and colours are the
 * defaults of the client's places: the guest settings answer them where a place has no own `logo` /
 * `primary_color` / `secondary_color` (menu.repository.ts listSettings). A changed domain routes pages only once
 * verified by its DNS TXT record (platform-domain.ts); a domain bound to another brand answers a neutral 409.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminClientBrand, AdminClientBrandBody } from '@trapeza/domain/contracts/admin';
import { normalizeHostname } from '@trapeza/domain/hostname';
import { canEditClientBrand } from '@trapeza/domain/staff-admin';
import type { FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { domainColumns, domainTakenError } from '../platform/platform-domain.ts';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AuditRepository } from './admin-audit.repository.ts';
import type { AdminClientRepository } from './admin-client.repository.ts';

export function adminClientRoutes(deps: {
  repo: AdminClientRepository;
  audit: AuditRepository;
  publish: (placeId?: number) => void;
}): FastifyPluginAsyncZod {
  const { repo, audit, publish } = deps;
  const checkRole = (request: FastifyRequest) => {
    if (!canEditClientBrand(request.user!.role)) {
      throw new DomainError(403, 'forbidden', 'You do not have access to this', {
        fields: { required: 'CLIENT_ADMIN' },
      });
    }
  };

  return async (app) => {
    const r = placeRoute(['admin: client'], 'CLIENT_ADMIN');
    app.get(
      '/admin/client',
      r.with({
        summary: 'The white-label brand of the client of the place headers (CLIENT_ADMIN and above)',
        response: { 200: AdminClientBrand, ...adminErrors },
      }),
      async (request) => {
        checkRole(request);
        return repo.brand(adminContext(request).clientId);
      },
    );
    app.put(
      '/admin/client',
      r.with({
        summary:
          'Change the brand: name, logo, primary and secondary colour, domain (null clears; logo and colours are ' +
          'the defaults of every place of the client that has none of its own; the domain is a hostname, stored ' +
          'in lower case; a changed domain routes pages once verified by DNS, see /api/platform/clients/{id}/' +
          'domain/verify; names under .localhost need no check; 409 domain_taken, naming no brand, when another ' +
          'brand has it bound)',
        body: AdminClientBrandBody,
        response: { 200: AdminClientBrand, ...adminErrors },
      }),
      async (request) => {
        checkRole(request);
        const ctx = adminContext(request);
        const body = request.body;
        const domain = body.domain ? normalizeHostname(body.domain) : body.domain;
        const values = {
          ...body,
          ...(body.primary_color ? { primary_color: body.primary_color.toLowerCase() } : {}),
          ...(body.secondary_color ? { secondary_color: body.secondary_color.toLowerCase() } : {}),
          ...(domain !== undefined
            ? domainColumns(await repo.domainState(ctx.clientId), domain, request.server.clock.now())
            : {}),
        };
        if (domain && (await repo.domainBoundElsewhere(ctx.clientId, domain))) throw domainTakenError();
        if (Object.keys(values).length) {
          try {
            await repo.update(ctx.clientId, values);
          } catch (err) {
            // The unique index of verified domains caught a concurrent binding of the same hostname.
            if (domain && isUniqueViolation(err)) throw domainTakenError();
            throw err;
          }
        }
        await audit.record(ctx, 'update', 'client', ctx.clientId, values);
        // Every place of the client may fall back on the brand: drop all cached menu answers.
        publish();
        return repo.brand(ctx.clientId);
      },
    );
  };
}
