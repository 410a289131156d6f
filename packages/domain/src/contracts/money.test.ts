import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as admin from './admin.ts';
import * as bookings from './bookings.ts';
import * as menu from './menu.ts';
import { MONEY_SCHEMAS, money, moneyNonNegative, moneyWhen } from './money.ts';
import * as orders from './orders.ts';
import * as paymentAccounts from './payment-accounts.ts';
import * as payments from './payments.ts';
import * as places from './places.ts';
import * as platform from './platform.ts';
import * as printing from './printing.ts';
import * as staff from './staff.ts';
import * as tableParty from './table-party.ts';
import * as users from './users.ts';
import {
  WIRE_MONEY_KEYS,
  WIRE_MONEY_WHEN,
  carriesWireDecimals,
  decodeWireMoney,
  encodeWireMoney,
  isMinorUnitsApiPath,
  moneyToWire,
  parseWireMoney,
} from './wire-money.ts';

describe('the wire money rule', () => {
  it('reads decimals of the venue currency into minor units, half-up to 2 places', () => {
    expect(parseWireMoney(5.9)).toBe(590);
    expect(parseWireMoney(26.6)).toBe(2660);
    expect(parseWireMoney(0.01)).toBe(1);
    expect(parseWireMoney(0)).toBe(0);
    expect(parseWireMoney(1.005)).toBe(101); // 1.005 * 100 is 100.49999999999999 in binary: still half-up
    expect(parseWireMoney(5.905)).toBe(591);
    expect(parseWireMoney(5.904)).toBe(590);
    expect(parseWireMoney(2.675)).toBe(268);
    expect(parseWireMoney(-1.005)).toBe(-101);
  });
  it('accepts numeric strings, refuses everything else', () => {
    expect(parseWireMoney('5.90')).toBe(590);
    expect(parseWireMoney(' 12 ')).toBe(1200);
    expect(parseWireMoney('.5')).toBe(50);
    expect(parseWireMoney('5.905')).toBe(591);
    for (const bad of [
      '',
      ' ',
      '5,90',
      '5.9€',
      'abc',
      '1e3',
      '0x10',
      null,
      undefined,
      true,
      [],
      {},
      NaN,
      Infinity,
    ])
      expect(parseWireMoney(bad), String(bad)).toBeNull();
    expect(parseWireMoney(1_000_000_000.01)).toBeNull();
  });
  it('never divides the old integer form by 100: 590 is 590.00', () => {
    expect(parseWireMoney(590)).toBe(59_000);
  });
  it('writes minor units as decimals with at most 2 places', () => {
    expect(moneyToWire(590)).toBe(5.9);
    expect(JSON.stringify(moneyToWire(2660))).toBe('26.6');
    for (let minor = -1000; minor <= 100_000; minor += 7) {
      const text = JSON.stringify(moneyToWire(minor));
      expect(text).toMatch(/^-?\d+(\.\d{1,2})?$/);
      expect(parseWireMoney(JSON.parse(text))).toBe(minor);
    }
  });
});

describe('the money codec', () => {
  it('decodes payloads and encodes answers', () => {
    expect(money.parse(5.9)).toBe(590);
    expect(money.parse('5.905')).toBe(591);
    expect(z.encode(money, 590)).toBe(5.9);
    expect(money.safeParse('5,90').success).toBe(false);
    expect(money.safeParse('').success).toBe(false);
    expect(moneyNonNegative.safeParse(-1).success).toBe(false);
  });
  it('converts a discount value only when its type is money', () => {
    const discount = moneyWhen(
      z.object({ value: z.number(), value_type: z.enum(['percent', 'money']) }),
      'value_type',
      'value',
    );
    expect(z.encode(discount, { value: 250, value_type: 'money' })).toEqual({
      value: 2.5,
      value_type: 'money',
    });
    expect(z.encode(discount, { value: 10, value_type: 'percent' })).toEqual({
      value: 10,
      value_type: 'percent',
    });
    expect(discount.parse({ value: 2.5, value_type: 'money' })).toEqual({ value: 250, value_type: 'money' });
  });
  it("converts the shape's own money fields once, both ways", () => {
    const discount = moneyWhen(
      z.object({ price_over: money, value: z.number(), value_type: z.enum(['percent', 'money']) }),
      'value_type',
      'value',
    );
    const minor = { price_over: 6000, value: 300, value_type: 'money' as const };
    const wire = { price_over: 60, value: 3, value_type: 'money' as const };
    expect(z.encode(discount, minor)).toEqual(wire);
    expect(discount.parse(wire)).toEqual(minor);
  });
});

