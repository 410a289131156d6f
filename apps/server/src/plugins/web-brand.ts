/**
 * The brand of a page request, from its `Host` (issue "White label for real"): one installation and one web build
 * serve every brand. A host is a brand's when it equals the brand's `domain` (lower case; a `www.` prefix also
 * matches) and the brand is active (and, outside `.localhost`, its domain verified). Any other host (localhost, an
 * IP, a name nobody claims) falls back:
 * - in demo mode to the demo brand (`demo`), as every page was served before;
 * - with `DEMO=0` to `DEFAULT_CLIENT` when it is set, else to nothing: the page is a plain 404 and shows no brand.
 * A host some brand names but that does not resolve (the brand deactivated, its domain not verified) never falls
 * back: it is a 404 in every mode, so a deactivated brand's address shows nobody else's menu.
 */
import type { FastifyRequest } from 'fastify';
import type { WebBrandRepository } from './web-brand.repository.ts';

/** What the server-rendered page hands to the web app (apps/web/src/lib/page-brand.ts reads it). */
export interface PageBrand {
  slug: string;
  name: string;
  logo: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
}

export interface BrandResolverOptions {
  /** Demo mode: unknown hosts get the demo brand. */
  demo: boolean;
  /** Slug of the brand unknown hosts get when not in demo mode (DEFAULT_CLIENT), or null. */
  defaultClient: string | null;
  /** How long a host's answer is kept (0: not at all). */
  cacheTtlMs: number;
}

const DEMO_CLIENT_SLUG = 'demo';
const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]{0,62}\.?)*$/;
const CACHE_MAX_ENTRIES = 1_000;

/** The request's host name, lower case, without port or trailing dot; null when it is no host name (an IPv6). */
export function requestHostName(request: FastifyRequest): string | null {
  const host = request.hostname.toLowerCase().replace(/\.$/, '');
  return host.length <= 253 && HOST_NAME.test(host) ? host : null;
}

export function createBrandResolver(repo: WebBrandRepository, options: BrandResolverOptions) {
  // Per process, for a few seconds: every page load asks, and a brand renamed, recoloured or deactivated shows
  // within cacheTtlMs on every process (nothing is kept longer, so several processes cannot disagree for long).
  // Misses are cached too (random Host headers only ever fill the map up to its cap, then it starts over).
  const cache = new Map<string, { brand: PageBrand | null; expires: number }>();

  async function brandOf(ref: { id: number } | { slug: string }): Promise<PageBrand | null> {
    const row = await repo.findBrand(ref);
    if (!row) return null;
    return {
      slug: row.slug,
      name: row.name,
      logo: row.logo,
      primaryColor: row.primary_color,
      secondaryColor: row.secondary_color,
    };
  }

  async function lookUp(host: string | null): Promise<PageBrand | null> {
    if (host !== null) {
      const hosts = host.startsWith('www.') ? [host, host.slice(4)] : [host];
      // (findClientByHost tries the name without `www.` too.)
      const client = await repo.findClientByHost(host);
      if (client) return brandOf({ id: client.id });
      if (await repo.hostIsClaimed(hosts)) return null;
    }
    if (options.demo) return brandOf({ slug: DEMO_CLIENT_SLUG });
    if (options.defaultClient) return brandOf({ slug: options.defaultClient });
    return null;
  }

  return {
    /** The page's brand, or null: no brand serves this host (the page is a 404). */
    async resolve(request: FastifyRequest): Promise<PageBrand | null> {
      const host = requestHostName(request);
      const key = host ?? '';
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.expires > now) return hit.brand;
      const brand = await lookUp(host);
      if (options.cacheTtlMs > 0) {
        if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
        cache.set(key, { brand, expires: now + options.cacheTtlMs });
      }
      return brand;
    },
    clear: () => cache.clear(),
  };
}
