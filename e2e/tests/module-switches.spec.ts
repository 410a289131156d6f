/**
 * Module switches take effect (issue 24, minor: "module switches that change nothing"), through the screens only:
 * the admin switches the bistro's gallery and promotions modules off in the settings screen; a guest's menu then
 * offers neither link, and the gallery's address is the not-found page (answered 404 by the server). Switched on
 * again, both are back. (The API's 403 `<module>_module_disabled` answers: the server route tests.)
 */
import { signInToAdmin } from '../fixtures/admin.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';

startFromFreshDatabase();

async function switchModule(admin: Page, name: string, on: boolean) {
  const modules = admin.locator('section', {
    has: admin.getByRole('heading', { name: 'Функционални модули' }),
  });
  const box = modules.getByRole('checkbox', { name });
  await expect(box).toBeChecked({ checked: !on });
  // A controlled box: it shows the server's answer, so it changes once the switch is saved.
  await box.click();
  await expect(box).toBeChecked({ checked: on });
  await expect(box).toBeEnabled();
  await expect(modules.getByText('Запазено')).toBeVisible();
}

test('the admin switches the gallery and promotions off and on; the guest menu follows', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const guestContext = await browser.newContext();
  await skipWelcome(guestContext);
  const admin = await adminContext.newPage();
  const guest = await guestContext.newPage();
  try {
    await guest.goto('/bistro');
    const footer = guest.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Галерия' })).toBeVisible({ timeout: 15_000 });
    await expect(footer.getByRole('link', { name: 'Промоции' })).toBeVisible();

    await signInToAdmin(admin);
    await admin.getByRole('link', { name: 'Настройки', exact: true }).click();
    await switchModule(admin, 'Галерия', false);
    await switchModule(admin, 'Промоции', false);

    await guest.reload();
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(footer.getByRole('link', { name: 'За нас' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Галерия' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Промоции' })).toHaveCount(0);
    const gallery = await guest.goto('/bistro/gallery');
    expect(gallery?.status()).toBe(404);
    await expect(guest.getByRole('heading', { level: 1, name: 'Грешка 404' })).toBeVisible({
      timeout: 15_000,
    });
    expect((await guest.goto('/bistro/offers'))?.status()).toBe(404);
    await expect(guest.getByRole('heading', { level: 1, name: 'Грешка 404' })).toBeVisible({
      timeout: 15_000,
    });

    await switchModule(admin, 'Галерия', true);
    await switchModule(admin, 'Промоции', true);
    await guest.goto('/bistro');
    await footer.getByRole('link', { name: 'Галерия' }).click();
    await expect(guest).toHaveURL(/\/bistro\/gallery$/);
    await expect(guest.getByRole('heading', { level: 1, name: 'Галерия' })).toBeVisible({ timeout: 15_000 });
    await expect(guest.getByRole('button', { name: 'Основната зала' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Промоции' })).toBeVisible();
  } finally {
    await adminContext.close();
    await guestContext.close();
  }
});
