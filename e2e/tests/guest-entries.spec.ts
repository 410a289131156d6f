// Every guest entry server-rendered (issue 17): a table QR scan answers the menu at that table in one response (the
// order-token cookie written with it), before any script runs; the app then shows the menu's URL and hydrates that
// HTML without changing it. A visit with the cookie, the about and "all" pages do the same; an invalid QR code is
// the server's "scan again" page.
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { APP_SCRIPTS } from './app-scripts.ts';

startFromFreshDatabase();

/** A Tuesday at noon in Sofia: the bistro is open. */
const TUESDAY_NOON = '2026-01-13T10:00:00.000Z';

test.beforeEach(async ({ page }) => {
  await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
  await page.addInitScript(() => {
    // The server's elements as parsed, before any script of the app ran.
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as Record<string, unknown>;
      w.__ssrHeading = document.querySelector('main h1');
      w.__ssrBar = document.querySelector('[data-testid="table-bar"]');
    });
  });
});

test.afterAll(async ({ request }) => {
  await request.delete('/api/__test/clock');
});

async function venueName(page: Page, place: string): Promise<string> {
  const res = await page.request.get('/api/place', { headers: { client: 'demo', place } });
  return ((await res.json()) as { name: string }).name;
}

test('a table QR scanned with the scripts held back shows the menu at the table; an invalid one says scan again', async ({
  page,
  context,
}) => {
  const venue = await venueName(page, 'bistro');
  await page.route(APP_SCRIPTS, (route) => route.abort());

  const response = await page.goto('/bistro/t/demo-t5');
  expect(response!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: venue })).toBeVisible();
  await expect(page.getByTestId('table-bar')).toContainText('Вие сте на маса 5');
  await expect(page.getByRole('button', { name: 'Повикай сервитьор' })).toBeVisible();
  // The order token came with the page (no script wrote it).
  const cookie = (await context.cookies()).find((c) => c.name === 'user_order_token');
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ place: 'bistro', table: '5' });

  // A room of the hotel.
  await page.goto('/hotel/t/demo-r105');
  await expect(page.getByTestId('table-bar')).toContainText('Вие сте в стая 105');

  // An unknown code, and another venue's: the "scan again" page, no menu.
  for (const path of ['/bistro/t/no-such-code', '/bistro/t/demo-r105']) {
    const invalid = await page.goto(path);
    expect(invalid!.status(), path).toBe(404);
    await expect(page.getByRole('alert'), path).toHaveText('Невалиден QR код. Моля сканирайте отново.');
    await expect(page.getByRole('heading', { level: 1, name: venue }), path).toHaveCount(0);
  }
});

