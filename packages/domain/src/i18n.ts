/** Language list and translation fallback (spec §1, §4, §9). Messages themselves live in the web app's i18n. */

export const LANGUAGES = ['bg', 'en', 'es', 'de', 'fr-CH'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'bg';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A supported language for any input, else Bulgarian. */
export function normalizeLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * How a venue translates its menu (setting translations_type, spec §3; designed values, README "Settings"):
 * `json` (default) — each item keeps a translation per language (JSON on the item), missing ones fall back to
 * Bulgarian, then to the item's own text (spec §4); `none` — the venue writes its menu in one language: every guest
 * language shows the items' own texts and stored translations are not used (only the interface is translated).
 */
export const TRANSLATIONS_TYPES = ['json', 'none'] as const;
export type TranslationsType = (typeof TRANSLATIONS_TYPES)[number];

/** A translations_type value as stored (any case, padded); anything else is the default `json`. */
export function parseTranslationsType(value: unknown): TranslationsType {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return v === 'none' ? 'none' : 'json';
}

/**
 * A menu answer as the venue's translations_type shows it: unchanged for `json`; for `none` every `translations`
 * field, at any depth (products, their variants, allergens, ingredients; categories and their children), is
 * emptied, so any client shows the items' own texts. Returns a copy; the input is not changed.
 */
export function withTranslationsType<T>(value: T, type: TranslationsType): T {
  if (type === 'json') return value;
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v === null || typeof v !== 'object' || v instanceof Date) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = k === 'translations' ? {} : strip(x);
    return out;
  };
  return strip(value) as T;
}

/** Translations keyed by language, as stored on products, variants and categories. */
export type Translations<T> = Partial<Record<string, T | null | undefined>> | null | undefined;

/** The translation for `lang`, else the Bulgarian one (spec §4: fall back to Bulgarian), else undefined. */
export function pickTranslation<T>(translations: Translations<T>, lang: string): T | undefined {
  if (!translations) return undefined;
  return translations[lang] ?? translations[DEFAULT_LANGUAGE] ?? undefined;
}

/**
 * One translated text field of an entity: the `lang` translation's field when non-empty, else the Bulgarian
 * translation's, else the entity's own field.
 */
export function translateField<K extends string>(
  entity: { [key in K]?: string | null } & { translations?: Translations<Partial<Record<K, string | null>>> },
  field: K,
  lang: string,
): string {
  const t = entity.translations;
  const own = t?.[lang]?.[field];
  if (own) return own;
  const bg = t?.[DEFAULT_LANGUAGE]?.[field];
  if (bg) return bg;
  return entity[field] ?? '';
}
