/**
 * Blocking an abusing guest's device (spec §6, issue 24 minor), through the screens only: a guest at table 3 orders
 * from the shared cart; the waiter blocks that order's device from the board (after confirming); the guest's next
 * order is refused with the spec's anon_user_banned message on the guest's screen. Then the admin finds the device
 * under "Blocked devices" in the console's side bar, unblocks it (after confirming, with a toast) and the same guest
 * orders again.
 */
import { signInToAdmin } from '../fixtures/admin.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { addKebapcheta } from './order-form.ts';
import { sendFromSharedCart } from './table-order.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

/** The kebapcheta through the table's shared cart (an agreement still ticked from before stays ticked). */
async function orderKebapchetaAtTable(guest: Page) {
  await addKebapcheta(guest);
  await sendFromSharedCart(guest);
}

test.beforeEach(async ({ request }) => {
  const res = await request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
});

test('a waiter blocks a table guest’s device from the board; the guest is refused until the admin unblocks it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto('/bistro/staff');
  await page.getByLabel('Имейл').fill('waiter@demo.test');
  await page.getByLabel('Парола').fill('demo-waiter');
  await page.getByRole('button', { name: 'Вход' }).click();
  await expect(page.getByText('На живо')).toBeVisible({ timeout: 15_000 });

  const context = await browser.newContext();
  const guest = await context.newPage();
  try {
    await guest.clock.setFixedTime(new Date(TUESDAY_NOON));
    await skipWelcome(guest);
    await guest.goto('/bistro/t/demo-t3');
    await expect(guest).toHaveURL(/\/bistro$/, { timeout: 15_000 });
    await orderKebapchetaAtTable(guest);
    await expect(guest.getByText('Успешно направена поръчка')).toBeVisible();
    await guest.keyboard.press('Escape');

    const card = page.locator('article[data-order-key]').filter({ hasText: 'Маса 3' });
    await expect(card).toHaveCount(1, { timeout: 10_000 });
    await card.getByRole('button', { name: 'Блокирай устройството' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Да се блокира ли устройството на госта?' });
    await confirm.getByRole('button', { name: 'Блокирай', exact: true }).click();
    await expect(card.getByText('Устройството е блокирано.')).toBeVisible();

    await orderKebapchetaAtTable(guest);
    await expect(guest.getByText('Не можете да правите повече поръчки.')).toBeVisible({ timeout: 10_000 });
    await expect(guest.getByText('Успешно направена поръчка')).toHaveCount(0);

    // The admin unblocks the device from the console: side bar → "Blocked devices" → Unblock → confirm.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    try {
      await signInToAdmin(admin);
      const nav = admin.getByRole('navigation', { name: 'Раздели на администрацията' });
      await nav.getByRole('link', { name: 'Блокирани устройства' }).click();
      await expect(admin.getByRole('heading', { name: 'Устройства без право да поръчват' })).toBeVisible();
      const rows = admin.locator('tr[data-device-id]');
      await expect(rows).toHaveCount(1);
      // The row names the device's last order here: its number and table.
      await expect(rows).toContainText(/#\d+ · Маса 3 · /);
      const unblock = rows.getByRole('button', { name: 'Отблокирай' });
      // Cancelling keeps it blocked.
      await unblock.click();
      const confirm = admin.getByRole('alertdialog', { name: 'Да се отблокира ли устройството?' });
      await confirm.getByRole('button', { name: 'Отказ' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(rows).toHaveCount(1);
      await unblock.click();
      await confirm.getByRole('button', { name: 'Отблокирай', exact: true }).click();
      const toasts = admin.getByRole('region', { name: 'Известия' });
      await expect(toasts.getByText('Устройството отново може да поръчва.')).toBeVisible();
      await expect(rows).toHaveCount(0);
      await expect(admin.getByText('Няма блокирани устройства.')).toBeVisible();
    } finally {
      await adminContext.close();
    }

    // The same guest's next order goes through and reaches the board.
    await guest.reload();
    await orderKebapchetaAtTable(guest);
    await expect(guest.getByText('Успешно направена поръчка')).toBeVisible({ timeout: 10_000 });
    await expect(card).toHaveCount(2, { timeout: 10_000 });
  } finally {
    await context.close();
  }
});
