/**
 * Tenancy from the `client` and `place` request headers (spec §7), each a slug or a numeric id. A route opts in
 * with `config: { tenancy: 'place' }` (needs both headers) or `'client'` (brand-wide calls such as the landing
 * map). Missing header → 400, unknown or foreign → 404 with `unknown_client` / `unknown_place`; a place is only
 * ever looked up inside its client, so one tenant's headers can never reach another's data.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../lib/domain-error.ts';
import type { TenancyRepository } from './tenancy.repository.ts';

/**
 * `place-if-sent`: resolve both headers when either is sent, else leave the request without a tenant (beacons).
 * `client-if-sent`: resolve the client header when sent, else no tenant (login: without it, platform staff).
 */
type TenancyLevel = 'client' | 'place' | 'place-if-sent' | 'client-if-sent';

export interface ClientTenant {
  clientId: number;
  clientSlug: string;
}
export interface PlaceTenant extends ClientTenant {
  placeId: number;
  placeSlug: string;
  /** false until an admin marks the venue live (guests then see "coming soon" and cannot order); unset = live. */
  placeLive?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    tenancy?: TenancyLevel;
    /** Also read `client` / `place` from the query string when the header is absent (SSE routes only). */
    tenancyFromQuery?: boolean;
  }
  interface FastifyRequest {
    /** Set on routes with `config.tenancy = 'place'` (and on `place-if-sent` routes when the headers came). */
    tenant: PlaceTenant;
    /** Set on routes with any `config.tenancy` (null on `…-if-sent` routes when the headers did not come). */
    clientTenant: ClientTenant;
  }
}

/**
 * Lookups are cached briefly: every menu call resolves the same two headers, and a venue renamed or deactivated
 * a few seconds late is harmless. Only hits are cached, so random headers cannot grow the map.
 */
const CACHE_TTL_MS = 5_000;
const CACHE_MAX_ENTRIES = 2_000;
const SLUG_OR_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

function parseRef(value: string): { id: number } | { slug: string } {
  return /^\d{1,9}$/.test(value) ? { id: Number(value) } : { slug: value };
}

function readHeader(request: FastifyRequest, name: 'client' | 'place'): string {
  let raw = request.headers[name];
  // EventSource cannot send headers: the event-stream routes opt in to `?client=&place=` as well.
  if (raw === undefined && request.routeOptions.config?.tenancyFromQuery) {
    const q = (request.query as Record<string, unknown> | undefined)?.[name];
    raw = typeof q === 'string' ? q : undefined;
  }
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) throw new DomainError(400, `missing_${name}`, `The "${name}" header is required`);
  if (!SLUG_OR_ID.test(value)) {
    throw new DomainError(400, `invalid_${name}`, `The "${name}" header must be a slug or a numeric id`);
  }
  return value;
}

export function registerTenancy(app: FastifyInstance, repo: TenancyRepository): void {
  const cache = new Map<string, { value: unknown; expires: number }>();
  async function cached<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expires > now) return hit.value as T;
    const value = await load();
    if (value !== undefined) {
      if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
      cache.set(key, { value, expires: now + CACHE_TTL_MS });
    }
    return value;
  }

  app.decorateRequest('tenant', null as unknown as PlaceTenant);
  app.decorateRequest('clientTenant', null as unknown as ClientTenant);
  app.decorate('clearTenancyCache', () => cache.clear());

  app.addHook('onRequest', async (request) => {
    const level = request.routeOptions.config?.tenancy;
    if (!level) return;
    if (level === 'place-if-sent' && !request.headers.client && !request.headers.place) return;
    if (level === 'client-if-sent' && !request.headers.client) return;
    const clientHeader = readHeader(request, 'client');
    const placeHeader =
      level === 'client' || level === 'client-if-sent' ? null : readHeader(request, 'place');
    const client = await cached(`c:${clientHeader}`, () => repo.findClient(parseRef(clientHeader)));
    if (!client) throw new DomainError(404, 'unknown_client', `Unknown client "${clientHeader}"`);
    request.clientTenant = { clientId: client.id, clientSlug: client.slug };
    if (placeHeader === null) return;
    const place = await cached(`p:${client.id}:${placeHeader}`, () =>
      repo.findPlace(client.id, parseRef(placeHeader)),
    );
    if (!place) throw new DomainError(404, 'unknown_place', `Unknown place "${placeHeader}"`);
    request.tenant = {
      ...request.clientTenant,
      placeId: place.id,
      placeSlug: place.slug,
      placeLive: place.live !== 0,
    };
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Forget cached client/place lookups (after an admin renames or deactivates a place). */
    clearTenancyCache(): void;
  }
}
