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
