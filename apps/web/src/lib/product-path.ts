/**
 * Product URLs (spec §2): a product opens at the current path plus the product slug; with a known category slug,
 * at the place path plus category slug plus product slug; a search (or all-in-one) path is first stripped of its
 * last part; on a product page the last segment is replaced by the new slug.
 */
export function productPath(
  currentPath: string,
  placeSlug: string,
  productSlug: string,
  catSlug?: string | null,
): string {
  const segments = currentPath.split('/').filter((s) => s !== '');
  // Segments after the place: [], [cat], [cat, prod], ['search'], ['all'], …
  const rest = segments[0] === placeSlug ? segments.slice(1) : segments;
  const base = `/${encodeURIComponent(placeSlug)}`;
  const slug = encodeURIComponent(productSlug);
  const named = new Set(['search', 'all', 'about', 'gallery']);
  if (rest.length === 0 || (rest.length === 1 && named.has(rest[0] ?? ''))) {
    return catSlug ? `${base}/${encodeURIComponent(catSlug)}/${slug}` : `${base}/${slug}`;
  }
  if (rest.length === 1) return `${base}/${rest[0]}/${slug}`;
  // A product page (or deeper): replace the last segment.
  return `${base}/${rest.slice(0, -1).join('/')}/${slug}`;
}
