import { expect, test } from '@playwright/test';

test('the app answers in a real browser', async ({ page }) => {
  const res = await page.goto('/api/health');
  expect(res?.status()).toBe(200);
  await expect(page.locator('body')).toContainText('"ok":true');
});
