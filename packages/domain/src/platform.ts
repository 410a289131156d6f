/**
 * Rules of the platform (issue 15 "White label for real"): the staff who run the installation and create brands
 * (clients) and venues (places), shared by the server and the `/platform` console.
 *
 * - Platform staff are SUPER_ADMIN and SALES_ADMIN accounts of no brand; SALES_ADMIN may create and edit brands and
 *   venues and invite people, only SUPER_ADMIN deactivates a brand (spec §6 levels).
 * - Brand and venue slugs: lower-case letters, digits and inner dashes, with at least one letter (an all-digit
 *   value would read as an id in the `client` / `place` headers), not one of the reserved names: a venue slug is
 *   the first segment of its pages' paths, so it must never shadow a top-level route or static path of the web app
 *   or the server.
 */
import type { Role } from './roles.ts';

/** Roles of platform staff (accounts of no brand). */
export const PLATFORM_ROLES = ['SUPER_ADMIN', 'SALES_ADMIN'] as const satisfies readonly Role[];
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

/** Roles a brand invitation may give. */
export const INVITE_ROLES = ['CLIENT_ADMIN', 'PLACE_ADMIN'] as const satisfies readonly Role[];
export type InviteRole = (typeof INVITE_ROLES)[number];

/** Venue templates (what a new venue starts with: apps/server/src/modules/platform/platform-templates.ts). */
export const PLACE_TEMPLATES = ['restaurant', 'cafe', 'hotel'] as const;

/** Platform administrators and invited brand admins choose passwords of at least this many characters. */
export const PLATFORM_PASSWORD_MIN_LENGTH = 12;
export const PLATFORM_PASSWORD_MAX_LENGTH = 128;

/** An invitation link works once, for 72 hours. */
export const INVITE_TTL_HOURS = 72;

export const PLATFORM_SLUG_MAX_LENGTH = 60;
const PLATFORM_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Names a brand or venue slug may not take: every top-level route of the web app (spec §2 and the consoles),
 * every top-level static or server path, and a few names kept for later or likely to confuse.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // Server paths.
  'api',
  'uploads',
  'assets',
  'demo',
  'docs',
  'health',
  'healthz',
  'ready',
  'metrics',
  'static',
  'public',
  'favicon',
  'robots',
  'sitemap',
  'manifest',
  'boot',
  'icon',
  'icons',
  'images',
  'img',
  'fonts',
  'media',
  'files',
  'well-known',
  'sis',
  'xdev',
  'epay',
  'redsys',
  'simulator',
  // Web app routes.
  '404',
  'join',
  'thankyou',
  'close-browser-app',
  'admin',
  'platform',
  'staff',
  'invite',
  'invites',
  't',
  'login',
  'logout',
  'register',
  'signup',
  'reset-password',
  'password',
  'account',
  'profile',
  'settings',
  'payment',
  'payments',
  'reservations',
  'feedback',
  'search',
  'all',
  'about',
  'gallery',
  'custom-terms',
  'terms',
  'privacy',
  // Kept for later or confusing.
  'www',
  'mail',
  'app',
  'help',
  'support',
  'status',
  'new',
  'null',
  'undefined',
]);

export type SlugProblem = 'invalid' | 'reserved';

/** Why `slug` cannot name a brand or venue, or null when it can. */
export function platformSlugProblem(slug: string): SlugProblem | null {
  if (slug.length === 0 || slug.length > PLATFORM_SLUG_MAX_LENGTH) return 'invalid';
  if (!PLATFORM_SLUG.test(slug) || !/[a-z]/.test(slug)) return 'invalid';
  if (RESERVED_SLUGS.has(slug)) return 'reserved';
  return null;
}

/**
 * Whether a hostname needs no DNS check before it routes pages: names under `.localhost` always resolve to the
 * local machine (RFC 6761; Chromium does so without asking DNS), so nobody outside can claim them.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost');
}

/** The DNS name whose TXT record proves a brand controls `domain`. */
export function domainVerificationRecord(domain: string): string {
  return `_trapeza.${domain}`;
}

/** Whether a password is long enough for a platform administrator or an invited brand admin. */
export function isValidPlatformPassword(password: string | null | undefined): boolean {
  if (typeof password !== 'string' || password.trim() === '') return false;
  const n = [...password].length;
  return n >= PLATFORM_PASSWORD_MIN_LENGTH && n <= PLATFORM_PASSWORD_MAX_LENGTH;
}
