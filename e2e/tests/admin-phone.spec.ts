import { signInToAdmin } from '../fixtures/admin.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';

startFromFreshDatabase();

// Issue 21 #4: on a phone (390 × 844) the admin's side bar is a drawer behind a menu button: opened it is a modal
// dialog holding the focus, Escape closes it and the focus returns to the button; a link taken closes it too.
test.use({ viewport: { width: 390, height: 844 } });

test('the side bar is a drawer on a phone: focus kept inside, Escape closes, focus back on the menu button', async ({
  page,
}) => {
  await signInToAdmin(page);

  const menu = page.getByRole('button', { name: 'Навигация' });
  const nav = page.getByRole('navigation', { name: 'Раздели на администрацията' });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // Closed: the side bar's links are neither seen nor reachable with Tab.
  await expect(nav).toBeHidden();
  // The page's content takes the width: the title is in the viewport.
  const title = page.getByRole('heading', { level: 1 });
  const box = (await title.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);

  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Раздели на администрацията' });
  await expect(drawer).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  // The focus starts inside and stays there, both ways round.
  await expect(drawer.getByRole('button', { name: 'Затвори' })).toBeFocused();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // A link taken: the page changes and the drawer closes.
  await menu.click();
  await drawer.getByRole('link', { name: 'Поръчки', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(title).toHaveText('Поръчки');
  await expect(drawer).toBeHidden();
  await expect(nav).toBeHidden();
});
