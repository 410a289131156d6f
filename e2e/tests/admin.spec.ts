import { signInToAdmin } from '../fixtures/admin.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';

startFromFreshDatabase();

// The admin console journey (issue "Admin console"): the demo client admin edits the bistro and a guest sees it.
const TENANT = { client: 'demo', place: 'bistro' };

interface Category {
  id: number;
  slug: string;
  name: string;
  children: Category[];
}
interface Product {
  id: number;
  name: string;
  in_stock: number;
  catHierarchyId: number | null;
  catHierarchyIds: number[];
}

function flatten(nodes: Category[]): Category[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

test('an admin renames a product and sets it out of stock, changes a colour and creates a promo code', async ({
  page,
  request,
}) => {
  // A product in stock with a primary category, from the guest API.
  const tree = flatten(
    (await (
      await request.get('/api/categoriesHierarchy?active=1', { headers: TENANT })
    ).json()) as Category[],
  );
  const products = (await (
    await request.get('/api/products?active=1', { headers: TENANT })
  ).json()) as Product[];
  const product = products.find((p) => p.in_stock === 1 && tree.some((c) => c.id === p.catHierarchyId))!;
  expect(product).toBeTruthy();
  const category = tree.find((c) => c.id === product.catHierarchyId)!;
  const newName = `Ново име ${Date.now() % 100_000}`;

  await signInToAdmin(page);

  // Menu: the category, its product list, the product form.
  await page.getByRole('link', { name: 'Меню', exact: true }).click();
  await page
    .getByRole('tree')
    .getByRole('button', { name: new RegExp(`^${category.name} \\(`) })
    .click();
  await page.getByTestId(`product-row-${product.id}`).getByRole('button', { name: 'Редактирай' }).click();
  const form = page.getByRole('form', { name: 'Продукт' });
  await form.getByLabel('Име (bg)').fill(newName);
  await form.getByRole('checkbox', { name: 'В наличност', exact: true }).uncheck();
  await form.getByRole('button', { name: 'Запази' }).click();
  await expect(form.getByRole('status')).toHaveText('Запазено');

  // The guest menu shows the new name, dimmed as out of stock.
  await expect
    .poll(
      async () => {
        await page.goto(`/bistro/${category.slug}`);
        const card = page.locator('article', { hasText: newName }).first();
        const shown = await card.waitFor({ timeout: 4_000 }).then(
          () => true,
          () => false,
        );
        return shown && (await card.getAttribute('data-out-of-stock')) !== null;
      },
      { timeout: 15_000 },
    )
    .toBe(true);

  // Settings: a colour, then the guest page uses it.
  await page.goto('/admin/settings');
  const colour = page.getByLabel('Основен цвят', { exact: true });
  await colour.fill('#123456');
  await page.getByRole('button', { name: 'Запази' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Запазено' }).first()).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.goto('/bistro');
        await page
          .locator('article')
          .first()
          .waitFor({ timeout: 4_000 })
          .catch(() => undefined);
        return page.evaluate(() => {
          // The venue's colour goes in as --venue-primary; global.css derives the readable --primary from it.
          const el = [...document.querySelectorAll<HTMLElement>('[style]')].find((e) =>
            e.style.getPropertyValue('--venue-primary'),
          );
          return el?.style.getPropertyValue('--venue-primary').trim() ?? null;
        });
      },
      { timeout: 15_000 },
    )
    .toBe('#123456');

  // Promo codes: a new 15 % code.
  await page.goto('/admin/promotions');
  await page.getByRole('button', { name: 'Нов промо код' }).click();
  const promo = page.getByRole('form', { name: 'Промо код' });
  await promo.getByLabel('Код').fill('E2E15');
  await promo.getByLabel('Стойност').fill('15');
  await promo.getByRole('button', { name: 'Запази' }).click();
  await expect(page.getByRole('cell', { name: 'E2E15' })).toBeVisible();
  await expect(page.getByRole('row', { name: /E2E15/ })).toContainText('15 %');
});
