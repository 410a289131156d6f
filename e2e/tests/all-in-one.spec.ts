import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { apiHeaders } from './api-auth.ts';

startFromFreshDatabase();

// The all-in-one page (spec §2): `/{place}` shows every category with its products on one page when the venue's
// one_page_menu_style is 1 (the category menu otherwise); `/{place}/all` always. A jump list leads to each
// category's section; a product there opens like anywhere else.

async function setOnePage(request: APIRequestContext, value: number) {
  const res = await request.put('/api/admin/settings', {
    headers: await apiHeaders(request),
    data: { one_page_menu_style: value },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await skipWelcome(page);
});

test('one_page_menu_style = 1: the venue page is every category with its products; the jump list leads there', async ({
  page,
  request,
}) => {
  await setOnePage(request, 1);
  try {
    await page.goto('/bistro');
    const jump = page.getByRole('navigation', { name: 'Категории' });
    await expect(jump).toBeVisible();
    const links = jump.getByRole('link');
    expect(await links.count()).toBeGreaterThan(3);
    // Each jump link names a section of the same page, headed by the category's path.
    const sections = page.locator('section[id^="cat-"]');
    expect(await sections.count()).toBe(await links.count());
    const grill = links.filter({ hasText: 'Скара' }).first();
    const target = (await grill.getAttribute('href'))!;
    expect(target).toMatch(/^#cat-/);
    await grill.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    const section = page.locator(target);
    // The tap shows the section (it lands before the app is live here, as a guest's quick tap does: the page once
    // stayed at the top, viewport ratio 0, because the hash change made React draw the page again from the top).
    await expect(section).toBeInViewport();
    // Once the app is live, a tap on another jump link shows its section too, and moves the focus there.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('#root a[href^="#cat-"]') ?? {}).some((k) =>
        k.startsWith('__reactProps'),
      ),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    const other = links.last();
    const otherTarget = (await other.getAttribute('href'))!;
    await other.click();
    await expect(page.locator(otherTarget)).toBeInViewport();
    await expect(page.locator(otherTarget)).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`${otherTarget}$`));
    await grill.click();
    await expect(section).toBeInViewport();
    await expect(section.getByRole('heading', { level: 2 })).toContainText('Скара');
    // Products appear in their section; one opens its page.
    const kebapcheta = section.getByRole('link', { name: /Кебапчета/ }).first();
    await expect(kebapcheta).toBeVisible();
    await kebapcheta.click();
    await expect(page.getByRole('heading', { level: 1, name: /Кебапчета/ })).toBeVisible();
  } finally {
    await setOnePage(request, 0);
  }
});

test('one_page_menu_style = 0: the venue page is the category menu; /bistro/all is still the all-in-one page', async ({
  page,
}) => {
  await page.goto('/bistro');
  await expect(page.locator('section[id^="cat-"]')).toHaveCount(0);
  await page.goto('/bistro/all');
  await expect(page.getByRole('navigation', { name: 'Категории' })).toBeVisible();
  expect(await page.locator('section[id^="cat-"]').count()).toBeGreaterThan(3);
});
