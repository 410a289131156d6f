/** The guest signs in through the menu's "Вход" dialog, as a guest would (the demo guest unless told otherwise). */
import { expect, type Page } from '@playwright/test';

export async function logIn(page: Page, email = 'guest@demo.test', password = 'demo-guest', base = '') {
  await page.goto(`${base}/bistro`);
  await page.getByRole('button', { name: 'Вход' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Вход' });
  await dialog.getByLabel('Имейл').fill(email);
  await dialog.getByLabel('Парола').fill(password);
  await dialog.getByRole('button', { name: 'Вход' }).click();
  await expect(dialog).toBeHidden();
}
