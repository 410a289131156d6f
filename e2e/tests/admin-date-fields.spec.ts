import { signInToAdmin } from '../fixtures/admin.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';

startFromFreshDatabase();

// Issue 21 #2: a promo code's validity is typed into date-and-time fields (components/ui DateTimeField, not the
// browser's datetime-local): Bulgarian segments (day.month.year, 24-hour), an end before the start said under the end
// in Bulgarian with the save held back, the calendar popover worked by the keyboard, and what was saved read back.
test('a promo code valid from 1 Dec 09:30 to 7 Dec 20:00, typed and picked with the keyboard', async ({
  page,
}) => {
  await signInToAdmin(page);
  await page
    .getByRole('navigation', { name: 'Раздели на администрацията' })
    .getByRole('link', { name: 'Промо кодове и отстъпки', exact: true })
    .click();
  await page.getByRole('button', { name: 'Нов промо код' }).click();
  const form = page.getByRole('form', { name: 'Промо код' });
  await form.getByLabel('Код', { exact: true }).fill('ADVENT26');
  await expect(form.locator('input[type="datetime-local"]:not([tabindex="-1"])')).toHaveCount(0);

  const from = form.getByRole('group', { name: 'Валиден от', exact: true });
  const to = form.getByRole('group', { name: 'Валиден до', exact: true });
  await from.getByRole('spinbutton').first().click();
  await page.keyboard.type('011220260930');
  await to.getByRole('spinbutton').first().click();
  await page.keyboard.type('301120262000');

  const rule = form.getByText('Краят трябва да е след началото.');
  await expect(rule).toBeVisible();
  const toDay = to.getByRole('spinbutton').first();
  await expect(toDay).toHaveAttribute('aria-invalid', 'true');
  await expect(toDay).toHaveAttribute(
    'aria-describedby',
    new RegExp(`\\b${await rule.getAttribute('id')}\\b`),
  );
  await expect(form.getByRole('button', { name: 'Запази' })).toBeDisabled();
  await page.screenshot({ path: '/tmp/ui21-shots/promo-invalid.png' });

  // The calendar from the end's button: it opens on the chosen day (30 Nov); a week later is 7 Dec, Enter picks it.
  await to.getByRole('button', { name: /Календар/ }).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar).toBeVisible();
  await page.screenshot({ path: '/tmp/ui21-shots/promo-calendar.png' });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(rule).toBeHidden();
  await expect(toDay).not.toHaveAttribute('aria-invalid', 'true');

  await form.getByRole('button', { name: 'Запази' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'ADVENT26' });
  await row.getByRole('button', { name: 'Редактирай' }).click();
  const values = async (name: string) =>
    page
      .getByRole('form', { name: 'Промо код' })
      .getByRole('group', { name, exact: true })
      .getByRole('spinbutton')
      .allTextContents();
  expect(await values('Валиден от')).toEqual(['01', '12', '2026', '09', '30']);
  expect(await values('Валиден до')).toEqual(['07', '12', '2026', '20', '00']);
});
