import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  calculateOrderTotal,
  type OrderTotal,
  type OrderTotalInput,
  type OrderTotalSettings,
} from './order-total.ts';
import { line, sofia } from '../test-fixtures.ts';
import { MAX_ORDER_AMOUNT, MAX_ORDER_LINE_AMOUNT } from '../money.ts';
import type { OrderType } from '../order-status.ts';

const SETTINGS: OrderTotalSettings = {
  minimal_order_price: 0,
  show_variant_additional_price: false,
  show_variant_additional_price_only_for_preorder: false,
  calculate_product_discount_money_only_for_preorder_orders: false,
  cutlery_option_delivery: false,
  cutlery_option_preorder: false,
  cutlery_option_room: false,
  cutlery_option_served_on_spot: false,
  cutlery_price: 0,
  online_payment_tax_percent: 0,
  online_payment_tax_fixed: 0,
};
const NOON = sofia('2026-03-02T12:00'); // Monday

function input(over: Partial<OrderTotalInput>): OrderTotalInput {
  return { lines: [], orderType: 3, settings: SETTINGS, now: NOON, ...over };
}

/** The breakdown must add up exactly, in every test. */
function expectConsistent(r: OrderTotal): void {
  const { discounts: d, fees: f } = r;
  expect(d.total).toBe(d.product + d.orderType + d.category + d.promo + d.user);
  expect(f.total).toBe(f.delivery + f.orderType + f.box + f.cutlery + f.onlinePayment);
  expect(r.lines.reduce((s, l) => s + l.gross, 0)).toBe(r.subtotal);
  expect(r.lines.reduce((s, l) => s + l.productDiscount, 0)).toBe(d.product);
  expect(r.itemsTotal).toBe(r.subtotal - d.total);
  expect(r.subtotal - d.total + f.total - r.accumulatedUsed).toBe(r.total);
  expect(r.total).toBeGreaterThanOrEqual(0);
}

function total(over: Partial<OrderTotalInput>): OrderTotal {
  const r = calculateOrderTotal(input(over));
  expectConsistent(r);
  return r;
}

