/**
 * Issue 21 #3 — product cards with a clear add button; sizes and extras chosen in a bottom sheet on a phone (a dialog
 * on a wide screen): named by the product, the focus inside it, Escape closes, the focus back on the card's button;
 * the page behind the sheet inert (neither focus nor a tap reaches it), a tap on it closes the sheet.
 * The venue has clickable_product_variants off (with it on, each size's "+" adds that size, spec §4).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startFromFreshDatabase } from './fresh-database.ts';
import { skipWelcome } from './welcome.ts';
import { apiHeaders } from './api-auth.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open.
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

async function putSettings(request: APIRequestContext, data: Record<string, string>) {
  const res = await request.put('/api/admin/settings', {
    headers: await apiHeaders(request),
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  await putSettings(request, { clickable_product_variants: '0' });
});

test.afterAll(async ({ request }) => {
  await putSettings(request, { clickable_product_variants: '1' });
  await request.delete('/api/__test/clock');
});

test.beforeEach(async ({ page }) => {
  await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

async function openSheet(page: Page) {
  const add = page.getByRole('button', { name: 'Добави Кебапчета в количката' });
  await expect(add).toBeEnabled({ timeout: 15_000 });
  await add.click();
  const sheet = page.getByRole('dialog', { name: 'Кебапчета' });
  await expect(sheet).toBeVisible();
  return { add, sheet };
}

test('phone: the card opens a bottom sheet; a size and an extra go into the cart; Escape gives the focus back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bistro/skara');
  const card = page.locator('article', { hasText: 'Кебапчета' }).first();
  await expect(card.getByRole('button', { name: 'Добави Кебапчета в количката' })).toHaveText('+ Добави');

  // Escape closes it, and the focus is back on the card's button.
  let { add, sheet } = await openSheet(page);
  await expect.poll(() => sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // Docked to the bottom edge, full width — once its slide-up (0.2 s) has finished: a clean-clone CI run on the
  // loaded 2-core machine measured it mid-slide (bottom at 962 and 915 px).
  await sheet.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const box = (await sheet.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(844);
  expect(Math.round(box.width)).toBe(390);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(add).toBeFocused();

  // A size and an extra, then add: the sheet closes, the cart says what went in.
  ({ add, sheet } = await openSheet(page));
  // Sizes are radio cards, extras checkbox cards (ChoiceCard): a tap anywhere on the card chooses.
  const sizes = sheet.getByRole('radiogroup', { name: 'Размери и цени' });
  await expect(sizes.getByRole('radio')).not.toHaveCount(0);
  await sizes.locator('label', { hasText: '5 бр.' }).click({ position: { x: 200, y: 10 } });
  await expect(sheet.getByLabel('5 бр.')).toBeChecked();
  const extras = sheet.getByRole('group', { name: 'Добавки' });
  await expect(extras.getByRole('checkbox').first()).toBeVisible();
  await sheet.getByRole('checkbox', { name: /^Лютеница/ }).check();
  await sheet.getByRole('button', { name: 'Добави в количката' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '1 x Кебапчета - /5 бр./' })).toBeVisible();
  await expect(add).toBeFocused();
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Количка: 1 продукт');

  // Without a size the sheet says so and stays open.
  ({ sheet } = await openSheet(page));
  await sheet.getByRole('button', { name: 'Добави в количката' }).click();
  await expect(sheet.getByRole('alert')).toBeVisible();
  await expect(sheet).toBeVisible();
});

test('wide screen: the same choices in a centred dialog', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/bistro/skara');
  const { sheet } = await openSheet(page);
  const box = (await sheet.boundingBox())!;
  expect(box.width).toBeLessThan(600);
  expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(2);
  expect(box.y + box.height).toBeLessThan(900);
});

test('phone: the page behind the sheet is inert, and a tap on it closes the sheet and gives the focus back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bistro/skara');
  const { add, sheet } = await openSheet(page);
  await sheet.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  // The header's search link, behind the sheet's backdrop: it can take neither the focus nor a tap.
  // (Found by its place: the header behind an open dialog is hidden from screen readers, so not by its role.)
  const search = page.locator('header a[href$="/search"]');
  const behind = await search.evaluate((link) => {
    link.focus();
    const r = link.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return {
      focused: document.activeElement === link,
      inDialog: document.activeElement?.closest('[role="dialog"]') !== null,
      hit: hit === link || link.contains(hit),
    };
  });
  expect(behind, 'the page behind the sheet is inert').toEqual({
    focused: false,
    inDialog: true,
    hit: false,
  });
  const box = (await sheet.boundingBox())!;
  expect(box.y, 'the sheet leaves the top of the screen free').toBeGreaterThan(60);
  // A tap on the dimmed page (the dialog's backdrop) closes the sheet; the focus is back on the card's button.
  await page.mouse.click(195, box.y / 2);
  await expect(sheet).toBeHidden();
  await expect(add).toBeFocused();
  await expect(page).toHaveURL(/\/bistro\/skara$/);
});

// Back from fixme (38d8508). Reported there: after header-tools, hydration and all-in-one, ticking "5 бр." put the
// product in the cart and closed the sheet. Not reproduced on a fresh build of the same web code as then: that
// sequence in one Playwright invocation (--workers=1, CI's order), 6 of 6 green, and the sheet's size ticked from a
// script at 1x and 6x CPU throttling, 9 of 9 (session report 2026-11-26, "sheet").
test('the quantity is a stepper in the sheet and on the cart line: − value +, stops at one, the cart follows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bistro/skara');
  const { sheet } = await openSheet(page);
  await sheet.getByLabel('5 бр.').check();
  const stepper = sheet.getByRole('group', { name: 'Количество' });
  const value = stepper.locator('output');
  await expect(value).toHaveText('1');
  const less = stepper.getByRole('button', { name: 'Намали количеството' });
  const more = stepper.getByRole('button', { name: 'Увеличи количеството' });
  // At one, − does nothing (and says so); + counts up.
  await expect(less).toHaveAttribute('aria-disabled', 'true');
  // A tap on it (dispatched on the button itself: a forced click at coordinates read while the sheet still rises
  // can land on the backdrop under load and close the sheet, which is the backdrop working, not the stepper).
  await less.dispatchEvent('click');
  await expect(value).toHaveText('1');
  await more.click();
  await more.click();
  await expect(value).toHaveText('3');
  await sheet.getByRole('button', { name: 'Добави в количката' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '3 x Кебапчета - /5 бр./' })).toBeVisible();
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Количка: 3 продукта');

  // The cart's line: the same stepper; one less, and the count follows.
  await page.getByTestId('cart-button').click();
  const line = page.getByRole('dialog').getByRole('group', { name: /^Количество на Кебапчета/ });
  await expect(line.locator('output')).toHaveText('3');
  await line.getByRole('button', { name: /^Намали количеството на Кебапчета/ }).click();
  await expect(line.locator('output')).toHaveText('2');
  // (The cart button is behind the open cart, hidden from screen readers: its name is read once the cart closes.)
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Количка: 2 продукта');
});

test('a touch phone: the page behind an open sheet does not scroll; it is where it was once the sheet closes', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await skipWelcome(context);
  const page = await context.newPage();
  await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
  await page.goto('/bistro/skara');
  await page.getByRole('button', { name: 'Добави Кебапчета в количката' }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  const { sheet } = await openSheet(page);
  // A swipe on the dimmed page above the sheet: the wheel stands in for it (both scroll the page's scroller).
  await page.mouse.move(195, 40);
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  // Closed, the page scrolls again.
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
  await context.close();
});
