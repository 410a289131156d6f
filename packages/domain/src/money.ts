/** Amounts are integers in minor units (cents, stotinki) everywhere; this module is the only place that turns them into decimals. */
export type Minor = number;

/** Fixed euro conversion rate of the Bulgarian lev (spec §9): 1 EUR = 1.95583 BGN, used both ways. */
export const BGN_PER_EUR = 1.95583;

/** Currencies a venue can price in (spec §9: BGN by default, EUR since Bulgaria's 2026 changeover, CHF for Swiss French). */
export const CURRENCY_CODES = ['BGN', 'EUR', 'CHF'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/**
 * Caps on what one order may cost, in minor units of the venue's currency (designed; issue "Security hardening"
 * #11): a line (unit price with its ingredients × quantity) at most 10 000.00, the order (its subtotal and its total
 * with fees) at most 50 000.00. Far above any table, room or delivery order, far below what the money columns hold
 * (bigint on PostgreSQL; JavaScript integers stay exact to 2^53). Over either, the order is refused with 400
 * `order_amount_too_large` (errors.ts) instead of being stored (SQLite) or overflowing a column (PostgreSQL).
 */
export const MAX_ORDER_LINE_AMOUNT: Minor = 1_000_000;
export const MAX_ORDER_AMOUNT: Minor = 5_000_000;

/** Shown after an amount when the venue sets nothing (spec §9). */
export const DEFAULT_CURRENCY_SUFFIX = 'лв.';

const SUFFIX_BY_CODE: Record<CurrencyCode, string> = { BGN: 'лв.', EUR: '€', CHF: 'CHF' };

/** Rounds a fractional minor-unit value to a whole minor unit, half away from zero. */
export function roundMinor(value: number): Minor {
  // toPrecision strips binary noise such as 100.49999999999999 (from 1.005 * 100) before rounding.
  const clean = Number(Math.abs(value).toPrecision(12));
  const rounded = Math.sign(value) * Math.round(clean);
  return rounded === 0 ? 0 : rounded;
}

/** Decimal major units (e.g. 12.5 from a settings value or a legacy row) to minor units, rounded once. */
export function toMinor(major: number | string): Minor {
  const n = typeof major === 'string' ? Number(major.replace(',', '.')) : major;
  if (!Number.isFinite(n)) return 0;
  return roundMinor(n * 100);
}

/** Minor units to a decimal number of major units (e.g. 1250 → 12.5); only for display and wire formats. */
export function toMajor(minor: Minor): number {
  return minor / 100;
}

/** Percent of an amount in minor units, rounded once (spec §9: 2 decimals). */
export function percentOf(amount: Minor, percent: number): Minor {
  return roundMinor((amount * percent) / 100);
}

/**
 * Converts between BGN and EUR at the fixed rate (spec §9: value / 1.95583 for euro, and back), rounding once.
 * Same-currency conversion is the identity; CHF converts to nothing else.
 */
export function convertMinor(amount: Minor, from: CurrencyCode, to: CurrencyCode): Minor {
  if (from === to) return amount;
  if (from === 'BGN' && to === 'EUR') return roundMinor(amount / BGN_PER_EUR);
  if (from === 'EUR' && to === 'BGN') return roundMinor(amount * BGN_PER_EUR);
  throw new Error(`No fixed rate between ${from} and ${to}`);
}

/** The currency a venue prices in and the suffix it shows, plus the optional second currency. */
export interface VenueCurrency {
  code: CurrencyCode;
  suffix: string;
  /** Set when show_prices_in_two_currency is on and the primary currency is BGN or EUR. */
  secondary: { code: CurrencyCode; suffix: string } | null;
}

/** Maps a venue suffix to its currency; unknown suffixes keep BGN as the code and are shown as written. */
export function currencyCodeFromSuffix(suffix: string): CurrencyCode {
  const s = suffix.trim().toLowerCase();
  if (s === '€' || s === 'eur' || s === 'euro' || s === 'евро') return 'EUR';
  if (s === 'chf' || s === 'fr.' || s === 'sfr') return 'CHF';
  return 'BGN';
}

/**
 * The venue's currency (spec §9): `default_currency_suffix` when set, else 'лв.' (BGN). The guest's language never
 * changes it (issue 24 #7: Swiss French once relabelled euro prices as CHF): CHF only for a venue priced in CHF. With `show_prices_in_two_currency` a BGN venue shows EUR second and a EUR venue shows BGN second.
 */
export function venueCurrency(settings: {
  default_currency_suffix?: string | null;
  show_prices_in_two_currency?: boolean;
  lang?: string;
}): VenueCurrency {
  const rawSuffix = settings.default_currency_suffix?.trim() || DEFAULT_CURRENCY_SUFFIX;
  const code = currencyCodeFromSuffix(rawSuffix);
  let secondary: VenueCurrency['secondary'] = null;
  if (settings.show_prices_in_two_currency && code !== 'CHF') {
    const other: CurrencyCode = code === 'BGN' ? 'EUR' : 'BGN';
    secondary = { code: other, suffix: SUFFIX_BY_CODE[other] };
  }
  return { code, suffix: rawSuffix, secondary };
}

/**
 * The decimal separator of each language of the app, as Intl.NumberFormat writes it for its locale (bg-BG, en-GB,
 * es-ES, de-DE, fr-CH). Written out rather than asked of Intl: the first Intl formatter of a page costs ~50 ms of a
 * phone's main thread (ICU starting up), and the server's and the browser's ICU versions need not agree (fr-CH), which
 * a server-rendered page would show as a hydration mismatch.
 */
const DECIMAL_SEPARATOR: Record<string, string> = { bg: ',', en: '.', es: ',', de: ',', 'fr-CH': ',' };

/**
 * Formats minor units as a 2-decimal number in the language's style followed by the suffix, e.g. '12,50 лв.'
 * (no grouping; another language than the app's five gets a point).
 */
export function formatMoney(amount: Minor, suffix: string, lang = 'bg'): string {
  const minor = roundMinor(amount);
  const abs = Math.abs(minor);
  const cents = abs % 100;
  return `${minor < 0 ? '-' : ''}${(abs - cents) / 100}${DECIMAL_SEPARATOR[lang] ?? '.'}${cents < 10 ? '0' : ''}${cents} ${suffix}`;
}

/** A price as shown: the primary string and, with dual-currency display, the converted second one. */
export interface ShownPrice {
  primary: string;
  secondary: string | null;
  /** The converted amount in the second currency's minor units (rounded once), or null. */
  secondaryAmount: Minor | null;
}

/** Formats a price for display in the venue currency and, when configured, the second currency (spec §9). */
export function formatPrice(amount: Minor, currency: VenueCurrency, lang = 'bg'): ShownPrice {
  const primary = formatMoney(amount, currency.suffix, lang);
  if (!currency.secondary) return { primary, secondary: null, secondaryAmount: null };
  const secondaryAmount = convertMinor(amount, currency.code, currency.secondary.code);
  return {
    primary,
    secondary: formatMoney(secondaryAmount, currency.secondary.suffix, lang),
    secondaryAmount,
  };
}