describe('order total: lines and product discounts (spec §3, §4, §9)', () => {
  test('§4 an empty cart totals 0 and cannot be ordered (noProductsToInsert)', () => {
    const r = total({ lines: [] });
    expect(r.total).toBe(0);
    expect(r.problems).toEqual(['noProductsToInsert']);
  });

  test('caps (issue 23 #11): a line over 10 000.00 or an order over 50 000.00 is order_amount_too_large', () => {
    expect(MAX_ORDER_LINE_AMOUNT).toBe(1_000_000);
    expect(MAX_ORDER_AMOUNT).toBe(5_000_000);
    // Exactly at the caps: fine.
    expect(total({ lines: [line({ price: 1000, quantity: 999 })] }).problems).toEqual([]);
    expect(total({ lines: [line({ price: 1_000_000 })] }).problems).toEqual([]);
    const five = Array.from({ length: 5 }, (_, i) => line({ product_variant_id: i + 1, price: 1_000_000 }));
    expect(total({ lines: five }).problems).toEqual([]);
    // One minor unit over.
    expect(total({ lines: [line({ price: 1_000_001 })] }).problems).toEqual(['order_amount_too_large']);
    expect(total({ lines: [...five, line({ product_variant_id: 9, price: 1 })] }).problems).toEqual([
      'order_amount_too_large',
    ]);
    // The goods are capped before the discounts: a subtotal over the cap is refused even when the discounts bring
    // the total back under it.
    const overByDiscounted = [...five, line({ product_variant_id: 9, price: 10, discount_percent: 100 })];
    const discounted = total({ lines: overByDiscounted });
    expect(discounted.total).toBe(MAX_ORDER_AMOUNT);
    expect(discounted.problems).toEqual(['order_amount_too_large']);
    // The probe's €1.14 M order: 200 lines × 999 of a €5.71 product.
    const probe = Array.from({ length: 200 }, (_, i) =>
      line({ product_variant_id: i + 1, price: 571, quantity: 999 }),
    );
    const r = total({ lines: probe });
    expect(r.subtotal).toBe(114_085_800);
    expect(r.problems).toEqual(['order_amount_too_large']);
    // Fees count towards the order's cap too.
    expect(
      total({
        lines: five,
        orderType: 3,
        orderTypeConfig: { type: 3, prices: [{ price_over: 0, price: 1 }], discounts: [] },
      }).problems,
    ).toEqual(['order_amount_too_large']);
  });

  test('quantity-0 lines count as empty', () => {
    expect(total({ lines: [line({ quantity: 0 })] }).problems).toEqual(['noProductsToInsert']);
  });

  test.each([
    // lines, subtotal, product discount, total
    [[line({ price: 1000, quantity: 2 }), line({ product_variant_id: 11, price: 550 })], 2550, 0, 2550],
    [[line({ price: 1000, quantity: 2, discount_percent: 10 })], 2000, 200, 1800],
    [[line({ price: 999, quantity: 3, discount_percent: 15 })], 2997, 450, 2547], // 449.55 → 450 once per line
    [[line({ price: 1000, quantity: 2, discount_money: 150 })], 2000, 300, 1700],
    [[line({ price: 100, discount_money: 150 })], 100, 100, 0],
    [[line({ price: 1000, discount_percent: 100 })], 1000, 1000, 0],
  ])('§9 case %#: subtotal %d, product discount %d, total %d', (lines, subtotal, discount, expected) => {
    const r = total({ lines });
    expect(r.subtotal).toBe(subtotal);
    expect(r.discounts.product).toBe(discount);
    expect(r.total).toBe(expected);
  });

  test('§9 money discount only for preorder when the setting is on', () => {
    const lines = [line({ price: 1000, discount_money: 200 })];
    const settings = { ...SETTINGS, calculate_product_discount_money_only_for_preorder_orders: true };
    expect(total({ lines, settings, orderType: 3 }).total).toBe(800);
    expect(total({ lines, settings, orderType: 1 }).total).toBe(1000);
    expect(total({ lines, settings, orderType: 2 }).total).toBe(1000);
  });

  test('§4 time-based percent replaces the normal discount while active', () => {
    const lines = [
      line({
        price: 2000,
        discount_percent: 10,
        time_based_discount_enabled: true,
        time_based_discount_percent: 25,
        time_based_discount_days: [1],
        time_based_discount_start_hour: 11,
        time_based_discount_end_hour: 13,
      }),
    ];
    expect(total({ lines, now: sofia('2026-03-02T12:30') }).total).toBe(1500);
    expect(total({ lines, now: sofia('2026-03-02T14:00') }).total).toBe(1800);
    expect(total({ lines, now: sofia('2026-03-03T12:30') }).total).toBe(1800);
    // A venue in another time zone: its own clock decides. 13:30 in Sofia is 12:30 in Madrid, inside 11–13 there.
    const madrid = { ...SETTINGS, time_zone: 'Europe/Madrid' };
    expect(total({ lines, now: sofia('2026-03-02T13:30') }).total).toBe(1800);
    expect(total({ lines, settings: madrid, now: sofia('2026-03-02T13:30') }).total).toBe(1500);
    expect(total({ lines, settings: madrid, now: sofia('2026-03-02T12:30') }).total).toBe(1500);
    expect(total({ lines, settings: madrid, now: sofia('2026-03-02T14:30') }).total).toBe(1800);
  });

  test("each line's amounts: unit, gross, discount, net, and the key it is matched to the cart by", () => {
    const r = total({
      lines: [
        line({
          price: 1000,
          quantity: 3,
          discount_percent: 10,
          ingredients: { required: 5, addable: [7, 6], removable: [] },
        }),
        // A line sent without its ingredients is the plain variant.
        { ...line({ product_variant_id: 11, price: 400, quantity: 2 }), ingredients: null },
        { ...line({ product_variant_id: 12, price: 300 }), ingredients: { addable: [] } },
      ],
      ingredientPrices: { 5: 100, 6: 50 },
    });
    expect(r.lines).toEqual([
      {
        key: '10|r5|a6,7|x',
        product_variant_id: 10,
        quantity: 3,
        unitPrice: 1150,
        gross: 3450,
        discountKind: 'percent',
        discountPercent: 10,
        productDiscount: 345,
        net: 3105,
        promoEligible: true,
      },
      {
        key: '11|r0|a|x',
        product_variant_id: 11,
        quantity: 2,
        unitPrice: 400,
        gross: 800,
        discountKind: 'none',
        discountPercent: 0,
        productDiscount: 0,
        net: 800,
        promoEligible: true,
      },
      expect.objectContaining({ key: '12|r0|a|x', gross: 300, net: 300 }),
    ]);
    expect(r.total).toBe(3105 + 800 + 300);
  });

  test('ingredient prices add to the unit price (required and addable, not removable)', () => {
    const r = total({
      lines: [
        line({ price: 1000, quantity: 2, ingredients: { required: 5, addable: [6, 7], removable: [8] } }),
      ],
      ingredientPrices: { 5: 100, 6: 50, 7: 70, 8: 999 },
    });
    expect(r.lines[0]?.unitPrice).toBe(1220);
    expect(r.total).toBe(2440);
  });

  test('without a price list the chosen ingredients cost nothing', () => {
    const lines = [line({ price: 1000, ingredients: { required: 5, addable: [6], removable: [] } })];
    expect(total({ lines }).total).toBe(1000);
    expect(total({ lines, ingredientPrices: null }).lines[0]?.unitPrice).toBe(1000);
  });

  test('§9 rounding of many small lines: each line rounds once', () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      line({ product_variant_id: i + 1, price: 1, discount_percent: 10 }),
    );
    const r = total({ lines: many });
    expect(r.discounts.product).toBe(0); // 0.1 stotinka per line rounds to 0
    expect(r.total).toBe(100);
    const halves = Array.from({ length: 40 }, (_, i) =>
      line({ product_variant_id: i + 1, price: 5, discount_percent: 10 }),
    );
    expect(total({ lines: halves }).discounts.product).toBe(40); // 0.5 → 1 on each line
    const thirds = Array.from({ length: 3 }, (_, i) =>
      line({ product_variant_id: i + 1, price: 333, discount_percent: 10 }),
    );
    expect(total({ lines: thirds }).total).toBe(999 - 99);
  });
});

