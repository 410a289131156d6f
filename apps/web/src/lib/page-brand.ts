/**
 * The page's brand (white-label client), handed over by the server with the page: it resolves the brand from the
 * page's host (apps/server/src/plugins/web-brand.ts) and inlines it as `<script type="application/json"
 * id="trapeza-brand">`. One build serves every brand; nothing about a brand is fixed at build time. Every API call
 * names it in the `client` header (lib/api-client.ts). The consoles' pages on a host no brand serves have none.
 */
export interface PageBrand {
  slug: string;
  name: string;
  logo: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
}

export const PAGE_BRAND_ID = 'trapeza-brand';

let brand: PageBrand | null | undefined;

/** The brand the page was served for, or null (read once; the server renderer never asks: its data names it). */
export function pageBrand(): PageBrand | null {
  if (brand !== undefined) return brand;
  try {
    const parsed = JSON.parse(
      globalThis.document?.getElementById(PAGE_BRAND_ID)?.textContent as string,
    ) as PageBrand | null;
    brand = parsed && typeof parsed.slug === 'string' ? parsed : null;
  } catch {
    brand = null;
  }
  // The Vite dev server serves index.html itself (no brand in it): the demo brand of a development start.
  if (!brand && import.meta.env.DEV && import.meta.env.MODE !== 'test') {
    brand = { slug: 'demo', name: 'Demo', logo: null, primaryColor: null, secondaryColor: null };
  }
  return brand;
}

/** The page brand's slug, for the `client` header; '' without one. */
export function pageClient(): string {
  return pageBrand()?.slug ?? '';
}

/** For tests: the brand as if the page carried it (undefined: read the page again). */
export function setPageBrandForTests(value: PageBrand | null | undefined): void {
  brand = value;
}
