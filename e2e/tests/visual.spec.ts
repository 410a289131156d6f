import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiHeadersOnce } from './api-auth.ts';
import { skipWelcome } from './welcome.ts';
import { tableOrder } from './table-order.ts';

startFromFreshDatabase();

/*
 * Visual regression (issue 21 #5): baselines of the key screens — guest menu, product, cart and order form on a phone
 * (390 × 844) in two design themes (3·3, the demo's, and 1·1), the admin's products and the staff board on a desktop
 * (1280 × 800) — each in Bulgarian and German (the longest words). Deterministic on a fresh machine: fresh demo
 * database, server and browser clocks pinned, animations and the caret off, device scale 1, fonts loaded before
 * the shot, anything showing the time masked. A layout break fails at more than 1 % of the pixels changed.
 * After an intended change of these screens: `npx playwright test -c e2e/playwright.config.ts visual.spec.ts
 * --update-snapshots` and commit the PNGs (`e2e/tests/visual.spec.ts-snapshots/`).
 */

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LANGS = ['bg', 'de'] as const;
const THEMES = [
  { name: 'theme3', theme: '3', sub_theme: '3' },
  { name: 'theme1', theme: '1', sub_theme: '1' },
] as const;
const SHOT = { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.01, scale: 'css' } as const;

const adminHeaders = apiHeadersOnce();

async function putSettings(request: APIRequestContext, data: Record<string, string>) {
  const res = await request.put('/api/admin/settings', { headers: await adminHeaders(request), data });
  expect(res.ok(), await res.text()).toBe(true);
}

test.beforeEach(async ({ request }) => {
  const res = await request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
});

async function newPage(browser: Browser, viewport: { width: number; height: number }, lang: string) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  const base = test.info().project.use.baseURL!;
  await context.addCookies([{ name: 'language', value: lang, url: base }]);
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
  return { page, close: () => context.close() };
}

/** The network quiet and the fonts ready (the shot itself waits until two frames in a row are equal). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

for (const theme of THEMES) {
  for (const lang of LANGS) {
    test(`guest screens on a phone, ${theme.name}, ${lang}`, async ({ browser, request }) => {
      test.setTimeout(90_000);
      await putSettings(request, { theme: theme.theme, sub_theme: theme.sub_theme });
      const { page, close } = await newPage(browser, PHONE, lang);
      const shot = async (name: string) => {
        await settle(page);
        await expect(page).toHaveScreenshot(`${name}-${theme.name}-${lang}.png`, {
          ...SHOT,
          mask: [page.locator('time')],
        });
      };

      await page.goto('/bistro');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
      await shot('menu');

      await page.goto('/bistro/skara/kebapcheta');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      await shot('product');

      // The cart with one kebapcheta (5 pieces, the first extra).
      await page.getByRole('radio').first().check();
      await page.getByRole('checkbox').first().check();
      await page
        .getByRole('button', { name: /^(Добави в количката|In den Warenkorb)/ })
        .first()
        .click();
      // The "1 x …" tooltip stays 2.5 s (spec §2): gone before the shots, so none depends on timing.
      await page.waitForTimeout(3_000);
      await page.getByTestId('cart-button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await shot('cart');

      // The order form (after the suggestions, when the venue shows any).
      await dialog
        .getByRole('button', { name: /^(Поръчай|Запази за поръчка|Bestellen|Für die Bestellung speichern)$/ })
        .click();
      const upsell = page.getByRole('button', { name: /^(Продължи към поръчката|Weiter zur Bestellung)$/ });
      const form = page.getByRole('heading', { name: /^(Поръчка|Bestellung)$/ });
      await expect(upsell.or(form)).toBeVisible();
      if (await upsell.isVisible()) await upsell.click();
      await expect(form).toBeVisible();
      await shot('order-form');
      await close();
    });
  }
}

test.afterAll(async ({ request }) => {
  // The demo's own theme back for whatever runs next on this database.
  await putSettings(request, { theme: '3', sub_theme: '3' });
});

test.describe('console screens', () => {
  // One table order on the board, there before the board opens (so never highlighted as a live arrival).
  test.beforeAll(async ({ request }) => {
    const clock = await request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
    expect(clock.ok()).toBe(true);
    await tableOrder(request, 'demo-t2', 2);
  });

  for (const lang of LANGS) {
    test(`admin products and the staff board on a desktop, ${lang}`, async ({ browser }) => {
      test.setTimeout(90_000);
      const { page, close } = await newPage(browser, DESKTOP, lang);
      await page.addInitScript(() =>
        localStorage.setItem(
          'trapeza_admin_place',
          JSON.stringify({ slug: 'bistro', clientSlug: 'demo', name: 'Бистро Трапеза' }),
        ),
      );
      const shot = async (name: string) => {
        await settle(page);
        await expect(page).toHaveScreenshot(`${name}-${lang}.png`, {
          ...SHOT,
          mask: [page.locator('time')],
        });
      };

      // Admin: every product of the bistro, first page (the form's fields by type: the labels are in `lang`).
      await page.goto('/admin/menu');
      await page.locator('input[type="email"]').fill('admin@demo.test');
      await page.locator('input[type="password"]').fill('demo-admin');
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('tbody tr')).toHaveCount(20, { timeout: 15_000 });
      await page.mouse.move(0, 0);
      await shot('admin-products');

      // The staff board (the admin's session is good there too).
      await page.goto('/bistro/staff');
      await expect(page.locator('article[data-order-id]')).toHaveCount(1, { timeout: 15_000 });
      await expect(page.locator('[class*="conn_live"]')).toBeVisible({ timeout: 15_000 });
      await page.mouse.move(0, 0);
      await shot('staff-board');
      await close();
    });
  }
});
