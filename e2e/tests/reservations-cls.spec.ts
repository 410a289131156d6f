/**
 * Issue 24 (minor): the reservations page jumped on load (CLS 0.39). The layout shifts of a first visit to
 * /bistro/reservations on a phone-sized viewport are summed with a PerformanceObserver('layout-shift') (shifts
 * right after input excluded, as the CLS metric does) until the form and its calendar are up; CLS ≤ 0.02.
 * Server and browser clocks are pinned to a Tuesday noon (the bistro is open; bookings for tomorrow exist).
 *
 * It failed once in CI (0.08, the footer; 0.0002 on the retry): the footer is its own lazy chunk and the page's code
 * another, so when the footer's arrived first (a loaded machine), it was drawn under the route's loading skeleton
 * (half a screen), in view, and the booking form then pushed it down. The second test makes that order certain by
 * holding the page's chunk back; the place layout now keeps the footer out while the page's code loads.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';

startFromFreshDatabase();

const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

test.use({ viewport: { width: 390, height: 844 } });

async function layoutShifts(page: Page) {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: { value: number; sources: string[] }[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        w.__shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) =>
            s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/bistro/reservations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The form is up: the party size select and the calendar's days.
  await expect(page.getByRole('combobox').first()).toBeVisible();
  await expect(page.locator('form button:not([disabled])').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: unknown[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}

test('the reservations page does not move while it loads (CLS ≤ 0.02)', async ({ page }) => {
  const { cls, shifts } = await layoutShifts(page);
  console.log(`reservations CLS ${cls.toFixed(4)}`, JSON.stringify(shifts));
  expect(cls).toBeLessThanOrEqual(0.02);
});

test("nor when the page's code comes after the footer's (CLS ≤ 0.02)", async ({ page }) => {
  // The route's chunk held back 1.5 s: the footer's chunk (and the rest of the layout) is there long before.
  let held = 0;
  await page.route(/\/assets\/reservations-[\w-]+\.js$/, async (route) => {
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const { cls, shifts } = await layoutShifts(page);
  console.log(`reservations CLS, page code late ${cls.toFixed(4)}`, JSON.stringify(shifts));
  expect(held).toBe(1);
  expect(cls).toBeLessThanOrEqual(0.02);
});
