import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { addKebapcheta, fillDeliveryAddress, openOrderForm } from './order-form.ts';

startFromFreshDatabase();

// Delivery tracking (issue 24 #6 and Tests), through the screens only: an anonymous guest orders a delivery with a
// pin in the centre zone and an e-mail address, follows the answer's link to the order's page; the waiter, on the
// board in another browser, moves the order prepared → on the way → paid, and the guest's page follows each move
// without a reload; the stored status is the page's after a reload. Tuesday 12:00 in Sofia: the bistro is open.
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

test('a delivery guest follows the order live while the waiter moves it prepared → on the way → paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Two portions: above the bistro's minimal delivery order.
  await addKebapcheta(page, 2);
  const d = await openOrderForm(page);
  await d.getByLabel('Доставка').check();
  await d.getByLabel('Име', { exact: true }).fill('Иван Петров');
  await d.getByLabel('Телефон').fill('+359 888 123 456');
  await d.getByLabel('Имейл').fill('delivery-tracking@example.test');
  await fillDeliveryAddress(d, 'Петров');
  await d.getByLabel('В брой', { exact: true }).check();
  await d.getByLabel('Не, без прибори').check();
  await d.getByRole('checkbox').check();
  await d.getByRole('button', { name: /Изпрати поръчката/ }).click();
  await expect(d.getByTestId('order-number')).toBeVisible({ timeout: 15_000 });
  const number = (await d.getByTestId('order-number').innerText()).trim();
  expect(number).toMatch(/^#\d{1,4}$/);

  await d.getByRole('link', { name: 'Следете поръчката' }).click();
  await expect(page).toHaveURL(/\/bistro\/order\/[A-Za-z0-9_-]{24}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Вашата поръчка ${number}`);
  const status = page.getByTestId('tracking-status');
  await expect(status).toHaveText('Приета');

  // The waiter's board, in another browser.
  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await staff.clock.setFixedTime(new Date(TUESDAY_NOON));
    await staff.goto('/bistro/staff');
    await staff.getByLabel('Имейл').fill('waiter@demo.test');
    await staff.getByLabel('Парола').fill('demo-waiter');
    await staff.getByRole('button', { name: 'Вход' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Поръчки' })).toBeVisible();
    const card = staff
      .locator('article[data-order-key]')
      .filter({ has: staff.getByRole('heading', { name: `Поръчка ${number}` }) });
    await expect(card).toHaveCount(1, { timeout: 15_000 });
    await expect(card).toContainText('Кебапчета');
    await expect(card).toContainText('Граф Игнатиев');
    const accept = card.getByRole('button', { name: 'Приеми' });
    if (await accept.isVisible()) await accept.click();

    await card.getByRole('button', { name: 'Приготвена' }).click();
    await expect(card).toHaveAttribute('data-status', 'cooked_delivery');
    await expect(status).toHaveText('Приготвена', { timeout: 10_000 });

    await card.getByRole('button', { name: 'На път' }).click();
    await expect(card).toHaveAttribute('data-status', 'on_the_way_delivery');
    await expect(status).toHaveText('На път', { timeout: 10_000 });
    // Only the legal next moves: no going back to "prepared".
    await expect(card.getByRole('button', { name: 'Приготвена' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Платена' }).click();
    await expect(status).toHaveText('Завършена', { timeout: 10_000 });
  } finally {
    await staffContext.close();
  }

  // Stored: the same after a reload.
  await page.reload();
  await expect(status).toHaveText('Завършена');
  await expect(status).toHaveAttribute('data-status', 'paid');
});
