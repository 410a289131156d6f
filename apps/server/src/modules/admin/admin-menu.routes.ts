/** Menu editor routes under /api/admin: categories, products, stock toggle, ingredient and allergen libraries. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminAllergen,
  AdminAllergenCreateBody,
  AdminAllergenUpdateBody,
  AdminAllergensResponse,
  AdminCategory,
  AdminCategoryCreateBody,
  AdminCategoryOrderBody,
  AdminCategoryTreeResponse,
  AdminCategoryUpdateBody,
  AdminIdParam,
  AdminIngredient,
  AdminIngredientCreateBody,
  AdminIngredientUpdateBody,
  AdminIngredientsResponse,
  AdminOkResponse,
  AdminProduct,
  AdminProductCreateBody,
  AdminProductUpdateBody,
  AdminProductsQuery,
  AdminProductsResponse,
  AdminStockBody,
  AdminStockResponse,
} from '@trapeza/domain/contracts/admin';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AdminMenuService } from './admin-menu.service.ts';

export function adminMenuRoutes(menu: AdminMenuService): FastifyPluginAsyncZod {
  return async (app) => {
    const cat = placeRoute(['admin: categories']);
    const prod = placeRoute(['admin: products']);
    const stock = placeRoute(['admin: products'], 'WAITER');
    const lib = placeRoute(['admin: libraries']);
    // The allergen library is shared by every place of the client: changing it needs a client-level admin.
    const clientLib = placeRoute(['admin: libraries'], 'CLIENT_ADMIN');
    const ok = { ok: true as const };

    // -- categories ------------------------------------------------------------------------------------------------
    app.get(
      '/admin/categories',
      cat.with({
        summary: 'The category tree of the place (active and inactive) with direct product counts',
        response: { 200: AdminCategoryTreeResponse, ...adminErrors },
      }),
      async (request) => menu.categoryTree(adminContext(request)),
    );
    app.post(
      '/admin/categories',
      cat.with({
        summary: 'Create a category (slug from the name when not given)',
        body: AdminCategoryCreateBody,
        response: { 201: AdminCategory, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await menu.createCategory(adminContext(request), request.body)),
    );
    // Registered before /admin/categories/:id so "order" is never read as an id.
    app.put(
      '/admin/categories/order',
      cat.with({
        summary: 'Re-parent and reorder categories in one call: [{ id, parentId, priority }]',
        description: 'Refused with 409 category_cycle when a category would end up inside its own subtree.',
        body: AdminCategoryOrderBody,
        response: { 200: AdminCategoryTreeResponse, ...adminErrors },
      }),
      async (request) => menu.orderCategories(adminContext(request), request.body),
    );
    app.get(
      '/admin/categories/:id',
      cat.with({
        summary: 'One category with its subtree',
        params: AdminIdParam,
        response: { 200: AdminCategory, ...adminErrors },
      }),
      async (request) => menu.getCategory(adminContext(request), request.params.id),
    );
    app.put(
      '/admin/categories/:id',
      cat.with({
        summary: 'Update any fields of a category (a new parentId re-parents it, checked for cycles)',
        params: AdminIdParam,
        body: AdminCategoryUpdateBody,
        response: { 200: AdminCategory, ...adminErrors },
      }),
      async (request) => menu.updateCategory(adminContext(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/categories/:id',
      cat.with({
        summary: 'Delete an empty category (409 category_has_products / category_has_children otherwise)',
        params: AdminIdParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await menu.deleteCategory(adminContext(request), request.params.id);
        return ok;
      },
    );

    // -- products --------------------------------------------------------------------------------------------------
    app.get(
      '/admin/products',
      prod.with({
        summary: 'Every product of the place with all its parts (optionally of one category or matching q)',
        querystring: AdminProductsQuery,
        response: { 200: AdminProductsResponse, ...adminErrors },
      }),
      async (request) => menu.listProducts(adminContext(request), request.query),
    );
    app.post(
      '/admin/products',
      prod.with({
        summary: 'Create a product with its variants, categories, images, ingredients, allergens, related',
        body: AdminProductCreateBody,
        response: { 201: AdminProduct, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await menu.createProduct(adminContext(request), request.body)),
    );
    app.get(
      '/admin/products/:id',
      prod.with({
        summary: 'One product with all its parts',
        params: AdminIdParam,
        response: { 200: AdminProduct, ...adminErrors },
      }),
      async (request) => menu.getProduct(adminContext(request), request.params.id),
    );
    app.put(
      '/admin/products/:id',
      prod.with({
        summary: 'Update any fields; a list given (variants, images, ingredients, …) replaces the stored one',
        description:
          'Variants listed with their id keep it (carts stay valid); removed variants are deleted, or ' +
          'deactivated when an order or booking refers to them. image_position_y / image_scale set the focal point.',
        params: AdminIdParam,
        body: AdminProductUpdateBody,
        response: { 200: AdminProduct, ...adminErrors },
      }),
      async (request) => menu.updateProduct(adminContext(request), request.params.id, request.body),
    );
    app.patch(
      '/admin/products/:id/stock',
      stock.with({
        summary: 'Flip in_stock (WAITER and above: staff do it during service)',
        params: AdminIdParam,
        body: AdminStockBody,
        response: { 200: AdminStockResponse, ...adminErrors },
      }),
      async (request) => menu.setStock(adminContext(request), request.params.id, request.body.in_stock),
    );
    app.delete(
      '/admin/products/:id',
      prod.with({
        summary: 'Delete a product never ordered (409 product_has_orders: deactivate it instead)',
        params: AdminIdParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await menu.deleteProduct(adminContext(request), request.params.id);
        return ok;
      },
    );

    // -- ingredients -----------------------------------------------------------------------------------------------
    app.get(
      '/admin/ingredients',
      lib.with({
        summary: "The place's ingredient library with how many products use each",
        response: { 200: AdminIngredientsResponse, ...adminErrors },
      }),
      async (request) => menu.listIngredients(adminContext(request)),
    );
    app.post(
      '/admin/ingredients',
      lib.with({
        summary: 'Create an ingredient',
        body: AdminIngredientCreateBody,
        response: { 201: AdminIngredient, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await menu.createIngredient(adminContext(request), request.body)),
    );
    app.put(
      '/admin/ingredients/:id',
      lib.with({
        summary: 'Update an ingredient',
        params: AdminIdParam,
        body: AdminIngredientUpdateBody,
        response: { 200: AdminIngredient, ...adminErrors },
      }),
      async (request) => menu.updateIngredient(adminContext(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/ingredients/:id',
      lib.with({
        summary: 'Delete an unused ingredient (409 ingredient_in_use otherwise)',
        params: AdminIdParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await menu.deleteIngredient(adminContext(request), request.params.id);
        return ok;
      },
    );

    // -- allergens -------------------------------------------------------------------------------------------------
    app.get(
      '/admin/allergens',
      lib.with({
        summary: "The client's allergen library with how many products list each",
        response: { 200: AdminAllergensResponse, ...adminErrors },
      }),
      async (request) => menu.listAllergens(adminContext(request)),
    );
    app.post(
      '/admin/allergens',
      clientLib.with({
        summary: 'Create an allergen in the client-wide library (CLIENT_ADMIN and above)',
        body: AdminAllergenCreateBody,
        response: { 201: AdminAllergen, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await menu.createAllergen(adminContext(request), request.body)),
    );
    app.put(
      '/admin/allergens/:id',
      clientLib.with({
        summary: 'Update an allergen of the client-wide library (CLIENT_ADMIN and above)',
        params: AdminIdParam,
        body: AdminAllergenUpdateBody,
        response: { 200: AdminAllergen, ...adminErrors },
      }),
      async (request) => menu.updateAllergen(adminContext(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/allergens/:id',
      clientLib.with({
        summary: 'Delete an allergen no product lists (CLIENT_ADMIN and above; 409 allergen_in_use)',
        params: AdminIdParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await menu.deleteAllergen(adminContext(request), request.params.id);
        return ok;
      },
    );
  };
}
