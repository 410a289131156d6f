import { signInToAdmin } from '../fixtures/admin.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';

startFromFreshDatabase();

// Issue 21 #4: every admin form with something typed and not saved asks before the side bar leaves it — promo
// codes, the print agent keys, the venue's payment accounts, the brand. Stay keeps what was typed.

const AREAS: { area: string; path: string; fill: (page: Page) => Promise<ReturnType<Page['getByLabel']>> }[] =
  [
    {
      area: 'Промо кодове и отстъпки',
      path: 'promotions',
      fill: async (page) => {
        await page.getByRole('button', { name: 'Нов промо код' }).click();
        const code = page.getByRole('form').getByLabel('Код', { exact: true });
        await code.fill('SPRING5');
        return code;
      },
    },
    {
      area: 'Принтери',
      path: 'printers',
      fill: async (page) => {
        const name = page
          .getByRole('region', { name: 'Ключове за агента за печат' })
          .getByLabel('Име', { exact: true });
        await name.fill('Кухня');
        return name;
      },
    },
    {
      area: 'Плащания',
      path: 'payments',
      fill: async (page) => {
        const min = page.getByLabel('Клиентски номер на търговеца (MIN)').first();
        await min.fill('1234567890');
        return min;
      },
    },
    {
      area: 'Марка',
      path: 'brand',
      fill: async (page) => {
        const name = page.getByLabel('Име на марката');
        await name.fill('Трапеза Груп');
        return name;
      },
    },
  ];

test('promotions, printers, payments and brand ask before leaving unsaved changes', async ({ page }) => {
  await signInToAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Раздели на администрацията' });
  const leave = page.getByRole('alertdialog', { name: 'Да се излезе ли без запазване?' });
  for (const { area, path, fill } of AREAS) {
    await nav.getByRole('link', { name: area, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${path}$`));
    // Nothing typed yet: the side bar leaves at once.
    await nav.getByRole('link', { name: 'Одит', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Одит');
    await expect(leave).toBeHidden();
    await nav.getByRole('link', { name: area, exact: true }).click();

    const field = await fill(page);
    await nav.getByRole('link', { name: 'Одит', exact: true }).click();
    await expect(leave, area).toBeVisible();
    await leave.getByRole('button', { name: 'Остани' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/admin/${path}$`));
    await expect(field).not.toHaveValue('');
    await nav.getByRole('link', { name: 'Одит', exact: true }).click();
    await leave.getByRole('button', { name: 'Излез без запазване' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Одит');
  }
});
