/**
 * Gallery (spec §1 "see a gallery", §2 /{place}/gallery), through the screens only: a guest follows the footer's
 * link from the menu, sees the venue's pictures by their captions in the guest's language, opens one large (its image
 * loads), closes it with Escape, and sees the captions in English after switching the language.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';
import { skipWelcome } from './welcome.ts';

startFromFreshDatabase();

const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

test('the gallery from the footer link: pictures by caption, one opened large and closed, captions in English', async ({
  page,
}) => {
  await page.goto('/bistro');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Галерия' }).click();
  await expect(page).toHaveURL(/\/bistro\/gallery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Галерия' })).toBeVisible({ timeout: 15_000 });

  const hall = page.getByRole('button', { name: 'Основната зала' });
  await expect(hall).toBeVisible();
  await expect(page.getByRole('button', { name: 'Лятната тераса' })).toBeVisible();
  // Every thumbnail's picture loads.
  const thumbs = page.locator('ul.gallery img');
  expect(await thumbs.count()).toBeGreaterThanOrEqual(2);
  await expect
    .poll(() => thumbs.first().evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0);

  await hall.click();
  const large = page.getByRole('dialog', { name: 'Основната зала' });
  await expect(large).toBeVisible();
  const img = large.getByRole('img', { name: 'Основната зала' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(large).toHaveCount(0);

  await page.getByRole('button', { name: 'Избор на език' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'The main hall' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'The summer terrace' })).toBeVisible();
});
