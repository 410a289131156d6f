import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { chooseOption } from './choose-option.ts';

startFromFreshDatabase();

// The admin console's frame (issue 21 #4): venue picker, side navigation, page title and breadcrumbs, tables with
// search / sorting / paging, inline validation, the unsaved-changes question, confirm before deleting, toasts.

async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Имейл').fill('admin@demo.test');
  await page.getByLabel('Парола').fill('demo-admin');
  await page.getByRole('button', { name: 'Вход' }).click();
}

test('venue picker, side navigation with page titles and breadcrumbs', async ({ page }) => {
  await signIn(page);
  // Two venues: a card each, no navigation before one is chosen.
  await expect(page.getByRole('heading', { level: 1, name: 'Изберете обект' })).toBeVisible();
  const venues = page.getByRole('list', { name: 'Обекти' });
  await expect(venues.getByRole('button')).toHaveCount(2);
  await expect(page.getByRole('navigation', { name: 'Раздели на администрацията' })).toHaveCount(0);
  await venues.getByRole('button', { name: /Бистро/ }).click();

  const nav = page.getByRole('navigation', { name: 'Раздели на администрацията' });
  await expect(nav).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Готовност за старт');
  await nav.getByRole('link', { name: 'Потребители и роли' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Потребители и роли');
  await expect(nav.getByRole('link', { name: 'Потребители и роли' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Меню', exact: true })).not.toHaveAttribute('aria-current');
  const crumbs = page.getByRole('navigation', { name: 'Път до страницата' });
  await expect(crumbs.getByRole('listitem')).toHaveText([
    'Trapeza администрация',
    'Бистро Трапеза',
    'Потребители и роли',
  ]);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Потребители и роли');
  await expect(page).toHaveTitle(/^Потребители и роли · /);

  // The switcher moves to the other venue; the breadcrumb follows.
  await chooseOption(page, 'Обект', 'Хотел Трапеза (Demo Hospitality)');
  await expect(crumbs.getByRole('listitem').nth(1)).toHaveText('Хотел Трапеза');
});

test('users table: search, sort; the new-user form validates inline and warns before leaving', async ({
  page,
}) => {
  await signIn(page);
  await chooseOption(page, 'Обект', 'Бистро Трапеза (Demo Hospitality)');
  await page
    .getByRole('navigation', { name: 'Раздели на администрацията' })
    .getByRole('link', { name: 'Потребители и роли' })
    .click();

  const table = page.getByRole('table', { name: 'Потребители и роли' });
  const emails = table.locator('tbody tr td:first-child');
  await expect(emails.first()).toBeVisible();
  const all = await emails.allTextContents();
  expect(all.length).toBeGreaterThan(1);
  expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));

  // Sorting: the e-mail header reverses the order and says so.
  const emailHeader = table.getByRole('columnheader', { name: 'Имейл' });
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  await emailHeader.getByRole('button').click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(emails).toHaveText([...all].sort((a, b) => b.localeCompare(a)));

  // Search: only the waiter.
  await page.getByRole('searchbox', { name: 'Търсене' }).fill('waiter');
  await expect(emails).toHaveText(['waiter@demo.test']);
  await page.getByRole('searchbox', { name: 'Търсене' }).fill('няма-такъв');
  await expect(table.getByRole('cell', { name: 'Няма резултати.' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Търсене' }).fill('');

  // Inline validation: nothing shows until a field is left or Save is pressed.
  await page.getByRole('button', { name: 'Добави потребител' }).click();
  const form = page.getByRole('form', { name: 'Добави потребител' });
  const email = form.getByRole('textbox', { name: 'Имейл', exact: true });
  await expect(form.getByText('Задължително поле.')).toHaveCount(0);
  await email.fill('not-an-address');
  await email.blur();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Въведете имейл адрес, напр. ime@primer.bg.');
  await form.getByRole('button', { name: 'Запази' }).click();
  const firstName = form.getByRole('textbox', { name: 'Име', exact: true });
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toHaveAccessibleDescription('Задължително поле.');
  await email.fill('new.waiter@demo.test');
  await expect(email).not.toHaveAttribute('aria-invalid');

  // Leaving with unsaved changes asks first: Stay keeps the form, Leave goes.
  const nav = page.getByRole('navigation', { name: 'Раздели на администрацията' });
  await nav.getByRole('link', { name: 'Меню', exact: true }).click();
  const leave = page.getByRole('alertdialog', { name: 'Да се излезе ли без запазване?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Остани' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(email).toHaveValue('new.waiter@demo.test');
  await nav.getByRole('link', { name: 'Меню', exact: true }).click();
  await leave.getByRole('button', { name: 'Излез без запазване' }).click();
  await expect(page).toHaveURL(/\/admin\/menu$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Меню');
});

test('products table pages and sorts; a category is deleted only after confirming, with toasts', async ({
  page,
}) => {
  await signIn(page);
  await chooseOption(page, 'Обект', 'Бистро Трапеза (Demo Hospitality)');
  await page
    .getByRole('navigation', { name: 'Раздели на администрацията' })
    .getByRole('link', { name: 'Меню', exact: true })
    .click();

  // No category chosen: every product, 20 a page.
  const products = page.getByRole('table', { name: 'Всички продукти' });
  await expect(products.locator('tbody tr')).toHaveCount(20);
  const pager = page.getByText(/^Страница 1 от \d+ · \d+ реда$/);
  await expect(pager).toBeVisible();
  await page.getByRole('button', { name: 'Следваща' }).click();
  await expect(page.getByText(/^Страница 2 от \d+/)).toBeVisible();
  // Price, ascending: the cheapest first.
  await products.getByRole('columnheader', { name: 'Цена' }).getByRole('button').click();
  await expect(page.getByText(/^Страница 1 от \d+/)).toBeVisible();
  const prices = (await products.locator('tbody tr td:nth-child(2)').allTextContents()).map((p) =>
    Number(p.split(' / ')[0]!.replace(',', '.')),
  );
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await page.getByRole('searchbox', { name: 'Търсене' }).fill('кебапчета');
  // Name or description: only a few rows, one page.
  await expect(page.getByText(/^Страница 1 от 1 · [1-9] реда$/)).toBeVisible();

  // A new category: saved with a toast.
  const name = `Временна ${Date.now() % 100_000}`;
  await page.getByRole('button', { name: 'Нова категория' }).click();
  const form = page.getByRole('form', { name: 'Категория' });
  const nameBg = form.getByLabel('Име (bg)');
  await nameBg.focus();
  await nameBg.blur();
  await expect(nameBg).toHaveAccessibleDescription('Задължително поле.');
  await nameBg.fill(name);
  await form.getByRole('button', { name: 'Запази', exact: true }).click();
  const toasts = page.getByRole('region', { name: 'Известия' });
  await expect(toasts.getByText('Запазено')).toBeVisible();

  // Delete: the dialog names it; Cancel keeps it, Delete removes it and says so.
  await form.getByRole('button', { name: 'Изтрий' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Изтриване на „${name}“` });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Да се изтрие ли окончателно?');
  await confirm.getByRole('button', { name: 'Отказ' }).click();
  await expect(confirm).toBeHidden();
  await expect(
    page.getByRole('tree').getByRole('button', { name: new RegExp(`^${name} \\(`) }),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Изтрий' }).click();
  await confirm.getByRole('button', { name: 'Изтрий' }).click();
  await expect(toasts.getByText('Изтрито')).toBeVisible();
  await expect(page.getByRole('tree').getByRole('button', { name: new RegExp(`^${name} \\(`) })).toHaveCount(
    0,
  );
});
