import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { addToCart, cartLines, createCartLine, type Cart } from '@trapeza/domain/cart';
import { i18next } from '../../../i18n/i18n.ts';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { product } from '../../../test/fixtures.ts';
import { placeOrder } from '../api/orders.ts';
import { cartBundle } from '../i18n/loaders.ts';
import { reactToOrderError, type OrderErrorEffects } from './order-errors.ts';

beforeAll(async () => {
  await loadFeatureBundle('cart', cartBundle, 'bg');
});
afterEach(() => vi.unstubAllGlobals());

const now = new Date('2026-03-03T10:00:00Z');
const a = product({ id: 1, slug: 'a', name: 'Баница' });
const b = product({ id: 2, slug: 'b', name: 'Айрян' });
let cart: Cart = {};
cart = addToCart(
  cart,
  createCartLine(a, a.product_variants[0]!, { now, chosen: { required: 0, addable: [9] } }),
);
cart = addToCart(cart, createCartLine(b, b.product_variants[0]!, { now }));

/** The server's answer, through the real api client (fetch is the only thing replaced). */
async function failWith(status: number, body: unknown): Promise<unknown> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
  return placeOrder(
    'bistro',
    { type: 1, body: { session: 's', products: cartLines(cart).map((line) => ({ ...line })) } },
    'bg',
  ).catch((e: unknown) => e);
}

function effects(): OrderErrorEffects & { calls: string[]; next: Cart | null } {
  const fx = {
    calls: [] as string[],
    next: null as Cart | null,
    cart,
    setCart: (c: Cart) => {
      fx.next = c;
      fx.calls.push('setCart');
    },
    clearCart: () => fx.calls.push('clearCart'),
    reloadWithMessage: () => fx.calls.push('reload'),
    openLogin: () => fx.calls.push('openLogin'),
    sessionLost: () => fx.calls.push('sessionLost'),
  };
  return fx;
}

describe('order errors: exactly the §8 reactions', () => {
  test('inactiveProductsIds removes those lines and says so, naming them', async () => {
    const fx = effects();
    const e = await failWith(400, {
      code: 'inactiveProductsIds',
      message: 'inactiveProductsIds',
      ids: [2],
      names: ['Айрян'],
    });
    const out = reactToOrderError(e, i18next.t, fx);
    expect(cartLines(fx.next!).map((l) => l.product_id)).toEqual([1]);
    expect(out.message).toBe('Някои продукти вече не са налични и бяха премахнати от количката. (Айрян)');
  });

  test('product_not_orderable names the product and takes it out of the cart (issue 24 #5)', async () => {
    const fx = effects();
    const e = await failWith(400, {
      code: 'product_not_orderable',
      message: 'product_not_orderable',
      ids: [1],
      names: ['Баница'],
    });
    const out = reactToOrderError(e, i18next.t, fx);
    expect(cartLines(fx.next!).map((l) => l.product_id)).toEqual([2]);
    expect(out.message).toBe('Този продукт не може да бъде поръчан (Баница)');
  });

  test('inactiveProductIngredientsIds removes the lines with those ingredients', async () => {
    const fx = effects();
    const e = await failWith(400, {
      code: 'x',
      message: 'inactiveProductIngredientsIds',
      ids: [1],
      ingredient_ids: [9],
    });
    const out = reactToOrderError(e, i18next.t, fx);
    expect(cartLines(fx.next!).map((l) => l.product_id)).toEqual([2]);
    expect(out.message).toContain('Натиснете „Поръчай“ отново');
  });

  test('invalid_products_for_place clears the cart and reloads with the message', async () => {
    const fx = effects();
    const out = reactToOrderError(
      await failWith(400, { code: 'x', message: 'invalid_products_for_place', ids: [1] }),
      i18next.t,
      fx,
    );
    expect(fx.calls).toEqual(['clearCart', 'reload']);
    expect(out.message).toContain('друго заведение');
  });

  test('card_payment_requires_login opens the login', async () => {
    const fx = effects();
    const out = reactToOrderError(
      await failWith(403, { code: 'x', message: 'card_payment_requires_login' }),
      i18next.t,
      fx,
    );
    expect(fx.calls).toEqual(['openLogin']);
    expect(out.message).toBe('За да платите онлайн трябва да сте влезли в акаунта си');
  });

  test.each([
    ['orders_not_allowed', {}, 'В момента не приемаме поръчки. Моля опитайте по-късно.'],
    ['noProductsToInsert', {}, 'Количката е празна.'],
    [
      'min_order_price_for_radius_not_fulfilled',
      { message_trans: 'Добавете още 3,00 €' },
      'Добавете още 3,00 €',
    ],
    ['min_order_price_for_radius_not_fulfilled', {}, 'Моля, добавете още продукти.'],
    ['anon_user_banned', {}, 'Не можете да правите повече поръчки.'],
    ['invalid_delivery_shape', {}, 'Моля, проверете или въведете отново адреса за доставка.'],
    [
      'too_mony_orders_for_session_in_x_seconds',
      {},
      'Същата поръчка е изпратена повече от веднъж. Опитайте отново след няколко секунди.',
    ],
    [
      'order_amount_too_large',
      {},
      'Поръчката е твърде голяма: до 10 000.00 на ред и до 50 000.00 общо. Моля, разделете я или попитайте персонала.',
    ],
    ['something_else', {}, 'Моля опитайте отново!!'],
  ])('%s shows its message', async (code, extra, text) => {
    const fx = effects();
    const out = reactToOrderError(await failWith(400, { code, message: code, ...extra }), i18next.t, fx);
    expect(out.message).toBe(text);
    expect(fx.calls).toEqual([]);
  });

  test("'Invalid session' drops the session (rescan or close the native browser)", async () => {
    const fx = effects();
    const out = reactToOrderError(
      await failWith(400, { code: 'Invalid session', message: 'Invalid session' }),
      i18next.t,
      fx,
    );
    expect(fx.calls).toEqual(['sessionLost']);
    expect(out.message).toContain('сканирайте');
  });

  test('no answer: the generic sending error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const e = await placeOrder('bistro', { type: 1, body: { session: 's', products: [] } }, 'bg').catch(
      (x: unknown) => x,
    );
    const out = reactToOrderError(e, i18next.t, effects());
    expect(out.message).toContain('Възникна грешка при изпращането на поръчката.');
  });

  test('offline: "no internet connection", and the cart is left as it is', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const e = await placeOrder('bistro', { type: 1, body: { session: 's', products: [] } }, 'bg').catch(
      (x: unknown) => x,
    );
    const fx = effects();
    const out = reactToOrderError(e, i18next.t, fx);
    expect(out.message).toBe('Няма връзка с интернет');
    expect(fx.calls).toEqual([]);
  });
});
