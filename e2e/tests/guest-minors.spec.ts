/**
 * Issue 24's minor defects a guest sees, each through the screens: the venue name in the phone header, the product
 * page's top add button and its alert, Escape on the order form, the welcome banner only where it greets, the German
 * about page, the translated footer and the out-of-stock card.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { openOrderForm } from './order-form.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
});

test('on a phone the header shows the whole venue name, the tools on their own row', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await skipWelcome(page);
  for (const [path, name] of [
    ['/bistro', 'Бистро Трапеза'],
    ['/hotel', 'Хотел Трапеза'],
  ] as const) {
    await page.goto(path);
    const brand = page.getByRole('banner').getByText(name, { exact: true });
    await expect(brand).toBeVisible();
    const cut = await brand.evaluate((e) => e.scrollWidth > e.clientWidth);
    expect(cut, `${name} is cut`).toBe(false);
    // The cart button is still in the header, on screen.
    await expect(page.getByTestId('cart-button')).toBeInViewport();
  }
  await context.close();
});

test("the top add button's 'choose a size' alert shows beside it", async ({ page }) => {
  await skipWelcome(page);
  await page.goto('/bistro/skara/kebapcheta');
  const top = page.getByRole('button', { name: 'Добави в количката' }).first();
  await top.click();
  const alert = page.getByRole('alert').filter({ hasText: 'Моля, изберете размер на продукта.' });
  await expect(alert).toBeVisible();
  const [buttonBox, alertBox] = [await top.boundingBox(), await alert.boundingBox()];
  expect(alertBox!.y - (buttonBox!.y + buttonBox!.height)).toBeLessThan(100);
  await expect(alert).toBeInViewport();
});

test('Escape closes the order form and leaves the cart', async ({ page }) => {
  await skipWelcome(page);
  await page.goto('/bistro/skara/kebapcheta');
  await page.getByLabel('5 бр.').check();
  await page.getByRole('button', { name: 'Добави в количката' }).first().click();
  const d = await openOrderForm(page);
  const form = page.getByRole('heading', { name: 'Поръчка' });
  await d.getByLabel('Вземане от място').check();
  await d.getByLabel('Име', { exact: true }).fill('Иван');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Поръчай' })).toBeVisible();
});

test('the welcome banner greets on the menu, not on the payment return or a reset link', async ({ page }) => {
  const welcome = page.getByRole('dialog', { name: 'Добре дошли в Бистро Трапеза' });
  for (const path of ['/bistro/payment?orderKey=nothing', '/bistro/reset-password?token=nothing']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(welcome, path).toHaveCount(0);
  }
  await page.goto('/bistro');
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('Поръчайте на масата, за вкъщи или с доставка.');
});

test('the German about page: hours named once, the company line, the footer in German', async ({ page }) => {
  await skipWelcome(page);
  await page.goto('/bistro/about');
  await page.getByRole('button', { name: /BG/ }).click();
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Öffnungszeiten' })).toBeVisible();
  await expect(page.getByText('Öffnungszeiten')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Öffnungszeiten' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Betreiber' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Zimmerservice|Housekeeping/ })).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Trapeza Bistro · Graf-Ignatiev-Str. 12, Sofia');
  await expect(footer).not.toContainText('Бистро Трапеза');
});

test('an out-of-stock card is opaque: its photo greyed, the page background never through it', async ({
  page,
}) => {
  await skipWelcome(page);
  await page.goto('/bistro/pasta');
  const card = page.locator('article[data-out-of-stock]').filter({ hasText: 'Лазаня' });
  await expect(card).toHaveCount(1);
  const img = card.locator('img').first();
  await expect(img).toBeVisible();
  // Every box from the photo up to the page is fully opaque (the card was at opacity 0.55).
  const opacities = await img.evaluate((el) => {
    const out: number[] = [];
    for (let n: Element | null = el; n; n = n.parentElement) out.push(Number(getComputedStyle(n).opacity));
    return out;
  });
  expect(opacities.every((o) => o === 1)).toBe(true);
  expect(await img.evaluate((el) => getComputedStyle(el).filter)).toContain('grayscale(1)');
});
