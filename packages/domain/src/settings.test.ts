import { describe, expect, test } from 'vitest';
import { cutleryOptionOn, parseFlag, parseNumber, parseSettings, SETTINGS_DEFAULTS } from './settings.ts';

describe('settings (spec §9 defaults)', () => {
  test.each([
    ['default_lang', 'bg'],
    ['booking_interval', 15],
    ['order_expire_time_hours', 3],
    ['minimal_order_price', 0],
    ['orders_allowed', true],
    ['disable_overtime_orders', true],
    ['theme', 3],
    ['default_currency_suffix', 'лв.'],
    ['working_hours', null],
    ['time_zone', 'Europe/Sofia'],
  ] as const)('§9 default %s = %j', (key, value) => {
    expect(SETTINGS_DEFAULTS[key]).toEqual(value);
    expect(parseSettings({})[key]).toEqual(value);
  });
});

describe('settings (spec §3: flags are 0/1 as numbers or strings)', () => {
  test.each([
    [1, false, true],
    ['1', false, true],
    [0, true, false],
    ['0', true, false],
    [true, false, true],
    ['true', false, true],
    ['', true, false],
    [{ value: '1' }, false, true],
    [{ value: 0 }, true, false],
    [undefined, true, true],
    [null, false, false],
    ['maybe', true, true],
  ])('parseFlag(%j, default %s) = %s', (v, fallback, expected) => {
    expect(parseFlag(v, fallback)).toBe(expected);
  });

  test.each([
    ['15', 0, 15],
    [30, 0, 30],
    ['2,5', 0, 2.5],
    ['', 7, 7],
    ['x', 7, 7],
    [{ value: '4' }, 0, 4],
  ])('parseNumber(%j) = %d', (v, fallback, expected) => {
    expect(parseNumber(v, fallback)).toBe(expected);
  });
});

describe('settings parser', () => {
  test('reads the API shape key → {value} and converts money to minor units', () => {
    const s = parseSettings({
      default_lang: { value: 'en' },
      orders_allowed: { value: '0' },
      disable_overtime_orders: { value: 0 },
      minimal_order_price: { value: '20.50' },
      cutlery_price: '0.30',
      online_payment_tax_percent: '2.5',
      online_payment_tax_fixed: '0.25',
      validate_phone_number_regex: { value: '^\\+359' },
      working_hours: { value: '{"1":"08:00-22:00"}' },
      show_prices_in_two_currency: '1',
      room_additional_order_types: 'breakfast, lunch ,,dinner',
      booking_interval: '30',
    });
    expect(s).toMatchObject({
      default_lang: 'en',
      orders_allowed: false,
      disable_overtime_orders: false,
      minimal_order_price: 2050,
      cutlery_price: 30,
      online_payment_tax_percent: 2.5,
      online_payment_tax_fixed: 25,
      validate_phone_number_regex: '^\\+359',
      show_prices_in_two_currency: true,
      room_additional_order_types: ['breakfast', 'lunch', 'dinner'],
      booking_interval: 30,
    });
    expect(s.working_hours?.[1]).toEqual([{ from: 480, to: 1320 }]);
    expect(s.working_hours?.[2]).toEqual([]);
  });

  test('an unknown language falls back to Bulgarian', () => {
    expect(parseSettings({ default_lang: 'xx' }).default_lang).toBe('bg');
    expect(parseSettings({ default_language: 'fr-CH' }).default_lang).toBe('fr-CH');
  });

  test.each([
    [{}, 'bg'],
    [{ default_lang: 'en' }, 'en'],
    [{ default_lang: 'en', first_init_lang: 'de' }, 'de'],
    [{ default_lang: { value: 'es' }, first_init_lang: { value: 'fr-CH' } }, 'fr-CH'],
    [{ default_lang: 'es', first_init_lang: 'xx' }, 'es'],
  ])('first_init_lang of %j → %s (falls back to default_lang)', (raw, expected) => {
    expect(parseSettings(raw).first_init_lang).toBe(expected);
  });

  test.each([
    [{}, 'json'],
    [{ translations_type: 'json' }, 'json'],
    [{ translations_type: { value: 'none' } }, 'none'],
    [{ translations_type: 'xx' }, 'json'],
  ])('translations_type of %j → %s', (raw, expected) => {
    expect(parseSettings(raw).translations_type).toBe(expected);
  });

  test.each([
    [2, 'cutlery_option_delivery', true],
    [3, 'cutlery_option_preorder', true],
    [6, 'cutlery_option_room', true],
    [7, 'cutlery_option_served_on_spot', true],
    [1, 'cutlery_option_delivery', false],
    [2, 'cutlery_option_room', false],
  ] as const)('cutlery option for type %d with %s on → %s', (type, key, expected) => {
    const s = parseSettings({ [key]: 1 });
    expect(cutleryOptionOn(s, type)).toBe(expected);
  });
});
