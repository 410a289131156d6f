/** Order types, price and discount tiers, delivery radiuses, polygons and regions under /api/admin. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdParam,
  AdminOkResponse,
  AdminOrderType,
  AdminOrderTypeCreateBody,
  AdminOrderTypeDiscountsBody,
  AdminOrderTypePricesBody,
  AdminOrderTypesResponse,
  AdminOrderTypeUpdateBody,
  AdminRadiusBody,
  AdminRegion,
  AdminRegionCreateBody,
  AdminRegionsResponse,
  AdminRegionUpdateBody,
  AdminShapeBody,
} from '@trapeza/domain/contracts/admin';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AdminZonesService } from './admin-zones.service.ts';

export function adminZonesRoutes(zones: AdminZonesService): FastifyPluginAsyncZod {
  return async (app) => {
    const r = placeRoute(['admin: order types and zones']);
    const ok = { ok: true as const };
    const one = { 200: AdminOrderType, ...adminErrors };
    const all = { 200: AdminOrderTypesResponse, ...adminErrors };

    app.get(
      '/admin/order-types',
      r.with({ summary: 'Order types of the place with tiers and delivery zones', response: all }),
      async (request) => zones.list(adminContext(request)),
    );
    app.post(
      '/admin/order-types',
      r.with({
        summary:
          'Offer an order type (1 spot, 2 delivery, 3 pickup, 4 spot browse, 6 room, 7 served on spot)',
        body: AdminOrderTypeCreateBody,
        response: { 201: AdminOrderType, ...adminErrors },
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send(await zones.create(adminContext(request), request.body.type, request.body.active)),
    );
    app.patch(
      '/admin/order-types/:id',
      r.with({
        summary: 'Switch an order type on or off',
        params: AdminIdParam,
        body: AdminOrderTypeUpdateBody,
        response: one,
      }),
      async (request) => zones.setActive(adminContext(request), request.params.id, request.body.active),
    );
    app.delete(
      '/admin/order-types/:id',
      r.with({
        summary: 'Stop offering an order type (its tiers and zones go with it)',
        params: AdminIdParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await zones.remove(adminContext(request), request.params.id);
        return ok;
      },
    );
    app.put(
      '/admin/order-types/:id/prices',
      r.with({
        summary: 'Replace the price tiers [{ price_over, price }] (the highest price_over reached applies)',
        params: AdminIdParam,
        body: AdminOrderTypePricesBody,
        response: one,
      }),
      async (request) => zones.setPrices(adminContext(request), request.params.id, request.body),
    );
    app.put(
      '/admin/order-types/:id/discounts',
      r.with({
        summary:
          'Replace the discount tiers [{ price_over, value, value_type, active_start_time, active_end_time }]',
        params: AdminIdParam,
        body: AdminOrderTypeDiscountsBody,
        response: one,
      }),
      async (request) => zones.setDiscounts(adminContext(request), request.params.id, request.body),
    );
    app.post(
      '/admin/order-types/:id/radiuses',
      r.with({
        summary: 'Add a delivery radius (km from the venue) to the delivery order type',
        params: AdminIdParam,
        body: AdminRadiusBody,
        response: { 201: AdminOrderType, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await zones.addRadius(adminContext(request), request.params.id, request.body)),
    );
    app.put(
      '/admin/radiuses/:id',
      r.with({
        summary: 'Replace a delivery radius',
        params: AdminIdParam,
        body: AdminRadiusBody,
        response: all,
      }),
      async (request) => zones.updateRadius(adminContext(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/radiuses/:id',
      r.with({
        summary: 'Delete a delivery radius',
        params: AdminIdParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await zones.deleteRadius(adminContext(request), request.params.id);
        return ok;
      },
    );
    app.post(
      '/admin/order-types/:id/shapes',
      r.with({
        summary: 'Add a delivery polygon [[lat, lng], …] to the delivery order type',
        description:
          'At least 3 distinct points; the ring is closed for you; crossing edges are refused (400 invalid_polygon).',
        params: AdminIdParam,
        body: AdminShapeBody,
        response: { 201: AdminOrderType, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await zones.addShape(adminContext(request), request.params.id, request.body)),
    );
    app.put(
      '/admin/shapes/:id',
      r.with({
        summary: 'Replace a delivery polygon',
        params: AdminIdParam,
        body: AdminShapeBody,
        response: all,
      }),
      async (request) => zones.updateShape(adminContext(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/shapes/:id',
      r.with({
        summary: 'Delete a delivery polygon',
        params: AdminIdParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await zones.deleteShape(adminContext(request), request.params.id);
        return ok;
      },
    );

    app.get(
      '/admin/regions',
      r.with({
        summary: 'Delivery regions of the place',
        response: { 200: AdminRegionsResponse, ...adminErrors },
      }),
      async (request) => zones.regions(adminContext(request)),
    );
    app.post(
      '/admin/regions',
      r.with({
        summary: 'Create a delivery region',
        body: AdminRegionCreateBody,
        response: { 201: AdminRegion, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await zones.createRegion(adminContext(request), request.body)),
    );
    app.put(
      '/admin/regions/:id',
      r.with({
        summary: 'Update a delivery region',
        params: AdminIdParam,
        body: AdminRegionUpdateBody,
        response: { 200: AdminRegion, ...adminErrors },
      }),
      async (request) => zones.updateRegion(adminContext(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/regions/:id',
      r.with({
        summary: 'Delete a delivery region',
        params: AdminIdParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await zones.deleteRegion(adminContext(request), request.params.id);
        return ok;
      },
    );
  };
}
