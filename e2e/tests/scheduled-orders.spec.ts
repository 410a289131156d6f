/**
 * Future orders through the screens (issue 24 #3): a guest orders a pickup for tomorrow at an open time; the
 * waiter's board and the kitchen show it as scheduled with its time, not in the queue; with the pinned clock moved
 * past its time minus the preparation (20 minutes), it is in the queue. A closed day is not offered, and one forged
 * past the form is refused with the spec's time-field code.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { chooseOption, optionTexts } from './choose-option.ts';
import { addKebapcheta, openOrderForm } from './order-form.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia (UTC+2): the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
// Wednesday 08:41 in Sofia: one minute after 09:00 minus the preparation.
const WEDNESDAY_0841 = '2026-03-04T06:41:00.000Z';

async function pinClock(page: Page, iso: string) {
  const res = await page.request.put('/api/__test/clock', { data: { now: iso } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(iso));
}

async function staffLogin(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Имейл').fill('waiter@demo.test');
  await page.getByLabel('Парола').fill('demo-waiter');
  await page.getByRole('button', { name: 'Вход' }).click();
}

async function pickupForm(guest: Page) {
  await skipWelcome(guest);
  await addKebapcheta(guest);
  const d = await openOrderForm(guest);
  await d.getByLabel('Вземане от място').check();
  await d.getByLabel('Име', { exact: true }).fill('Мария Петрова');
  await d.getByLabel('Телефон').fill('+359 888 123 457');
  await d.getByLabel('Точен час').check();
  return d;
}

test('a pickup for tomorrow waits as scheduled on the board and in the kitchen, then joins the queue at its time', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await pinClock(page, TUESDAY_NOON);
  await staffLogin(page, '/bistro/staff');
  await expect(page.getByText('На живо')).toBeVisible({ timeout: 15_000 });

  // The guest, in their own browser, orders a pickup for Wednesday 09:00 through the form.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.clock.setFixedTime(new Date(TUESDAY_NOON));
  const d = await pickupForm(guest);
  // Monday 09.03 is closed: not offered.
  const days = (await optionTexts(d, 'Дата')).join(' ');
  expect(days).not.toContain('09.03');
  expect(days).toContain('04.03');
  await chooseOption(d, 'Дата', /04\.03/);
  await chooseOption(d, 'Час', '09:00');
  await d.getByLabel('В брой').check();
  await d.getByLabel('Не, без прибори').check();
  await d.getByRole('checkbox').check();
  await guest.getByRole('button', { name: /Изпрати поръчката/ }).click();
  await expect(guest.getByText('Благодарим ви! Поръчката е приета за 04.03 09:00.')).toBeVisible();
  const number = (await guest.getByTestId('order-number').innerText()).trim();
  await context.close();

  // The board: in the "scheduled" group with its time, not among the new orders.
  const scheduled = page.getByRole('region', { name: /Предварителни поръчки — за по-късно/ });
  const card = scheduled.locator('article[data-order-key]').filter({ hasText: `Поръчка ${number}` });
  await expect(card).toHaveCount(1, { timeout: 10_000 });
  await expect(card.getByTestId('order-scheduled')).toHaveText('Предварителна поръчка за 2026-03-04 09:00');
  const queue = page.getByRole('region', { name: /Нови поръчки/ });
  await expect(queue.locator('article[data-order-key]').filter({ hasText: `Поръчка ${number}` })).toHaveCount(
    0,
  );

  // The kitchen: under "later", with its time, no "Cooked" yet.
  const kitchen = await page.context().newPage();
  await kitchen.clock.setFixedTime(new Date(TUESDAY_NOON));
  await kitchen.goto('/bistro/staff/kitchen');
  const later = kitchen.getByRole('list', { name: 'По-късно (предварителни поръчки)' });
  const item = later.getByRole('listitem', { name: `Поръчка ${number}` });
  await expect(item).toContainText('Предварителна поръчка за 2026-03-04 09:00', { timeout: 15_000 });
  await expect(item.getByRole('button', { name: 'Сготвено' })).toHaveCount(0);

  // Wednesday 08:41: past 09:00 minus the 20 minutes' preparation. Both screens move it into the queue by themselves.
  await pinClock(page, WEDNESDAY_0841);
  await kitchen.clock.setFixedTime(new Date(WEDNESDAY_0841));
  const inQueue = queue.locator('article[data-order-key]').filter({ hasText: `Поръчка ${number}` });
  await expect(inQueue).toHaveCount(1, { timeout: 20_000 });
  await expect(inQueue.getByTestId('order-scheduled')).toHaveText(
    'Предварителна поръчка за 2026-03-04 09:00',
  );
  await expect(scheduled).toHaveCount(0);
  const cook = kitchen
    .getByRole('list', { name: 'Кухня' })
    .getByRole('listitem', { name: `Поръчка ${number}` });
  await expect(cook.getByRole('button', { name: 'Сготвено' })).toBeVisible({ timeout: 20_000 });
  await expect(later).toHaveCount(0);
});

test('a closed day forged past the form is refused with the time field’s code, in the guest’s language', async ({
  page,
}) => {
  await pinClock(page, TUESDAY_NOON);
  const d = await pickupForm(page);
  // The guest's browser is tampered with: an open day is chosen, and the order sent names Monday 09.03 (closed).
  await chooseOption(d, 'Дата', /04\.03/);
  await chooseOption(d, 'Час', '12:00');
  await page.route('**/api/orders/preorder', (route) =>
    route.continue({ postData: (route.request().postData() ?? '').replaceAll('04.03', '09.03') }),
  );
  await d.getByLabel('В брой').check();
  await d.getByLabel('Не, без прибори').check();
  await d.getByRole('checkbox').check();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/orders/preorder'));
  await page.getByRole('button', { name: /Изпрати поръчката/ }).click();
  const res = await answer;
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({
    message: 'invalid_order_data',
    errors: [{ field: 'pickup_time', code: 'order_date_required' }],
  });
  // The form says what to do, in Bulgarian, on the time field; nothing was ordered.
  await expect(d.getByText('Моля изберете дата на поръчката')).toBeVisible();
  await expect(page.getByText(/Благодарим ви! Поръчката е приета/)).toHaveCount(0);
});
