/**
 * Issue 24 (minor): the tables and their QR sheet are reachable from the admin's menu, and a waiter sees and prints
 * them (without the admin's controls) instead of being refused.
 */
import { signInToAdmin } from '../fixtures/admin.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';

startFromFreshDatabase();

test("the admin reaches the tables and QR codes from the admin's menu", async ({ page }) => {
  await signInToAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Раздели на администрацията' });
  await nav.getByRole('link', { name: 'Маси и QR кодове' }).click();
  await expect(page).toHaveURL(/\/bistro\/staff\/tables$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Маси и стаи' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отпечатай всички QR кодове' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Редактирай' }).first()).toBeVisible();
});

test('a waiter sees the tables, their QR codes and the print sheet, not the admin controls', async ({
  page,
}) => {
  await page.goto('/bistro/staff');
  await page.getByLabel('Имейл').fill('waiter@demo.test');
  await page.getByLabel('Парола').fill('demo-waiter');
  await page.getByRole('button', { name: 'Вход' }).click();
  await page.getByRole('link', { name: 'Маси и QR кодове' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Маси и стаи' })).toBeVisible();
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Маса 1', exact: true }) });
  await row.getByRole('button', { name: 'Покажи QR кода на Маса 1' }).click();
  const img = row.getByRole('img', { name: 'QR код на Маса 1' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Отпечатай всички QR кодове' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Редактирай' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Нов QR код' })).toHaveCount(0);
});
