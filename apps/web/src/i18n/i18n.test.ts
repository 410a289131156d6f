import { afterAll, describe, expect, test } from 'vitest';
import { translateField } from '@trapeza/domain/i18n';
import bg from './bg.json';
import en from './en.json';
import es from './es.json';
import de from './de.json';
import frCH from './fr-CH.json';
import pagesBg from './pages/bg.json';
import pagesEn from './pages/en.json';
import pagesEs from './pages/es.json';
import pagesDe from './pages/de.json';
import pagesFrCH from './pages/fr-CH.json';
import { changeLanguage, i18next, loadPageTexts } from './i18n.ts';

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
/** Plural forms differ per language (es and fr have `_many`); compare the base keys. */
const base = (list: string[]) =>
  [...new Set(list.map((k) => k.replace(/_(one|few|many|other)$/, '')))].sort();

describe('UI texts in five languages (spec §1)', () => {
  afterAll(async () => {
    await changeLanguage('bg');
  });

  test.each([
    ['en', en],
    ['es', es],
    ['de', de],
    ['fr-CH', frCH],
  ])('%s has every key of bg and no other', (_lang, messages) => {
    expect(base(keys(messages))).toEqual(base(keys(bg)));
  });

  test.each([
    ['en', pagesEn],
    ['es', pagesEs],
    ['de', pagesDe],
    ['fr-CH', pagesFrCH],
  ])('%s later-screen texts have every key of bg and no other', (_lang, messages) => {
    expect(base(keys(messages))).toEqual(base(keys(pagesBg)));
  });

  test('the first-screen and later-screen bundles do not share a section', () => {
    expect(Object.keys(bg).filter((k) => k in pagesBg)).toEqual([]);
  });

  test('a language switch after the later screens loaded brings their texts along', async () => {
    await loadPageTexts();
    await changeLanguage('es');
    expect(i18next.exists('notFound.text', { lng: 'es', fallbackLng: false })).toBe(true);
    await changeLanguage('bg');
  });

  test('Bulgarian is the default; the 404 text is translated', async () => {
    expect(i18next.t('notFound.text')).toBe('Търсената страница не беше намерена!');
    await changeLanguage('en');
    expect(i18next.t('notFound.text')).toBe('Requested page was not found!');
    expect(document.cookie).toContain('language=en');
  });

  test('a key missing in the chosen language falls back to Bulgarian', async () => {
    await changeLanguage('de');
    i18next.addResource('bg', 'translation', 'onlyInBulgarian', 'Само на български');
    expect(i18next.t('onlyInBulgarian')).toBe('Само на български');
  });

  test('content: translations[lang] with fallback to the Bulgarian base fields', () => {
    const product = {
      name: 'Шопска салата',
      translations: { en: { name: 'Shopska salad' }, de: { name: '' } },
    };
    expect(translateField(product, 'name', 'en')).toBe('Shopska salad');
    expect(translateField(product, 'name', 'de')).toBe('Шопска салата');
    expect(translateField(product, 'name', 'es')).toBe('Шопска салата');
  });
});