describe('order total: order-type discount tiers (spec §3, §9)', () => {
  const orderTypeConfig = {
    type: 3 as const,
    discounts: [
      { price_over: 2000, value: 5, value_type: 'percent' as const },
      { price_over: 5000, value: 10, value_type: 'percent' as const },
      { price_over: 10000, value: 1500, value_type: 'money' as const },
      {
        price_over: 3000,
        value: 20,
        value_type: 'percent' as const,
        active_start_time: '15:00',
        active_end_time: '17:00',
      },
    ],
  };
  test.each([
    [1999, '2026-03-02T12:00', 0],
    [2000, '2026-03-02T12:00', 100],
    [4000, '2026-03-02T12:00', 200],
    [4000, '2026-03-02T16:00', 800], // the time-windowed 3000 tier is active
    [5000, '2026-03-02T16:00', 500], // 5000 is the higher price_over reached
    [9999, '2026-03-02T12:00', 1000],
    [12000, '2026-03-02T12:00', 1500],
  ])('§9 items %d at %s → order-type discount %d', (price, local, expected) => {
    const r = total({ lines: [line({ price })], orderTypeConfig, now: sofia(local) });
    expect(r.discounts.orderType).toBe(expected);
  });

  test('the tier is picked on the amount after product discounts', () => {
    const r = total({ lines: [line({ price: 2100, discount_percent: 10 })], orderTypeConfig });
    expect(r.discounts.product).toBe(210);
    expect(r.discounts.orderType).toBe(0); // 1890 < 2000
  });
});

