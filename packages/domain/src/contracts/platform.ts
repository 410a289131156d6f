/**
 * Contracts of the platform API under /api/platform (issue 15): brands (clients) with their venues, venue creation
 * from a template, invitations of brand admins, and domain verification (issue 23 #13). Used by the server (request
 * parsing, OpenAPI) and the `/platform` console. Slugs and domains are checked by the server's rules
 * (platform.ts: 400 invalid_slug / reserved_slug / invalid_domain naming the field), not here, so that every
 * refusal names its field the same way.
 */
import { z } from 'zod';
import { LANGUAGES } from '../i18n.ts';
import { CURRENCY_CODES } from '../money.ts';
import { INVITE_ROLES, PLACE_TEMPLATES, PLATFORM_PASSWORD_MAX_LENGTH } from '../platform.ts';
import { RoleName } from './users.ts';

const id = z.number().int().positive();
const name = z.string().trim().min(1).max(200);
const slug = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe('[a-z0-9-], at least one letter, not a reserved name');
const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a hex colour like #8c2f39');
const assetPath = z
  .string()
  .max(500)
  .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/\S+$/i.test(v), {
    message: 'must be a /path or an http(s) URL',
  });

export const PlatformLanguage = z.enum(LANGUAGES);
export const PlatformCurrency = z.enum(CURRENCY_CODES);

/** Venue templates: what a new venue starts with (settings, order types, hours, languages, tables or rooms). */
export const PlaceTemplate = z.enum(PLACE_TEMPLATES);
export type PlaceTemplate = z.infer<typeof PlaceTemplate>;

export const PlatformVenue = z.object({ id, name: z.string(), slug: z.string(), active: z.boolean() });
export type PlatformVenue = z.infer<typeof PlatformVenue>;

/** A brand as the console lists it. */
export const PlatformClient = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  /** The hostname its pages are served on once verified, or null. */
  domain: z.string().nullable(),
  /** Whether the domain routes pages (its DNS TXT record was seen; names under .localhost need none). */
  domainVerified: z.boolean(),
  /** The DNS TXT record that verifies the domain: create `record` with the text `value`, then verify. */
  domainVerification: z.object({ record: z.string(), value: z.string() }).nullable(),
  logo: z.string().nullable(),
  primary_color: z.string().nullable(),
  secondary_color: z.string().nullable(),
  languages: z.array(PlatformLanguage),
  currency: PlatformCurrency,
  /** false: deactivated, its pages and API answer 404, its data stays. */
  active: z.boolean(),
  venues: z.array(PlatformVenue),
  /** Orders of all its venues in the last 30 days. */
  ordersLast30Days: z.number().int(),
  created_at: z.string(),
});
export type PlatformClient = z.infer<typeof PlatformClient>;
export const PlatformClientsResponse = z.array(PlatformClient);
export type PlatformClientsResponse = z.infer<typeof PlatformClientsResponse>;

export const PlatformClientCreate = z
  .object({
    name,
    slug,
    domain: z.string().trim().max(253).nullable().optional().describe('a hostname like menu.example.com'),
    logo: assetPath.nullable().optional(),
    primary_color: hexColor.nullable().optional(),
    secondary_color: hexColor.nullable().optional(),
    languages: z.array(PlatformLanguage).min(1).max(LANGUAGES.length).default(['bg', 'en']),
    currency: PlatformCurrency.default('BGN'),
  })
  .strict();
export type PlatformClientCreate = z.infer<typeof PlatformClientCreate>;

/** PUT: any of the create fields, plus `active` (changing it is SUPER_ADMIN only). */
export const PlatformClientUpdate = z
  .object({
    name,
    slug,
    domain: z.string().trim().max(253).nullable(),
    logo: assetPath.nullable(),
    primary_color: hexColor.nullable(),
    secondary_color: hexColor.nullable(),
    languages: z.array(PlatformLanguage).min(1).max(LANGUAGES.length),
    currency: PlatformCurrency,
    active: z.boolean(),
  })
  .partial()
  .strict();
export type PlatformClientUpdate = z.infer<typeof PlatformClientUpdate>;

export const PlatformPlaceCreate = z.object({ name, slug, template: PlaceTemplate }).strict();
export type PlatformPlaceCreate = z.infer<typeof PlatformPlaceCreate>;

/** The new venue, with its tables or rooms and their QR tokens (`/{slug}/t/{token}`). */
export const PlatformPlaceCreated = z.object({
  id,
  clientId: id,
  name: z.string(),
  slug: z.string(),
  template: PlaceTemplate,
  tables: z.array(z.object({ number: z.string(), kind: z.enum(['table', 'room']), token: z.string() })),
});
export type PlatformPlaceCreated = z.infer<typeof PlatformPlaceCreated>;

export const InviteRole = z.enum(INVITE_ROLES);
export const PlatformInviteCreate = z
  .object({
    email: z.string().trim().min(3).max(254),
    role: InviteRole,
    /** Required for PLACE_ADMIN: the venue (of this brand) they will run. */
    placeId: id.optional(),
  })
  .strict();
export type PlatformInviteCreate = z.infer<typeof PlatformInviteCreate>;

/** The invitation sent (the link itself goes only to the invited address). */
export const PlatformInviteCreated = z.object({
  id,
  email: z.string(),
  role: InviteRole,
  placeId: id.nullable(),
  expiresAt: z.string(),
});
export type PlatformInviteCreated = z.infer<typeof PlatformInviteCreated>;

/** What the invitation page shows before the password is set. */
export const PlatformInviteInfo = z.object({
  email: z.string(),
  role: InviteRole,
  clientName: z.string(),
  placeName: z.string().optional(),
  expiresAt: z.string(),
});
export type PlatformInviteInfo = z.infer<typeof PlatformInviteInfo>;

export const PlatformInviteAccept = z
  .object({
    password: z.string().max(PLATFORM_PASSWORD_MAX_LENGTH).describe('at least 12 characters'),
    firstName: z.string().trim().max(40).optional(),
    lastName: z.string().trim().max(40).optional(),
  })
  .strict();
export type PlatformInviteAccept = z.infer<typeof PlatformInviteAccept>;

export const PlatformInviteToken = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const PlatformClientId = z.object({ id: z.coerce.number().int().positive() });

/** The platform staff member behind the token (GET /api/platform/me). */
export const PlatformMe = z.object({ id, email: z.string(), role: RoleName });
export type PlatformMe = z.infer<typeof PlatformMe>;
