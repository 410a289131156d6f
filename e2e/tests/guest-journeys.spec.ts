import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { chooseOption, optionTexts } from './choose-option.ts';
import { addKebapcheta, openOrderForm } from './order-form.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

test('a pickup for later offers only open days and times; the answer names the time, not "in 20 minutes"', async ({
  page,
}) => {
  await addKebapcheta(page);
  const d = await openOrderForm(page);
  await d.getByLabel('Вземане от място').check();
  await d.getByLabel('Име', { exact: true }).fill('Иван Петров');
  await d.getByLabel('Телефон').fill('+359 888 123 456');
  // "Delivery may be late" is the delivery form's, not the pickup's.
  await expect(d.getByText(/закъснее|late/i)).toHaveCount(0);
  await d.getByLabel('Точен час').check();
  // Today (Tuesday 03.03) to Sunday 08.03; Monday 09.03 is closed and not offered.
  const days = await optionTexts(d, 'Дата');
  expect(days.map((o) => o.match(/\d\d\.\d\d/)?.[0] ?? o)).toEqual([
    '—',
    '03.03',
    '04.03',
    '05.03',
    '06.03',
    '07.03',
    '08.03',
  ]);
  await chooseOption(d, 'Дата', /03\.03/);
  const today = await optionTexts(d, 'Час');
  expect(today[1]).toBe('12:15'); // nothing in the past
  expect(today.at(-1)).toBe('22:45'); // nothing after closing
  await chooseOption(d, 'Дата', /04\.03/);
  expect((await optionTexts(d, 'Час'))[1]).toBe('08:00');
  await chooseOption(d, 'Час', '09:00');
  await d.getByLabel('В брой').check();
  await d.getByLabel('Не, без прибори').check();
  await d.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Изпрати поръчката/ }).click();
  await expect(page.getByText('Благодарим ви! Поръчката е приета за 04.03 09:00.')).toBeVisible();
  await expect(page.getByText(/след около 20 минути/)).toHaveCount(0);
});

test('in Swiss French the euro venue shows euro prices, never CHF', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'language', value: 'fr-CH', url: baseURL! }]);
  await page.goto('/bistro/skara/kebapcheta');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main')).toContainText('€');
  await expect(page.locator('body')).not.toContainText('CHF');
});

test('unorderable products: the tasting menu "+" opens the booking, a browse-only category offers no "+"', async ({
  page,
}) => {
  // The booking-only tasting menu: its card's "+" opens the booking modal, the cart stays empty.
  await page.goto('/bistro/degustatsii');
  const tasting = page.getByRole('article').first();
  await tasting
    .getByRole('button', { name: /^Добави/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // (Read once the dialog is closed: the page behind an open one is hidden from screen readers.)
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName(/0/);

  // The seasonal menu is to browse only (order_allowed = 0): no "+" on its cards.
  await page.goto('/bistro/sezonno-menyu');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Добави/ })).toHaveCount(0);
});