describe('order total: promo codes (spec §5, §9)', () => {
  const promo = (type: 'percent' | 'money', value: number, ignore = false) => ({
    found: true,
    ignore_other_discounts: ignore,
    discount_type: type,
    discount_value: value,
  });
  const orderTypeConfig = {
    type: 3 as const,
    discounts: [{ price_over: 0, value: 10, value_type: 'percent' as const }],
  };
  const mixed = [
    line({ product_variant_id: 1, price: 2000 }),
    line({ product_variant_id: 2, price: 1000, disable_promocode_discount: true }),
  ];

  test('§9 percent promo after order-type discounts, only on eligible products', () => {
    const r = total({ lines: mixed, orderTypeConfig, promo: promo('percent', 10) });
    expect(r.discounts.orderType).toBe(300);
    expect(r.discounts.promo).toBe(180); // 10 % of the eligible 2000 after its 10 % share of the order discount
    expect(r.total).toBe(2520);
  });

  test('§5 no promo on a cart of only disable_promocode_discount products', () => {
    const r = total({ lines: [mixed[1]!], promo: promo('percent', 50) });
    expect(r.discounts.promo).toBe(0);
    expect(r.total).toBe(1000);
  });

  test.each([
    [500, 500],
    [2000, 2000],
    [5000, 2000], // §9 capped at the remaining eligible amount
  ])('§9 money promo %d on eligible 2000 gives %d', (value, expected) => {
    const r = total({ lines: mixed, promo: promo('money', value) });
    expect(r.discounts.promo).toBe(expected);
    expect(r.total).toBe(3000 - expected);
  });

  test('a promo not found changes nothing', () => {
    const r = total({ lines: mixed, promo: { ...promo('percent', 50), found: false } });
    expect(r.total).toBe(3000);
  });

  test('§3 ignore_other_discounts: only the promo applies, on full prices', () => {
    const lines = [line({ price: 1000, quantity: 2, discount_percent: 10, catHierarchyId: 1 })];
    const r = total({
      lines,
      orderTypeConfig,
      promo: promo('percent', 20, true),
      categoryDiscount: { value: 5, value_type: 'percent' },
      user: {
        registered: true,
        orderCount: 0,
        discount: { on_order_number: 1, discount_type: 'percent', discount_amount: 10 },
      },
    });
    expect(r.discounts).toEqual({ product: 0, orderType: 0, category: 0, promo: 400, user: 0, total: 400 });
    expect(r.total).toBe(1600);
  });

  test('without ignore_other_discounts every discount stacks in order', () => {
    const lines = [line({ price: 1000, quantity: 2, discount_percent: 10, catHierarchyId: 1 })];
    const r = total({
      lines,
      orderTypeConfig,
      promo: promo('percent', 20),
      categoryDiscount: { value: 5, value_type: 'percent' },
      user: {
        registered: true,
        orderCount: 0,
        discount: { on_order_number: 1, discount_type: 'percent', discount_amount: 10 },
      },
    });
    // 2000 → product 200 → 1800 → order-type 180 → 1620 → category 81 → 1539 → promo 308 → 1231 → user 123 → 1108
    expect(r.discounts).toEqual({
      product: 200,
      orderType: 180,
      category: 81,
      promo: 308,
      user: 123,
      total: 892,
    });
    expect(r.total).toBe(1108);
  });
});

