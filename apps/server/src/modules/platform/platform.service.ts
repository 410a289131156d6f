/**
 * The platform console's work (issue 15 items 4–5, issue 23 #13): brands (clients) with their venues and order
 * counts, brand creation and editing (deactivating is SUPER_ADMIN only), venues from a template, invitations of
 * brand admins by e-mail (a single-use link valid 72 hours; the token is stored hashed) and their acceptance, and
 * the DNS TXT verification of a brand's domain. Everything a request creates is created in one transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import type {
  PlatformClient,
  PlatformClientCreate,
  PlatformClientUpdate,
  PlatformInviteAccept,
  PlatformInviteCreate,
  PlatformInviteCreated,
  PlatformInviteInfo,
  PlatformPlaceCreate,
  PlatformPlaceCreated,
} from '@trapeza/domain/contracts/platform';
import type { StoreAuthResponse } from '@trapeza/domain/contracts/users';
import { isValidHostname, normalizeHostname } from '@trapeza/domain/hostname';
import { isLanguage, type Language } from '@trapeza/domain/i18n';
import type { CurrencyCode } from '@trapeza/domain/money';
import {
  domainVerificationRecord,
  INVITE_TTL_HOURS,
  isLoopbackHostname,
  isValidPlatformPassword,
  PLATFORM_PASSWORD_MIN_LENGTH,
  platformSlugProblem,
  type InviteRole,
} from '@trapeza/domain/platform';
import { isRole } from '@trapeza/domain/roles';
import { roleLevel } from '@trapeza/domain/staff-admin';
import { isValidEmail } from '@trapeza/domain/validation';
import { passwordVersion, type AuthTokens } from '../../lib/auth-token.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError, detail } from '../../lib/domain-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { newTableToken } from '../staff/staff.service.ts';
import { toStoreUser } from '../users/users.service.ts';
import { domainBoundElsewhere, domainColumns, domainTakenError, newDomainToken } from './platform-domain.ts';
import { inviteMail } from './platform.mail.ts';
import { inviteAccounts, type PlatformRepository } from './platform.repository.ts';
import { languageName, venueTemplate } from './platform-templates.ts';

/** TXT lookups (node:dns/promises resolveTxt); tests put a stub in its place. */
export type ResolveTxt = (name: string) => Promise<string[][]>;

export interface PlatformServiceDeps {
  repo: PlatformRepository;
  tokens: AuthTokens;
  mailer: Mailer;
  now: () => Date;
  publicUrl: string;
  resolveTxt: () => ResolveTxt;
  /** After a brand or venue changed: drop cached lookups and menu answers. */
  changed: () => void;
  logError: (err: unknown, message: string) => void;
}

const DAY_MS = 86_400_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const fieldError = (status: number, code: string, message: string, field: string) =>
  new DomainError(status, code, message, { details: [detail(field, code, message)] });

function checkSlug(slug: string): string {
  const value = slug.trim();
  const problem = platformSlugProblem(value);
  if (problem === 'invalid') {
    throw fieldError(
      400,
      'invalid_slug',
      'The slug may hold only a-z, 0-9 and inner dashes, with a letter',
      'slug',
    );
  }
  if (problem === 'reserved') throw fieldError(400, 'reserved_slug', `"${value}" is a reserved name`, 'slug');
  return value;
}

function checkDomain(domain: string | null | undefined): string | null | undefined {
  if (domain === undefined || domain === null) return domain;
  if (domain.trim() === '') return null;
  if (!isValidHostname(domain)) {
    throw fieldError(400, 'invalid_domain', 'The domain must be a hostname like menu.example.com', 'domain');
  }
  return normalizeHostname(domain);
}

const parseLanguages = (json: string): Language[] => {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter(isLanguage) : ['bg'];
  } catch {
    return ['bg'];
  }
};