describe("the browser's walker", () => {
  it('decodes the money keys of an answer and leaves the rest', () => {
    const wire = {
      totalPrice: 26.6,
      key: 'k',
      price: '5.90',
      lines: [{ unit_price: 5.9, quantity: 3, name: 'price' }],
      discounts: [
        { value: 2.5, value_type: 'money', price_over: 20 },
        { value: 10, value_type: 'percent', price_over: 0 },
      ],
      translations: { en: { price: 'Price' } },
    };
    expect(decodeWireMoney(wire)).toEqual({
      totalPrice: 2660,
      key: 'k',
      price: '5.90',
      lines: [{ unit_price: 590, quantity: 3, name: 'price' }],
      discounts: [
        { value: 250, value_type: 'money', price_over: 2000 },
        { value: 10, value_type: 'percent', price_over: 0 },
      ],
      translations: { en: { price: 'Price' } },
    });
    expect(encodeWireMoney(decodeWireMoney(wire))).toEqual({ ...wire, price: '5.90' });
  });
  it('knows which calls stay in minor units', () => {
    expect(isMinorUnitsApiPath('staff/orders')).toBe(true);
    expect(isMinorUnitsApiPath('/api/admin/products')).toBe(true);
    expect(isMinorUnitsApiPath('platform/clients')).toBe(true);
    expect(isMinorUnitsApiPath('print-agent/jobs')).toBe(true);
    expect(isMinorUnitsApiPath('products?active=1')).toBe(false);
    expect(isMinorUnitsApiPath('orders/delivery?t=1')).toBe(false);
    expect(isMinorUnitsApiPath('users/orders')).toBe(false);
  });
  it('knows which guest calls carry decimals', () => {
    for (const path of [
      'products?active=1',
      'ingredients',
      'place',
      'accumulated-order-amount-setting-place',
      'promo-codes/check',
      'bookings',
      'bookings/halls?date=2026-03-10',
      'bookings/41/pay',
      'users/bookings',
      'users/orders',
      'login',
      'register',
      'check-registered-user-discount',
      'epay/checkPaymentStatus',
      'redsys/initiateRedsysOrder',
      'orders/delivery?t=1',
      'orders',
      'orders/by_table_session/abc?timestamp=1',
      'orders/track/xyz',
      'tables/sessions/abc/bill/shares',
    ])
      expect(carriesWireDecimals(path), path).toBe(true);
    for (const path of ['settings', 'places/gallery', 'pickup-places', 'getPlacesForMap', 'staff/orders'])
      expect(carriesWireDecimals(path), path).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The walker's key list and the contracts' codec fields are one rule: every guest (Store…) contract declares
// exactly the WIRE_MONEY_KEYS fields (and the WIRE_MONEY_WHEN objects) with the money codec; staff, admin and
// platform contracts carry no codec (integer minor units).
// ---------------------------------------------------------------------------------------------------------------

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Unwraps optional, nullable, default… to the value's own schema. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (
      ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)
    )
      current = def.innerType as z.ZodType;
    else if (def.type === 'lazy')
      current = (current as unknown as { _zod: { innerType: z.ZodType } })._zod.innerType;
    else return current;
  }
}

interface Finding {
  path: string;
  problem: string;
}

function walkContract(
  schema: z.ZodType,
  path: string,
  guest: boolean,
  seen: Set<z.ZodType>,
  out: Finding[],
  inMoneyWhen = false,
): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const s = unwrap(schema);
  if (MONEY_SCHEMAS.has(s)) {
    if (!guest) out.push({ path, problem: 'money codec in a minor-units contract' });
    const def = defOf(s);
    // moneyWhen: an object codec; walk its object.
    if (def.type === 'pipe' && defOf(def.in as z.ZodType).type === 'object') {
      walkContract(def.in as z.ZodType, path, guest, seen, out, true);
    }
    return;
  }
  const def = defOf(s);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      for (const [key, value] of Object.entries(shape)) {
        const inner = unwrap(value);
        const innerType = defOf(inner).type;
        const isMoney = MONEY_SCHEMAS.has(inner) && defOf(defOf(inner).in as z.ZodType).type !== 'object';
        if (guest && WIRE_MONEY_KEYS.has(key) && !isMoney && (innerType === 'number' || innerType === 'pipe'))
          out.push({ path: `${path}.${key}`, problem: 'amount key without the money codec' });
        if (guest && isMoney && !WIRE_MONEY_KEYS.has(key))
          out.push({
            path: `${path}.${key}`,
            problem: 'money codec on a key the browser walker does not know',
          });
        if (guest && key in WIRE_MONEY_WHEN && innerType === 'number' && !inMoneyWhen) {
          const typeKey = WIRE_MONEY_WHEN[key]![0];
          if (typeKey in shape)
            out.push({ path: `${path}.${key}`, problem: 'conditional amount without moneyWhen' });
        }
        walkContract(value, `${path}.${key}`, guest, seen, out);
      }
      return;
    }
    case 'array':
      return walkContract(def.element as z.ZodType, `${path}[]`, guest, seen, out);
    case 'record':
      return walkContract(def.valueType as z.ZodType, `${path}{}`, guest, seen, out);
    case 'tuple':
      for (const item of def.items as z.ZodType[]) walkContract(item, `${path}()`, guest, seen, out);
      return;
    case 'union':
      for (const option of def.options as z.ZodType[]) walkContract(option, `${path}|`, guest, seen, out);
      return;
    case 'intersection':
      walkContract(def.left as z.ZodType, path, guest, seen, out);
      walkContract(def.right as z.ZodType, path, guest, seen, out);
      return;
    case 'pipe':
      walkContract(def.in as z.ZodType, path, guest, seen, out);
      walkContract(def.out as z.ZodType, path, guest, seen, out);
      return;
    default:
      return;
  }
}

const MODULES = {
  admin,
  bookings,
  menu,
  orders,
  paymentAccounts,
  payments,
  places,
  platform,
  printing,
  staff,
  tableParty,
  users,
};

describe('contracts and the walker agree', () => {
  const findings: Finding[] = [];
  let guestSchemas = 0;
  for (const [moduleName, exports] of Object.entries(MODULES)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType)) continue;
      const guest = name.startsWith('Store');
      if (guest) guestSchemas += 1;
      walkContract(value, `${moduleName}.${name}`, guest, new Set(), findings);
    }
  }
  it('every guest amount is a money codec, no staff or admin amount is', () => {
    expect(guestSchemas).toBeGreaterThan(80);
    expect(findings).toEqual([]);
  });
});
