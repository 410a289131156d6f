/**
 * Issue 21: the guest header's tools — allergen filter, language, account — are in the server's HTML as they are once
 * the app is live, not places held for them. With the app's scripts held back (a slow phone) they are on screen;
 * when the app hydrates nothing moves (no layout shift, the same elements at the same places), and they work. A tap
 * on one before the app is live is not lost: it takes effect once the app is.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';

startFromFreshDatabase();

test.use({ viewport: { width: 390, height: 844 } });

const TOOLS = ['Филтър за алергени', 'BG – Избор на език', 'Вход'] as const;

/** Holds the app's scripts back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Sums the page's layout shifts from its first paint (shifts right after an input excluded, as CLS does). */
async function recordShifts(page: Page) {
  await skipWelcome(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
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
        w.__shifts.push(
          `${Math.round(entry.startTime)} ms: ` +
            (entry.sources ?? [])
              .map(
                (s) =>
                  `${s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : ''} ${JSON.stringify(
                    (s as unknown as { previousRect: DOMRect }).previousRect,
                  )} → ${JSON.stringify((s as unknown as { currentRect: DOMRect }).currentRect)}`,
              )
              .join(' '),
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The header's buttons: name and box. */
function toolBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('header nav button')].map((b) => {
      const r = b.getBoundingClientRect();
      return { name: b.getAttribute('aria-label'), x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
}

/**
 * Where the header's icons are when the browser has only part of the header's HTML (a slow network: the browser paints
 * what has arrived): for each count of the nav's first children, their boxes with the rest taken out of the page, and
 * with all of them there. The nodes are put back as they were (before the app is live: React finds its HTML intact).
 */
function iconsWhileArriving(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector('header nav')!;
    const all = [...nav.children];
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return `${e.getAttribute('aria-label') ?? e.firstElementChild?.getAttribute('aria-label')} ${r.x},${r.y}`;
    };
    const complete = all.map(box);
    const partial: string[][] = [];
    for (let n = 1; n < all.length; n++) {
      // Every node after the n-th icon, React's boundary marks (comments) too, back in the same order after.
      const nodes = [...nav.childNodes];
      const rest = nodes.slice(nodes.indexOf(all[n - 1]!) + 1);
      for (const node of rest) node.remove();
      partial.push(all.slice(0, n).map(box));
      nav.append(...rest);
    }
    return { complete, partial };
  });
}

/** React has hydrated the language button (its props are on the element). */
async function live(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('header nav button[aria-haspopup="dialog"]');
    return !!button && Object.keys(button).some((k) => k.startsWith('__reactProps$'));
  });
}

for (const path of ['/bistro', '/bistro/about']) {
  test(`${path}: the header's tools are there before the app is live, nothing moves when it is, and they work`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await recordShifts(page);
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const header = page.getByRole('banner');
    for (const name of TOOLS) await expect(header.getByRole('button', { name }), name).toBeVisible();
    const before = await toolBoxes(page);
    expect(before.map((b) => b.name)).toEqual([...TOOLS, 'Количка: 0 продукта']);
    // Painted while the rest of the header's HTML is still on its way, the icons already there are where they stay.
    const { complete, partial } = await iconsWhileArriving(page);
    expect(complete).toHaveLength(6);
    for (const shown of partial)
      expect(shown, 'the first icons, the rest not arrived').toEqual(complete.slice(0, shown.length));
    expect(await toolBoxes(page), 'the header put back as it was').toEqual(before);
    await page.evaluate(() => {
      (window as unknown as Record<string, Element | null>).__ssrNav = document.querySelector('header nav');
    });
    // Not live yet: no script of the app has run.
    expect(await page.evaluate(() => Object.keys(document.querySelector('header nav button')!))).toEqual([]);

    release();
    await live(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(await toolBoxes(page), 'the tools stay where they were').toEqual(before);
    const { cls, shifts, kept } = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __shifts: string[]; __ssrNav: Element | null };
      return { cls: w.__cls, shifts: w.__shifts, kept: w.__ssrNav === document.querySelector('header nav') };
    });
    expect(kept, "hydration kept the server's header").toBe(true);
    expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBe(0);

    // They work: the allergen filter opens its panel with the menu's allergens, the language switch changes it.
    await header.getByRole('button', { name: TOOLS[0] }).click();
    const filter = page.getByRole('dialog', { name: 'Алергени, които избягвам' });
    await expect(filter.getByRole('button', { pressed: false }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(filter).toBeHidden();
    await header.getByRole('button', { name: TOOLS[1] }).click();
    await page
      .getByRole('dialog', { name: 'Изберете език' })
      .getByRole('button', { name: 'English' })
      .click();
    await expect(header.getByRole('button', { name: 'EN – Choose language' })).toBeVisible();
    await header.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('a tap on a header tool before the app is live takes effect once it is', async ({ page }) => {
  await recordShifts(page);
  const release = await holdScripts(page);
  await page.goto('/bistro', { waitUntil: 'domcontentloaded' });
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: TOOLS[1] }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog', { name: 'Изберете език' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});
