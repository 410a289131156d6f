/** Promo codes and registered-user (nth order) discounts under /api/admin. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdParam,
  AdminOkResponse,
  AdminPromoCode,
  AdminPromoCodeCreateBody,
  AdminPromoCodesResponse,
  AdminPromoCodeUpdateBody,
  AdminUserDiscount,
  AdminUserDiscountCreateBody,
  AdminUserDiscountsResponse,
  AdminUserDiscountUpdateBody,
} from '@trapeza/domain/contracts/admin';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AdminPromosService } from './admin-promos.service.ts';

export function adminPromosRoutes(promos: AdminPromosService): FastifyPluginAsyncZod {
  return async (app) => {
    const r = placeRoute(['admin: promotions']);
    const ok = { ok: true as const };
    const deleted = { 200: AdminOkResponse, ...adminErrors };

    app.get(
      '/admin/promo-codes',
      r.with({
        summary: 'Promo codes of the place with their use count',
        response: { 200: AdminPromoCodesResponse, ...adminErrors },
      }),
      async (request) => promos.promos(adminContext(request)),
    );
    app.post(
      '/admin/promo-codes',
      r.with({
        summary:
          'Create a promo code (stored upper-case; percent or money; validity; usage limit; eligible products)',
        body: AdminPromoCodeCreateBody,
        response: { 201: AdminPromoCode, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await promos.createPromo(adminContext(request), request.body)),
    );
    app.put(
      '/admin/promo-codes/:id',
      r.with({
        summary: 'Update a promo code',
        params: AdminIdParam,
        body: AdminPromoCodeUpdateBody,
        response: { 200: AdminPromoCode, ...adminErrors },
      }),
      async (request) => promos.updatePromo(adminContext(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/promo-codes/:id',
      r.with({
        summary: 'Delete a promo code (orders keep the code they used)',
        params: AdminIdParam,
        response: deleted,
      }),
      async (request) => {
        await promos.deletePromo(adminContext(request), request.params.id);
        return ok;
      },
    );

    app.get(
      '/admin/user-discounts',
      r.with({
        summary: 'Registered-user discounts on the nth order',
        response: { 200: AdminUserDiscountsResponse, ...adminErrors },
      }),
      async (request) => promos.userDiscounts(adminContext(request)),
    );
    app.post(
      '/admin/user-discounts',
      r.with({
        summary: 'Create a discount for the nth order of registered users (one active per order number)',
        body: AdminUserDiscountCreateBody,
        response: { 201: AdminUserDiscount, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await promos.createUserDiscount(adminContext(request), request.body)),
    );
    app.put(
      '/admin/user-discounts/:id',
      r.with({
        summary: 'Update a registered-user discount',
        params: AdminIdParam,
        body: AdminUserDiscountUpdateBody,
        response: { 200: AdminUserDiscount, ...adminErrors },
      }),
      async (request) => promos.updateUserDiscount(adminContext(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/user-discounts/:id',
      r.with({ summary: 'Delete a registered-user discount', params: AdminIdParam, response: deleted }),
      async (request) => {
        await promos.deleteUserDiscount(adminContext(request), request.params.id);
        return ok;
      },
    );
  };
}
