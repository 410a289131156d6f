/** The menu calls of spec §7 under /api: parse with the contract schemas, ask the service, answer. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ApiError,
  CategoriesWithSubcategoriesQuery,
  IdParam,
  MenuListQuery,
  StoreAccumulatedAmountSettingResponse,
  StoreCategoriesHierarchyResponse,
  StoreCategoriesWithSubcategoriesResponse,
  StoreIngredientsResponse,
  StoreLanguagesResponse,
  StorePromotionsResponse,
  StoreProductsResponse,
  StoreSettingsResponse,
  StoreSubcategoriesResponse,
} from '@trapeza/domain/contracts/menu';
import { PlaceHeaders, readOrderToken } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/openapi.ts';
import type { JsonCache } from '../../lib/json-cache.ts';
import type { MenuContext, MenuService } from './menu.service.ts';

/** Cache key part of an order context: guests in the same context see the same menu. */
function contextKey(ctx: MenuContext): string {
  return `${ctx.orderType ?? '-'}:${ctx.hasToken ? 1 : 0}:${ctx.hideProductsForOrderingWithToken ? 1 : 0}`;
}

/**
 * Answers a cached, already encoded JSON string (encoded once through the response schema, so unknown fields are
 * still stripped); Fastify sends a string with a JSON content type as is.
 */
async function sendCached<S extends z.ZodType>(
  reply: FastifyReply,
  cache: JsonCache,
  key: string,
  schema: S,
  build: () => Promise<z.output<S>>,
): Promise<FastifyReply> {
  const json = await cache.get(key, async () => JSON.stringify(schema.encode(await build())));
  return reply.type('application/json; charset=utf-8').send(json);
}

export function menuRoutes(menu: MenuService, cache: JsonCache): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { tenancy: 'place' } as const;
    const tags = ['menu'];
    const context = (request: Parameters<typeof readOrderToken>[0]) =>
      menu.resolveContext(request.tenant.placeId, readOrderToken(request));

    app.get(
      '/settings',
      {
        config,
        schema: {
          tags,
          summary: 'Venue settings as key → { value }',
          headers: PlaceHeaders,
          response: { 200: StoreSettingsResponse, ...errorResponses },
        },
      },
      async (request) => menu.getSettings(request.tenant.placeId),
    );

    app.get(
      '/accumulated-order-amount-setting-place',
      {
        config,
        schema: {
          tags,
          summary: "The signed-in user's accumulated order amount (minor units; 0 for guests)",
          headers: PlaceHeaders,
          response: { 200: StoreAccumulatedAmountSettingResponse, ...errorResponses },
        },
      },
      // request.user (plugins/auth.ts): the token's user of this client, else null (a guest gets 0). Per user: never
      // through the shared menu cache, and not stored by browsers or proxies.
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return menu.getAccumulatedAmount(request.user?.id ?? null);
      },
    );

    app.get(
      '/ingredients',
      {
        config,
        schema: {
          tags,
          summary: "The place's ingredients",
          headers: PlaceHeaders,
          response: { 200: StoreIngredientsResponse, ...errorResponses },
        },
      },
      async (request) =>
        menu.translated(request.tenant.placeId, menu.listIngredients(request.tenant.placeId)),
    );

    app.get(
      '/languages',
      {
        config,
        schema: {
          tags,
          summary: "The place's languages",
          headers: PlaceHeaders,
          response: { 200: StoreLanguagesResponse, ...errorResponses },
        },
      },
      async (request) => menu.listLanguages(request.tenant.placeId),
    );

    app.get(
      '/promotions',
      {
        config,
        schema: {
          tags,
          summary:
            "The venue's current promotions (spec §2 promotions screen); 403 promotions_module_disabled while the module is off",
          headers: PlaceHeaders,
          response: {
            200: StorePromotionsResponse,
            403: ApiError.describe('promotions_module_disabled: the venue has switched its promotions off'),
            ...errorResponses,
          },
        },
      },
      async (request) => menu.translated(request.tenant.placeId, menu.listPromotions(request.tenant.placeId)),
    );

    app.get(
      '/subcategories/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Shown, active direct subcategories of a category',
          headers: PlaceHeaders,
          params: IdParam,
          response: { 200: StoreSubcategoriesResponse, ...errorResponses },
        },
      },
      async (request) =>
        menu.translated(
          request.tenant.placeId,
          menu.subcategories(request.tenant.placeId, request.params.id, await context(request)),
        ),
    );

    app.get(
      '/products',
      {
        config,
        schema: {
          tags,
          summary:
            'Products shown in the order context (order token), with variants, images, allergens, ingredients',
          description:
            'active=1: only active products (and active categories). Visibility (spec §4) follows the order token.',
          headers: PlaceHeaders,
          querystring: MenuListQuery,
          response: { 200: StoreProductsResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const ctx = await context(request);
        const active = request.query.active === '1';
        return sendCached(
          reply,
          cache,
          `${request.tenant.placeId}|products|${active}|${contextKey(ctx)}`,
          StoreProductsResponse,
          () => menu.translated(request.tenant.placeId, menu.listProducts(request.tenant, active, ctx)),
        );
      },
    );

    app.get(
      '/categoriesWithSubcategories',
      {
        config,
        schema: {
          tags,
          summary: 'Shown categories (flat) with their subcategories and product ids',
          description:
            'active=1: active categories only; productActive=1: count active products only; productRequired=1: ' +
            'drop categories with no counted product in their subtree; subcatRequired=1: fill `subcategories`.',
          headers: PlaceHeaders,
          querystring: CategoriesWithSubcategoriesQuery,
          response: { 200: StoreCategoriesWithSubcategoriesResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const opts = {
          activeOnly: q.active === '1',
          subcatRequired: q.subcatRequired === '1',
          productRequired: q.productRequired === '1',
          productActive: q.productActive === '1',
        };
        const ctx = await context(request);
        const key = `${request.tenant.placeId}|cws|${Object.values(opts).join(',')}|${contextKey(ctx)}`;
        return sendCached(reply, cache, key, StoreCategoriesWithSubcategoriesResponse, () =>
          menu.translated(
            request.tenant.placeId,
            menu.categoriesWithSubcategories(request.tenant, opts, ctx),
          ),
        );
      },
    );

    app.get(
      '/categoriesHierarchy',
      {
        config,
        schema: {
          tags,
          summary: 'Shown categories as a tree',
          headers: PlaceHeaders,
          querystring: MenuListQuery,
          response: { 200: StoreCategoriesHierarchyResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const ctx = await context(request);
        const active = request.query.active === '1';
        return sendCached(
          reply,
          cache,
          `${request.tenant.placeId}|categoriesHierarchy|${active}|${contextKey(ctx)}`,
          StoreCategoriesHierarchyResponse,
          () =>
            menu.translated(
              request.tenant.placeId,
              menu.categoriesHierarchy(request.tenant.placeId, active, ctx),
            ),
        );
      },
    );
  };
}
