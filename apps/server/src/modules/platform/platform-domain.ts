/**
 * A brand's domain (issue 15 item 3, issue 23 #13): saved as a claim, routing pages only once verified. Verified
 * means a DNS TXT record `_trapeza.<domain>` holding the brand's token was seen (POST
 * /api/platform/clients/{id}/domain/verify); names under `.localhost` count as verified when saved, since they
 * always resolve to the local machine and nobody outside can claim them. One brand per verified domain; an
 * unverified claim blocks nobody, so a brand that types another's domain first cannot hold it hostage, and the
 * answer when a domain is bound elsewhere is one neutral 409 that names no brand.
 */
import { randomBytes } from 'node:crypto';
import { isLoopbackHostname } from '@trapeza/domain/platform';
import type { AppDatabase } from '../../db/database.ts';
import { DomainError, detail } from '../../lib/domain-error.ts';

/** The neutral answer when a domain cannot be bound (bound by another brand); names the field, never the brand. */
export function domainTakenError(): DomainError {
  return new DomainError(409, 'domain_taken', 'This domain is not available', {
    details: [detail('domain', 'domain_taken', 'This domain is not available')],
  });
}

/** Whether another brand has `domain` bound (verified). */
export async function domainBoundElsewhere(
  db: AppDatabase,
  clientId: number | null,
  domain: string,
): Promise<boolean> {
  let q = db
    .selectFrom('clients')
    .select('id')
    .where('domain', '=', domain)
    .where('domain_verified_at', 'is not', null);
  if (clientId !== null) q = q.where('id', '!=', clientId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** A new per-brand verification token (the TXT record's value). */
export function newDomainToken(): string {
  return `trapeza-verify-${randomBytes(16).toString('hex')}`;
}

/**
 * The columns to write when a brand's domain is set to `domain` (already normalized) or cleared: a changed domain
 * starts unverified (a loopback name verified at once); the same domain keeps its state.
 */
export function domainColumns(
  current: { domain: string | null; domain_token: string | null; domain_verified_at: string | null } | null,
  domain: string | null,
  now: Date,
): { domain: string | null; domain_token: string | null; domain_verified_at: string | null } {
  const token = current?.domain_token ?? newDomainToken();
  if (domain === null) return { domain: null, domain_token: token, domain_verified_at: null };
  if (current && current.domain === domain) {
    return { domain, domain_token: token, domain_verified_at: current.domain_verified_at };
  }
  return {
    domain,
    domain_token: token,
    domain_verified_at: isLoopbackHostname(domain) ? now.toISOString() : null,
  };
}
