/** Shared builders for tests (not imported by production code). */
import type { CartLine } from './cart.ts';

/** A cart line with neutral defaults; override what a test is about. */
export function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    product_variant_id: 10,
    product_id: 1,
    size: '300 г',
    price: 1000,
    additional_price: 0,
    name: 'Салата',
    image: null,
    date_added: '2026-03-02T08:00:00.000Z',
    product_translations: {},
    variant_translations: {},
    product_ingredients: [],
    ingredients: { required: 0, addable: [], removable: [] },
    quantity: 1,
    catHierarchyId: 100,
    discount_percent: 0,
    discount_money: 0,
    time_based_discount_enabled: false,
    time_based_discount_percent: 0,
    time_based_discount_start_hour: 0,
    time_based_discount_end_hour: 23,
    time_based_discount_days: [],
    disable_promocode_discount: false,
    ...overrides,
  };
}

/** Winter time in Sofia is UTC+2; 2026-03-02 is a Monday. */
export const sofia = (local: string) => new Date(`${local}:00+02:00`);
