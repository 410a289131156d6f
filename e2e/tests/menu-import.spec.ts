/**
 * Menu import through the screens (issue 16 item 1): the admin opens /admin → Menu → Import / export, downloads the
 * template (XLSX and CSV) from the screen, uploads a copy with two bad rows and sees each problem by row and column
 * in Bulgarian (nothing can be imported yet), fixes them (the template itself), sees the preview of 3 new products
 * and imports them; the same file again changes nothing; the imported product is in the menu editor.
 */
import { signInToAdmin } from '../fixtures/admin.ts';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from './axe.ts';
import { startFromFreshDatabase } from './fresh-database.ts';

startFromFreshDatabase();

// axe-core is injected as a script tag; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

test('an admin imports the template through the screen, after fixing two bad rows', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToAdmin(page);
  await page
    .getByRole('navigation', { name: 'Раздели на администрацията' })
    .getByRole('link', { name: 'Меню' })
    .click();
  await page.getByRole('tab', { name: 'Импорт / експорт' }).click();
  await expect(page.getByRole('heading', { name: 'Импорт и експорт на менюто' })).toBeVisible();

  // The template, downloaded from the screen in both formats.
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Шаблон (XLSX)' }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toBe('menu-template.xlsx');
  const xlsx = readFileSync(await xlsxDownload.path());
  expect(xlsx.subarray(0, 2).toString()).toBe('PK');
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Шаблон (CSV)' }).click(),
  ]);
  const csv = readFileSync(await csvDownload.path(), 'utf8');
  expect(csv).toContain('Храна > Супи');

  // Two bad rows: a price that is not a number (row 2) and one with two decimal points (row 4).
  const bad = csv.replace(',4.50,', ',abc,').replace(',2.20,', ',2.20.5,');
  const fileInput = page.getByLabel('Файл с меню (CSV или XLSX)');
  await fileInput.setInputFiles({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  const preview = page.getByTestId('import-preview');
  const problems = preview.getByRole('table', { name: /2 проблема за поправяне/ });
  await expect(problems).toBeVisible();
  const rows = problems.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('2');
  await expect(rows.nth(1)).toContainText('price');
  await expect(rows.nth(1)).toContainText('Цената не е число');
  await expect(rows.nth(1)).toContainText('abc');
  await expect(rows.nth(2)).toContainText('4');
  await expect(rows.nth(2)).toContainText('2.20.5');
  await expect(preview.getByRole('button', { name: 'Импортирай' })).toBeDisabled();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Fixed: the template as downloaded (XLSX).
  await fileInput.setInputFiles({
    name: 'menu-template.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  await expect(preview.getByText('3 нови продукта')).toBeVisible();
  await expect(preview.getByText('Няма открити проблеми.')).toBeVisible();
  await preview.getByRole('button', { name: 'Импортирай' }).click();
  await expect(page.getByRole('status')).toContainText('Импортирано: 3 нови, 0 обновени, 0 без промяна.');

  // The same file again: updates by SKU, so nothing to import.
  await fileInput.setInputFiles({
    name: 'menu-template.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(preview.getByText('3 продукта без промяна')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Импортирай' })).toBeDisabled();

  // A bad file type is refused with words.
  await fileInput.setInputFiles({ name: 'menu.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toContainText('Може да се импортират само CSV и XLSX файлове.');

  // The imported drink is in the menu editor (its category now holds one product of its own).
  await page.getByRole('tab', { name: 'Категории и продукти' }).click();
  await page.getByRole('button', { name: 'Напитки (1)', exact: true }).click();
  await expect(page.getByText('Айрян', { exact: true }).first()).toBeVisible();
});
