/** Every setting of the catalogue has a label and a help text in all five admin languages (issue 24). */
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '@trapeza/domain/i18n';
import { SETTINGS_CATALOGUE } from '@trapeza/domain/settings-catalogue';
import bg from '../i18n/bg.json';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import frCH from '../i18n/fr-CH.json';
import { settingOptionKey, settingOptionLabel, settingTexts } from './setting-texts.ts';

type Texts = Record<string, { label?: string; help?: string } | undefined>;
const BUNDLES: Record<string, { settingTexts?: Texts }> = { bg, en, es, de, 'fr-CH': frCH };

/** A dotted key's text in a bundle, or undefined. */
function lookup(bundle: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
}

describe('setting labels and help (issue 24)', () => {
  test('the five admin languages are checked', () => {
    expect(Object.keys(BUNDLES).sort()).toEqual([...LANGUAGES].sort());
    expect(SETTINGS_CATALOGUE.length).toBeGreaterThan(50);
  });

  test.each(Object.keys(BUNDLES))('every catalogue key has a label and a help text in %s', (lang) => {
    const texts = BUNDLES[lang]!.settingTexts ?? {};
    const missing = SETTINGS_CATALOGUE.filter(
      (def) => !texts[def.key]?.label?.trim() || !texts[def.key]?.help?.trim(),
    ).map((def) => def.key);
    expect(missing).toEqual([]);
    // No label is the raw key (a snake_case name) and none is left in English outside English.
    const raw = SETTINGS_CATALOGUE.filter((def) => texts[def.key]?.label === def.key).map((def) => def.key);
    expect(raw).toEqual([]);
    if (lang !== 'en') {
      const english = (BUNDLES.en!.settingTexts ?? {}) as Texts;
      const untranslated = SETTINGS_CATALOGUE.filter(
        (def) => texts[def.key]?.help === english[def.key]?.help,
      ).map((def) => def.key);
      expect(untranslated).toEqual([]);
    }
  });

  test('the screen reads them by key, the description only for a key the texts do not know', () => {
    const t = (key: string, o: { defaultValue: string }) =>
      key === 'settingTexts.theme.label'
        ? 'Тема'
        : key === 'settingTexts.theme.help'
          ? 'Тема на дизайна'
          : o.defaultValue;
    expect(settingTexts(t, { key: 'theme', description: 'Design theme' })).toEqual({
      label: 'Тема',
      help: 'Тема на дизайна',
    });
    expect(settingTexts(t, { key: 'legacy_x', description: 'Old' })).toEqual({
      label: 'legacy_x',
      help: 'Old',
    });
  });

  test.each(Object.keys(BUNDLES))('every select and list option has a label in %s', (lang) => {
    const options = SETTINGS_CATALOGUE.flatMap((def) =>
      (def.options ?? []).map((o) => ({ def, o, key: settingOptionKey(def, o.value) })),
    );
    expect(options.length).toBeGreaterThan(30);
    const missing = options
      .filter(({ key }) => {
        const text = lookup(BUNDLES[lang], key);
        return typeof text !== 'string' || !text.trim();
      })
      .map(({ key }) => key);
    expect(missing).toEqual([]);
    if (lang !== 'en') {
      // The options' own texts (settingOptions) are worded in each language, not copied from English.
      const untranslated = options
        .filter(
          ({ key }) => key.startsWith('settingOptions.') && lookup(BUNDLES[lang], key) === lookup(en, key),
        )
        .map(({ key }) => key);
      expect(untranslated).toEqual([]);
    }
  });

  test('an option is read by its key, the catalogue label only for one the texts do not know', () => {
    const t = (key: string, o: { defaultValue: string }) => {
      const text = lookup(bg, key);
      return typeof text === 'string' ? text : o.defaultValue;
    };
    expect(
      settingOptionLabel(t, { key: 'hide_add_to_cart_btn', type: 'enum' }, { value: '1', label: 'Always' }),
    ).toBe('Винаги');
    expect(
      settingOptionLabel(t, { key: 'default_lang', type: 'language' }, { value: 'de', label: 'de' }),
    ).toBe('Немски');
    expect(
      settingOptionLabel(t, { key: 'payment_types', type: 'list' }, { value: 'cash', label: 'cash' }),
    ).toBe('В брой');
    expect(settingOptionLabel(t, { key: 'legacy_x', type: 'enum' }, { value: 'a', label: 'A' })).toBe('A');
  });
});