describe('order total: per-category and registered-user discounts (spec §6, §9)', () => {
  const threeCats = [
    line({ product_variant_id: 1, price: 4000, catHierarchyId: 1 }),
    line({ product_variant_id: 2, price: 3000, catHierarchyId: 2 }),
    line({ product_variant_id: 3, price: 2000, catHierarchyId: 3 }),
    line({ product_variant_id: 4, price: 1000, catHierarchyId: 3 }),
  ];
  test.each([
    [{ value: 2, value_type: 'percent' as const }, 600],
    [{ value: 100, value_type: 'money' as const }, 300],
    [{ value: 50, value_type: 'percent' as const }, 10000],
  ])('§9 %j × 3 categories on 10000 → %d', (categoryDiscount, expected) => {
    expect(total({ lines: threeCats, categoryDiscount }).discounts.category).toBe(expected);
  });

  const nth = { on_order_number: 3, discount_type: 'percent' as const, discount_amount: 10 };
  test.each([
    [true, 2, 500],
    [true, 1, 0],
    [true, 3, 0],
    [false, 2, 0], // guests get no per-order-number discount
  ])('§9 registered %s with %d orders → nth-order discount %d', (registered, orderCount, expected) => {
    const r = total({ lines: [line({ price: 5000 })], user: { registered, orderCount, discount: nth } });
    expect(r.discounts.user).toBe(expected);
  });

  test.each([
    [true, 1500, 1000, 1000, 4000],
    [true, 500, 1000, 500, 4500],
    [true, 9000, 9000, 5000, 0], // limited to the amount payable
    [false, 500, 1000, 0, 5000], // guests have no balance
  ])(
    '§6 accumulated: registered %s, requested %d, balance %d → used %d, total %d',
    (registered, req, bal, used, tot) => {
      const r = total({
        lines: [line({ price: 5000 })],
        user: { registered, orderCount: 0, accumulatedRequested: req, accumulatedBalance: bal },
      });
      expect(r.accumulatedUsed).toBe(used);
      expect(r.total).toBe(tot);
    },
  );
});

