import { describe, expect, test } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, normalizeLanguage, pickTranslation, translateField } from './i18n.ts';

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
