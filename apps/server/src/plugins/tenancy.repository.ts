/**
 * Client and place lookups for the tenancy plugin (the only SQL it needs), and findClientByHost for page requests
 * (the brand from the Host header).
 */
import type { AppDatabase } from '../db/database.ts';

export interface ClientRow {
  id: number;
  slug: string;
}
export interface PlaceRow {
  id: number;
  slug: string;
  client_id: number;
  /** 0 until an admin marks the venue live (go-live checklist). */
  live: number;
}

export function createTenancyRepository(db: AppDatabase) {
  return {
    /** Only active clients: a deactivated brand's API answers 404 unknown_client (its data stays). */
    async findClient(ref: { id: number } | { slug: string }): Promise<ClientRow | undefined> {
      let q = db.selectFrom('clients').select(['id', 'slug']).where('active', '=', 1);
      q = 'id' in ref ? q.where('id', '=', ref.id) : q.where('slug', '=', ref.slug);
      return q.executeTakeFirst();
    },
    /** Only active places of the given client: a place of another client is "unknown", never found. */
    async findPlace(clientId: number, ref: { id: number } | { slug: string }): Promise<PlaceRow | undefined> {
      let q = db
        .selectFrom('places')
        .select(['id', 'slug', 'client_id', 'live'])
        .where('client_id', '=', clientId)
        .where('active', '=', 1);
      q = 'id' in ref ? q.where('id', '=', ref.id) : q.where('slug', '=', ref.slug);
      return q.executeTakeFirst();
    },
  };
}
export type TenancyRepository = ReturnType<typeof createTenancyRepository>;

/** A brand as a page request resolves it from its Host header. */
export interface HostClientRow {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  domain: string;
}

/**
 * The hostname of a `Host` header value: lower case, without port and trailing dot; null when it is not a hostname
 * at all (an IPv6 literal, garbage).
 */
export function hostnameOf(host: string | null | undefined): string | null {
  if (!host) return null;
  const name = host
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, '')
    .replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(name) ? name : null;
}

/**
 * The brand whose domain is the page request's host (issue 15): the exact lower-case hostname, or the name without
 * a leading `www.` (www.menu.example.com finds menu.example.com; the exact match wins). Only active brands with a
 * verified domain (a DNS TXT check, issue 23 #13; names under `.localhost` need none, they always resolve to the
 * local machine) — an unverified or deactivated brand is never found. `host` may carry a port.
 */
export async function findClientByHost(
  db: AppDatabase,
  host: string | null | undefined,
): Promise<HostClientRow | undefined> {
  const name = hostnameOf(host);
  if (!name) return undefined;
  const candidates = name.startsWith('www.') ? [name, name.slice(4)] : [name];
  const rows = await db
    .selectFrom('clients')
    .select(['id', 'slug', 'name', 'logo', 'primary_color', 'secondary_color', 'domain'])
    .where('domain', 'in', candidates)
    .where('active', '=', 1)
    .where('domain_verified_at', 'is not', null)
    .execute();
  const row = rows.find((r) => r.domain === name) ?? rows[0];
  return row ? { ...row, domain: row.domain as string } : undefined;
}
