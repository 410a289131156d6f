/**
 * URL slugs for categories and products (spec §2 `/{place}/{catSlug}/{prodSlug}`): lowercase ASCII words joined by
 * '-'. Bulgarian is transliterated with the official Bulgarian system (Закон за транслитерацията, 2009), so
 * 'Шопска салата' becomes 'shopska-salata'; other Latin letters lose their accents.
 */

const BG: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sht',
  ъ: 'a',
  ь: 'y',
  ю: 'yu',
  я: 'ya',
};

/** A valid slug: 1–100 of a-z, 0-9 and single dashes, not starting or ending with a dash. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 100;

/** The slug of a name; '' when nothing usable remains (the caller then picks a fallback). */
export function slugify(name: string): string {
  const transliterated = [...name.toLowerCase()].map((ch) => BG[ch] ?? ch).join('');
  return transliterated
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, '');
}

/** The first of `base`, `base-2`, `base-3`… not in `taken`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
