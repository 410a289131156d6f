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

test('the drawer opened while the console loads stays open through its redirect to the start page; a link or back closes it', async ({
  page,
}) => {
  await signInToAdmin(page);
  // The console again at /admin, its venues' answer held back: the page waits on it, the menu button is there. The
  // drawer is opened now, before the console redirects (a replace navigation) to the venue's start page.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/admin/places*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin');
  const menu = page.getByRole('button', { name: 'Навигация' });
  const drawer = page.getByRole('dialog', { name: 'Раздели на администрацията' });
  await menu.click();
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  release();
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The redirect was not the admin's move: the drawer is still open, its focus inside.
  await expect(drawer).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  // A link taken (the admin's move) closes it.
  await drawer.getByRole('link', { name: 'Поръчки', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(drawer).toBeHidden();

  // Opened again, the browser's back closes it too.
  await menu.click();
  await expect(drawer).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(drawer).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});
