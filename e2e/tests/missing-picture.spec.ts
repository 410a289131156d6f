/**
 * Issue 21, "a broken picture can flash before hydration": a product whose picture file is gone shows its frame's
 * placeholder — never the browser's broken-picture drawing (Chromium's grey outline for alt="", the icon and alt
 * text otherwise) — in the server's HTML before any script of the app ran, and after the app took the page over.
 * The app's scripts (the bundles; the page's inline boot.js runs and asks for them) are held back until the first
 * look is taken; what is on screen is measured on the pixels: every pixel of the picture's frame is the frame's own
 * placeholder colour. And the server marked the picture missing in its HTML (it knows its uploads), so the same
 * holds in WebKit, which no CSS cover reaches (see expectMarkedMissing).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startFromFreshDatabase } from './fresh-database.ts';
import { skipWelcome } from './welcome.ts';
import { apiHeadersOnce } from './api-auth.ts';
import { holdAppScripts } from './app-scripts.ts';

startFromFreshDatabase();
test.use({ serviceWorkers: 'block' });

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const NAME = 'Салата без снимка';
const SLUG = 'e2e-missing-picture';
const MISSING = '/uploads/e2e-missing-picture.jpg';

const adminHeaders = apiHeadersOnce();

let categoryPath = '';
let productId = 0;

test.beforeAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  const tree = (await (await request.get('/api/admin/categories', { headers })).json()) as {
    id: number;
    slug: string;
    children: unknown[];
  }[];
  const flat = (list: typeof tree): typeof tree =>
    list.flatMap((c) => [c, ...flat(c.children as typeof tree)]);
  const skara = flat(tree).find((c) => c.slug === 'skara');
  expect(skara, 'the demo has the grill category').toBeDefined();
  categoryPath = `/bistro/${skara!.slug}`;
  // First in the grill (highest priority): its card is in the first screen of the category.
  const res = await request.post('/api/admin/products', {
    headers,
    data: {
      name: NAME,
      slug: SLUG,
      description: 'Снимката ѝ е изтрита от сървъра.',
      catHierarchyIds: [skara!.id],
      product_variants: [{ price: 790, size: '300 г' }],
      product_images: [{ path: MISSING, width: 800, height: 600 }],
      priority: 1000,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  productId = ((await res.json()) as { id: number }).id;
  const file = await request.get(MISSING);
  expect(file.status(), 'the picture is really missing').toBe(404);
});

test.afterAll(async ({ request }) => {
  if (productId)
    await request.delete(`/api/admin/products/${productId}`, { headers: await adminHeaders(request) });
  await request.delete('/api/__test/clock');
});

test.beforeEach(async ({ page }) => {
  await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

/** The picture has failed (its error came: complete with no pixels). */
async function failed(img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 0), {
      message: 'the missing picture has failed to load',
      timeout: 10_000,
    })
    .toBe(true);
}

/**
 * The pixels of the picture's frame that are not the frame's placeholder colour (more than 8 of 255 off in a
 * channel). Left out: the frame's corners (rounded by the card: the page shows through, antialiased) and the
 * buttons laid over the picture (the card's zoom button).
 */
async function strayPixels(
  page: Page,
  img: Locator,
): Promise<{ stray: number; total: number; sample: string }> {
  const frame = img.locator('xpath=ancestor::*[contains(@class, "media")][1]');
  await frame.scrollIntoViewIfNeeded();
  const geometry = await frame.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = getComputedStyle(el).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [red, green, blue] = probe.getImageData(0, 0, 1, 1).data;
    const img = el.querySelector('img');
    const overlays = [...el.querySelectorAll('button')]
      .filter((b) => !b.contains(img))
      .map((b) => {
        const o = b.getBoundingClientRect();
        return { x: o.x - r.x, y: o.y - r.y, w: o.width, h: o.height };
      });
    return {
      colour: [red!, green!, blue!],
      overlays,
    };
  });
  const shot = await frame.screenshot({ animations: 'disabled', caret: 'hide' });
  const scratch = await page.context().newPage();
  try {
    const result = await scratch.evaluate(
      async ({ base64, colour, overlays }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        ctx.drawImage(bitmap, 0, 0);
        const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
        const corner = 16;
        let stray = 0;
        let total = 0;
        let sample = '';
        for (let y = 0; y < bitmap.height; y++) {
          for (let x = 0; x < bitmap.width; x++) {
            const nearX = x < corner || x >= bitmap.width - corner;
            const nearY = y < corner || y >= bitmap.height - corner;
            if (nearX && nearY) continue;
            if (overlays.some((o) => x >= o.x - 2 && x < o.x + o.w + 2 && y >= o.y - 2 && y < o.y + o.h + 2))
              continue;
            total++;
            const i = (y * bitmap.width + x) * 4;
            const off = [0, 1, 2].some((c) => Math.abs(data[i + c]! - colour[c]!) > 8);
            if (off) {
              stray++;
              if (!sample) sample = `(${x}, ${y}) rgb(${data[i]}, ${data[i + 1]}, ${data[i + 2]})`;
            }
          }
        }
        return { stray, total, sample: sample ? `${sample} against rgb(${colour.join(', ')})` : '' };
      },
      { base64: shot.toString('base64'), colour: geometry.colour, overlays: geometry.overlays },
    );
    // The frame as measured, beside the report, to look at what failed.
    if (result.stray > 0) {
      await test.info().attach('frame', { body: shot, contentType: 'image/png' });
      await test.info().attach('page', { body: await page.screenshot(), contentType: 'image/png' });
    }
    return result;
  } finally {
    await scratch.close();
  }
}

