import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { chooseOption } from './choose-option.ts';
import { addKebapcheta, openOrderForm, ORDER_OR_KEEP } from './order-form.ts';
// At a table the phones share the table's cart (issue 19, on by default): the cart tab shows it with what this phone
// added; the venue's agreement is ticked there and "Order for the table" sends it (no order form: the table pays
// through its bill).
import { sendFromSharedCart } from './table-order.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00), the centre delivery shape is active.
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const MONDAY_NOON = '2026-03-02T10:00:00.000Z';

/** The order answer's totalPrice is a decimal of the venue currency (spec §7/§9, issue 25 #1): × 100 = minor units. */
const MINOR_PER_WIRE_UNIT = 100;

/** A rendered price ('26,60 € (52,02 лв.)') in minor units: its first amount, the venue currency's. */
function minorOf(text: string): number {
  const first = /\d[\d\s.,]*/.exec(text)?.[0] ?? '';
  return Number(first.replace(/[^\d]/g, ''));
}

async function setServerClock(page: Page, now: string) {
  const res = await page.request.put('/api/__test/clock', { data: { now } });
  expect(res.ok()).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await setServerClock(page, TUESDAY_NOON);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

async function fillGuest(page: Page) {
  const d = page.getByRole('dialog');
  await d.getByLabel('Име', { exact: true }).fill('Иван Петров');
  await d.getByLabel('Телефон').fill('+359 888 123 456');
}

async function scan(page: Page, token: string, place = 'bistro') {
  await page.goto(`/${place}/t/${token}`);
  await expect(page).toHaveURL(new RegExp(`/${place}$`), { timeout: 15_000 });
}

async function fillAddress(page: Page) {
  const d = page.getByRole('dialog');
  await d.getByLabel('Улица').fill('ул. Граф Игнатиев');
  await d.getByLabel('Номер', { exact: true }).fill('12');
  await d.getByLabel('Вход', { exact: true }).fill('А');
  await d.getByLabel('Етаж').fill('3');
  await d.getByLabel('Апартамент').fill('7');
  await d.getByLabel('Звънец').fill('Петров');
  await d.getByTestId('map-picker').click();
}

test('at the table: scan, add a multi-variant product with ingredients, order, see it, ask for the bill', async ({
  page,
}) => {
  await scan(page, 'demo-t1');
  await addKebapcheta(page);
  await expect(page.getByRole('status').filter({ hasText: '1 x Кебапчета - /5 бр./' })).toBeVisible();
  await sendFromSharedCart(page);
  await expect(page.getByText('Успешно направена поръчка')).toBeVisible();
  await page.getByRole('button', { name: 'Виж моите поръчки' }).click();
  await expect(page.getByTestId('session-order')).toHaveCount(1);
  await expect(page.getByTestId('session-order')).toContainText('Приета');
  await expect(page.getByTestId('session-order')).toContainText('Кебапчета');
  await page.getByRole('dialog').getByRole('button', { name: 'Поискай сметката' }).click();
  await expect(page.getByText('Сметката е поискана. Сервитьорът идва.')).toBeVisible();
  await page.getByRole('button', { name: 'Сметката е поискана' }).click();
  await expect(page.getByText('Сметката вече е поискана.')).toBeVisible();

  // In English, the order lists the product by its English name (the line is stored in Bulgarian).
  await page.context().addCookies([{ name: 'language', value: 'en', url: page.url() }]);
  await page.reload();
  await page.getByTestId('cart-button').click();
  await page.getByRole('tab', { name: 'My orders' }).click();
  await expect(page.getByTestId('session-order')).toContainText('1 x Kebapche (grilled minced-meat rolls)');
  await expect(page.getByTestId('session-order')).not.toContainText('Кебапчета');
});

test('the sticky cart bar: count and total in view once the cart has something; a tap opens the cart (issue 21 #3)', async ({
  page,
}) => {
  await page.goto('/bistro/skara');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('cart-bar')).toHaveCount(0);
  await addKebapcheta(page, 2);
  const bar = page.getByTestId('cart-bar');
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('button')).toContainText('2');
  await expect(bar.getByRole('button')).toContainText('Виж количката');
  // In view at the bottom edge of the phone's screen, not at the end of the page.
  const box = await bar.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box && box.y + box.height).toBeGreaterThan(height - 4);
  expect(box && box.y + box.height).toBeLessThanOrEqual(height + 1);
  const barTotal = (await bar.locator('.cart-bar-total').innerText()).trim();
  await bar.getByRole('button').click();
  const cart = page.getByRole('dialog', { name: 'Количка' });
  await expect(cart).toBeVisible();
  // The bar's total is the cart's own total.
  expect(barTotal).toBe((await cart.getByTestId('order-total').innerText()).trim());
  expect(barTotal).toMatch(/\d,\d\d €/);
  // Emptied, the bar goes.
  await cart
    .getByRole('button', { name: /^(Премахни|Remove)/ })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cart-bar')).toHaveCount(0);
});

