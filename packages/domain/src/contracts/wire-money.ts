/**
 * THE unit rule of the guest API (spec §7 calls and the guest calls designed beside them), issue 25 #1.
 *
 * - On the wire, every amount is a decimal number of the venue's currency with at most 2 decimals: a 5.90 € salad is
 *   `"price": 5.9`, an order total of 26.60 € is `"totalPrice": 26.6` (spec §9 "price rounding: 2 decimals", like the
 *   settings' `minimal_order_price` "15").
 * - Inside (database, domain, server services, the browser's stores) money stays integer minor units.
 * - The conversion happens once, at the contract boundary: the zod contracts declare every money field with the
 *   `money` codec of ./money.ts, whose decode and encode are the two functions below; the server's validator decodes
 *   payloads and its serializer encodes answers with it. The browser's fetch layer (apps/web api-client) runs the
 *   same two functions over the same fields ({@link decodeWireMoney} / {@link encodeWireMoney}: a walker over the
 *   money keys, which ./money.test.ts checks against the codec fields of every guest contract) — zod itself stays
 *   out of the guest bundle, and this module is loaded on demand (the guest's initial JS budget).
 * - Staff, admin, platform and print-agent calls (not in the spec) keep integer minor units everywhere
 *   (isMinorUnitsApiPath below); the OpenAPI document says so.
 *
 * Input rule (payloads): a number or a numeric string ('5.9', ' 5.90 '; the spec's forms send strings) in the
 * venue's currency, rounded half-up (away from zero) to 2 places: 5.905 → 5.91 (591 minor units), 5.904 → 5.90.
 * Anything else (garbage, '', '5,90', NaN, Infinity, beyond ±1 000 000 000.00) is refused with 400
 * `validation_error`. The old integer form (minor units) is NOT guessed: 590 is read as 590.00, never divided by
 * 100; the amounts a guest sends are bounded by the server (the accumulated amount used is limited to the user's
 * balance and the order's total, a split-bill share above what is left is refused, the displayed prices of a cart
 * line are ignored and re-priced), so an old client cannot be charged 100 × silently.
 */
import { roundMinor, type Minor } from '../money.ts';

/** A numeric string as a spec form sends it: optional sign, digits, optional '.' decimals; spaces around allowed. */
const NUMERIC = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** The largest amount the wire takes (major units): far above any order cap, well inside roundMinor's exact range. */
export const MAX_WIRE_MONEY = 1_000_000_000;

/** Minor units from a wire amount (decimal major units, number or numeric string), half-up to 2 places; null if not an amount. */
export function parseWireMoney(input: unknown): Minor | null {
  let n: number;
  if (typeof input === 'number') n = input;
  else if (typeof input === 'string' && NUMERIC.test(input)) n = Number(input);
  else return null;
  if (!Number.isFinite(n) || Math.abs(n) > MAX_WIRE_MONEY) return null;
  return roundMinor(n * 100);
}

/** The wire amount of integer minor units: 590 → 5.9, 2660 → 26.6, 1 → 0.01 (JSON prints at most 2 decimals). */
export function moneyToWire(minor: Minor): number {
  return minor / 100;
}

/**
 * Keys whose number is an amount on the guest API (request payloads, answers, error answers). Every guest contract
 * declares exactly these fields with the money codec (./money.test.ts walks them).
 */
export const WIRE_MONEY_KEYS: ReadonlySet<string> = new Set([
  'price',
  'additional_price',
  'discount_money',
  'price_over',
  'delivery_price',
  'required_order_price_for_free_delivery',
  'accumulatedUserAmount',
  'accumulated_amount',
  'accumulatedOrderAmountUsed',
  'totalPrice',
  'total',
  'unit_price',
  'line_total',
  'min_order_price',
  'missing',
  'deposit',
  'amount',
  'claimed_amount',
  'tip',
  'paid',
  'pending',
  'remaining',
  'expected_remaining',
]);

/**
 * Amounts whose unit depends on a sibling: a discount's value is money when its type says 'money' and a percent
 * otherwise (order-type discounts, the promo result, the registered-user discount).
 */
export const WIRE_MONEY_WHEN: Readonly<Record<string, readonly [typeKey: string, moneyValue: string]>> = {
  value: ['value_type', 'money'],
  discount_value: ['discount_type', 'money'],
  discount_amount: ['discount_type', 'money'],
};

function isMoneyKey(key: string, owner: Record<string, unknown>): boolean {
  if (WIRE_MONEY_KEYS.has(key)) return true;
  const when = WIRE_MONEY_WHEN[key];
  return when !== undefined && owner[when[0]] === when[1];
}

function walk(data: unknown, convert: (value: number) => number): unknown {
  if (Array.isArray(data)) return data.map((item) => walk(item, convert));
  if (data === null || typeof data !== 'object') return data;
  const owner = data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(owner)) {
    out[key] = typeof value === 'number' && isMoneyKey(key, owner) ? convert(value) : walk(value, convert);
  }
  return out;
}

/** A guest answer as it came from the wire, with its amounts in minor units (the browser's fetch layer). */
export function decodeWireMoney<T>(data: unknown): T {
  return walk(data, (value) => parseWireMoney(value) ?? value) as T;
}

/** A guest payload with its minor-unit amounts turned into wire decimals (the browser's fetch layer). */
export function encodeWireMoney<T>(data: T): T {
  return walk(data, moneyToWire) as T;
}

import { carriesWireDecimals } from './wire-paths.ts';

export { carriesWireDecimals } from './wire-paths.ts';

/**
 * Staff, admin, platform and print-agent calls: integer minor units on the wire (path with or without the /api
 * prefix). Here, not in ./wire-paths.ts: that module is in the browser's initial bundle, this one is loaded on demand.
 */
export function isMinorUnitsApiPath(path: string): boolean {
  return /^\/?(api\/)?(staff|admin|platform|print-agent)(\/|$)/.test(path);
}

/** The browser's fetch layer, for a call (path without the /api prefix): its payload as the wire takes it. */
export const toWire = <T>(path: string, body: T): T =>
  carriesWireDecimals(path) ? encodeWireMoney(body) : body;
/** The browser's fetch layer: a call's answer (error answers too) in the app's minor units. */
export const fromWire = (path: string, data: unknown): unknown =>
  carriesWireDecimals(path) ? decodeWireMoney(data) : data;
