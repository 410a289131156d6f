/**
 * Kiosk and tablet mode through the screens (spec §1 "tablet mode, kiosk mode", §3 kiosk flag, §4 / §6 tablet
 * mode, §9 kiosk lifetimes; designed in apps/web/src/features/table/README.md):
 *
 * - a device opens a table's QR address with `?mode=kiosk` / `?mode=tablet`: without a staff login it is refused
 *   with "only staff can switch it on" and the staff login on that page switches it; the staff login is then dropped
 *   from the device, so the guests who use it never act as staff;
 * - kiosk: the device's cookies live 43800 h, the table session too, so a guest still orders at that table hours
 *   after a plain QR scan's two-hour session would have ended; the kiosk keeps its own cart (not the table's
 *   shared one) and every order reaches the waiter's board;
 * - tablet: the cart's order button reads "save for order", and the add button is hidden when the venue hides it
 *   "only in spot browse or tablet mode" (hide_add_to_cart_btn = 2).
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { apiHeaders } from './api-auth.ts';
import { addKebapcheta } from './order-form.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
// Three hours later, still open: a plain QR session (2 h) has ended by then, a kiosk's (43800 h) has not.
const TUESDAY_3PM = '2026-03-03T13:00:00.000Z';
const HOUR = 3_600_000;
/** Chromium's cap on a cookie's lifetime is 400 days; a day's margin. */
const BROWSER_MAX_COOKIE_S = 399 * 24 * 3600;

async function setServerClock(page: Page, now: string) {
  const res = await page.request.put('/api/__test/clock', { data: { now } });
  expect(res.ok()).toBe(true);
}

