import { describe, expect, test } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  normalizeLanguage,
  parseTranslationsType,
  pickTranslation,
  translateField,
  withTranslationsType,
} from './i18n.ts';

describe('languages (spec §1, §9)', () => {
  test('five languages, Bulgarian default', () => {
    expect(LANGUAGES).toEqual(['bg', 'en', 'es', 'de', 'fr-CH']);
    expect(DEFAULT_LANGUAGE).toBe('bg');
  });
  test.each([
    ['en', 'en'],
    ['fr-CH', 'fr-CH'],
    ['fr', 'bg'],
    [null, 'bg'],
  ])('normalizeLanguage(%j) = %s', (v, lang) => {
    expect(normalizeLanguage(v)).toBe(lang);
  });
});

describe('translation fallback (spec §4: falls back to Bulgarian)', () => {
  const t = { bg: { name: 'Салата' }, en: { name: 'Salad' }, de: null };
  test.each([
    ['en', { name: 'Salad' }],
    ['de', { name: 'Салата' }],
    ['es', { name: 'Салата' }],
    ['bg', { name: 'Салата' }],
  ])('pickTranslation(%s)', (lang, expected) => {
    expect(pickTranslation(t, lang)).toEqual(expected);
  });
  test('no translations at all', () => {
    expect(pickTranslation(null, 'en')).toBeUndefined();
    expect(pickTranslation({ en: 'x' }, 'de')).toBeUndefined();
  });
  test.each([
    ['en', 'Salad'],
    ['es', 'Салата bg'],
    ['de', 'Салата bg'],
  ])('translateField name in %s = %s', (lang, expected) => {
    const entity = {
      name: 'own',
      translations: { bg: { name: 'Салата bg' }, en: { name: 'Salad' }, de: { name: '' } },
    };
    expect(translateField(entity, 'name', lang)).toBe(expected);
  });
  test('falls back to the entity field', () => {
    expect(translateField({ name: 'own', translations: {} }, 'name', 'en')).toBe('own');
    expect(translateField({ name: null }, 'name', 'en')).toBe('');
  });
});

describe('translations_type (spec §3): json per language, or none', () => {
  test.each([
    [undefined, 'json'],
    ['json', 'json'],
    [' NONE ', 'none'],
    ['none', 'none'],
    ['columns', 'json'],
    [1, 'json'],
  ])('parseTranslationsType(%j) = %s', (v, expected) => {
    expect(parseTranslationsType(v)).toBe(expected);
  });

  const answer = [
    {
      name: 'Салата',
      translations: { en: { name: 'Salad' } },
      product_variants: [{ size: '300 г', translations: { en: { size: '300 g' } } }],
      allergens: [{ name: 'Глутен', translations: { en: { name: 'Gluten' } } }],
      children: [{ name: 'Супи', translations: { de: { name: 'Suppen' } }, children: [] }],
      price: 590,
      image: null,
    },
  ];

  test('json leaves every translation (the same object)', () => {
    expect(withTranslationsType(answer, 'json')).toBe(answer);
  });

  test('none empties the translations at every depth, keeps the rest, changes no input', () => {
    const shown = withTranslationsType(answer, 'none');
    expect(shown).toEqual([
      {
        name: 'Салата',
        translations: {},
        product_variants: [{ size: '300 г', translations: {} }],
        allergens: [{ name: 'Глутен', translations: {} }],
        children: [{ name: 'Супи', translations: {}, children: [] }],
        price: 590,
        image: null,
      },
    ]);
    expect(translateField(shown[0]!, 'name', 'en')).toBe('Салата');
    expect(answer[0]!.translations.en.name).toBe('Salad');
  });
});
