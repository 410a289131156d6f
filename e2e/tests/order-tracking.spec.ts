import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { openOrderForm } from './order-form.ts';

startFromFreshDatabase();

// Order tracking for delivery and pickup (issue 24 #6), through the screens: an anonymous guest orders a pickup
// with an e-mail address, follows the link of the answer to the order's page, sees the kitchen's status change live,
// finds the order again under "my orders", and opens the e-mailed link on another device; a signed-in guest's order
// history is cards with the short number, readable on a phone. Tuesday 12:00 in Sofia: the bistro is open.
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

async function orderPickup(page: Page, email: string, quantity = '5 бр.') {
  await page.goto('/bistro/skara/kebapcheta');
  await page.getByLabel(quantity).check();
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Добави в количката' }).first().click();
  const d = await openOrderForm(page);
  await d.getByLabel('Вземане от място').check();
  // On a phone the form goes in steps (how & when, your details, payment & confirm): Next is a guest's tap.
  const next = d.getByRole('button', { name: 'Напред' });
  if (await next.isVisible()) await next.click();
  await d.getByLabel('Име', { exact: true }).fill('Иван Петров');
  await d.getByLabel('Телефон').fill('+359 888 123 456');
  if (email) await d.getByLabel('Имейл').fill(email);
  if (await next.isVisible()) await next.click();
  await d.getByLabel('В брой', { exact: true }).check();
  await d.getByLabel('Не, без прибори').check();
  await d.getByRole('checkbox').check();
  await d.getByRole('button', { name: /Изпрати поръчката/ }).click();
  await expect(d.getByTestId('order-number')).toBeVisible();
  const number = (await d.getByTestId('order-number').innerText()).trim();
  expect(number).toMatch(/^#\d{1,4}$/);
  return { dialog: d, number };
}

test('an anonymous pickup guest follows the order live, finds it in "my orders" and from the e-mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = 'tracking-guest@example.test';
  await page.request.delete('/api/__test/outbox');
  const { dialog, number } = await orderPickup(page, email);

  // The answer links to the order's page.
  await dialog.getByRole('link', { name: 'Следете поръчката' }).click();
  await expect(page).toHaveURL(/\/bistro\/order\/[A-Za-z0-9_-]{24}$/);
  const trackingUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Вашата поръчка ${number}`);
  await expect(page.getByTestId('tracking-status')).toHaveText('Приета');
  await expect(page.getByTestId('tracking-expected')).toHaveText('Възможно най-скоро');
  await expect(page.getByTestId('tracking-message')).toContainText('готова за вземане след около 20 минути');
  await expect(page).toHaveTitle(new RegExp(`^Поръчка ${number}`));

  // The kitchen marks it ready on the staff board (another browser); the guest's page changes without a reload.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/bistro/staff');
  await staff.getByLabel('Имейл').fill('waiter@demo.test');
  await staff.getByLabel('Парола').fill('demo-waiter');
  await staff.getByRole('button', { name: 'Вход' }).click();
  const card = staff.locator('article[data-order-key]').filter({ hasText: `Поръчка ${number}` });
  await expect(card).toHaveCount(1, { timeout: 15_000 });
  await card.getByRole('button', { name: 'Готова за вземане' }).click();
  await expect(card).toHaveAttribute('data-status', 'cooked_preorder');
  await expect(page.getByTestId('tracking-status')).toHaveText('Готова за вземане', { timeout: 10_000 });
  await staffContext.close();

  // The page is the server's: its HTML carries the order before any script runs.
  const html = await (await page.request.get(trackingUrl)).text();
  expect(html).toContain(`Вашата поръчка ${number}`);
  expect(html).toContain('Готова за вземане');
  // Another venue's or a made-up key: the page says so (404).
  const unknown = await page.request.get('/bistro/order/aaaaaaaaaaaaaaaaaaaaaaaa');
  expect(unknown.status()).toBe(404);
  // … in the server's HTML already (never a "loading" that stays), and once the app is live.
  const unknownHtml = await unknown.text();
  expect(unknownHtml).toContain('Няма такава поръчка');
  expect(unknownHtml).not.toContain('Зареждане…');
  await page.goto('/bistro/order/aaaaaaaaaaaaaaaaaaaaaaaa');
  await expect(page.getByRole('button', { name: 'Избор на език' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Няма такава поръчка');

  // Back on the menu, "my orders" (no table) lists this device's order with its number and link.
  await page.goto('/bistro');
  await page.getByTestId('cart-button').click();
  await page.getByRole('tab', { name: 'Моите поръчки' }).click();
  const tracked = page.getByTestId('tracked-order');
  await expect(tracked).toHaveCount(1);
  await expect(tracked).toContainText(number);
  await tracked.getByRole('link', { name: 'Следете поръчката' }).click();
  await expect(page).toHaveURL(new RegExp(`${trackingUrl}$`));
  await expect(page.getByTestId('tracking-status')).toHaveText('Готова за вземане');

  // The confirmation e-mail carries the number and the link; another device (no storage, no cookies) opens it.
  const mails = (await (
    await page.request.get(`/api/__test/outbox?to=${encodeURIComponent(email)}`)
  ).json()) as { subject: string; text: string; tag?: string }[];
  const mail = mails.find((m) => m.tag === 'order_tracking');
  expect(mail?.subject).toContain(number);
  const link = /https?:\/\/\S+\/bistro\/order\/[A-Za-z0-9_-]{24}/.exec(mail!.text)?.[0];
  expect(link && new URL(link).pathname).toBe(trackingUrl);
  const otherContext = await browser.newContext({ locale: 'en-GB' });
  const other = await otherContext.newPage();
  await other.goto(new URL(link!).pathname);
  await expect(other.getByTestId('tracking-status')).toHaveText('Готова за вземане');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Вашата поръчка ${number}`);
  await otherContext.close();
});

test('the account order history on a phone: cards with the short number and the tracking link, no wide table', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/bistro/profile');
  await page.getByLabel('Имейл').fill('guest@demo.test');
  await page.getByLabel('Парола').fill('demo-guest');
  await page.getByRole('button', { name: 'Вход' }).last().click();
  await expect(page.getByRole('link', { name: 'Моите поръчки' }).first()).toBeVisible();
  const { number } = await orderPickup(page, '', '3 бр.');
  await page.keyboard.press('Escape');
  await page.goto('/bistro/profile/orders');
  const cards = page.getByTestId('account-order');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  const card = cards.filter({ hasText: number });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('account-order-number')).toHaveText(number);
  // Nothing wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await card.getByRole('link', { name: 'Следете поръчката' }).click();
  await expect(page.getByTestId('tracking-status')).toHaveText('Приета');
});
