/**
 * GET /api/geocode/reverse (designed, issue 24): the address at a map point, for the delivery map picker to fill
 * the address field. `status`: `ok` with the address; `off` when the installation has no GEOCODER_URL (the guest
 * types the address); `not_found`; `unavailable` when the provider failed or was slow. Never a 5xx for those.
 */
import { z } from 'zod';

export const ReverseGeocodeQuery = z
  .object({
    lat: z.coerce.number().min(-90).max(90),
    lng: z.coerce.number().min(-180).max(180),
    lang: z.enum(['bg', 'en', 'es', 'de', 'fr-CH']).optional(),
  })
  .strict();

export const ReverseGeocodeResponse = z.object({
  status: z.enum(['ok', 'off', 'not_found', 'unavailable']),
  /** "street number, town" (or the provider's whole name of the place) */
  address: z.string().nullable(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  postal_code: z.string().nullable(),
});
export type ReverseGeocodeResponse = z.infer<typeof ReverseGeocodeResponse>;
