import { describe, expect, test } from 'vitest';
import {
  genericErrorMessage,
  isOrderErrorCode,
  isDesignedOrderErrorCode,
  DESIGNED_ORDER_ERROR_MESSAGES,
  ORDER_ERROR_CODES,
  ORDER_ERROR_MESSAGES,
  ORDER_ERROR_REACTIONS,
} from './errors.ts';
import { MAX_ORDER_AMOUNT, MAX_ORDER_LINE_AMOUNT } from './money.ts';

describe('order error codes (spec §8, exactly as written)', () => {
  test('the list', () => {
    expect(ORDER_ERROR_CODES).toEqual([
      'inactiveProductIngredientsIds',
      'inactiveProductsIds',
      'invalid_products_for_place',
      'orders_not_allowed',
      'noProductsToInsert',
      'card_payment_requires_login',
      'min_order_price_for_radius_not_fulfilled',
      'anon_user_banned',
      'invalid_delivery_shape',
      'too_mony_orders_for_session_in_x_seconds',
    ]);
  });

  test.each(ORDER_ERROR_CODES)('§8 %s has a reaction and bg/en messages', (code) => {
    expect(isOrderErrorCode(code)).toBe(true);
    expect(ORDER_ERROR_REACTIONS[code]).toBeTruthy();
    expect(ORDER_ERROR_MESSAGES[code].bg.length).toBeGreaterThan(3);
    expect(ORDER_ERROR_MESSAGES[code].en.length).toBeGreaterThan(3);
  });

  test.each(['too_many_orders_for_session_in_x_seconds', 'other', '', 42])(
    '%j is not an order error code',
    (v) => {
      expect(isOrderErrorCode(v)).toBe(false);
    },
  );

  test('§8 exact texts', () => {
    expect(ORDER_ERROR_MESSAGES.orders_not_allowed.bg).toBe(
      'В момента не приемаме поръчки. Моля опитайте по-късно.',
    );
    expect(ORDER_ERROR_MESSAGES.orders_not_allowed.en).toMatch(/^We are currently not accepting orders/);
    expect(ORDER_ERROR_MESSAGES.other.bg).toBe('Моля опитайте отново!!');
    expect(ORDER_ERROR_MESSAGES.card_payment_requires_login.bg).toBe(
      'За да платите онлайн трябва да сте влезли в акаунта си',
    );
  });

  test.each([
    ['response', 'Възникна грешка #1'],
    ['no_response', 'Възникна грешка #2 Проблем със сървъра или слаб интернет!'],
    ['other', 'Възникна грешка #3'],
  ] as const)('§8 generic handler %s', (kind, text) => {
    expect(genericErrorMessage(kind)).toBe(text);
  });
});

describe('designed order codes (issue 23 #11)', () => {
  test('order_amount_too_large names the caps of money.ts', () => {
    expect(isDesignedOrderErrorCode('order_amount_too_large')).toBe(true);
    expect(isOrderErrorCode('order_amount_too_large')).toBe(false);
    const en = DESIGNED_ORDER_ERROR_MESSAGES.order_amount_too_large.en;
    const fmt = (m: number) => (m / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(en).toContain(fmt(MAX_ORDER_LINE_AMOUNT));
    expect(en).toContain(fmt(MAX_ORDER_AMOUNT));
  });
});
