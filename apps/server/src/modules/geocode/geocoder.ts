/**
 * Reverse geocoding for the delivery map picker (issue 24, minor: the address field filled from the pin). One small
 * interface so the route never knows the provider: a Nominatim-compatible service at `GEOCODER_URL`
 * (`GET {url}/reverse?format=jsonv2&lat&lon&accept-language`, e.g. https://nominatim.openstreetmap.org or a
 * self-hosted Nominatim / Photon adapter); without it the feature is off and the guest types the address.
 *
 * Never throws: a slow (5 s), failing or odd answer is `unavailable`, nothing found is `not_found`. Answers are
 * cached in memory per process by the point rounded to ~1 m and the language (a bounded map; with several
 * processes each keeps its own, which only costs an extra upstream call), so a guest nudging the pin back does not
 * call the provider again — public Nominatim allows about one call a second per installation.
 */

/** The address parts the order form fills: the street, the house number and the postal code when known. */
interface AddressParts {
  street: string | null;
  number: string | null;
  postal_code: string | null;
}

type ReverseResult =
  | ({ status: 'ok'; address: string } & AddressParts)
  | ({ status: 'off' | 'not_found' | 'unavailable'; address: null } & AddressParts);

const none = (status: 'off' | 'not_found' | 'unavailable'): ReverseResult => ({
  status,
  address: null,
  street: null,
  number: null,
  postal_code: null,
});

export interface ReverseGeocoder {
  reverse(lat: number, lng: number, language: string): Promise<ReverseResult>;
}

interface NominatimAnswer {
  error?: unknown;
  display_name?: unknown;
  address?: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The street, number and postal code of a Nominatim answer. */
function partsFromNominatim(answer: NominatimAnswer): AddressParts {
  const a = answer.address ?? {};
  return {
    street: streetOf(a),
    number: str(a.house_number),
    postal_code: str(a.postcode),
  };
}

function streetOf(a: Record<string, unknown>) {
  return str(a.road) ?? str(a.pedestrian) ?? str(a.footway) ?? str(a.square) ?? str(a.neighbourhood);
}

/** A guest-sized address from a Nominatim answer: "street number, town"; else its display name. */
export function addressFromNominatim(answer: NominatimAnswer): string | null {
  const a = answer.address ?? {};
  const street = streetOf(a);
  const town =
    str(a.city) ?? str(a.town) ?? str(a.village) ?? str(a.municipality) ?? str(a.county) ?? str(a.state);
  if (street) {
    const line = [street, str(a.house_number)].filter(Boolean).join(' ');
    return [line, town].filter(Boolean).join(', ');
  }
  const display = str(answer.display_name);
  return display ? display.slice(0, 300) : null;
}

export function createReverseGeocoder(opts: {
  url: string | null;
  userAgent: string;
  timeoutMs?: number;
  cacheSize?: number;
  fetch?: typeof fetch;
}): ReverseGeocoder {
  const { url, userAgent } = opts;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const cacheSize = opts.cacheSize ?? 500;
  const doFetch = opts.fetch ?? fetch;
  const cache = new Map<string, ReverseResult>();
  const endpoint = url
    ? /\/reverse\/?$/.test(url)
      ? url.replace(/\/$/, '')
      : `${url.replace(/\/$/, '')}/reverse`
    : null;

  return {
    async reverse(lat, lng, language) {
      if (!endpoint) return none('off');
      const key = `${lat.toFixed(5)},${lng.toFixed(5)},${language}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const q = new URL(endpoint);
      q.searchParams.set('format', 'jsonv2');
      q.searchParams.set('lat', lat.toFixed(6));
      q.searchParams.set('lon', lng.toFixed(6));
      q.searchParams.set('zoom', '18');
      q.searchParams.set('addressdetails', '1');
      q.searchParams.set('accept-language', language);
      let result: ReverseResult;
      try {
        const res = await doFetch(q, {
          headers: { accept: 'application/json', 'user-agent': userAgent },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        if (!res.ok) return none('unavailable');
        const body = (await res.json()) as NominatimAnswer | null;
        const address = body && typeof body === 'object' && !body.error ? addressFromNominatim(body) : null;
        result = address && body ? { status: 'ok', address, ...partsFromNominatim(body) } : none('not_found');
      } catch {
        // Timed out, refused, not JSON: the guest types the address; nothing cached, so a later pin tries again.
        return none('unavailable');
      }
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
      cache.set(key, result);
      return result;
    },
  };
}
