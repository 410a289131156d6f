import { signInToAdmin } from '../fixtures/admin.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { addKebapcheta, openOrderForm, ORDER_OR_KEEP } from './order-form.ts';

startFromFreshDatabase();

// Delivery-zone names in every language (issue 24, minor): the owner names a map zone per language in the zone
// editor, which asks before a change is lost; the guest reads the zone in their own language on the about page.

test('the owner names a delivery zone per language; the zone editor warns before losing it; guests read their language', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInToAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Раздели на администрацията' });
  await nav.getByRole('link', { name: 'Видове поръчки и зони за доставка' }).click();
  const delivery = page.getByRole('region', { name: 'Доставка', exact: true });
  const zone = delivery.getByRole('listitem').filter({ hasText: 'Център – в рамките на Малкия ринг' });
  await zone.getByRole('button', { name: 'Редактирай' }).click();
  const editor = page.getByRole('group', { name: 'Редактор на зоната за доставка' });
  await expect(editor.getByRole('textbox', { name: 'Име (bg)' })).toHaveValue(
    'Център – в рамките на Малкия ринг',
  );
  const english = editor.getByRole('textbox', { name: 'Име (en)' });
  await expect(english).toHaveValue('Centre – inside the small ring road');
  await english.fill('Old town');

  // Unsaved: the console's menu and Cancel both ask; Stay keeps the typed name.
  const leave = page.getByRole('alertdialog', { name: 'Да се излезе ли без запазване?' });
  await nav.getByRole('link', { name: 'Меню', exact: true }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Остани' }).click();
  await expect(page).toHaveURL(/\/admin\/zones$/);
  await editor.getByRole('button', { name: 'Отказ' }).click();
  await leave.getByRole('button', { name: 'Остани' }).click();
  await expect(english).toHaveValue('Old town');

  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/admin/shapes/') && r.request().method() === 'PUT',
  );
  await editor.getByRole('button', { name: 'Запази зоната' }).click();
  expect((await saved).status()).toBe(200);
  await expect(editor).toBeHidden();
  // Saved: leaving no longer asks.
  await nav.getByRole('link', { name: 'Меню', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/menu$/);
  await expect(leave).toBeHidden();

  // Guests in English, German and Bulgarian read the zone's name in their language on the about page.
  for (const [language, name] of [
    ['en', 'Old town'],
    ['de', 'Zentrum – innerhalb des kleinen Rings'],
    ['bg', 'Център – в рамките на Малкия ринг'],
  ] as const) {
    const context = await browser.newContext();
    try {
      await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
      const guest = await context.newPage();
      await guest.goto('/bistro/about');
      await expect(guest.getByText(`${name}: `, { exact: false })).toBeVisible();
    } finally {
      await context.close();
    }
  }

  // The delivery checkout names the zone the pin falls in, in the guest's language, and the map's controls are
  // the guest's language too (Leaflet's are English). Tuesday noon: the zone's 11:00–22:00 window is open.
  const context = await browser.newContext();
  try {
    const guest = await context.newPage();
    await guest.clock.setFixedTime(new Date('2026-03-03T10:00:00.000Z'));
    await skipWelcome(guest);
    await addKebapcheta(guest, 3);
    const d = await openOrderForm(guest, ORDER_OR_KEEP);
    await d.getByLabel('Доставка').check();
    const map = d.getByTestId('map-picker');
    await expect(map.getByRole('button', { name: 'Приближи' })).toBeVisible({ timeout: 15_000 });
    await expect(map.getByRole('button', { name: 'Отдалечи' })).toBeVisible();
    await map.click();
    await expect(d.getByTestId('delivery-zone')).toContainText(
      'Адресът е в зоната за доставка „Център – в рамките на Малкия ринг“. Доставка: ',
    );
  } finally {
    await context.close();
  }
});
