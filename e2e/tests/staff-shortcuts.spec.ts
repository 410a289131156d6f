import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';
import { tableOrder } from './table-order.ts';

startFromFreshDatabase();

// The staff board's keyboard shortcuts (issue 21 #4), pressed as keys: "?" lists them, j / k move between the
// open orders' cards, a accepts, n moves the chosen order to its next status; typing in a field is never a shortcut.

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
test.beforeEach(async ({ request }) => {
  const res = await request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
});

test('the waiter accepts and serves orders with the keyboard; "?" shows the shortcuts', async ({
  page,
  request,
}) => {
  await page.goto('/bistro/staff');
  await page.getByLabel('Имейл').fill('waiter@demo.test');
  await page.getByLabel('Парола').fill('demo-waiter');
  await page.getByRole('button', { name: 'Вход' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Поръчки' })).toBeVisible();
  await expect(page.getByText('На живо')).toBeVisible({ timeout: 15_000 });

  await tableOrder(request, 'demo-t4');
  await tableOrder(request, 'demo-t5');
  // Named by their heading ("Маса 4 Поръчка #…"): a card's table switcher lists the other tables too.
  const t4 = page.getByRole('article', { name: /^Маса 4 / });
  const t5 = page.getByRole('article', { name: /^Маса 5 / });
  await expect(t4.getByText('Нова', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(t5.getByText('Нова', { exact: true })).toBeVisible();

  // "?" opens the list of shortcuts (also a button, marked with its key); Escape closes it.
  await expect(page.getByRole('button', { name: /^Клавиши/ })).toHaveAttribute('aria-keyshortcuts', '?');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Клавишни комбинации' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Избраната поръчка към следващия статус');
  await expect(help).toContainText('Приеми избраната поръчка');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // j: the newest order first (table 5), j again table 4, k back to table 5.
  await page.keyboard.press('j');
  await expect(t5).toBeFocused();
  await page.keyboard.press('j');
  await expect(t4).toBeFocused();
  await page.keyboard.press('k');
  await expect(t5).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(t4).toBeFocused();

  // a accepts the chosen order only.
  await page.keyboard.press('a');
  await expect(t4.getByText('Нова', { exact: true })).toHaveCount(0);
  await expect(t5.getByText('Нова', { exact: true })).toBeVisible();
  await expect(page.getByTestId('key-notice')).toContainText('Приеми');

  // n: the first of its next statuses (the "N" button), cooked; the card keeps the focus in its new group; n: served.
  await expect(t4.locator('button[aria-keyshortcuts="N"]')).toHaveText('Приготвена');
  await page.keyboard.press('n');
  await expect(t4).toHaveAttribute('data-status', 'cooked_spot');
  await expect(t4).toBeFocused();
  await expect(page.getByTestId('key-notice')).toContainText('Приготвена');
  await page.keyboard.press('n');
  await expect(t4).toHaveAttribute('data-status', 'served_spot');
  await expect(t4).toBeFocused();
  await expect(t5).toHaveAttribute('data-status', 'ordered');

  // Typing in a field is no shortcut: the reject reason takes the letters.
  await t5.getByRole('button', { name: 'Откажи…' }).click();
  const reason = t5.getByRole('textbox');
  await expect(reason).toBeFocused();
  await page.keyboard.type('na');
  await expect(reason).toHaveValue('na');
  await expect(t5).toHaveAttribute('data-status', 'ordered');
  await expect(t5.getByText('Нова', { exact: true })).toBeVisible();
});
