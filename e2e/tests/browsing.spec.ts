// Menu browsing journeys (issue "Menu browsing"): the seeded /bistro in Bulgarian and English, categories by tab and by
// swipe, a product with variants and allergens, search, the language switch kept in its cookie, the about page, an
// unknown place; axe-core on the menu, category, product and about pages; visual snapshots of the main pages.
import { seriousAxeViolations } from './axe.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';

startFromFreshDatabase();

/** A Tuesday at noon in Sofia: working hours, time-based discounts and dates render the same on every run. */
const TUESDAY_NOON = '2026-01-13T10:00:00.000Z';
const HEADERS = { client: 'demo', place: 'bistro' };

interface Category {
  id: number;
  slug: string;
  name: string;
  translations?: Record<string, { name?: string }>;
  children?: Category[];
}
interface Product {
  id: number;
  slug: string;
  name: string;
  catHierarchyId: number | null;
  product_variants: unknown[];
  allergens: unknown[];
  in_stock?: boolean | number;
}

async function menu(page: Page) {
  const categories = (await (
    await page.request.get('/api/categoriesHierarchy?active=1', { headers: HEADERS })
  ).json()) as Category[];
  const products = (await (
    await page.request.get('/api/products?active=1', { headers: HEADERS })
  ).json()) as Product[];
  const slugOf = new Map<number, string>();
  const walk = (list: Category[]) =>
    list.forEach((c) => {
      slugOf.set(c.id, c.slug);
      walk(c.children ?? []);
    });
  walk(categories);
  const product = products.find(
    (p) =>
      p.product_variants.length > 1 &&
      p.allergens.length > 0 &&
      p.catHierarchyId &&
      slugOf.has(p.catHierarchyId),
  )!;
  return {
    categories,
    products,
    product,
    productPath: `/bistro/${slugOf.get(product.catHierarchyId!)}/${product.slug}`,
  };
}

/** The welcome banner opens once per session on the first visit (a lazy chunk): close it when it comes. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  const dialog = page.getByRole('dialog');
  if (
    await dialog.waitFor({ state: 'visible', timeout: 1500 }).then(
      () => true,
      () => false,
    )
  ) {
    await dialog
      .getByRole('button', { name: /Затвори|Close|Schließen/ })
      .first()
      .click();
    await expect(dialog).toBeHidden();
  }
  await page.evaluate(() => document.fonts.ready);
}

async function expectNoSeriousAxeViolations(page: Page, name: string) {
  expect(await seriousAxeViolations(page), `${name}: serious or critical axe violations`).toEqual([]);
}

// axe-core is injected as a script tag; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

test.beforeEach(async ({ page }) => {
  await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
});

test.afterAll(async ({ request }) => {
  await request.delete('/api/__test/clock');
});

test('/bistro in Bulgarian: categories from the seed, by tab and by swipe; axe on menu and category', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  const { categories } = await menu(page);
  await page.goto('/bistro');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Храна/ }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'menu');

  const root = categories.find((c) => (c.children?.length ?? 0) > 1)!;
  const [first, second] = root.children!;
  await page.goto(`/bistro/${first!.slug}`);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Категории' });
  await tabs.getByRole('link', { name: second!.name }).click();
  await expect(page).toHaveURL(new RegExp(`/bistro/${second!.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: second!.name })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'category');

  // Swipe right (finger moves right) goes back to the previous sibling, left to the next.
  const swipe = async (dx: number) => {
    const main = page.locator('main .page', { has: page.getByRole('heading', { level: 1 }) }).first();
    await expect(main).toBeVisible();
    const box = (await main.boundingBox())!;
    const y = box.y + 200;
    const x0 = box.x + box.width / 2 - dx / 2;
    await main.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: x0, clientY: y }] });
    await main.dispatchEvent('touchend', {
      changedTouches: [{ identifier: 1, clientX: x0 + dx, clientY: y + 5 }],
    });
  };
  await swipe(200);
  await expect(page).toHaveURL(new RegExp(`/bistro/${first!.slug}$`));
  // The URL changes a moment before the page does: swipe on the new page, not on the one going away.
  await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();
  await swipe(-200);
  await expect(page).toHaveURL(new RegExp(`/bistro/${second!.slug}$`));
  await context.close();
});

test('/bistro in English; a product with variants and allergens; search; about; axe on product and about', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
  const { product, productPath } = await menu(page);
  await page.goto('/bistro');
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: /Food/ }).first()).toBeVisible();

  await page.goto(productPath);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Sizes and prices')).toBeVisible();
  await expect(page.getByText('Allergens', { exact: false }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'product');

  await page.goto('/bistro/search');
  await settle(page);
  const box = page.getByRole('searchbox');
  await box.fill(product.name.slice(0, 4));
  await expect(page.getByRole('main').getByRole('status')).toContainText(/found/);
  await expect(page.locator(`main a[href$="/${product.slug}"]`).first()).toBeVisible();

  await page.goto('/bistro/about');
  await settle(page);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'about');
});

test('switching the language keeps it in its cookie', async ({ page, context }) => {
  await page.goto('/bistro');
  await settle(page);
  await page.getByRole('button', { name: 'Избор на език' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const cookie = (await context.cookies()).find((c) => c.name === 'language');
  expect(cookie?.value).toBe('en');
  // 8760 hours.
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(8_700 * 3600);
  await page.reload();
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test("the venue's promotions from the footer link, in the guest's language (issue 25)", async ({ page }) => {
  await page.goto('/bistro');
  await settle(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Промоции' }).click();
  await expect(page).toHaveURL(/\/bistro\/offers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Промоции' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Промоции' });
  await expect(list.getByRole('heading', { name: 'Happy hour: −20 % на бирата' })).toBeVisible();
  await page.getByRole('button', { name: 'Избор на език' }).click();
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aktionen' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Happy Hour: −20 % auf Bier' })).toBeVisible();
  // The hotel has no promotions module: no link in its footer.
  await page.goto('/hotel');
  // (The hotel's welcome banner first: the page behind an open dialog is hidden from screen readers.)
  await settle(page);
  await expect(page.getByRole('link', { name: 'Über uns' }).first()).toBeAttached();
  await expect(page.getByRole('link', { name: 'Aktionen' })).toHaveCount(0);
});

test('an unknown place goes to /404', async ({ page }) => {
  await page.goto('/no-such-place');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Търсената страница не беше намерена!')).toBeVisible();
});

test('visual snapshots of the main pages', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  const { productPath } = await menu(page);
  for (const [name, path] of [
    ['menu', '/bistro'],
    ['category', '/bistro/hrana'],
    ['product', productPath],
    ['about', '/bistro/about'],
  ] as const) {
    await page.goto(path);
    await settle(page);
    await expect(page).toHaveScreenshot(`${name}.png`, {
      fullPage: false,
      animations: 'disabled',
      caret: 'hide',
      maxDiffPixelRatio: 0.02,
    });
  }
  await context.close();
});