describe('order total: delivery and fees (spec §5, §9)', () => {
  const deliveryConfig = {
    type: 2 as const,
    regions: [{ id: 1, delivery_price: 300, required_order_price_for_free_delivery: 3000 }],
    delivery_shapes: [
      {
        id: 9,
        delivery_price: 450,
        coordinates: [
          [0, 0],
          [0, 1],
          [1, 1],
          [1, 0],
        ],
      },
    ],
    prices: [
      { price_over: 0, price: 500 },
      { price_over: 4000, price: 0 },
    ],
  };
  test.each([
    [2500, { kind: 'region' as const, regionId: 1 }, 300, 2800],
    [3000, { kind: 'region' as const, regionId: 1 }, 0, 3000],
    [2500, { kind: 'shape' as const, address: { lat: 0.5, lng: 0.5 } }, 450, 2950],
    [2500, null, 500, 3000], // no zone: the order-type price tier
    [4500, null, 0, 4500],
  ])('§5 items %d with %j → delivery %d, total %d', (price, delivery, fee, expected) => {
    const r = total({ lines: [line({ price })], orderType: 2, orderTypeConfig: deliveryConfig, delivery });
    expect(r.fees.delivery).toBe(fee);
    expect(r.fees.orderType).toBe(0);
    expect(r.total).toBe(expected);
  });

  test('free delivery is judged on the amount after discounts', () => {
    const r = total({
      lines: [line({ price: 3200, discount_percent: 10 })],
      orderType: 2,
      orderTypeConfig: deliveryConfig,
      delivery: { kind: 'region', regionId: 1 },
    });
    expect(r.itemsTotal).toBe(2880);
    expect(r.fees.delivery).toBe(300);
  });

  test('a delivery zone chosen where the order type has no configuration is refused, not priced', () => {
    for (const delivery of [
      { kind: 'region' as const, regionId: 1 },
      { kind: 'shape' as const, address: { lat: 0.5, lng: 0.5 } },
      { kind: 'radius' as const, venue: { lat: 0.5, lng: 0.5 }, address: { lat: 0.5, lng: 0.5 } },
    ]) {
      const r = total({ lines: [line({ price: 2500 })], orderType: 2, orderTypeConfig: null, delivery });
      expect(r.fees.delivery).toBe(0);
      expect(r.deliveryZone).toBeNull();
      expect(r.problems).toHaveLength(1);
    }
  });

  test('§8 an address outside every shape is invalid_delivery_shape', () => {
    const r = total({
      lines: [line()],
      orderType: 2,
      orderTypeConfig: deliveryConfig,
      delivery: { kind: 'shape', address: { lat: 5, lng: 5 } },
    });
    expect(r.problems).toEqual(['invalid_delivery_shape']);
    expect(r.fees.delivery).toBe(0);
  });

  test.each([
    [2, 1500, ['min_order_price_for_radius_not_fulfilled'], 500],
    [2, 2000, [], 0],
    [3, 1500, [], 0],
  ] as const)(
    '§5 minimal_order_price 2000: type %d with items %d → %j',
    (orderType, price, problems, missing) => {
      const r = total({
        lines: [line({ price })],
        orderType,
        settings: { ...SETTINGS, minimal_order_price: 2000 },
      });
      expect(r.problems).toEqual(problems);
      expect(r.missingForMinimalOrder).toBe(missing);
    },
  );

  test('the order-type price tier is a service fee for non-delivery types', () => {
    const r = total({
      lines: [line({ price: 1000 })],
      orderType: 3,
      orderTypeConfig: { type: 3, prices: [{ price_over: 0, price: 120 }] },
    });
    expect(r.fees.orderType).toBe(120);
    expect(r.total).toBe(1120);
  });

  test.each([
    [3, false, 150],
    [3, true, 150],
    [2, false, 150],
    [2, true, 0],
    [7, true, 0],
  ] as const)('§9 box fee for type %d with preorder-only %s → %d', (orderType, onlyPre, expected) => {
    const r = total({
      lines: [line({ price: 1000, additional_price: 50, quantity: 3 })],
      orderType,
      settings: {
        ...SETTINGS,
        show_variant_additional_price: true,
        show_variant_additional_price_only_for_preorder: onlyPre,
      },
    });
    expect(r.fees.box).toBe(expected);
  });

  test.each([
    [2, true, 3, 90],
    [2, false, 3, 0],
    [2, true, 0, 0],
    [1, true, 3, 0],
  ] as const)('§9 cutlery: type %d, option %s, %d pieces → %d', (orderType, on, pieces, expected) => {
    const r = total({
      lines: [line()],
      orderType,
      cutleryCount: pieces,
      settings: { ...SETTINGS, cutlery_option_delivery: on, cutlery_price: 30 },
    });
    expect(r.fees.cutlery).toBe(expected);
  });

  test.each([
    ['epay', 225],
    ['online', 225],
    ['cash', 0],
    [null, 0],
  ])('§9 online tax 2 %% + 0.25 with %s → %d', (paymentMethod, tax) => {
    const r = total({
      lines: [line({ price: 10000 })],
      paymentMethod,
      settings: { ...SETTINGS, online_payment_tax_percent: 2, online_payment_tax_fixed: 25 },
    });
    expect(r.fees.onlinePayment).toBe(tax);
    expect(r.total).toBe(10000 + tax);
  });

  test('everything together adds up', () => {
    const r = total({
      lines: [
        line({ product_variant_id: 1, price: 1500, quantity: 2, additional_price: 40, discount_percent: 10 }),
        line({ product_variant_id: 2, price: 800, catHierarchyId: 200, disable_promocode_discount: true }),
      ],
      orderType: 2,
      orderTypeConfig: {
        ...deliveryConfig,
        discounts: [{ price_over: 3000, value: 5, value_type: 'percent' }],
      },
      delivery: { kind: 'region', regionId: 1 },
      promo: { found: true, ignore_other_discounts: false, discount_type: 'money', discount_value: 200 },
      categoryDiscount: { value: 100, value_type: 'money' },
      user: { registered: true, orderCount: 4, accumulatedBalance: 300, accumulatedRequested: 300 },
      cutleryCount: 2,
      paymentMethod: 'epay',
      settings: {
        ...SETTINGS,
        show_variant_additional_price: true,
        cutlery_option_delivery: true,
        cutlery_price: 25,
        online_payment_tax_percent: 1.5,
        online_payment_tax_fixed: 20,
      },
    });
    // subtotal 3800; product 300 → 3500; order-type 175 → 3325; category 200 → 3125; promo 200 → 2925
    expect(r.subtotal).toBe(3800);
    expect(r.discounts).toEqual({
      product: 300,
      orderType: 175,
      category: 200,
      promo: 200,
      user: 0,
      total: 875,
    });
    expect(r.itemsTotal).toBe(2925);
    // delivery 300 (2925 < 3000), box 80, cutlery 50 → 3355; accumulated 300 → 3055; tax 46 + 20 = 66
    expect(r.fees).toEqual({
      delivery: 300,
      orderType: 0,
      box: 80,
      cutlery: 50,
      onlinePayment: 66,
      total: 496,
    });
    expect(r.accumulatedUsed).toBe(300);
    expect(r.total).toBe(3121);
    expect(r.deliveryZone).toEqual({ kind: 'region', id: 1 });
  });
});

