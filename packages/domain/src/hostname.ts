/**
 * Hostnames (the white-label domain a client's menus are served on), without zod so the web app can check them too.
 * RFC 1123: dot-separated labels of letters, digits and inner hyphens, 1–63 characters each, at least two labels,
 * at most 253 characters, a top-level label that is not all digits (so no IPv4 address); no scheme, port, path or
 * trailing dot. Case-insensitive: the API stores it in lower case.
 */
export const HOSTNAME_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?=[a-z0-9-]*[a-z])[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Whether `value` (trimmed) is a hostname. */
export function isValidHostname(value: string | null | undefined): boolean {
  return typeof value === 'string' && HOSTNAME_PATTERN.test(value.trim());
}

/** The stored form: trimmed, lower case. */
export function normalizeHostname(value: string): string {
  return value.trim().toLowerCase();
}
