/**
 * The guest's language for answers and mails (spec §1: bg default, en, es, de, fr-CH): the `lang` header first (the
 * web app sends its chosen language), then the best Accept-Language match, else Bulgarian (spec §4).
 */
import { LANGUAGES, normalizeLanguage, type Language } from '@trapeza/domain/i18n';

export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const lang = first(headers['lang'])?.trim();
  if (lang) return matchLanguage(lang) ?? normalizeLanguage(lang);
  const accept = first(headers['accept-language']);
  if (!accept) return normalizeLanguage(undefined);
  const ranked = accept
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.tag && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) {
    const match = matchLanguage(r.tag);
    if (match) return match;
  }
  return normalizeLanguage(undefined);
}

/** 'fr-CH' exactly, any 'fr…' as Swiss French (the only French we have), else the primary subtag. */
function matchLanguage(tag: string): Language | undefined {
  const lower = tag.toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split('-')[0];
  if (primary === 'fr') return 'fr-CH';
  return LANGUAGES.find((l) => l === primary);
}
