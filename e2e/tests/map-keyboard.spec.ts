/**
 * The map pins by keyboard (issue 24): the delivery address map on the order form and the admin's delivery-zone
 * editor are tab stops; the arrow keys move the map under the cross at its centre and Enter puts the pin (the
 * zone's next point) there, or the button under the map does; a live region says so. Only the keyboard is used
 * once the form is open: Tab to reach the map and the button, arrows, Enter.
 */
import { signInToAdmin } from '../fixtures/admin.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { addKebapcheta, openOrderForm } from './order-form.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00), the centre delivery shape is active.
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

/** Presses Tab until `target` has the focus (it must be reachable within `max` presses). */
async function tabTo(page: Page, target: Locator, max = 25) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The pin's tip (its icon's bottom centre) against the map's centre, in pixels. */
async function pinOffCentre(map: Locator): Promise<number> {
  const m = (await map.boundingBox())!;
  const p = (await map.locator('.leaflet-marker-icon').boundingBox())!;
  return Math.hypot(p.x + p.width / 2 - (m.x + m.width / 2), p.y + p.height - (m.y + m.height / 2));
}

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await skipWelcome(page);
});

test('a delivery guest pins the address on the order form’s map with the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  // The page's clock starts at the open Tuesday noon and runs (a fixed clock would stop Leaflet's pan animation).
  await page.clock.install({ time: new Date(TUESDAY_NOON) });
  await addKebapcheta(page);
  const d = await openOrderForm(page);
  await d.getByLabel('Доставка').check();
  await d.getByLabel('Улица').fill('ул. Граф Игнатиев');

  const map = d.getByRole('application', { name: 'Карта: докоснете или преместете точката на адреса' });
  await expect(map).toBeVisible({ timeout: 15_000 });
  await expect(map).toHaveAccessibleDescription(/Enter поставя точката на кръстчето в средата/);
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(0);

  // Tab to the map, move it with the arrows, Enter: the pin lands at the centre and the form says so.
  await tabTo(page, map);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
  await expect(
    d.getByRole('status').filter({ hasText: 'Точката е поставена в средата на картата.' }),
  ).toHaveCount(1);
  await expect(page.getByTestId('delivery-zone')).toContainText('Адресът е в зоната за доставка');
  await expect.poll(() => pinOffCentre(map)).toBeLessThan(4);

  // The arrows move the map, not the pin: it is off the centre until the button puts it back there.
  await map.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => pinOffCentre(map)).toBeGreaterThan(40);
  const button = d.getByRole('button', { name: 'Постави точката в средата на картата' });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await expect.poll(() => pinOffCentre(map)).toBeLessThan(4);
  await expect(page.getByTestId('delivery-zone')).toContainText('Адресът е в зоната за доставка');
});

test('the admin draws a delivery zone’s points with the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToAdmin(page);
  await page.goto('/admin/zones');
  const delivery = page.getByRole('region', { name: 'Доставка', exact: true });
  const draw = delivery.getByRole('button', { name: 'Начертай зона за доставка' });
  await draw.focus();
  await page.keyboard.press('Enter');
  const map = delivery.getByRole('application', { name: 'Карта на зоната за доставка' });
  await expect(map).toBeVisible({ timeout: 15_000 });
  await expect(map).toHaveAccessibleDescription(/Enter добавя точка на кръстчето в средата/);
  // Its zoom buttons speak the console's language too.
  await expect(map.getByRole('button', { name: 'Приближи' })).toBeVisible();
  const removeButtons = delivery.getByRole('button', { name: /^Премахни точка \d$/ });
  await expect(removeButtons).toHaveCount(0);

  // Three points: Enter, move the map, Enter, move, Enter.
  await tabTo(page, map, 40);
  await page.keyboard.press('Enter');
  for (const key of ['ArrowRight', 'ArrowDown']) {
    await page.keyboard.press(key);
    await page.keyboard.press(key);
    await page.keyboard.press('Enter');
  }
  await expect(removeButtons).toHaveCount(3);
  await expect(
    delivery.getByRole('status').filter({ hasText: 'Точка 3 е добавена в средата на картата.' }),
  ).toHaveCount(1);
  // Three different points, not one point three times.
  const points = await delivery.locator('ol li').allInnerTexts();
  expect(new Set(points.map((p) => p.replace('×', '').trim())).size).toBe(3);

  // The button under the map adds the fourth.
  await tabTo(page, delivery.getByRole('button', { name: 'Добави точка в средата на картата' }));
  await page.keyboard.press('Enter');
  await expect(removeButtons).toHaveCount(4);
  await expect(
    delivery.getByRole('status').filter({ hasText: 'Точка 4 е добавена в средата на картата.' }),
  ).toHaveCount(1);
});
