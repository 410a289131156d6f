/**
 * Build-time configuration of the web app. Nothing about a brand: the brand comes with the page (lib/page-brand.ts),
 * so one build serves every brand; places are chosen by URL (/{place}).
 */
export const config = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api',
  /** The app's own name, used in `/{place}/about-{product}` and for local-storage keys (spec §3 `{product}_…`). */
  productName: (import.meta.env.VITE_PRODUCT_NAME as string | undefined) ?? 'trapeza',
} as const;
