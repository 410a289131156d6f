import { describe, expect, test } from 'vitest';
import {
  SETTINGS_CATALOGUE,
  checkSettingTranslations,
  checkSettingValue,
  maskSecret,
  settingDefinition,
} from './settings-catalogue.ts';
import { SETTINGS_DEFAULTS } from './settings.ts';
import { slugify, uniqueSlug } from './slug.ts';

const def = (key: string) => {
  const d = settingDefinition(key);
  if (!d) throw new Error(`no ${key}`);
  return d;
};

describe('settings catalogue (spec §3 settings, §9 defaults)', () => {
  test('keys are unique and every default passes its own check', () => {
    expect(new Set(SETTINGS_CATALOGUE.map((d) => d.key)).size).toBe(SETTINGS_CATALOGUE.length);
    for (const d of SETTINGS_CATALOGUE) {
      if (
        d.default === '' &&
        ['enum', 'language', 'time_zone', 'integer', 'number', 'money'].includes(d.type)
      )
        throw new Error(`${d.key} needs a default`);
      if (d.default !== '') expect(checkSettingValue(d, d.default), d.key).toMatchObject({ ok: true });
    }
  });

  test('spec §9 defaults agree with the parser defaults', () => {
    expect(def('booking_interval').default).toBe(String(SETTINGS_DEFAULTS.booking_interval));
    expect(def('order_expire_time_hours').default).toBe(String(SETTINGS_DEFAULTS.order_expire_time_hours));
    expect(def('theme').default).toBe(String(SETTINGS_DEFAULTS.theme));
    expect(def('orders_allowed').default).toBe('1');
    expect(def('disable_overtime_orders').default).toBe('1');
    expect(def('default_lang').default).toBe('bg');
    expect(def('minimal_order_price').default).toBe('0');
  });

  test.each([
    ['orders_allowed', true, '1'],
    ['orders_allowed', 0, '0'],
    ['orders_allowed', 'yes', null],
    ['booking_interval', '30', '30'],
    ['booking_interval', 2, null],
    ['booking_interval', '7.5', null],
    ['minimal_order_price', '12,50', '12.50'],
    ['minimal_order_price', '12.505', null],
    ['subcategories_design', 3, '3'],
    ['subcategories_design', 4, null],
    ['primary_color', '#AABBCC', '#aabbcc'],
    ['primary_color', 'red', null],
    ['facebook', 'https://facebook.com/x', 'https://facebook.com/x'],
    ['facebook', 'javascript:alert(1)', null],
    ['notification_email', 'a@b.bg', 'a@b.bg'],
    ['notification_email', 'nope', null],
    ['validate_phone_number_regex', '^\\+359\\d{9}$', '^\\+359\\d{9}$'],
    ['validate_phone_number_regex', '([', null],
    ['time_zone', 'Europe/Madrid', 'Europe/Madrid'],
    ['time_zone', 'Mars/Base', null],
    ['payment_types', 'cash, card,cash', 'cash,card'],
    ['payment_types', 'cash,bitcoin', null],
  ])('%s = %j → %j', (key, input, stored) => {
    const r = checkSettingValue(def(key), input);
    if (stored === null) expect(r.ok).toBe(false);
    else expect(r).toEqual({ ok: true, value: stored });
  });

  test('working hours: per weekday, "-" closed, up to two ranges (spec §5)', () => {
    const wh = def('working_hours');
    expect(checkSettingValue(wh, { 1: '-', 2: ['08:00-12:00', '13:00-22:00'], 3: '10:00 - 18:00' })).toEqual({
      ok: true,
      value: '{"1":"-","2":"08:00-12:00,13:00-22:00","3":"10:00-18:00"}',
    });
    expect(checkSettingValue(wh, { 8: '-' }).ok).toBe(false);
    expect(checkSettingValue(wh, { 1: '08:00-09:00,10:00-11:00,12:00-13:00' }).ok).toBe(false);
    expect(checkSettingValue(wh, { 1: '25:00-26:00' }).ok).toBe(false);
    expect(checkSettingValue(wh, '')).toEqual({ ok: true, value: '' });
  });

  test('translations companion and secrets', () => {
    expect(checkSettingTranslations({ en: 'Hi', de: '' })).toEqual({ ok: true, value: '{"en":"Hi"}' });
    expect(checkSettingTranslations({ bg: 'x' }).ok).toBe(false);
    expect(maskSecret('abcdefghijkl1234')).toBe('••••1234');
    expect(maskSecret('short')).toBe('••••');
  });
});

describe('slugs', () => {
  test.each([
    ['Шопска салата', 'shopska-salata'],
    ['Щрудел с ябълки', 'shtrudel-s-yabalki'],
    ['Crème brûlée!', 'creme-brulee'],
    ['  --  ', ''],
  ])('%s → %s', (name, slug) => expect(slugify(name)).toBe(slug));
  test('unique', () => expect(uniqueSlug('a', new Set(['a', 'a-2']))).toBe('a-3'));
});