describe('order total: properties (fast-check)', () => {
  const ORDER_TYPES: OrderType[] = [1, 2, 3, 4, 6, 7];
  const lineArb = fc
    .record({
      variant: fc.integer({ min: 1, max: 6 }),
      price: fc.integer({ min: 0, max: 20000 }),
      quantity: fc.integer({ min: 0, max: 6 }),
      additional_price: fc.integer({ min: 0, max: 300 }),
      discount_percent: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 120 })),
      discount_money: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 30000 })),
      cat: fc.integer({ min: 1, max: 5 }),
      noPromo: fc.boolean(),
      tb: fc.boolean(),
      tbPercent: fc.integer({ min: 0, max: 100 }),
      tbStart: fc.integer({ min: 0, max: 23 }),
      tbEnd: fc.integer({ min: 0, max: 23 }),
      tbDays: fc.subarray([1, 2, 3, 4, 5, 6, 7]),
      addable: fc.subarray([1, 2, 3]),
    })
    .map((s) =>
      line({
        product_variant_id: s.variant,
        price: s.price,
        quantity: s.quantity,
        additional_price: s.additional_price,
        discount_percent: s.discount_percent,
        discount_money: s.discount_money,
        catHierarchyId: s.cat,
        disable_promocode_discount: s.noPromo,
        time_based_discount_enabled: s.tb,
        time_based_discount_percent: s.tbPercent,
        time_based_discount_start_hour: s.tbStart,
        time_based_discount_end_hour: s.tbEnd,
        time_based_discount_days: s.tbDays as (1 | 2 | 3 | 4 | 5 | 6 | 7)[],
        ingredients: { required: 0, addable: s.addable, removable: [] },
      }),
    );
  const valueType = fc.constantFrom('percent' as const, 'money' as const);
  const inputArb: fc.Arbitrary<OrderTotalInput> = fc.record({
    lines: fc.array(lineArb, { maxLength: 8 }),
    orderType: fc.constantFrom(...ORDER_TYPES),
    settings: fc.record({
      minimal_order_price: fc.integer({ min: 0, max: 5000 }),
      show_variant_additional_price: fc.boolean(),
      show_variant_additional_price_only_for_preorder: fc.boolean(),
      calculate_product_discount_money_only_for_preorder_orders: fc.boolean(),
      cutlery_option_delivery: fc.boolean(),
      cutlery_option_preorder: fc.boolean(),
      cutlery_option_room: fc.boolean(),
      cutlery_option_served_on_spot: fc.boolean(),
      cutlery_price: fc.integer({ min: 0, max: 100 }),
      online_payment_tax_percent: fc.integer({ min: 0, max: 5 }),
      online_payment_tax_fixed: fc.integer({ min: 0, max: 50 }),
    }),
    orderTypeConfig: fc.record({
      type: fc.constantFrom(...ORDER_TYPES),
      prices: fc.array(
        fc.record({
          price_over: fc.integer({ min: 0, max: 10000 }),
          price: fc.integer({ min: 0, max: 800 }),
        }),
        {
          maxLength: 3,
        },
      ),
      discounts: fc.array(
        fc.record({
          price_over: fc.integer({ min: 0, max: 10000 }),
          value: fc.integer({ min: 0, max: 5000 }),
          value_type: valueType,
          active_start_time: fc.constantFrom(null, '08:00', '22:00'),
          active_end_time: fc.constantFrom(null, '02:00', '14:00'),
        }),
        { maxLength: 3 },
      ),
      regions: fc.constant([{ id: 1, delivery_price: 300, required_order_price_for_free_delivery: 3000 }]),
    }),
    ingredientPrices: fc.constant({ 1: 50, 2: 120, 3: 0 }),
    promo: fc.option(
      fc.record({
        found: fc.boolean(),
        ignore_other_discounts: fc.boolean(),
        discount_type: valueType,
        discount_value: fc.integer({ min: 0, max: 20000 }),
      }),
    ),
    categoryDiscount: fc.option(
      fc.record({ value: fc.integer({ min: 0, max: 500 }), value_type: valueType }),
    ),
    user: fc.option(
      fc.record({
        registered: fc.boolean(),
        orderCount: fc.integer({ min: 0, max: 5 }),
        discount: fc.option(
          fc.record({
            on_order_number: fc.integer({ min: 1, max: 6 }),
            discount_type: valueType,
            discount_amount: fc.integer({ min: 0, max: 5000 }),
          }),
        ),
        accumulatedBalance: fc.integer({ min: 0, max: 50000 }),
        accumulatedRequested: fc.integer({ min: 0, max: 50000 }),
      }),
    ),
    delivery: fc.option(
      fc.constantFrom({ kind: 'region' as const, regionId: 1 }, { kind: 'region' as const, regionId: 2 }),
    ),
    cutleryCount: fc.integer({ min: 0, max: 6 }),
    paymentMethod: fc.constantFrom(null, 'cash', 'epay', 'online', 'card'),
    now: fc.date({
      min: new Date('2026-01-01T00:00:00Z'),
      max: new Date('2027-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
  });

  test('totals are never negative and every part is a non-negative integer', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const r = calculateOrderTotal(i);
        const parts = [
          r.total,
          r.subtotal,
          r.itemsTotal,
          r.accumulatedUsed,
          ...Object.values(r.discounts),
          ...Object.values(r.fees),
          ...r.lines.flatMap((l) => [l.gross, l.net, l.productDiscount]),
        ];
        for (const p of parts) {
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('the breakdown adds up to the total to the minor unit', () => {
    fc.assert(
      fc.property(inputArb, (i) => expectConsistent(calculateOrderTotal(i))),
      { numRuns: 500 },
    );
  });

  test('server and browser agree: the same input over the wire (JSON) gives the same breakdown', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const wire = JSON.parse(JSON.stringify(i)) as OrderTotalInput & { now: string };
        const browser = calculateOrderTotal({ ...wire, now: new Date(wire.now) });
        expect(browser).toEqual(calculateOrderTotal(i));
      }),
      { numRuns: 200 },
    );
  });

  test('line order does not change the total', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const reversed = calculateOrderTotal({ ...i, lines: [...i.lines].reverse() });
        const r = calculateOrderTotal(i);
        expect(reversed.total).toBe(r.total);
        expect(reversed.discounts).toEqual(r.discounts);
      }),
      { numRuns: 200 },
    );
  });
});
