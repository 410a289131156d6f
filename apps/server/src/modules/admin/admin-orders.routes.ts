/** The venue's orders for the admin console under /api/admin (rules: admin-orders.service.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminOrdersQuery, AdminOrdersResponse } from '@trapeza/domain/contracts/admin-orders';
import { StaffIdParam, StaffOrder } from '@trapeza/domain/contracts/staff';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AdminOrdersService } from './admin-orders.service.ts';

export function adminOrdersRoutes(orders: AdminOrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    const r = placeRoute(['admin: orders']);
    app.get(
      '/admin/orders',
      r.with({
        summary:
          'One page of the place’s orders: search `q` (a short number "7" / "#7", or a part of the guest’s name or ' +
          'phone), filters `status` and `type` (comma-separated), `from` / `to` (venue-local days, inclusive), ' +
          'sorted by `sort` (created_at, number, total, status, type) and `dir`; `total` counts every page. Money ' +
          'in minor units.',
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersResponse, ...adminErrors },
      }),
      async (request) => orders.list(adminContext(request).placeId, request.query),
    );
    app.get(
      '/admin/orders/:id',
      r.with({
        summary:
          'One order of the place: lines with variants and extras, notes, status history and payment (404 ' +
          'order_not_found, also for another venue’s order).',
        params: StaffIdParam,
        response: { 200: StaffOrder, ...adminErrors },
      }),
      async (request) => orders.detail(adminContext(request).placeId, request.params.id),
    );
  };
}