test('delivery with a pin in the centre zone and WELCOME10: the total shown is the server total', async ({
  page,
}) => {
  await addKebapcheta(page, 2);
  await openOrderForm(page, ORDER_OR_KEEP);
  await page.getByLabel('Доставка').check();
  await fillGuest(page);
  await fillAddress(page);
  await expect(page.getByTestId('delivery-zone')).toContainText('Адресът е в зоната за доставка');
  await page.getByLabel('В брой').check();
  await page.getByLabel('Не, без прибори').check();
  await page.getByLabel('Промо код').fill('welcome10');
  await page.getByRole('button', { name: 'Приложи' }).click();
  await expect(page.getByText('Код WELCOME10 е приложен.')).toBeVisible();
  await page.getByRole('dialog').getByRole('checkbox').check();
  // What the guest is shown before sending: the browser's own computation (domain engine), not the server's answer.
  const before = minorOf(await page.getByRole('dialog').getByTestId('order-total').innerText());
  expect(before).toBeGreaterThan(0);
  const answer = page.waitForResponse((r) => r.url().includes('/api/orders/delivery'));
  await page.getByRole('button', { name: /Изпрати поръчката/ }).click();
  const body = (await (await answer).json()) as { totalPrice: number };
  expect((await answer).status()).toBe(201);
  await expect(
    page.getByText('Благодарим ви! Поръчката е приета и ще пристигне до 45–60 минути.'),
  ).toBeVisible();
  // The server priced it itself: the same number as shown before sending, and as rendered after.
  expect(Math.round(body.totalPrice * MINOR_PER_WIRE_UNIT)).toBe(before);
  const shown = await page.getByTestId('order-answer-total').innerText();
  expect(minorOf(shown)).toBe(before);
  // The answer shows the total in the second currency too, and the discount with its minus sign in both (issue 24).
  expect(shown).toMatch(/^[\d,.\s]+ €\s*\([\d,.\s]+ лв\.\)$/);
  await expect(page.getByTestId('order-answer-discount')).toHaveText(/^−[\d,.\s]+ €\s*\(−[\d,.\s]+ лв\.\)$/);
});

test('pickup', async ({ page }) => {
  await addKebapcheta(page);
  await openOrderForm(page, ORDER_OR_KEEP);
  await page.getByLabel('Вземане от място').check();
  await fillGuest(page);
  await page.getByLabel('В брой').check();
  await page.getByLabel('Не, без прибори').check();
  await page.getByRole('dialog').getByRole('checkbox').check();
  await page.getByRole('button', { name: /Изпрати поръчката/ }).click();
  await expect(
    page.getByText('Благодарим ви! Поръчката ще бъде готова за вземане след около 20 минути.'),
  ).toBeVisible();
});

