/** GET geocode/reverse (designed, issue 24): the address at the guest's map pin, through lib ReverseGeocoder. */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReverseGeocodeQuery, ReverseGeocodeResponse } from '@trapeza/domain/contracts/geocode';
import { errorResponses } from '../../lib/openapi.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { routeLimitOptions } from '../../plugins/security.ts';
import type { ReverseGeocoder } from './geocoder.ts';

/** Per IP and minute: a guest moving the pin a few times, far below a script harvesting the provider. */
export const GEOCODE_PER_MINUTE = 30;

export function geocodeRoutes(geocoder: ReverseGeocoder): FastifyPluginAsyncZod {
  return async (app) => {
    // Holds when the API-wide limiter is off too; counted in the shared store (Redis with REDIS_URL: once for all
    // processes, so N processes do not allow N times as many calls to the provider).
    if (!app.hasDecorator('rateLimit')) {
      await app.register(rateLimit, routeLimitOptions(app.sharedLimits));
    }
    app.get(
      '/geocode/reverse',
      {
        config: { rateLimit: { max: GEOCODE_PER_MINUTE, timeWindow: 60_000, allowList: undefined } },
        schema: {
          tags: ['places'],
          summary: "The address at a map point (the delivery map picker's pin)",
          description:
            'Proxied to the Nominatim-compatible GEOCODER_URL; `status: off` without it. In the language of `lang`, ' +
            'else the `lang` header / Accept-Language.',
          querystring: ReverseGeocodeQuery,
          response: { 200: ReverseGeocodeResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { lat, lng, lang } = request.query;
        const result = await geocoder.reverse(lat, lng, lang ?? requestLanguage(request.headers));
        // The same point answers the same for a while: let the browser keep it (not shared caches: per language).
        if (result.status === 'ok' || result.status === 'not_found')
          reply.header('cache-control', 'private, max-age=3600');
        return result;
      },
    );
  };
}
