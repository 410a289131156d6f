/** The logging calls of spec §7. */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LogResponse,
  SpentTimeOnPageBody,
  SystemLogBody,
  UserActionBody,
} from '@trapeza/domain/contracts/logs';
import { DomainError } from '../../lib/domain-error.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { routeLimitOptions } from '../../plugins/security.ts';
import type { LogsService } from './logs.service.ts';

export function logsRoutes(logs: LogsService): FastifyPluginAsyncZod {
  return async (app) => {
    // The route limits below hold when the API-wide limiter is off too, counted in the shared store (Redis with
    // REDIS_URL: once for all processes).
    if (!app.hasDecorator('rateLimit')) {
      await app.register(rateLimit, routeLimitOptions(app.sharedLimits));
    }
    // navigator.sendBeacon posts a string body as text/plain; read it as JSON here (only in this plugin).
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: 65_536 },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new DomainError(400, 'invalid_json', 'Body is not valid JSON'), undefined);
        }
      },
    );

    const tags = ['logs'];
    // Unauthenticated writes: 120 per minute per IP and route, so nobody fills the log tables.
    const config = {
      tenancy: 'place-if-sent',
      rateLimit: { max: 120, timeWindow: 60_000, allowList: undefined },
    } as const;
    const placeId = (request: { tenant: { placeId: number } | null }) => request.tenant?.placeId ?? null;
    const description = 'The `client` and `place` headers are optional (beacons cannot send headers).';

    app.post(
      '/logs/spent_time_on_page',
      {
        config,
        schema: {
          tags,
          summary: 'Time spent on a page; stored only when 2 s < duration < 300 s',
          description: `${description} Without them the body's placeId names the place.`,
          body: SpentTimeOnPageBody,
          response: { 200: LogResponse, ...errorResponses },
        },
      },
      async (request) => logs.spentTimeOnPage(placeId(request), request.body),
    );

    app.post(
      '/logs/make-system-log',
      {
        config,
        schema: {
          tags,
          summary: 'A client-side system event',
          description,
          body: SystemLogBody,
          response: { 200: LogResponse, ...errorResponses },
        },
      },
      async (request) => logs.systemLog(placeId(request), request.body),
    );

    app.post(
      '/logs/user_action',
      {
        config,
        schema: {
          tags,
          summary: 'A guest action',
          description,
          body: UserActionBody,
          response: { 200: LogResponse, ...errorResponses },
        },
      },
      async (request) => logs.userAction(placeId(request), request.body),
    );
  };
}