/**
 * The picture is hidden by the page itself, not only by a stylesheet trick that some engine ignores: the server
 * found its file gone and marked it (`data-broken`, `visibility: hidden`), which hides a broken picture's icon and
 * alt text in every engine. WebKit (Safari, not available here) draws no ::before on an <img>, so global.css's cover
 * that the pixels below also see in Chromium would not hide Safari's broken-picture icon before the app's scripts run.
 */
async function expectMarkedMissing(img: Locator, where: string) {
  await expect(img, `${where}: marked missing by the server`).toHaveAttribute('data-broken', '');
  expect(await img.evaluate((el) => getComputedStyle(el).visibility), where).toBe('hidden');
}

async function expectPlaceholder(page: Page, img: Locator, where: string) {
  // The page has stopped scrolling (the app, once live, may restore a scroll position): the frame measured is the
  // frame on screen.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const before = window.scrollY;
          await new Promise((done) => setTimeout(done, 300));
          return window.scrollY === before;
        }),
      { message: `${where}: the page stopped scrolling` },
    )
    .toBe(true);
  // A lazy picture is asked for once in view.
  await img.scrollIntoViewIfNeeded();
  await failed(img);
  // Two frames: whatever the error changes is painted.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  const { stray, total, sample } = await strayPixels(page, img);
  expect(total, `${where}: pixels measured`).toBeGreaterThan(10_000);
  expect(stray, `${where}: pixels of the frame that are not its placeholder, first ${sample}`).toBe(0);
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const) {
  test(`a product without its picture file shows the frame's placeholder before and after hydration, ${viewport.name}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });

    // The category: the product's card, the app's scripts held back.
    let release = await holdAppScripts(page);
    await page.goto(categoryPath, { waitUntil: 'commit' });
    const card = page.locator('article').filter({ hasText: NAME }).first();
    await expect(card).toBeVisible({ timeout: 15_000 });
    const add = card.getByRole('button', { name: `Добави ${NAME} 300 г в количката` });
    // Not live yet: the server's HTML, no script of the app has run.
    await expect(add).toBeDisabled();
    const cardImg = card.locator('img').first();
    await expect(cardImg).toHaveAttribute('src', MISSING);
    await expectMarkedMissing(cardImg, `${viewport.name}, category card before the app is live`);
    // A picture whose file is there is not marked.
    const otherImg = page.locator('article').filter({ hasNotText: NAME }).locator('img').first();
    await expect(otherImg).toBeAttached();
    await expect(otherImg).not.toHaveAttribute('data-broken');
    await expectPlaceholder(page, cardImg, `${viewport.name}, category card before the app is live`);
    await expect(add, 'the measure was taken before hydration').toBeDisabled();
    release();
    await expect(add).toBeEnabled({ timeout: 15_000 });
    await expectPlaceholder(page, cardImg, `${viewport.name}, category card once the app is live`);

    // The product's page, loaded afresh with the scripts held back again.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    release = await holdAppScripts(page);
    await page.goto(`${categoryPath}/${SLUG}`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible({ timeout: 15_000 });
    const addOnPage = page.getByRole('button', { name: 'Добави в количката' }).first();
    await expect(addOnPage).toBeDisabled();
    const pageImg = page.locator('main img').first();
    await expect(pageImg).toHaveAttribute('src', MISSING);
    await expectMarkedMissing(pageImg, `${viewport.name}, product page before the app is live`);
    await expectPlaceholder(page, pageImg, `${viewport.name}, product page before the app is live`);
    await expect(addOnPage, 'the measure was taken before hydration').toBeDisabled();
    release();
    await expect(addOnPage).toBeEnabled({ timeout: 15_000 });
    await expectPlaceholder(page, pageImg, `${viewport.name}, product page once the app is live`);
  });
}
