/**
 * The `money` type of the guest contracts (issue 25 #1): a decimal in the venue's currency on the wire, integer minor
 * units in code. A zod codec, so the server's validator (safeParse = decode) turns payload decimals into minor units
 * and its serializer (safeEncode = encode) turns minor units into answer decimals — the conversion's one place.
 * The rule itself (half-up to 2 places, numeric strings accepted, garbage refused) is in ./wire-money.ts, shared
 * with the browser's fetch layer.
 *
 * Staff and admin contracts do not use it: they carry integer minor units (`z.number().int()`).
 */
import { z } from 'zod';
import { MAX_WIRE_MONEY, moneyToWire, parseWireMoney } from './wire-money.ts';

/** Every money codec built here, so tests and the OpenAPI transform can recognise the fields. */
export const MONEY_SCHEMAS = new WeakSet<z.ZodType>();

const WIRE_DESCRIPTION =
  'Amount in the venue currency, a decimal with at most 2 places (5.9 = 5.90). Input: number or numeric string, ' +
  'rounded half-up to 2 places; anything else is a 400.';

/** JSON Schema of the wire side (the OpenAPI document shows it for payloads and answers alike). */
export const WIRE_MONEY_JSON_SCHEMA = {
  type: 'number',
  minimum: -MAX_WIRE_MONEY,
  maximum: MAX_WIRE_MONEY,
  description: WIRE_DESCRIPTION,
} as const;

/**
 * A money field: wire decimal ⇄ minor units. `inner` narrows the minor-unit value (e.g. `z.number().int().min(0)`),
 * checked after decoding and before encoding.
 */
export function moneyCodec(inner: z.ZodNumber = z.number().int()) {
  const codec = z.codec(z.union([z.number(), z.string()]), inner, {
    decode: (wire, ctx) => {
      const minor = parseWireMoney(wire);
      if (minor === null) {
        ctx.issues.push({
          code: 'custom',
          input: wire,
          message: 'invalid_amount: a decimal in the venue currency with up to 2 places is expected',
        });
        return z.NEVER;
      }
      return minor;
    },
    encode: (minor) => moneyToWire(minor),
  });
  MONEY_SCHEMAS.add(codec);
  return codec;
}

/** A money field of a guest contract. */
export const money = moneyCodec();
/** A money field that cannot be negative (payload amounts). */
export const moneyNonNegative = moneyCodec(z.number().int().min(0));

/**
 * An object whose `valueKey` is money when `typeKey` is 'money' and a plain number (a percent) otherwise: a discount's
 * value (order-type discounts, the promo result, the registered-user discount). Answers only.
 */
export function moneyWhen<S extends z.ZodObject>(shape: S, typeKey: string, valueKey: string) {
  const convert = (
    object: Record<string, unknown>,
    to: (value: number) => number,
  ): Record<string, unknown> => {
    const value = object[valueKey];
    return object[typeKey] === 'money' && typeof value === 'number'
      ? { ...object, [valueKey]: to(value) }
      : object;
  };
  // The output side must not be `shape` again: its own money fields (a discount's price_over) would then be
  // converted twice, once by each side (6000 minor → 60 → 0.6 on the wire).
  const codec = z.codec(shape, z.custom<z.output<S>>(), {
    decode: (wire) => convert(wire as Record<string, unknown>, (v) => parseWireMoney(v) ?? v) as z.output<S>,
    encode: (minor) => convert(minor as Record<string, unknown>, moneyToWire) as z.output<S>,
  });
  MONEY_SCHEMAS.add(codec);
  return codec;
}