test('room service via the room QR code at the hotel', async ({ page }) => {
  await scan(page, 'demo-r101', 'hotel');
  const first = await page.evaluate(async () => {
    const r = await fetch('/api/products?active=1', { headers: { client: 'demo', place: 'hotel' } });
    const list = (await r.json()) as {
      slug: string;
      product_variants: unknown[];
      in_stock: number;
      type: string;
    }[];
    return list.find((p) => p.in_stock !== 0 && p.type !== 'booking' && p.product_variants.length > 0)!;
  });
  await page.goto(`/hotel/x/${first.slug}`);
  await page.getByRole('button', { name: 'Добави в количката' }).first().click();
  await openOrderForm(page, ORDER_OR_KEEP);
  await expect(page.getByRole('dialog').getByText('Стая 101', { exact: true })).toBeVisible();
  // The order type names the room, not a table (issue 24: "Room service – table 101").
  await expect(page.getByRole('dialog').getByText('Румсървис – Стая 101', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog').getByText(/маса 101/)).toHaveCount(0);
  await fillGuest(page);
  await chooseOption(page, 'Вид поръчка', 'Обяд');
  await page.getByLabel('Към сметката на стаята').check();
  await page.getByLabel('Не, без прибори').check();
  await page.getByRole('dialog').getByRole('checkbox').check();
  await page.getByRole('button', { name: /Изпрати поръчката/ }).click();
  await expect(page.getByText('Поръчката е приета. Ще я доставим в стаята ви.')).toBeVisible();
});

test.describe('order errors shown as §8 says', () => {
  test('orders_not_allowed', async ({ page }) => {
    await addKebapcheta(page);
    await openOrderForm(page, ORDER_OR_KEEP);
    await page.getByLabel('Вземане от място').check();
    await fillGuest(page);
    await page.getByLabel('В брой').check();
    await page.getByLabel('Не, без прибори').check();
    await page.getByRole('dialog').getByRole('checkbox').check();
    // The venue closes (server clock on a Monday) while the guest fills the form.
    await setServerClock(page, MONDAY_NOON);
    await page.getByRole('button', { name: /Изпрати поръчката/ }).click();
    await expect(page.getByTestId('order-error')).toHaveText(
      'В момента не приемаме поръчки. Моля опитайте по-късно.',
    );
  });

  test('too_mony_orders_for_session_in_x_seconds', async ({ page }) => {
    await scan(page, 'demo-t3');
    for (let round = 0; round < 2; round++) {
      await addKebapcheta(page);
      await sendFromSharedCart(page);
      if (round === 0) {
        await expect(page.getByText('Успешно направена поръчка')).toBeVisible();
        await page.getByRole('button', { name: 'Виж моите поръчки' }).click();
        await page.keyboard.press('Escape');
      }
    }
    await expect(page.getByTestId('order-error')).toHaveText(
      'Същата поръчка е изпратена повече от веднъж. Опитайте отново след няколко секунди.',
    );
  });

  // At a table the phone's cart joins the table's shared cart (issue 19): the server answers a line it will not take
  // as the order call does, when the line arrives — so the guest browses, adds, and then scans the table.
  test('inactiveProductsIds removes the line', async ({ page }) => {
    await addKebapcheta(page);
    await page.evaluate(() => {
      const cart = JSON.parse(localStorage.getItem('to_order') ?? '{}') as Record<
        string,
        Record<string, unknown>[]
      >;
      const line = Object.values(cart)[0]![0]!;
      cart['999999'] = [{ ...line, product_variant_id: 999999, product_id: 999999, name: 'Изчезнал' }];
      localStorage.setItem('to_order', JSON.stringify(cart));
    });
    await scan(page, 'demo-t4');
    await expect(page.getByTestId('order-error')).toContainText(
      'Някои продукти вече не са налични и бяха премахнати от количката.',
    );
    await page.getByTestId('cart-button').click();
    const lines = page.getByTestId('shared-cart').getByTestId('party-line');
    await expect(lines).toHaveCount(1);
    await expect(lines).toContainText('Кебапчета');
    await expect(page.getByTestId('shared-cart')).not.toContainText('Изчезнал');
    const left = await page.evaluate(() =>
      Object.keys(JSON.parse(localStorage.getItem('to_order') ?? '{}') as object),
    );
    expect(left).not.toContain('999999');
  });

  test('invalid_products_for_place clears the cart and reloads with the message', async ({ page }) => {
    await addKebapcheta(page);
    const hotelProduct = await page.evaluate(async () => {
      const r = await fetch('/api/products?active=1', { headers: { client: 'demo', place: 'hotel' } });
      const list = (await r.json()) as { id: number; product_variants: { id: number }[] }[];
      const p = list.find((x) => x.product_variants.length > 0)!;
      return { id: p.id, variant: p.product_variants[0]!.id };
    });
    await page.evaluate((hp) => {
      const cart = JSON.parse(localStorage.getItem('to_order') ?? '{}') as Record<
        string,
        Record<string, unknown>[]
      >;
      const line = Object.values(cart)[0]![0]!;
      cart[String(hp.variant)] = [{ ...line, product_variant_id: hp.variant, product_id: hp.id }];
      localStorage.setItem('to_order', JSON.stringify(cart));
    }, hotelProduct);
    await scan(page, 'demo-t5');
    await expect(page.getByTestId('order-flash')).toContainText(
      'Опитахте да поръчате продукти от друго заведение',
      {
        timeout: 15_000,
      },
    );
    expect(await page.evaluate(() => localStorage.getItem('to_order'))).toBe('{}');
  });

  test('min_order_price_for_radius_not_fulfilled', async ({ page }) => {
    await addKebapcheta(page);
    await openOrderForm(page, ORDER_OR_KEEP);
    await page.getByLabel('Доставка').check();
    await fillGuest(page);
    await fillAddress(page);
    await page.getByLabel('В брой').check();
    await page.getByLabel('Не, без прибори').check();
    await page.getByRole('dialog').getByRole('checkbox').check();
    const answer = page.waitForResponse((r) => r.url().includes('/api/orders/delivery'));
    await page.getByRole('button', { name: /Изпрати поръчката/ }).click();
    // The server refuses with exactly this code (spec §8), and the guest reads its text, not any error.
    const res = await answer;
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'min_order_price_for_radius_not_fulfilled',
      payload: { message: 'min_order_price_for_radius_not_fulfilled' },
    });
    await expect(page.getByTestId('order-error')).toHaveText('Моля, добавете още продукти.');
  });
});
