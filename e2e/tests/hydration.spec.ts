// Server-rendered pages (issue "Menu browsing", Speed): /bistro, a category page and a product page arrive as HTML
// with their title, and the browser hydrates that HTML — no console error (a hydration mismatch is one), the server's
// elements kept rather than rendered again — and the page is live afterwards: adding to the cart works.
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';

startFromFreshDatabase();

/** A Tuesday at noon in Sofia: the bistro is open and no time-based discount applies. */
const TUESDAY_NOON = '2026-01-13T10:00:00.000Z';
const HEADERS = { client: 'demo', place: 'bistro' };

interface Category {
  id: number;
  slug: string;
  name: string;
  children?: Category[];
}
interface Product {
  id: number;
  slug: string;
  name: string;
  type: string;
  catHierarchyId: number | null;
  in_stock: number;
  product_variants: unknown[];
  product_ingredients: { type: string }[];
}

/** A leaf category with orderable one-variant products, and one of them (no ingredient to choose). */
async function pick(page: Page) {
  const categories = (await (
    await page.request.get('/api/categoriesHierarchy?active=1', { headers: HEADERS })
  ).json()) as Category[];
  const products = (await (
    await page.request.get('/api/products?active=1', { headers: HEADERS })
  ).json()) as Product[];
  const venue = (
    (await (await page.request.get('/api/place', { headers: HEADERS })).json()) as { name: string }
  ).name;
  const leaves: Category[] = [];
  const walk = (list: Category[]) =>
    list.forEach((c) => (c.children?.length ? walk(c.children) : leaves.push(c)));
  walk(categories);
  const simple = (p: Product) =>
    p.type !== 'booking' &&
    p.in_stock !== 0 &&
    p.product_variants.length === 1 &&
    p.product_ingredients.every((i) => i.type !== 'required');
  for (const category of leaves) {
    const product = products.find((p) => p.catHierarchyId === category.id && simple(p));
    if (product) return { venue, category, product };
  }
  throw new Error('no leaf category with a simple product');
}

function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

test.beforeEach(async ({ page }) => {
  await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
  await page.addInitScript(() => {
    // The server's elements as parsed, before any script of the app ran.
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as Record<string, unknown>;
      w.__ssrHeading = document.querySelector('main h1');
      w.__ssrFooter = document.querySelector('footer');
    });
  });
});

test.afterAll(async ({ request }) => {
  await request.delete('/api/__test/clock');
});

test('/bistro, a category and a product page hydrate the server HTML without errors and are live', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  const { venue, category, product } = await pick(page);
  const cart = page.getByTestId('cart-button');
  // A phone's slower CPU (Chromium's throttling, as Lighthouse's mobile preset): the app goes live before the page's
  // and the footer's lazy chunks are there, and hydration must wait for them rather than replace the server's HTML
  // with a loading state.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  for (const [path, heading, title] of [
    ['/bistro', venue, venue],
    [`/bistro/${category.slug}`, category.name, `${category.name} · ${venue}`],
    [`/bistro/${category.slug}/${product.slug}`, product.name, `${product.name} · ${venue}`],
  ] as const) {
    const response = await page.goto(path);
    // The server's answer: the page's own title and its heading in the HTML, before any script.
    const html = await response!.text();
    expect(html, path).toContain(`<title>${escaped(title)}</title>`);
    expect(html, path).toMatch(new RegExp(`<div id="root"><!--\\$-->[\\s\\S]*${escaped(heading)}`));
    // Live: the header's tools appear once the app has hydrated.
    await expect(page.getByRole('button', { name: 'Избор на език' }), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveTitle(title);
    const kept = await page.evaluate(() => {
      const w = window as unknown as Record<string, Element | null>;
      return {
        heading: w.__ssrHeading !== null && w.__ssrHeading === document.querySelector('main h1'),
        footer: w.__ssrFooter !== null && w.__ssrFooter === document.querySelector('footer'),
      };
    });
    expect(kept, `${path}: hydration kept the server's elements`).toEqual({ heading: true, footer: true });
  }

  // The product page (the last one open): its add button works.
  await expect(cart).toHaveAccessibleName('Количка: 0 продукта');
  await page.getByRole('button', { name: 'Добави в количката' }).first().click();
  await expect(cart).toHaveAccessibleName('Количка: 1 продукт');

  // The category page: a card's quick add works.
  await page.goto(`/bistro/${category.slug}`);
  await expect(page.getByRole('button', { name: 'Избор на език' })).toBeVisible();
  await expect(cart).toHaveAccessibleName('Количка: 1 продукт');
  await page
    .getByRole('article', { name: product.name })
    .getByRole('button', { name: new RegExp(`^Добави ${product.name}`) })
    .click();
  await expect(cart).toHaveAccessibleName('Количка: 2 продукта');

  expect(errors).toEqual([]);
});

test('a guest who scrolls the server-rendered page before the app is live stays where they are; back restores it', async ({
  page,
}) => {
  const { category, product } = await pick(page);
  await page.setViewportSize({ width: 390, height: 600 });
  // The app's scripts are held back until the guest has scrolled (a slow phone on a slow network).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/bistro/${category.slug}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
  const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(room, 'the page is long enough to scroll').toBeGreaterThan(300);
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);

  release();
  // Live: the header's tools appear once the app has hydrated; the position is kept.
  await expect(page.getByRole('button', { name: 'Избор на език' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.scrollY)).toBe(300);

  // Navigating on from there still starts the next page at the top.
  await page.getByRole('link', { name: product.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // And going back returns to the position on the category page (spec §2).
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
});
