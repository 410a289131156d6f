/**
 * The venue's purchase-tracking tag (setting `analytics_tag_id`, spec §7 "purchase tracking events go to an ad
 * analytics service"): its shape, and the hosts its script talks to. The browser loads the tag (features/cart
 * analytics.ts); the server lets exactly these hosts through the content security policy of that venue's pages.
 */

const TAG_SHAPE = /^[A-Z]{1,4}-[A-Z0-9-]{4,32}$/i;

/** The tag id when `value` is one (e.g. G-XXXX, AW-XXXX), else null. */
export function analyticsTag(value: unknown): string | null {
  const tag = typeof value === 'string' ? value.trim() : '';
  return TAG_SHAPE.test(tag) ? tag : null;
}

/** Where gtag.js comes from. */
export const TAG_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

/**
 * The hosts a tag's script loads from and sends to (Google's published CSP guidance for gtag.js): Analytics tags
 * (G-, GT-) collect on google-analytics.com; Ads tags (AW-, DC-) load and report through googleadservices.com,
 * doubleclick.net and google.com.
 */
export function analyticsTagHosts(tag: string): { script: string[]; connect: string[] } {
  const ads = /^(?:AW|DC)-/i.test(tag);
  return ads
    ? {
        script: [
          TAG_SCRIPT_ORIGIN,
          'https://www.googleadservices.com',
          'https://googleads.g.doubleclick.net',
          'https://www.google.com',
        ],
        connect: [TAG_SCRIPT_ORIGIN, 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
      }
    : {
        script: [TAG_SCRIPT_ORIGIN],
        connect: [TAG_SCRIPT_ORIGIN, 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
      };
}
