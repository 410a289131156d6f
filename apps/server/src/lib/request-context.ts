/** Request pieces several modules read the same way: tenancy headers (for OpenAPI) and the guest's order token. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ORDER_TOKEN_COOKIE, ORDER_TOKEN_HEADER } from '@trapeza/domain/tokens';

/** Documents the tenancy headers; the tenancy plugin does the checking (400 missing, 404 unknown). */
export const PlaceHeaders = z.object({
  client: z.string().describe('Client (brand) slug or id'),
  place: z.string().describe('Place (venue) slug or id'),
  'x-order-token': z
    .string()
    .optional()
    .describe(
      'Order token: a table session or a table/room QR token; also read from the user_order_token cookie',
    ),
});
export const ClientHeaders = z.object({ client: z.string().describe('Client (brand) slug or id') });

const TOKEN_SHAPE = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * The guest's order token from the `x-order-token` header, else the `user_order_token` cookie (the raw token or the
 * spec's cookie object `{token, expires, ordertype, …}` as JSON). Anything malformed counts as no token.
 */
export function readOrderToken(request: FastifyRequest): string | null {
  const header = request.headers[ORDER_TOKEN_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  let candidate = fromHeader?.trim() || null;
  if (!candidate) {
    const cookie = request.cookies?.[ORDER_TOKEN_COOKIE];
    if (cookie) {
      try {
        const parsed: unknown = JSON.parse(cookie);
        candidate =
          parsed && typeof parsed === 'object' && typeof (parsed as { token?: unknown }).token === 'string'
            ? (parsed as { token: string }).token
            : typeof parsed === 'string'
              ? parsed
              : null;
      } catch {
        candidate = cookie.trim();
      }
    }
  }
  return candidate && TOKEN_SHAPE.test(candidate) ? candidate : null;
}
