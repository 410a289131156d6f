import type { Config } from 'dompurify';

/**
 * What venue HTML keeps (footer, ad, about and legal texts): DOMPurify's HTML profile without <style>, <form> or
 * style attributes. The one configuration of the browser (sanitized-html.tsx) and the server renderer
 * (lib/server-sanitizer.ts), so a server-rendered page and its hydration hold the same HTML.
 */
export const SANITIZE_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form'],
  FORBID_ATTR: ['style'],
} satisfies Config;