export function createPlatformService(deps: PlatformServiceDeps) {
  const { repo, now } = deps;
  const { db } = repo;

  type ClientRow = NonNullable<Awaited<ReturnType<PlatformRepository['findClient']>>>;
  function view(
    row: ClientRow,
    venues: { id: number; name: string; slug: string; active: number }[],
    orders: number,
  ): PlatformClient {
    const verified = row.domain !== null && row.domain_verified_at !== null;
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      domain: row.domain,
      domainVerified: verified,
      domainVerification:
        row.domain && row.domain_token && !isLoopbackHostname(row.domain)
          ? { record: domainVerificationRecord(row.domain), value: row.domain_token }
          : null,
      logo: row.logo,
      primary_color: row.primary_color,
      secondary_color: row.secondary_color,
      languages: parseLanguages(row.languages),
      currency: row.currency as CurrencyCode,
      active: Number(row.active) === 1,
      venues: venues.map((v) => ({ id: v.id, name: v.name, slug: v.slug, active: Number(v.active) === 1 })),
      ordersLast30Days: orders,
      created_at: String(row.created_at),
    };
  }

  async function load(id: number): Promise<PlatformClient> {
    const row = await repo.findClient(id);
    if (!row) throw new DomainError(404, 'unknown_client', 'Unknown client');
    const venues = await repo.venues([id]);
    const counts = await repo.orderCounts(new Date(now().getTime() - 30 * DAY_MS).toISOString());
    return view(row, venues, counts.get(id) ?? 0);
  }

  const slugTaken = () => fieldError(409, 'slug_taken', 'This slug is already taken', 'slug');

  /** The base of links for a brand's people: its verified domain (same scheme and port as PUBLIC_URL), else PUBLIC_URL. */
  function brandBase(client: { domain: string | null; domain_verified_at: string | null }): string {
    if (!client.domain || !client.domain_verified_at) return deps.publicUrl;
    const url = new URL(deps.publicUrl);
    url.hostname = client.domain;
    return url.origin;
  }

  return {
    async listClients(): Promise<PlatformClient[]> {
      const rows = await repo.listClients();
      const venues = await repo.venues(rows.map((r) => r.id));
      const counts = await repo.orderCounts(new Date(now().getTime() - 30 * DAY_MS).toISOString());
      return rows.map((r) =>
        view(
          r,
          venues.filter((v) => v.client_id === r.id),
          counts.get(r.id) ?? 0,
        ),
      );
    },

    getClient: load,

    async createClient(body: PlatformClientCreate): Promise<PlatformClient> {
      const slug = checkSlug(body.slug);
      const domain = checkDomain(body.domain) ?? null;
      const at = now();
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          if (await repo.clientSlugTaken(slug, null, trx)) throw slugTaken();
          if (domain && (await domainBoundElsewhere(trx, null, domain))) throw domainTakenError();
          const domainCols = domainColumns(null, domain, at);
          return repo.insertClient(
            {
              slug,
              name: body.name,
              logo: body.logo ?? null,
              primary_color: body.primary_color?.toLowerCase() ?? null,
              secondary_color: body.secondary_color?.toLowerCase() ?? null,
              languages: JSON.stringify([...new Set(body.languages)]),
              currency: body.currency,
              active: 1,
              ...domainCols,
              domain_token: domainCols.domain_token ?? newDomainToken(),
              created_at: at.toISOString(),
            },
            trx,
          );
        });
      } catch (err) {
        // Two requests at once: the unique indexes (slug, verified domain) caught the second.
        if (isUniqueViolation(err)) {
          throw (await repo.clientSlugTaken(slug, null)) ? slugTaken() : domainTakenError();
        }
        throw err;
      }
      deps.changed();
      return load(id);
    },

    async updateClient(user: AuthUser, id: number, body: PlatformClientUpdate): Promise<PlatformClient> {
      const current = await repo.findClient(id);
      if (!current) throw new DomainError(404, 'unknown_client', 'Unknown client');
      if (
        body.active !== undefined &&
        body.active !== (Number(current.active) === 1) &&
        user.role !== 'SUPER_ADMIN'
      ) {
        throw new DomainError(403, 'forbidden', 'Only a SUPER_ADMIN activates or deactivates a brand', {
          details: [detail('active', 'forbidden', 'Only a SUPER_ADMIN activates or deactivates a brand')],
          fields: { required: 'SUPER_ADMIN' },
        });
      }
      const slug = body.slug !== undefined ? checkSlug(body.slug) : undefined;
      const domain = checkDomain(body.domain);
      const values = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(slug !== undefined ? { slug } : {}),
        ...(body.logo !== undefined ? { logo: body.logo } : {}),
        ...(body.primary_color !== undefined
          ? { primary_color: body.primary_color?.toLowerCase() ?? null }
          : {}),
        ...(body.secondary_color !== undefined
          ? { secondary_color: body.secondary_color?.toLowerCase() ?? null }
          : {}),
        ...(body.languages !== undefined ? { languages: JSON.stringify([...new Set(body.languages)]) } : {}),
        ...(body.currency !== undefined ? { currency: body.currency } : {}),
        ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
        ...(domain !== undefined ? domainColumns(current, domain, now()) : {}),
      };
      try {
        await db.transaction().execute(async (trx) => {
          if (slug !== undefined && (await repo.clientSlugTaken(slug, id, trx))) throw slugTaken();
          if (domain && (await domainBoundElsewhere(trx, id, domain))) throw domainTakenError();
          await repo.updateClient(id, values, trx);
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw slug !== undefined && (await repo.clientSlugTaken(slug, id))
            ? slugTaken()
            : domainTakenError();
        }
        throw err;
      }
      deps.changed();
      return load(id);
    },

    async createPlace(clientId: number, body: PlatformPlaceCreate): Promise<PlatformPlaceCreated> {
      const client = await repo.findClient(clientId);
      if (!client) throw new DomainError(404, 'unknown_client', 'Unknown client');
      const slug = checkSlug(body.slug);
      const languages = parseLanguages(client.languages);
      const template = venueTemplate(body.template, {
        languages: languages.length ? languages : ['bg'],
        currency: client.currency as CurrencyCode,
      });
      const tables = template.tables.map((t) => ({ ...t, token: newTableToken() }));
      const taken = () =>
        fieldError(409, 'slug_taken', 'This brand already has a venue with this slug', 'slug');
      let placeId: number;
      try {
        placeId = await db.transaction().execute(async (trx) => {
          if (await repo.placeSlugTaken(clientId, slug, trx)) throw taken();
          return repo.insertVenue(trx, {
            clientId,
            name: body.name,
            slug,
            template,
            languages: (languages.length ? languages : (['bg'] as Language[])).map((code) => ({
              code,
              name: languageName(code),
            })),
            tables,
          });
        });
      } catch (err) {
        if (isUniqueViolation(err) && (await repo.placeSlugTaken(clientId, slug))) throw taken();
        throw err;
      }
      deps.changed();
      return {
        id: placeId,
        clientId,
        name: body.name,
        slug,
        template: body.template,
        tables: tables.map((t) => ({ number: t.number, kind: t.kind, token: t.token })),
      };
    },

    async createInvite(
      user: AuthUser,
      clientId: number,
      body: PlatformInviteCreate,
    ): Promise<PlatformInviteCreated> {
      const client = await repo.findClient(clientId);
      if (!client) throw new DomainError(404, 'unknown_client', 'Unknown client');
      const email = body.email.trim().toLowerCase();
      if (!isValidEmail(email))
        throw fieldError(400, 'invalid_email', 'Please enter a valid e-mail', 'email');
      let place: { id: number; name: string } | undefined;
      if (body.role === 'PLACE_ADMIN') {
        if (body.placeId === undefined) {
          throw fieldError(400, 'place_required', 'A PLACE_ADMIN invitation names the venue', 'placeId');
        }
        place = await repo.findPlace(clientId, body.placeId);
        if (!place) throw fieldError(404, 'unknown_place', 'This brand has no such venue', 'placeId');
      }
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITE_TTL_HOURS * 3_600_000).toISOString();
      const id = await repo.insertInvite({
        client_id: clientId,
        place_id: place?.id ?? null,
        email,
        role: body.role,
        token_hash: sha256(token),
        expires_at: expiresAt,
        used_at: null,
        created_by: user.id,
        created_at: at.toISOString(),
      });
      const link = `${brandBase(client)}/platform/invite/${token}`;
      const lang = parseLanguages(client.languages)[0] ?? 'bg';
      try {
        await deps.mailer.send(
          inviteMail(lang, {
            to: email,
            link,
            clientName: client.name,
            placeName: place?.name,
            role: body.role,
          }),
        );
      } catch (err) {
        deps.logError(err, 'invitation mail not sent');
        throw new DomainError(503, 'mail_failed', 'The invitation e-mail could not be sent, try again');
      }
      return { id, email, role: body.role, placeId: place?.id ?? null, expiresAt };
    },

    async inviteInfo(token: string): Promise<PlatformInviteInfo> {
      const invite = await usableInvite(token);
      return {
        email: invite.email,
        role: invite.role as InviteRole,
        clientName: invite.client_name,
        ...(invite.place_name ? { placeName: invite.place_name } : {}),
        expiresAt: invite.expires_at,
      };
    },

    async acceptInvite(token: string, body: PlatformInviteAccept): Promise<StoreAuthResponse> {
      const invite = await usableInvite(token);
      if (!isValidPlatformPassword(body.password)) {
        throw fieldError(
          400,
          'invalid_password',
          `The password must have at least ${PLATFORM_PASSWORD_MIN_LENGTH} characters`,
          'password',
        );
      }
      const passwordHash = await hashPassword(body.password);
      const at = now().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        if (!(await repo.claimInvite(trx, invite.id, at))) throw used();
        const existing = await inviteAccounts.findBrandUser(trx, invite.client_id, invite.email);
        let userId: number;
        if (existing) {
          if (Number(existing.banned)) throw new DomainError(403, 'user_banned', 'This account is blocked');
          // Never lower an account: a brand's CLIENT_ADMIN invited as PLACE_ADMIN stays CLIENT_ADMIN.
          const keep =
            isRole(existing.role) && roleLevel(existing.role) > roleLevel(invite.role as InviteRole);
          userId = existing.id;
          await inviteAccounts.updateUser(trx, userId, {
            passwordHash,
            role: keep ? existing.role : invite.role,
            ...(body.firstName ? { first_name: body.firstName } : {}),
            ...(body.lastName ? { last_name: body.lastName } : {}),
          });
        } else {
          userId = await inviteAccounts.insertUser(trx, {
            clientId: invite.client_id,
            email: invite.email,
            passwordHash,
            role: invite.role,
            first: body.firstName ?? '',
            last: body.lastName ?? '',
            at,
          });
        }
        if (invite.place_id !== null) await inviteAccounts.assignPlace(trx, userId, invite.place_id);
        return inviteAccounts.userRow(trx, userId);
      });
      const user = toStoreUser(row);
      const { token: bearer } = await deps.tokens.sign({
        userId: row.id,
        role: user.role,
        clientId: row.client_id,
        pwv: passwordVersion(row.password_hash),
      });
      return { token: bearer, user };
    },

    async verifyDomain(clientId: number): Promise<PlatformClient> {
      const client = await repo.findClient(clientId);
      if (!client) throw new DomainError(404, 'unknown_client', 'Unknown client');
      if (!client.domain) throw fieldError(400, 'no_domain', 'The brand has no domain to verify', 'domain');
      if (client.domain_verified_at) return load(clientId);
      const token = client.domain_token ?? newDomainToken();
      if (!client.domain_token) await repo.updateClient(clientId, { domain_token: token });
      const record = domainVerificationRecord(client.domain);
      let texts: string[] = [];
      try {
        texts = (await deps.resolveTxt()(record)).map((chunks) => chunks.join('').trim());
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code !== 'ENOTFOUND' && code !== 'ENODATA' && code !== 'NXDOMAIN') {
          deps.logError(err, `TXT lookup of ${record} failed`);
        }
      }
      if (!texts.includes(token)) {
        throw new DomainError(
          400,
          'domain_not_verified',
          `No TXT record ${record} with the brand's verification value was found (DNS changes can take a while)`,
          {
            details: [detail('domain', 'domain_not_verified', `no TXT record ${record}`)],
            fields: { record, value: token },
          },
        );
      }
      try {
        await db.transaction().execute(async (trx) => {
          if (await domainBoundElsewhere(trx, clientId, client.domain!)) throw domainTakenError();
          await repo.updateClient(clientId, { domain_verified_at: now().toISOString() }, trx);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw domainTakenError();
        throw err;
      }
      deps.changed();
      return load(clientId);
    },
  };

  function used() {
    return new DomainError(410, 'invite_used', 'This invitation has already been used; ask for a new one');
  }

  async function usableInvite(token: string) {
    const invite = await repo.findInvite(sha256(token));
    if (!invite || Number(invite.client_active) !== 1) {
      throw new DomainError(404, 'invite_not_found', 'Unknown invitation');
    }
    if (invite.used_at) throw used();
    if (invite.expires_at <= now().toISOString()) {
      throw new DomainError(410, 'invite_expired', 'This invitation has expired; ask for a new one');
    }
    return invite;
  }
}
export type PlatformService = ReturnType<typeof createPlatformService>;
