/**
 * OpenAPI generated from the routes' zod schemas (fastify-type-provider-zod), JSON at `/api/docs/json` and the
 * Swagger UI at `/api/docs`. Routes with `schema.hide` (test-only helpers) stay out of the document.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trapeza API',
        description:
          'Digital menu and ordering API. Every venue call needs the `client` and `place` headers (slug or id); ' +
          'brand-wide calls need `client` only. Errors are `{ code, message, details? }`. Money is in minor units.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