async function setSetting(page: Page, key: string, value: string) {
  const res = await page.request.put('/api/admin/settings', {
    data: { [key]: value },
    headers: await apiHeaders(page.request),
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function waiterBoard(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/bistro/staff');
  await page.getByLabel('Имейл').fill('waiter@demo.test');
  await page.getByLabel('Парола').fill('demo-waiter');
  await page.getByRole('button', { name: 'Вход' }).click();
  await expect(page.getByText('На живо')).toBeVisible({ timeout: 15_000 });
  return page;
}

/** The board's order cards of a table, told by their heading (a card's table picker lists every table). */
function tableCards(board: Page, table: string) {
  return board
    .locator('article[data-order-key]')
    .filter({ has: board.getByRole('heading', { level: 3, name: new RegExp(`^Маса ${table}(\\D|$)`) }) });
}

/** A fresh device (its own cookies) at the bistro, its clock at `now`, the welcome banner already seen. */
async function newDevice(browser: Browser, now: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.clock.setFixedTime(new Date(now));
  await skipWelcome(page);
  return page;
}

/**
 * A staff member switches the device at the table's QR address: refused without a login (the page says so), then
 * signs in with the page's own button and lands on the menu at that table.
 */
async function switchDevice(device: Page, token: string, mode: 'kiosk' | 'tablet', table: string) {
  await device.goto(`/bistro/t/${token}?mode=${mode}`);
  const modeName = mode === 'kiosk' ? 'Режим „киоск“' : 'Режим „таблет“';
  await expect(device.getByRole('alert')).toHaveText(
    `${modeName} може да се включи само от служител. Моля влезте със служебен акаунт.`,
    { timeout: 15_000 },
  );
  await device.getByRole('button', { name: 'Вход за служители' }).click();
  const login = device.getByRole('dialog');
  await login.getByLabel('Имейл').fill('waiter@demo.test');
  await login.getByLabel('Парола').fill('demo-waiter');
  await login.getByRole('button', { name: 'Вход' }).click();
  await expect(device).toHaveURL(/\/bistro$/, { timeout: 15_000 });
  await expect(device.getByText(`Вие сте на маса ${table}`).first()).toBeVisible();
  // The staff login is gone from the device: guests never act as staff.
  const cookies = await device.context().cookies();
  expect(cookies.find((c) => c.name === 'auth_token')).toBeUndefined();
}

/** The device's own cart (no shared table cart on a kiosk or tablet) → the order form → sent. */
async function orderFromCart(device: Page, orderButton: 'Поръчай' | 'Запази за поръчка') {
  await device.getByTestId('cart-button').click();
  const cart = device.getByRole('dialog', { name: 'Количка' });
  await expect(cart.getByTestId('shared-cart')).toHaveCount(0);
  await cart.getByRole('button', { name: orderButton, exact: true }).click();
  const upsell = device.getByRole('button', { name: 'Продължи към поръчката' });
  await expect(device.getByRole('heading', { name: /^(Поръчка|Защо не опитате и)$/ })).toBeVisible();
  if (await upsell.isVisible()) await upsell.click();
  const form = device.getByRole('dialog');
  await expect(form.getByRole('heading', { name: 'Поръчка' })).toBeVisible();
  const agree = form.getByRole('checkbox');
  for (const box of await agree.all()) if (!(await box.isChecked())) await box.check();
  await form.getByRole('button', { name: /Изпрати поръчката/ }).click();
  await expect(device.getByText('Успешно направена поръчка')).toBeVisible({ timeout: 10_000 });
  await device.keyboard.press('Escape');
}

test.beforeEach(async ({ page }) => {
  await setServerClock(page, TUESDAY_NOON);
});

test('kiosk: switched on by a waiter’s login only; guests order at its table for hours, each order on the board', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const board = await waiterBoard(browser);
  const kiosk = await newDevice(browser, TUESDAY_NOON);
  try {
    await switchDevice(kiosk, 'demo-t5', 'kiosk', '5');
    // The kiosk flag and the order cookies are written for 43800 h, not the 90 h of a guest's phone; Chromium keeps
    // no cookie longer than 400 days (RFC 6265bis), so that is what the device holds. The session itself (the
    // token's expiry, from the server) lasts the five years.
    const cookies = await kiosk.context().cookies();
    const flag = cookies.find((c) => c.name === 'kiosk');
    expect(flag?.value).toBe('1');
    const order = cookies.find((c) => c.name === 'user_order_token');
    expect(order).toBeDefined();
    for (const c of [flag!, order!])
      expect(c.expires).toBeGreaterThan(Date.now() / 1000 + BROWSER_MAX_COOKIE_S);
    // The kiosk writes them again on each page at its table, so the 400-day cap never ends it: cookies about to
    // expire (as after months of use) are back to 400 days after the next page.
    await kiosk
      .context()
      .addCookies([flag!, order!].map((c) => ({ ...c, expires: Math.round(Date.now() / 1000) + 24 * 3600 })));
    await kiosk.reload();
    await expect(kiosk.getByText('Вие сте на маса 5').first()).toBeVisible();
    await expect
      .poll(async () =>
        (await kiosk.context().cookies())
          .filter((c) => c.name === 'kiosk' || c.name === 'user_order_token')
          .map((c) => c.expires > Date.now() / 1000 + BROWSER_MAX_COOKIE_S),
      )
      .toEqual([true, true]);
    const stored = JSON.parse(decodeURIComponent(order!.value)) as { expires: number; table: string };
    expect(stored.table).toBe('5');
    expect(stored.expires).toBeGreaterThan(Date.parse(TUESDAY_NOON) + 4 * 365 * 24 * HOUR);

    // The first guest orders from the kiosk's own cart; the order reaches the waiter as table 5's.
    await addKebapcheta(kiosk);
    await orderFromCart(kiosk, 'Поръчай');
    const cards = tableCards(board, '5');
    await expect(cards).toHaveCount(1, { timeout: 10_000 });
    await expect(cards.first()).toContainText('Кебапчета');

    // Three hours later (a plain scan's session has ended) the next guest finds an empty cart and still orders at
    // table 5, without anyone scanning or signing in again.
    await setServerClock(kiosk, TUESDAY_3PM);
    await kiosk.clock.setFixedTime(new Date(TUESDAY_3PM));
    await kiosk.goto('/bistro');
    await expect(kiosk.getByText('Вие сте на маса 5').first()).toBeVisible();
    await expect(kiosk.getByTestId('cart-bar')).toHaveCount(0);
    await addKebapcheta(kiosk);
    await orderFromCart(kiosk, 'Поръчай');
    await board.reload();
    await expect(cards).toHaveCount(2, { timeout: 10_000 });

    // A plain scan switches the device back to a guest's phone (no kiosk flag).
    await kiosk.goto('/bistro/t/demo-t5');
    await expect(kiosk).toHaveURL(/\/bistro$/, { timeout: 15_000 });
    await expect
      .poll(async () => (await kiosk.context().cookies()).some((c) => c.name === 'kiosk'))
      .toBe(false);
  } finally {
    await kiosk.context().close();
    await board.context().close();
  }
});

test('tablet: switched on by a waiter’s login only; "save for order", the add button hidden when the venue says so', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const board = await waiterBoard(browser);
  const tablet = await newDevice(browser, TUESDAY_NOON);
  try {
    await switchDevice(tablet, 'demo-t6', 'tablet', '6');
    await addKebapcheta(tablet);
    await orderFromCart(tablet, 'Запази за поръчка');
    const cards = tableCards(board, '6');
    await expect(cards).toHaveCount(1, { timeout: 10_000 });
    await expect(cards.first()).toContainText('Кебапчета');

    // "Hide the add button only in spot browse or tablet mode": gone on the tablet, still there on a guest's phone.
    await setSetting(page, 'hide_add_to_cart_btn', '2');
    await tablet.goto('/bistro/skara/kebapcheta');
    await expect(tablet.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(tablet.getByRole('button', { name: 'Добави в количката' })).toHaveCount(0);
    const phone = await newDevice(browser, TUESDAY_NOON);
    try {
      await phone.goto('/bistro/t/demo-t6');
      await expect(phone).toHaveURL(/\/bistro$/, { timeout: 15_000 });
      await phone.goto('/bistro/skara/kebapcheta');
      await expect(phone.getByRole('button', { name: 'Добави в количката' }).first()).toBeVisible();
    } finally {
      await phone.context().close();
    }
  } finally {
    await setSetting(page, 'hide_add_to_cart_btn', '0');
    await tablet.context().close();
    await board.context().close();
  }
});
