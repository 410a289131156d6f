import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';

/** Lower case without accents, so 'cafe' finds 'Café' and 'шопска' finds 'Шопска'. */
function normalizeSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();
}

/** Products whose name or description (in the current language or Bulgarian) contains every word of the query. */
export function searchProducts(
  products: readonly StoreProduct[],
  query: string,
  lang: string,
): StoreProduct[] {
  const words = normalizeSearch(query)
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (words.length === 0) return [];
  return products.filter((p) => {
    const hay = normalizeSearch(
      [
        translateField(p, 'name', lang),
        p.name,
        translateField(p, 'description', lang),
        p.description ?? '',
      ].join(' '),
    );
    return words.every((w) => hay.includes(w));
  });
}
