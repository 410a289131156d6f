import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  BGN_PER_EUR,
  convertMinor,
  currencyCodeFromSuffix,
  formatMoney,
  formatPrice,
  percentOf,
  roundMinor,
  toMajor,
  toMinor,
  venueCurrency,
} from './money.ts';

describe('money (spec §9: rounding to 2 decimals)', () => {
  test.each([
    [1.5, 2],
    [-1.5, -2],
    [2.4999, 2],
    [0, 0],
    [0.5, 1],
    [-0.4, 0],
    [100.49999999999999, 101], // binary noise of 1.005 * 100 counts as the half it stands for
    [100.4999, 100],
    [1234.5, 1235],
  ])('roundMinor(%d) = %d', (input, expected) => {
    expect(roundMinor(input)).toBe(expected);
  });

  test.each([
    [12.5, 1250],
    [1.005, 101],
    [0.1 + 0.2, 30],
    ['7,90', 790],
    ['3.33', 333],
    [0, 0],
    ['abc', 0],
    [19.999, 2000],
  ] as const)('§9 toMinor(%s) = %d', (input, expected) => {
    expect(toMinor(input)).toBe(expected);
  });

  test.each([
    [1250, 12.5],
    [1, 0.01],
    [0, 0],
  ])('toMajor(%d) = %d', (input, expected) => {
    expect(toMajor(input)).toBe(expected);
  });

  test.each([
    [1000, 10, 100],
    [999, 10, 100],
    [994, 10, 99],
    [1, 50, 1],
    [3, 33.333, 1],
    [0, 20, 0],
  ])('§9 percentOf(%d, %d%%) = %d', (amount, pct, expected) => {
    expect(percentOf(amount, pct)).toBe(expected);
  });
});

describe('money (spec §9: BGN ↔ EUR at the fixed 1.95583)', () => {
  test('the rate is exactly 1.95583', () => {
    expect(BGN_PER_EUR).toBe(1.95583);
  });

  test.each([
    [195583, 'BGN', 'EUR', 100000],
    [1000, 'BGN', 'EUR', 511],
    [100, 'BGN', 'EUR', 51],
    [1, 'BGN', 'EUR', 1],
    [100000, 'EUR', 'BGN', 195583],
    [1000, 'EUR', 'BGN', 1956],
    [511, 'EUR', 'BGN', 999],
    [1, 'EUR', 'BGN', 2],
    [1234, 'EUR', 'EUR', 1234],
    [1234, 'CHF', 'CHF', 1234],
  ] as const)('§9 convertMinor(%d, %s → %s) = %d', (amount, from, to, expected) => {
    expect(convertMinor(amount, from, to)).toBe(expected);
  });

  test('CHF has no fixed rate', () => {
    expect(() => convertMinor(100, 'CHF', 'EUR')).toThrow();
  });

  test('§9 round trip BGN → EUR → BGN stays within 1 stotinka', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (bgn) => {
        const back = convertMinor(convertMinor(bgn, 'BGN', 'EUR'), 'EUR', 'BGN');
        expect(Math.abs(back - bgn)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('money (spec §9: currency per venue)', () => {
  test.each([
    [{}, 'BGN', 'лв.', null],
    [{ default_currency_suffix: '' }, 'BGN', 'лв.', null],
    [{ default_currency_suffix: '€' }, 'EUR', '€', null],
    [{ default_currency_suffix: 'EUR' }, 'EUR', 'EUR', null],
    [{ default_currency_suffix: 'лв.' }, 'BGN', 'лв.', null],
    [{ default_currency_suffix: 'CHF' }, 'CHF', 'CHF', null],
    // The language never relabels the venue's currency (issue 24 #7).
    [{ lang: 'fr-CH' }, 'BGN', 'лв.', null],
    [{ lang: 'fr-CH', default_currency_suffix: '€' }, 'EUR', '€', null],
    [{ lang: 'fr-CH', default_currency_suffix: '€', show_prices_in_two_currency: true }, 'EUR', '€', 'BGN'],
    [{ lang: 'fr-CH', default_currency_suffix: 'CHF' }, 'CHF', 'CHF', null],
    [{ show_prices_in_two_currency: true }, 'BGN', 'лв.', 'EUR'],
    [{ default_currency_suffix: '€', show_prices_in_two_currency: true }, 'EUR', '€', 'BGN'],
    [{ default_currency_suffix: 'CHF', show_prices_in_two_currency: true }, 'CHF', 'CHF', null],
    [{ lang: 'en', show_prices_in_two_currency: false }, 'BGN', 'лв.', null],
  ] as const)('§9 venueCurrency(%j) → %s %s, second %s', (settings, code, suffix, second) => {
    const c = venueCurrency(settings);
    expect(c.code).toBe(code);
    expect(c.suffix).toBe(suffix);
    expect(c.secondary?.code ?? null).toBe(second);
  });

  test.each([
    ['€', 'EUR'],
    [' евро ', 'EUR'],
    ['chf', 'CHF'],
    ['лв', 'BGN'],
    ['$', 'BGN'],
  ] as const)('currencyCodeFromSuffix(%s) = %s', (s, code) => {
    expect(currencyCodeFromSuffix(s)).toBe(code);
  });
});

describe('money (spec §9: formatting as Intl.NumberFormat does for the five languages, dual currency)', () => {
  test.each([
    [1250, 'лв.', 'bg', '12,50 лв.'],
    [5, 'лв.', 'bg', '0,05 лв.'],
    [0, '€', 'bg', '0,00 €'],
    [1250, '€', 'en', '12.50 €'],
    [123456, 'лв.', 'bg', '1234,56 лв.'],
    [1250, '€', 'de', '12,50 €'],
    [1250, '€', 'es', '12,50 €'],
    [-350, 'лв.', 'bg', '-3,50 лв.'],
  ] as const)('formatMoney(%d, %s, %s) = %s', (amount, suffix, lang, expected) => {
    expect(formatMoney(amount, suffix, lang).replace(/\u2212/g, '-')).toBe(expected);
  });

  test('writes whole minor units as Intl.NumberFormat does for bg, en, es and de', () => {
    const locales = { bg: 'bg-BG', en: 'en-GB', es: 'es-ES', de: 'de-DE' };
    for (const [lang, locale] of Object.entries(locales)) {
      const nf = new Intl.NumberFormat(locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: false,
      });
      for (const amount of [0, 1, 5, 9, 10, 99, 100, 105, 1250, 123456, 99999999, -1, -100, -350]) {
        const intl = nf.format(amount / 100).replace(/\u2212/g, '-');
        expect(formatMoney(amount, 'X', lang), `${lang} ${amount}`).toBe(`${intl} X`);
      }
    }
  });

  test('fr-CH formats with the Swiss French locale and two decimals', () => {
    expect(formatMoney(1250, 'CHF', 'fr-CH')).toMatch(/^12[.,]50 CHF$/);
  });

  test.each([
    [1000, { show_prices_in_two_currency: true }, '10,00 лв.', '5,11 €', 511],
    [1000, { default_currency_suffix: '€', show_prices_in_two_currency: true }, '10,00 €', '19,56 лв.', 1956],
    [1000, { default_currency_suffix: '€' }, '10,00 €', null, null],
    [250, {}, '2,50 лв.', null, null],
  ] as const)('§9 formatPrice(%d, %j): %s / %s', (amount, settings, primary, secondary, secondaryAmount) => {
    const shown = formatPrice(amount, venueCurrency(settings), 'bg');
    expect(shown.primary).toBe(primary);
    expect(shown.secondary).toBe(secondary);
    expect(shown.secondaryAmount).toBe(secondaryAmount);
  });
});
