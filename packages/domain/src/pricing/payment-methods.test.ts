import { describe, expect, test } from 'vitest';
import type { OrderType } from '../order-status.ts';
import { onlinePaymentTakes, paymentMethodsFor, providerTakesCurrency } from './fees.ts';

const ALL = 'cash,card,card_on_delivery,epay,online,bizum,room_bill';

describe('paymentMethodsFor (spec §6, §9: the venue payment types per order type)', () => {
  test.each([
    // [payment_types, order type, modules, offered]
    [ALL, 1, ['payments'], []],
    [ALL, 2, ['payments'], ['cash', 'card', 'card_on_delivery', 'epay', 'online', 'bizum']],
    [ALL, 3, ['payments'], ['cash', 'card', 'epay', 'online', 'bizum']],
    [ALL, 6, ['payments'], ['cash', 'card', 'epay', 'online', 'bizum', 'room_bill']],
    [ALL, 7, ['payments'], ['cash', 'card', 'epay', 'online', 'bizum']],
    [ALL, 3, [], ['cash', 'card']],
    [ALL, 6, ['booking'], ['cash', 'card', 'room_bill']],
    ['cash, epay ,cash,bitcoin', 3, ['payments'], ['cash', 'epay']],
    ['', 3, ['payments'], []],
    [null, 2, [], ['cash']],
    [['room_bill', 'cash'], 2, [], ['cash']],
  ] as const)('%j for type %i with modules %j → %j', (types, orderType, modules, expected) => {
    expect(paymentMethodsFor(types, orderType as OrderType, modules)).toEqual(expected);
  });
});

describe('billing to a room needs the room session (issue "Security hardening")', () => {
  test('room_bill only when the guest has a room session (or it is unknown)', () => {
    expect(paymentMethodsFor('cash,room_bill', 6, [], { roomSession: true })).toEqual(['cash', 'room_bill']);
    expect(paymentMethodsFor('cash,room_bill', 6, [], { roomSession: false })).toEqual(['cash']);
    expect(paymentMethodsFor('cash,room_bill', 6, [])).toEqual(['cash', 'room_bill']);
  });
});

describe("a currency no payment provider takes (a CHF venue): the provider's methods are not offered", () => {
  test.each([
    ['CHF', ['cash', 'card', 'card_on_delivery']],
    ['chf', ['cash', 'card', 'card_on_delivery']],
    ['EUR', ['cash', 'card', 'card_on_delivery', 'epay', 'online', 'bizum']],
    ['BGN', ['cash', 'card', 'card_on_delivery', 'epay', 'online', 'bizum']],
  ] as const)('%s → %j', (currency, expected) => {
    expect(paymentMethodsFor(ALL, 2, ['payments'], { currency })).toEqual(expected);
  });

  test('each method by its provider', () => {
    expect(providerTakesCurrency('epay', 'usd')).toBe(true);
    expect(providerTakesCurrency('redsys', 'CHF')).toBe(false);
    // As typed in a settings field: spaces around, any case.
    expect(providerTakesCurrency('epay', ' eur ')).toBe(true);
    expect(providerTakesCurrency('redsys', 'Eur\n')).toBe(true);
    for (const m of ['epay', 'online', 'online_card', 'bizum']) {
      expect(onlinePaymentTakes(m, 'EUR'), m).toBe(true);
      expect(onlinePaymentTakes(m, 'CHF'), m).toBe(false);
    }
    for (const m of ['cash', 'card', 'card_on_delivery', 'room_bill'])
      expect(onlinePaymentTakes(m, 'CHF'), m).toBe(true);
  });
});
