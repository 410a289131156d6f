/**
 * OpenAPI generated from the routes' zod schemas (fastify-type-provider-zod), JSON at `/api/docs/json` and the
 * Swagger UI at `/api/docs`. Routes with `schema.hide` (test-only helpers) stay out of the document.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { MONEY_SCHEMAS, WIRE_MONEY_JSON_SCHEMA } from '@trapeza/domain/contracts/money';
import type { z } from 'zod';

type OverrideContext = { zodSchema: unknown; jsonSchema: Record<string, unknown> };

/**
 * The money codec's wire side (a decimal) for payloads and answers alike: zod would show a codec's minor-unit
 * side in answers. The rest keeps the library's own touches (empty union branches dropped, dates as date-time).
 */
function override(ctx: OverrideContext): void {
  const schema = ctx.zodSchema as z.ZodType & {
    _zod: { def: { type: string; in?: { _zod: { def: { type: string } } } } };
  };
  if (MONEY_SCHEMAS.has(schema) && schema._zod.def.in?._zod.def.type !== 'object') {
    for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
    Object.assign(ctx.jsonSchema, WIRE_MONEY_JSON_SCHEMA);
    return;
  }
  const type = schema._zod?.def.type;
  if (type === 'union' && Array.isArray(ctx.jsonSchema.anyOf)) {
    ctx.jsonSchema.anyOf = ctx.jsonSchema.anyOf.filter((branch: object) => Object.keys(branch).length > 0);
  }
  if (type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
}

const zodToJsonConfig = { override } as unknown as NonNullable<
  Parameters<typeof createJsonSchemaTransform>[0]
>['zodToJsonConfig'];

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trapeza API',
        description:
          'Digital menu and ordering API. Every venue call needs the `client` and `place` headers (slug or id); ' +
          'brand-wide calls need `client` only. Errors are `{ code, message, details? }`.\n\n' +
          '**Money.** Inside, every amount is integer minor units. Every guest call carries amounts as decimal ' +
          'numbers of the venue currency with at most 2 places, the spec\'s unit (`"price": 5.9` is 5.90; issue 25 ' +
          '#1): the menu calls (`products`, `ingredients`, `accumulated-order-amount-setting-place`), `GET place`, ' +
          '`promo-codes/check`, the booking calls (`bookings…`, `users/bookings`), the order calls (`orders…`: ' +
          "totals, lines, the accumulated amount used, the minimum-order error's `min_order_price` and `missing`), " +
          'the table calls (`tables…`: the shared cart and the split bill), the user calls (`login`, `register`, ' +
          '`users…`: `accumulated_amount`, the order list; `points` are a count, not money; ' +
          '`check-registered-user-discount`) and the payment calls (`epay…`, `redsys…`). Amounts sent are numbers ' +
          'or numeric strings (`"5.90"`, as the spec\'s forms send them), rounded half-up to 2 places (`5.905` → ' +
          '5.91); anything else is a 400 `validation_error`; an integer is an amount in currency units, never minor ' +
          "units (`590` is 590.00). A discount's value (`value`, `discount_value`, `discount_amount`) is money when " +
          "its type says 'money' and a percent otherwise. The event streams' data are reload signals in minor units. " +
          'The staff, admin, platform and print-agent calls (not in the spec) ' +
          'carry every amount as an integer of minor units (`590` is 5.90), payloads and answers alike. Venue ' +
          'settings (`GET settings`, `/admin/settings`) are strings as the spec defines them, ' +
          'money settings such as `minimal_order_price` in currency units (`"15"`).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig }),
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