test('the QR entry, a visit with its cookie, about and "all" hydrate without a change and are live', async ({
  page,
}) => {
  const errors: string[] = [];
  // (A failed request is told by the response below, not by its console line.)
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  page.on('response', (r) => {
    // The table party's join answers 409 where the venue does not share the table's cart (the bistro): by design.
    if (r.status() >= 400 && !(r.status() === 409 && r.url().endsWith('/guests')))
      errors.push(`response: ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  const venue = await venueName(page, 'bistro');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const scan = await page.goto('/bistro/t/demo-t8');
  const html = await scan!.text();
  expect(html).toContain('Вие сте на маса 8');
  // The address bar shows the menu's URL once the app runs; no second request was needed.
  await expect(page).toHaveURL(/\/bistro$/);
  await expect(page.getByRole('button', { name: 'Избор на език' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const kept = () =>
    page.evaluate(() => {
      const w = window as unknown as Record<string, Element | null>;
      const bar = document.querySelector('[data-testid="table-bar"]');
      return {
        heading: w.__ssrHeading !== null && w.__ssrHeading === document.querySelector('main h1'),
        bar: w.__ssrBar !== null && w.__ssrBar === bar,
      };
    });
  expect(await kept(), 'hydration kept the server elements').toEqual({ heading: true, bar: true });
  await expect(page.getByRole('heading', { level: 1, name: venue })).toBeVisible();
  // Live: the waiter call opens.
  await page.getByTestId('table-bar').getByRole('button', { name: 'Повикай сервитьор' }).click();
  await expect(page.getByRole('dialog', { name: 'Повикай сервитьор' })).toBeVisible();

  for (const path of ['/bistro', '/bistro/about', '/bistro/all']) {
    const res = await page.goto(path);
    expect(await res!.text(), path).toContain('Вие сте на маса 8');
    await expect(page.getByRole('button', { name: 'Избор на език' }), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect((await kept()).bar, `${path}: the table bar kept`).toBe(true);
  }
  expect(errors).toEqual([]);
});

test('a guest who opened another venue before scans a room: the room stays once the app is live', async ({
  page,
  context,
}) => {
  // The bistro opened first: the app remembers it (the opened-place cookie), and opening the hotel then clears the
  // cart (spec §4). The room's order token the server wrote with the scanned page is the hotel's own and stays.
  await page.goto('/bistro');
  await expect(page.getByRole('button', { name: 'Избор на език' })).toBeVisible();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'opened_place')?.value)
    .toBe('bistro');
  const menuCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(products|categoriesHierarchy)/.test(r.url())) menuCalls.push(r.url());
  });

  await page.goto('/hotel/t/demo-r105');
  await expect(page).toHaveURL(/\/hotel$/);
  await expect(page.getByRole('button', { name: 'Избор на език' })).toBeVisible();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'opened_place')?.value)
    .toBe('hotel');
  await page.waitForLoadState('networkidle');
  const token = (await context.cookies()).find((c) => c.name === 'user_order_token');
  expect(token, 'the order token kept').toBeDefined();
  expect(JSON.parse(decodeURIComponent(token!.value))).toMatchObject({ place: 'hotel', room_number: '105' });
  await expect(page.getByTestId('table-bar')).toContainText('Вие сте в стая 105');
  // The page's own menu (inlined with the page for this token) served the app: it asked for no other.
  expect(menuCalls).toEqual([]);
});

test('the about page comes without the menu, hydrates unchanged, and its link to the menu opens it in the app', async ({
  page,
}) => {
  const venue = await venueName(page, 'bistro');
  const menuCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(products|categoriesHierarchy)/.test(r.url())) menuCalls.push(r.url());
  });
  const res = await page.goto('/bistro/about');
  const html = await res!.text();
  // The server's HTML has the venue's text and no menu data (issue 17: the products were most of its bytes).
  expect(html).toContain('Бистро Трапеза е квартален');
  expect(html).not.toContain('"products"');
  // Live (the header's tools appear, the allergen filter with the menu the browser asked for) and unchanged.
  await expect(page.getByRole('button', { name: 'Избор на език' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Филтър за алергени' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(
    await page.evaluate(() => {
      const w = window as unknown as Record<string, Element | null>;
      return w.__ssrHeading !== null && w.__ssrHeading === document.querySelector('main h1');
    }),
    'hydration kept the server heading',
  ).toBe(true);
  expect(menuCalls.length, 'the browser asked for the menu once live').toBeGreaterThan(0);
  // The venue's name in the header leads to the menu inside the app: no new page load.
  await page.evaluate(() => ((window as unknown as Record<string, unknown>).__samePage = true));
  await page.getByRole('link', { name: `${venue} – начало на менюто` }).click();
  await expect(page).toHaveURL(/\/bistro$/);
  await expect(page.getByRole('heading', { level: 1, name: venue })).toBeVisible();
  await expect(page.locator('main a[href^="/bistro/"]').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__samePage)).toBe(true);
});

test('a tap on the server-rendered table bar before the app is live is not lost', async ({ page }) => {
  // The app's scripts are held back until the guest has tapped "call the waiter" (a slow phone on hotel Wi-Fi).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/bistro/t/demo-t9', { waitUntil: 'domcontentloaded' });
  const bar = page.getByTestId('table-bar');
  await expect(bar).toContainText('Вие сте на маса 9');
  await bar.getByRole('button', { name: 'Повикай сервитьор' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  // Once the app is live the tap takes effect, once.
  await expect(page.getByRole('dialog', { name: 'Повикай сервитьор' })).toBeVisible();
  await expect(page).toHaveURL(/\/bistro$/);
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test('a tap before the app is live is not lost when that part of the page is drawn afresh instead of hydrated', async ({
  page,
}) => {
  // React draws a part of the page anew (an update reached it before it hydrated): the tapped element of the
  // server's HTML is gone, its namesake in its place is the live one. Stood in for here by replacing the button with
  // a copy before the scripts run.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/bistro/t/demo-t9', { waitUntil: 'domcontentloaded' });
  const bar = page.getByTestId('table-bar');
  await bar.getByRole('button', { name: 'Повикай сервитьор' }).click();
  await bar
    .getByRole('button', { name: 'Повикай сервитьор' })
    .evaluate((button) => button.replaceWith(button.cloneNode(true)));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog', { name: 'Повикай сервитьор' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test.describe('with JavaScript disabled in the browser', () => {
  test.use({ javaScriptEnabled: false });

  test('a table QR scan shows the menu at the table and the about page its description', async ({
    page,
    context,
  }) => {
    const venue = await venueName(page, 'bistro');
    const response = await page.goto('/bistro/t/demo-t6');
    expect(response!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: venue })).toBeVisible();
    await expect(page.getByTestId('table-bar')).toContainText('Вие сте на маса 6');
    // The menu itself: the categories are links a guest can follow with no script.
    const firstCategory = page.locator('main a[href^="/bistro/"]').first();
    await expect(firstCategory).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'user_order_token');
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ place: 'bistro', table: '6' });
    // The venue's description (its HTML sanitized on the server, issue 17) and the table context on the about page.
    await page.goto('/bistro/about');
    await expect(page.getByRole('region', { name: 'Описание' })).toContainText('Бистро Трапеза е квартален');
    await expect(page.getByTestId('table-bar')).toContainText('Вие сте на маса 6');
  });
});

test('a page whose largest content is text starts the app once the browser reports it painted, not before', async ({
  page,
}) => {
  // A first visit: the welcome banner open in the server's HTML (it made the first frame heavier, issue 17).
  await page.context().clearCookies();
  // The page's paints and requests as the browser reports them, from its start (a PerformanceObserver: the clock
  // the tests fix replaces performance's own lists).
  await page.addInitScript(() => {
    const w = window as unknown as {
      __paints: number[];
      __entryAt?: number;
      __requests: { path: string; at: number }[];
    };
    w.__paints = [];
    w.__requests = [];
    // Whether the browser had reported the page's paint when data-painted (which lets the decorative pictures
    // load) was set, and when the app's entry script was put in the page (by boot.js, or by the parser). This
    // observer's report comes before boot.js's own (registered first). (At this point the page has no element yet.)
    const flags = w as unknown as { __paintedAfterPaint?: boolean; __entryAfterPaint?: boolean };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes' && record.target === document.documentElement)
          flags.__paintedAfterPaint ??= w.__paints.length > 0;
        for (const node of record.addedNodes)
          if (node instanceof HTMLScriptElement && /\/assets\/index-[\w-]+\.js$/.test(node.src))
            flags.__entryAfterPaint ??= w.__paints.length > 0;
      }
    }).observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-painted'],
    });
    new PerformanceObserver((list) => w.__paints.push(...list.getEntries().map((e) => e.startTime))).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    });
    new PerformanceObserver((list) => {
      for (const r of list.getEntries()) {
        if (/\/assets\/index-[\w-]+\.js$/.test(r.name)) w.__entryAt = r.startTime;
        w.__requests.push({ path: new URL(r.name).pathname, at: r.startTime });
      }
    }).observe({ type: 'resource', buffered: true });
  });
  const fetched = new Set<string>();
  page.on('requestfinished', (r) => fetched.add(new URL(r.url()).pathname));
  await page.goto('/bistro/about');
  await expect(page.getByRole('button', { name: 'Избор на език' })).toBeVisible();
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { __entryAfterPaint?: boolean }).__entryAfterPaint),
      {
        message: "the app's entry was put in the page once the browser reported the paint",
      },
    )
    .toBe(true);
  const { firstPaint, entryRequested } = await page.evaluate(() => {
    const w = window as unknown as { __paints: number[]; __entryAt?: number };
    return { firstPaint: w.__paints[0]!, entryRequested: w.__entryAt };
  });
  // Requested in the frame that drew the page, the scripts were counted in its paint (Lighthouse's LCP of
  // /bistro/about 1.9× its static page in such runs); boot.js waits for the browser's report. Where the browser
  // lists the entry's request (not always: its resource entries were missing in about 1 run in 6 here), its start.
  if (entryRequested !== undefined)
    expect(entryRequested, 'the entry requested after the page was on screen').toBeGreaterThan(firstPaint);
  // Nor does anything else start before then (Lantern counts every request started before the paint): boot.js is
  // inline (no request of its own), and the venue's decorative pictures — its background and logo — are asked for
  // once the page is on screen, in boxes of their own size (nothing moves when they arrive).
  const { pictures, gated, paintedAfterPaint } = await page.evaluate(() => {
    const place = document.querySelector<HTMLElement>('.place')!;
    const logo = document.querySelector<HTMLElement>('header [aria-hidden="true"][style*="--logo"]');
    const url = (value: string | undefined) => /url\("?([^")]+)"?\)/.exec(value ?? '')?.[1];
    // The pictures are drawn only once data-painted is on the page: without it, neither is in the page's style.
    const root = document.documentElement;
    const shown = () => [
      getComputedStyle(place).backgroundImage,
      logo && getComputedStyle(logo).backgroundImage,
    ];
    const withIt = shown();
    root.removeAttribute('data-painted');
    const withoutIt = shown();
    root.setAttribute('data-painted', '');
    return {
      pictures: [
        url(place.style.getPropertyValue('--bg-image')),
        url(logo?.style.getPropertyValue('--logo')),
      ],
      gated: { withIt, withoutIt },
      paintedAfterPaint: (window as unknown as { __paintedAfterPaint?: boolean }).__paintedAfterPaint,
    };
  });
  expect(pictures.every(Boolean), "the bistro's background and logo").toBe(true);
  expect(
    gated.withIt.every((value) => value && value !== 'none'),
    'drawn once the page was on screen',
  ).toBe(true);
  expect(gated.withoutIt, 'not drawn before').toEqual(['none', 'none']);
  expect(paintedAfterPaint, 'data-painted set once the browser reported the paint').toBe(true);
  const paths = pictures.map((picture) => new URL(picture!, page.url()).pathname);
  await expect
    .poll(() => paths.filter((path) => !fetched.has(path)), { message: 'the pictures fetched' })
    .toEqual([]);
  const requests = await page.evaluate(
    () => (window as unknown as { __requests: { path: string; at: number }[] }).__requests,
  );
  expect(requests.filter((r) => r.path.endsWith('/boot.js'))).toEqual([]);
  // Where the browser lists the picture's request (it does not always: seen missing 1 run in 6 here), its start.
  for (const path of paths) {
    const request = requests.find((r) => r.path === path);
    if (request)
      expect(request.at, `${path} requested after the page was on screen`).toBeGreaterThan(firstPaint);
  }
});

test('the about page paints with its stylesheets inline; the screens the app opens later load theirs once, in order', async ({
  page,
}) => {
  const venue = await venueName(page, 'bistro');
  const cssRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.css')) cssRequests.push(new URL(r.url()).pathname);
  });
  /** The page's stylesheets in the order they apply: the inlined ones by their file, the linked ones by address. */
  const sheets = () =>
    page.evaluate(() =>
      [...document.styleSheets].map((s) => {
        const owner = s.ownerNode as HTMLElement;
        return owner.dataset.href ?? new URL((owner as HTMLLinkElement).href).pathname;
      }),
    );
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as Record<string, unknown>;
      const box = (selector: string) => {
        const r = document.querySelector(selector)!.getBoundingClientRect();
        return [r.x, r.y, r.width, r.height].map(Math.round);
      };
      w.__ssrBoxes = [box('header'), box('main h1'), box('footer')];
    });
  });

  await page.goto('/bistro/about');
  await expect(page.getByRole('button', { name: 'Избор на език' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const inlined = await page.evaluate(() =>
    [...document.querySelectorAll('style')].map((s) => s.dataset.href ?? 'a <style> of no file'),
  );
  expect(inlined.length, 'the entry, the place layout and the footer at least').toBeGreaterThanOrEqual(3);
  // They apply first, in the server's order; none of them fetched (their disabled links are not loaded) or linked
  // again by the app (the lazy parts it loads once live — the account menu, the modal — bring their own).
  expect((await sheets()).slice(0, inlined.length)).toEqual(inlined);
  expect(cssRequests.filter((p) => inlined.includes(p))).toEqual([]);
  const linkedAgain = () =>
    page.evaluate(
      (files) =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')]
          .map((l) => new URL(l.href).pathname)
          .filter((p) => files.includes(p)),
      inlined,
    );
  expect(await linkedAgain()).toEqual([]);
  // The server's layout as the app left it after hydrating: the same boxes as before any script ran.
  expect(
    await page.evaluate(() => {
      const box = (selector: string) => {
        const r = document.querySelector(selector)!.getBoundingClientRect();
        return [r.x, r.y, r.width, r.height].map(Math.round);
      };
      return [box('header'), box('main h1'), box('footer')];
    }),
  ).toEqual(await page.evaluate(() => (window as unknown as Record<string, unknown>).__ssrBoxes));

  // Into the menu, a category and a product inside the app: each later stylesheet once, after the inlined ones.
  await page.getByRole('link', { name: `${venue} – начало на менюто` }).click();
  await expect(page.getByRole('heading', { level: 1, name: venue })).toBeVisible();
  // A top category, on to one of its leaves if it has them, and a product there: tapped as a guest does.
  const headers = { client: 'demo', place: 'bistro' };
  type Category = { id: number; name: string; children?: Category[] };
  const roots = (await (
    await page.request.get('/api/categoriesHierarchy?active=1', { headers })
  ).json()) as Category[];
  const products = (await (await page.request.get('/api/products?active=1', { headers })).json()) as {
    name: string;
    type: string;
    catHierarchyId: number | null;
  }[];
  const root = roots.find((c) => c.children?.length)!;
  const leaf = root.children!.find((c) =>
    products.some((p) => p.catHierarchyId === c.id && p.type !== 'booking'),
  )!;
  const product = products.find((p) => p.catHierarchyId === leaf.id && p.type !== 'booking')!;
  await page.locator('main').getByRole('link', { name: root.name }).first().click();
  await page.locator('main').getByRole('link', { name: leaf.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: leaf.name })).toBeVisible();
  await page.getByRole('link', { name: product.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const later = await sheets();
  expect(later.slice(0, inlined.length), 'the inlined stylesheets first, as they were').toEqual(inlined);
  expect(new Set(later).size, `no stylesheet applied twice: ${later.join(' ')}`).toBe(later.length);
  expect(await linkedAgain()).toEqual([]);
  expect(
    cssRequests.filter((p) => inlined.includes(p)),
    'none of the inlined files fetched',
  ).toEqual([]);
  expect(
    cssRequests.some((p) => /\/category-[\w-]+\.css$/.test(p)),
    'the category screen brought its own',
  ).toBe(true);
  expect(new Set(cssRequests).size, `each later stylesheet fetched once: ${cssRequests.join(' ')}`).toBe(
    cssRequests.length,
  );
});
