/**
 * Build-time configuration of the web app. The white-label client (brand) comes from VITE_CLIENT_SLUG,
 * `demo` by default; places are chosen by URL (/{place}).
 */
export const config = {
  clientSlug: (import.meta.env.VITE_CLIENT_SLUG as string | undefined) ?? 'demo',
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api',
  /** The app's own name, used in `/{place}/about-{product}` and for local-storage keys (spec §3 `{product}_…`). */
  productName: (import.meta.env.VITE_PRODUCT_NAME as string | undefined) ?? 'trapeza',
} as const;
