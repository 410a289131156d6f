import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';

startFromFreshDatabase();

test('the app answers in a real browser', async ({ page }) => {
  const res = await page.goto('/api/health');
  expect(res?.status()).toBe(200);
  await expect(page.locator('body')).toContainText('"ok":true');
});

test('/bistro shows a category from the seed', async ({ page }) => {
  await page.goto('/bistro');
  await expect(page.getByRole('link', { name: /Храна/ }).first()).toBeVisible();
});
