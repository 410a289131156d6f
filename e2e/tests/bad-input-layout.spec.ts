/**
 * Issue 21, "Bad input": long names (a 60-character German compound), 20 variants, 30 extras, a missing image, a
 * transparent PNG logo and right-to-left text in a product name — nothing overflows, overlaps or becomes
 * unreadable. The products and the logo are planted through the admin API (fixture data, e2e/README.md); the
 * journey is tapped: the menu, the category, the product opened by a tap (its page and its sheet), the cart with the
 * long product, the order form, the order sent; the staff board's card and the kitchen with that order; the admin's
 * product list and form; the admin's category tree with long category names at its deepest level, in Bulgarian and
 * German (its move buttons inside their row, 44 px on a phone). Each screen is measured on a 390 × 844 phone and a 1280 × 900 desktop (layoutProblems):
 *   - the document and every card, list item or dialog no wider inside than outside (scrollWidth vs clientWidth; a
 *     deliberate horizontal scroller — tab strip, table — is left out);
 *   - no text box over another (each text node's line boxes, the open dialog alone when one is open, a fixed or
 *     sticky bar compared only with its own texts: the page scrolls under it by design);
 *   - headings inside their containers and the viewport;
 *   - no broken-image icon (a loaded <img> with no pixels): the missing picture shows a placeholder;
 *   - the right-to-left name in a dir="auto" box (bidi isolation), its price on the same side as the others'.
 * White and black background pictures, and the long name's contrast, are contrast.spec.ts's.
 */
import { signInToAdmin } from '../fixtures/admin.ts';
import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { startFromFreshDatabase } from './fresh-database.ts';
import { skipWelcome } from './welcome.ts';
import { apiHeadersOnce } from './api-auth.ts';

startFromFreshDatabase();
// The logo below is served by the test (page.route), which a service worker's fetches would pass by.
test.use({ serviceWorkers: 'block', actionTimeout: 30_000 });

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const LOGO = '/e2e-transparent-logo.png';
const MISSING = '/uploads/e2e-no-such-picture.jpg';

// 60 characters, one word: the longest a name gets in German.
const LONG = 'Donaudampfschifffahrtsgesellschaftskapitänsgrillspießplatten';
const LONG_DESCRIPTION =
  'Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz-konforme Grillspießplatte mit ' +
  'Kartoffelpufferbeilagensalatvariationen, Knoblauchjoghurtsoßenspezialität und ' +
  'Holzkohlegrillgemüsezubereitungsempfehlungen des Küchenchefs.';
const RTL = 'شاورما دجاج مع صلصة الثوم';
const MISSING_NAME = 'Салата без снимка';
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** A 160 × 48 PNG, transparent but for a dark bar: a logo made for a light page, shown on any theme. */
function transparentPng(): Buffer {
  const w = 160;
  const h = 48;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (w * 4 + 1) + 1 + x * 4;
      const bar = y > 14 && y < 34 && x > 8 && x < 152;
      raw[o] = 0x22;
      raw[o + 1] = 0x22;
      raw[o + 2] = 0x22;
      raw[o + 3] = bar ? 255 : 0;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const LOGO_PNG = transparentPng();

const adminHeaders = apiHeadersOnce();

async function call(request: APIRequestContext, method: string, url: string, data?: unknown) {
  const res = await request.fetch(url, {
    method,
    headers: await adminHeaders(request),
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

let categoryPath = '';
let originalLogo: string | null = null;
let originalClickable = '1';
const planted: number[] = [];

test.beforeAll(async ({ request }) => {
  // Under the grill (skara), beside the demo's own products.
  const tree = (await call(request, 'GET', '/api/admin/categories')) as unknown as {
    id: number;
    slug: string;
    children: unknown[];
  }[];
  const flat = (list: typeof tree): typeof tree =>
    list.flatMap((c) => [c, ...flat(c.children as typeof tree)]);
  const skara = flat(tree).find((c) => c.slug === 'skara');
  expect(skara, 'the demo has the grill category').toBeDefined();
  categoryPath = `/bistro/${skara!.slug}`;

  // 30 extras with long German names, prices 0,50 … 15,00.
  const extras: number[] = [];
  for (let i = 1; i <= 30; i++) {
    const ing = await call(request, 'POST', '/api/admin/ingredients', {
      name: `Extra ${i}: Knoblauchjoghurtsoßenportion ${i}`,
      price: 50 * i,
    });
    extras.push(ing.id as number);
  }
  const long = await call(request, 'POST', '/api/admin/products', {
    name: LONG,
    slug: 'e2e-lange-platte',
    description: LONG_DESCRIPTION,
    translations: { de: { name: LONG, description: LONG_DESCRIPTION } },
    catHierarchyIds: [skara!.id],
    // 20 sizes: the longest size text the form allows is not the point here, the count is.
    product_variants: Array.from({ length: 20 }, (_, i) => ({
      price: 1000 + i * 150,
      size: `Portion ${i + 1} (${(i + 1) * 100} g)`,
    })),
    product_ingredients: extras.map((ingredientId) => ({ ingredientId, type: 'addable' })),
    priority: 1000,
  });
  const missing = await call(request, 'POST', '/api/admin/products', {
    name: MISSING_NAME,
    slug: 'e2e-bez-snimka',
    description: 'Снимката ѝ е изтрита от сървъра.',
    catHierarchyIds: [skara!.id],
    product_variants: [{ price: 790, size: '300 г' }],
    product_images: [{ path: MISSING, width: 800, height: 600 }],
    priority: 999,
  });
  const rtl = await call(request, 'POST', '/api/admin/products', {
    name: RTL,
    slug: 'e2e-shawarma',
    description: 'شاورما دجاج مشوية على الفحم',
    catHierarchyIds: [skara!.id],
    product_variants: [{ price: 1290, size: '350 г' }],
    priority: 998,
  });
  planted.push(long.id as number, missing.id as number, rtl.id as number);

  const settings = (await call(request, 'GET', '/api/admin/settings')) as unknown as {
    settings: { key: string; value: string | null }[];
  };
  originalLogo = settings.settings.find((s) => s.key === 'logo')?.value ?? null;
  originalClickable = settings.settings.find((s) => s.key === 'clickable_product_variants')?.value ?? '1';
  // The card's add button opens the product sheet (sizes and extras), as issue 21 #3 designs it.
  await call(request, 'PUT', '/api/admin/settings', { logo: LOGO, clickable_product_variants: '0' });
});

test.afterAll(async ({ request }) => {
  // An ordered product cannot be deleted (409 product_has_orders): it is switched off instead.
  for (const id of planted) {
    const res = await request.delete(`/api/admin/products/${id}`, { headers: await adminHeaders(request) });
    if (res.status() === 409) await call(request, 'PUT', `/api/admin/products/${id}`, { active: 0 });
    else expect(res.ok(), await res.text()).toBe(true);
  }
  await call(request, 'PUT', '/api/admin/settings', {
    logo: originalLogo ?? '',
    clickable_product_variants: originalClickable,
  });
  await request.delete('/api/__test/clock');
});

async function prepare(page: Page) {
  await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
  // The venue's uploaded logo: a PNG with a transparent background.
  await page.route(`**${LOGO}`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: LOGO_PNG }),
  );
}

/** What is wrong with the layout on screen now: one line a problem. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    const shown = (el: Element) => {
      const cs = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && Number(cs.opacity) > 0;
    };
    const name = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean)[0] : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `<${el.tagName.toLowerCase()}${cls ? ` .${cls}` : ''}> "${text}"`;
    };
    const de = document.documentElement;
    if (de.scrollWidth > de.clientWidth + 1)
      out.push(`the document scrolls sideways: ${de.scrollWidth} > ${de.clientWidth}`);

    // The top dialog, when one is open, is the screen; the page under it is inert.
    const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter(shown);
    const scope: Element = dialogs.at(-1) ?? document.body;

    // A deliberate sideways scroller: a tab strip, a table's scroll box.
    const scroller = (el: Element) => {
      const cs = getComputedStyle(el);
      if (cs.overflowX !== 'auto' && cs.overflowX !== 'scroll') return false;
      return (
        el.matches('[role="tablist"], [class*="scroll" i], [class*="tabs" i], [class*="chips" i]') ||
        el.querySelector(':scope > [role="tablist"], :scope > table') !== null
      );
    };
    const boxes = scope.querySelectorAll(
      // Cards and their parts; not the layout's wrappers (main, form, section), which the document's and the
      // dialog's own measure cover and whose full-bleed bars (the order form's sticky footer) are wider by design.
      'article, li, dialog, fieldset, [class*="card" i], [class*="sheet" i], [class*="line" i], [class*="item" i], [class*="row" i]',
    );
    for (const el of [scope, ...boxes]) {
      if (!shown(el)) continue;
      const cs = getComputedStyle(el);
      if (cs.display === 'inline' || cs.display === 'contents') continue;
      if (scroller(el)) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        // The innermost part that reaches furthest out: what to fix.
        const right = el.getBoundingClientRect().right;
        let culprit: Element | null = null;
        for (const d of el.querySelectorAll('*')) {
          const r = d.getBoundingClientRect();
          if (
            r.width > 0 &&
            r.right > right + 1 &&
            (!culprit || r.right >= culprit.getBoundingClientRect().right)
          )
            culprit = d;
        }
        out.push(
          `${name(el)} is wider inside: ${el.scrollWidth} > ${el.clientWidth}${culprit ? `, by ${name(culprit)}` : ''}`,
        );
      }
    }

    // Text boxes: every line box of every text node.
    // The layer a text is drawn in: its nearest fixed or sticky ancestor inside the screen (a sticky total bar, a
    // floating cart bar), or the screen itself. Content scrolls under such a bar by design: only texts of one layer
    // are compared.
    const layer = (el: Element | null): Element => {
      for (let e = el; e && e !== scope; e = e.parentElement) {
        const p = getComputedStyle(e).position;
        if (p === 'fixed' || p === 'sticky') return e;
      }
      return scope;
    };
    type TextBox = { el: Element; node: Text; r: DOMRect; layer: Element };
    const texts: TextBox[] = [];
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const node = n as Text;
      const el = node.parentElement;
      if (!el || !node.data.trim() || el.closest('script, style, noscript, template, option')) continue;
      if (!shown(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        // What shows of the line: cut by every ancestor that clips (a clamped description's hidden lines, a
        // visually hidden label clipped to 1 px).
        let r = new DOMRect(line.x, line.y, line.width, line.height);
        for (let e: Element | null = el; e && r.width > 0 && r.height > 0; e = e.parentElement) {
          const cs = getComputedStyle(e);
          if (cs.overflowX === 'visible' && cs.overflowY === 'visible' && cs.clip === 'auto') continue;
          const c = e.getBoundingClientRect();
          const left = Math.max(r.left, c.left);
          const top = Math.max(r.top, c.top);
          r = new DOMRect(left, top, Math.min(r.right, c.right) - left, Math.min(r.bottom, c.bottom) - top);
        }
        if (r.width <= 2 || r.height <= 2) continue;
        texts.push({ el, node, r, layer: layer(el) });
      }
    }
    // A word cut in two ("Сервиран|е", "Доб|ави") where it would fit whole on a line of its box: the box is too
    // narrow for its words, or lets them break anywhere. A word longer than the box (the 60-character name) may break.
    const canvas = document.createElement('canvas').getContext('2d')!;
    const cut = new Set<string>();
    for (const node of new Set(texts.map((t) => t.node))) {
      const el = node.parentElement!;
      let block: Element = el;
      while (block.parentElement && getComputedStyle(block).display.startsWith('inline'))
        block = block.parentElement;
      const bs = getComputedStyle(block);
      const room = block.clientWidth - parseFloat(bs.paddingLeft) - parseFloat(bs.paddingRight);
      const cs = getComputedStyle(el);
      canvas.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      for (const m of node.data.matchAll(/[^\s\-\u00ad\u2010/]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (tops.size < 2) continue;
        const width = canvas.measureText(m[0]).width + (parseFloat(cs.letterSpacing) || 0) * m[0].length;
        if (width > room + 1 || cut.has(m[0])) continue;
        cut.add(m[0]);
        out.push(
          `word cut in two: "${m[0]}" (${Math.round(width)} px) in ${name(block)} (${Math.round(room)} px)`,
        );
      }
    }
    const seen = new Set<string>();
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        const a = texts[i]!;
        const b = texts[j]!;
        if (a.node === b.node || a.layer !== b.layer) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w <= 2 || h <= 2) continue;
        const smaller = Math.min(a.r.width * a.r.height, b.r.width * b.r.height);
        if (w * h < 0.2 * smaller) continue;
        const key = `${a.node.data.trim().slice(0, 30)}|${b.node.data.trim().slice(0, 30)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(
          `text over text: "${a.node.data.trim().slice(0, 40)}" and "${b.node.data.trim().slice(0, 40)}"`,
        );
      }
    }

    // Headings: the text inside the heading's box, the heading inside its parent and the viewport.
    for (const hd of scope.querySelectorAll('h1, h2, h3, h4')) {
      if (!shown(hd)) continue;
      const r = hd.getBoundingClientRect();
      if (r.width <= 2 || r.height <= 2) continue; // visually hidden: a name for screen readers
      const range = document.createRange();
      range.selectNodeContents(hd);
      const t = range.getBoundingClientRect();
      const parent = hd.parentElement!.getBoundingClientRect();
      if (hd.scrollWidth > hd.clientWidth + 1 || t.right > r.right + 1 || t.left < r.left - 1)
        out.push(
          `heading ${name(hd)} is wider than its box: text ${Math.round(t.width)} in ${Math.round(r.width)}`,
        );
      if (r.left < parent.left - 1 || r.right > parent.right + 1)
        out.push(`heading ${name(hd)} sticks out of its container`);
      if (t.left < -1 || t.right > vw + 1) out.push(`heading ${name(hd)} is off the screen`);
    }

    // A broken picture: loaded, no pixels (the browser's broken-image icon and the alt text).
    for (const img of scope.querySelectorAll('img')) {
      if (!shown(img)) continue;
      if (img.complete && img.naturalWidth === 0)
        out.push(`broken image ${img.getAttribute('src')} (alt "${img.alt}")`);
    }
    return out;
  });
}

/** Waits for the pictures and fonts, then measures: every problem in one soft assertion per screen. */
async function measure(page: Page, where: string) {
  // Lazy pictures below the fold never load and a live dot pulses for ever: at most 3 s of waiting.
  await page.evaluate(async () => {
    const settled = Promise.all([
      document.fonts.ready,
      ...[...document.images]
        .filter((img) => !img.complete && img.loading !== 'lazy')
        .map(
          (img) =>
            new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            }),
        ),
      ...document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ]);
    await Promise.race([settled, new Promise((done) => setTimeout(done, 3000))]);
  });
  const problems = await layoutProblems(page);
  console.log(`${where}: ${problems.length ? problems.join(' | ') : 'ok'}`);
  expect.soft(problems, `${where}:\n  ${problems.join('\n  ')}`).toEqual([]);
}

/** The right-to-left text sits in a dir="auto" box (isolated), and its price on the side of the others'. */
async function checkRtl(scope: Locator, where: string) {
  const name = scope.getByText(RTL).first();
  await expect.soft(name, where).toBeVisible();
  if (!(await name.isVisible())) return;
  const dir = await name.evaluate((el) => el.closest('[dir]')?.getAttribute('dir') ?? null);
  expect.soft(dir, `${where}: the Arabic name's nearest dir`).toBe('auto');
}

/** The price's distance from its card's right edge: the same for the Arabic product as for a Bulgarian one. */
async function priceSide(card: Locator) {
  return card.evaluate((el) => {
    const price = [...el.querySelectorAll('*')].find(
      (e) => e.children.length === 0 && /\d+[,.]\d\d\s*(лв|€|EUR)/.test(e.textContent ?? ''),
    );
    if (!price) return null;
    const c = el.getBoundingClientRect();
    const p = price.getBoundingClientRect();
    return { fromRight: Math.round(c.right - p.right), fromLeft: Math.round(p.left - c.left) };
  });
}

async function staffLogin(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Имейл').fill('waiter@demo.test');
  await page.getByLabel('Парола').fill('demo-waiter');
  await page.getByRole('button', { name: 'Вход' }).click();
}

test('bad input on the guest screens, the staff board, the kitchen and the admin: nothing overflows or overlaps', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  await prepare(page);
  let orderNumber = '';

  for (const vp of VIEWPORTS) {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);

    await page.goto('/bistro');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
    // The logo is its header box's background (place-header.tsx), drawn once the page is on screen.
    const logo = page.locator(`header [style*="${LOGO}"]`).first();
    await expect(logo, 'the transparent logo is shown').toBeVisible();
    await measure(page, `${vp.name}, menu`);

    // The category: the three planted products among the grill's.
    await page.goto(categoryPath);
    const longCard = page.locator('article').filter({ hasText: LONG }).first();
    await expect(longCard).toBeVisible({ timeout: 15_000 });
    // The app has taken over the server's page (the cards' buttons wait for it): a picture that failed before is
    // marked by then.
    await expect(longCard.getByRole('button', { name: `Добави ${LONG} в количката` })).toBeEnabled({
      timeout: 15_000,
    });
    await measure(page, `${vp.name}, category`);
    const missingCard = page.locator('article').filter({ hasText: MISSING_NAME }).first();
    await missingCard.scrollIntoViewIfNeeded();
    // Lazy: it is asked for once in view, and marked when its error comes.
    await expect
      .poll(
        () =>
          missingCard
            .locator('img')
            .evaluateAll(
              (imgs) =>
                imgs.filter(
                  (i) =>
                    (i as HTMLImageElement).naturalWidth === 0 && getComputedStyle(i).visibility !== 'hidden',
                ).length,
            ),
        { message: `${vp.name}, category: the missing picture is a placeholder` },
      )
      .toBe(0);
    // The picture's frame keeps its place (4:3 of the card's width): the placeholder, not a collapsed gap.
    const frame = await missingCard.locator('img').first().locator('..').boundingBox();
    expect.soft(frame?.height ?? 0, `${vp.name}, category: the placeholder's height`).toBeGreaterThan(100);
    const rtlCard = page.locator('article').filter({ hasText: RTL }).first();
    await checkRtl(rtlCard, `${vp.name}, category card`);
    const rtlPrice = await priceSide(rtlCard);
    const otherPrice = await priceSide(missingCard);
    expect.soft(rtlPrice, `${vp.name}: the Arabic card's price`).not.toBeNull();
    if (rtlPrice && otherPrice)
      expect
        .soft(
          Math.abs(rtlPrice.fromRight - otherPrice.fromRight),
          `${vp.name}: the Arabic card's price on the same side as the others' (${JSON.stringify([rtlPrice, otherPrice])})`,
        )
        .toBeLessThanOrEqual(2);

    // The long product's sheet, opened by its card's add button: 20 sizes and 30 extras.
    const add = longCard.getByRole('button', { name: `Добави ${LONG} в количката` });
    await expect(add).toBeEnabled({ timeout: 15_000 });
    await add.click();
    const sheet = page.getByRole('dialog', { name: LONG });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('radio')).toHaveCount(20);
    await expect(sheet.getByRole('checkbox')).toHaveCount(30);
    await measure(page, `${vp.name}, the long product's sheet`);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // Its page, opened by tapping its name.
    await longCard.getByRole('link', { name: LONG }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: LONG })).toBeVisible({ timeout: 15_000 });
    await measure(page, `${vp.name}, the long product's page`);
    await page.getByLabel('Portion 20 (2000 g)').check();
    await page.getByRole('checkbox', { name: /Extra 30:/ }).check();
    await page.getByRole('button', { name: 'Добави в количката' }).first().click();
    await expect(page.getByRole('button', { name: /^Количка: 1 / })).toBeVisible();

    // The Arabic product and the one without a picture, into the cart too (their pages).
    for (const [slug, label] of [
      ['e2e-shawarma', RTL],
      ['e2e-bez-snimka', MISSING_NAME],
    ] as const) {
      await page.goto(`${categoryPath}/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('button', { name: 'Добави в количката' }).first()).toBeEnabled({
        timeout: 15_000,
      });
      await measure(page, `${vp.name}, ${slug} page`);
      if (slug === 'e2e-shawarma')
        await checkRtl(page.locator('main'), `${vp.name}, the Arabic product's page`);
      const sizes = page.getByRole('radio');
      if ((await sizes.count()) > 0) await sizes.first().check();
      await page.getByRole('button', { name: 'Добави в количката' }).first().click();
    }
    await expect(page.getByRole('button', { name: /^Количка: 3 / })).toBeVisible();

    // The cart with the three.
    await page.getByRole('button', { name: /^Количка:/ }).click();
    const cart = page.getByRole('dialog', { name: 'Количка' });
    await expect(cart).toBeVisible();
    await expect(cart.getByText(LONG)).toBeVisible();
    await measure(page, `${vp.name}, cart`);
    await checkRtl(cart, `${vp.name}, cart line`);

    // The order form.
    await cart.getByRole('button', { name: /^(Поръчай|Запази за поръчка)$/ }).click();
    const upsell = page.getByRole('button', { name: 'Продължи към поръчката' });
    const order = page.getByRole('dialog', { name: 'Поръчка' });
    await expect(upsell.or(order)).toBeVisible();
    if (await upsell.isVisible()) await upsell.click();
    await expect(order).toBeVisible();
    await order.getByRole('radio', { name: 'Вземане от място' }).check();
    await measure(page, `${vp.name}, order form`);
    const next = order.getByRole('button', { name: 'Напред' });
    if (await next.isVisible()) await next.click();
    await order.getByLabel('Име', { exact: true }).fill('Ханс-Дитрих Геншер-Шмидт');
    await order.getByLabel('Телефон').fill('+359 888 123 456');
    if (await next.isVisible()) await next.click();
    await order.getByLabel('В брой').check();
    await order.getByLabel('Не, без прибори').check();
    await measure(page, `${vp.name}, order form filled`);
    if (vp.name === 'desktop') {
      await order.getByRole('checkbox').check();
      await page.getByRole('button', { name: /Изпрати поръчката/ }).click();
      await expect(page.getByTestId('order-number')).toBeVisible({ timeout: 15_000 });
      orderNumber = (await page.getByTestId('order-number').innerText()).trim();
      await measure(page, `${vp.name}, order sent`);
    }
  }
  expect(orderNumber, 'the order was sent').not.toBe('');

  // The staff: the board's card and the kitchen with that order, on a phone and on a desktop.
  const context = await browser.newContext();
  const staff = await context.newPage();
  await prepare(staff);
  await staffLogin(staff, '/bistro/staff');
  await expect(staff.getByText('На живо')).toBeVisible({ timeout: 15_000 });
  const card = staff.locator('article[data-order-key]').filter({ hasText: `Поръчка ${orderNumber}` });
  for (const vp of VIEWPORTS) {
    await staff.setViewportSize({ width: vp.width, height: vp.height });
    await expect(card).toHaveCount(1, { timeout: 15_000 });
    await expect(card).toContainText(LONG);
    await card.scrollIntoViewIfNeeded();
    await measure(staff, `${vp.name}, staff board`);
    await checkRtl(card, `${vp.name}, staff card`);
  }
  await staff.goto('/bistro/staff/kitchen');
  const ticket = staff.getByRole('listitem', { name: `Поръчка ${orderNumber}` });
  for (const vp of VIEWPORTS) {
    await staff.setViewportSize({ width: vp.width, height: vp.height });
    await expect(ticket).toContainText(LONG, { timeout: 15_000 });
    await measure(staff, `${vp.name}, kitchen`);
    await checkRtl(ticket, `${vp.name}, kitchen ticket`);
  }
  await context.close();

  // The admin: the product list found by a search and the long product's form.
  await signInToAdmin(page);
  for (const vp of VIEWPORTS) {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const nav = page.getByRole('navigation', { name: 'Раздели на администрацията' });
    // On a phone the side bar is a drawer behind the "Навигация" button.
    if (vp.name === 'phone') {
      await page.getByRole('button', { name: 'Навигация' }).click();
      const drawer = page.getByRole('dialog', { name: 'Раздели на администрацията' });
      await drawer.getByRole('link', { name: 'Меню', exact: true }).click();
    } else await nav.getByRole('link', { name: 'Меню', exact: true }).click();
    const products = page.getByRole('table', { name: 'Всички продукти' });
    await expect(products.locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
    await page.getByRole('searchbox', { name: 'Търсене' }).fill('e2e');
    await page.getByRole('searchbox', { name: 'Търсене' }).fill('');
    await measure(page, `${vp.name}, admin product list`);
    await page.getByRole('searchbox', { name: 'Търсене' }).fill('Donau');
    const row = products.locator('tbody tr').filter({ hasText: LONG });
    await expect(row).toHaveCount(1);
    await measure(page, `${vp.name}, admin product list, the long product`);
    await row.getByRole('button', { name: 'Редактирай' }).click();
    const form = page.getByRole('form', { name: /Продукт/ });
    await expect(form).toBeVisible();
    await measure(page, `${vp.name}, admin product form`);
    // The next size starts from the list again (a reload closes the form; the session stays).
    await page.reload();
  }
});

/** The visible text fields of the open dialog shorter than a fingertip (44 px) or without their own border. */
function bareFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scope = [...document.querySelectorAll('[role="dialog"]')].at(-1) ?? document.body;
    return [
      ...scope.querySelectorAll('input:not([type="radio"], [type="checkbox"], [type="hidden"]), select'),
    ]
      .filter((el) => el.getBoundingClientRect().width > 0)
      .flatMap((el) => {
        const r = el.getBoundingClientRect();
        const cs = getComputedStyle(el);
        const label = (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? el.id;
        const out: string[] = [];
        if (r.height < 43.5) out.push(`"${label}" is ${Math.round(r.height)} px tall`);
        if (parseFloat(cs.borderTopLeftRadius) === 0) out.push(`"${label}" has the browser's square corners`);
        return out;
      });
  });
}

test("at a table on a phone, in German: the shared cart's name field is a real field beside its button, nothing cut", async ({
  page,
}) => {
  await prepare(page);
  await page.context().addCookies([{ name: 'language', value: 'de', url: test.info().project.use.baseURL! }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bistro/t/demo-t1');
  await page.getByTestId('cart-button').click();
  const dialog = page.getByRole('dialog', { name: 'Warenkorb' });
  const name = dialog.getByLabel('Dein Name am Tisch');
  await expect(name).toBeVisible();
  await measure(page, "phone, the table's shared cart, German");
  expect(await bareFields(page), 'the fields of the shared cart').toEqual([]);
  // The field and its Save button on one row, as tall as each other.
  const field = (await name.boundingBox())!;
  const save = (await dialog.getByRole('button', { name: 'Name speichern' }).boundingBox())!;
  expect(Math.abs(field.y - save.y), 'the button beside the field').toBeLessThan(2);
  expect(Math.abs(field.height - save.height), 'as tall as the field').toBeLessThan(2);
});

test("the admin's category tree with long names at its deepest level, in Bulgarian and German: the move buttons stay in their row", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tree = (await call(request, 'GET', '/api/admin/categories')) as unknown as {
    id: number;
    slug: string;
    children: unknown[];
  }[];
  const flat = (list: typeof tree): typeof tree =>
    list.flatMap((c) => [c, ...flat(c.children as typeof tree)]);
  const skara = flat(tree).find((c) => c.slug === 'skara')!;
  // Inside the grill (Храна › Основни ястия › Скара): the fourth level, the narrowest rows.
  const names = [
    LONG,
    'Hausgemachte Spezialitäten aus der Schwarzwälder Bauernküche',
    'Традиционни ястия от родопската кухня по бабина рецепта',
  ];
  const planted: number[] = [];
  try {
    for (const name of names) {
      const created = await call(request, 'POST', '/api/admin/categories', { name, parentId: skara.id });
      planted.push(created.id as number);
    }
    for (const lang of ['bg', 'de'] as const) {
      for (const vp of VIEWPORTS) {
        const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
        await context.addCookies([{ name: 'language', value: lang, url: test.info().project.use.baseURL! }]);
        const page = await context.newPage();
        await page.addInitScript(() =>
          localStorage.setItem(
            'trapeza_admin_place',
            JSON.stringify({ slug: 'bistro', clientSlug: 'demo', name: 'Бистро Трапеза' }),
          ),
        );
        await page.goto('/admin/menu');
        // The login form's fields by type: the labels are in `lang`.
        await page.locator('input[type="email"]').fill('admin@demo.test');
        await page.locator('input[type="password"]').fill('demo-admin');
        await page.locator('form button[type="submit"]').click();
        const treeBox = page.getByRole('tree');
        await expect(treeBox.getByRole('treeitem')).not.toHaveCount(0, { timeout: 15_000 });
        const where = `${vp.name}, ${lang}, admin category tree`;
        for (const name of names) {
          // The full name is there to read: in the row's name button, neither cut nor clipped.
          const nameButton = treeBox.getByRole('button', { name: new RegExp(`^${name} \\(0\\)$`) });
          await expect(nameButton, `${where}: ${name}`).toBeVisible();
          const clipped = await nameButton.evaluate(
            (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
          );
          expect.soft(clipped, `${where}: "${name}" is cut`).toBe(false);
        }
        await treeBox.getByRole('treeitem').last().scrollIntoViewIfNeeded();
        await measure(page, where);
        // Every move button inside its row and the card, 44 px square on a phone.
        const buttons = await treeBox.evaluate((el) =>
          [...el.querySelectorAll('[role="treeitem"] > div button[aria-label]')].map((b) => {
            const r = b.getBoundingClientRect();
            const row = b.closest('[role="treeitem"] > div')!.getBoundingClientRect();
            const card = b.closest('section')!.getBoundingClientRect();
            return {
              label: b.getAttribute('aria-label')!,
              width: r.width,
              height: r.height,
              outOfRow: r.left < row.left - 0.5 || r.right > row.right + 0.5,
              outOfCard: r.right > card.right + 0.5,
            };
          }),
        );
        expect(buttons.length, `${where}: the move buttons`).toBeGreaterThanOrEqual(4 * names.length);
        const out = buttons.filter((b) => b.outOfRow || b.outOfCard).map((b) => b.label);
        expect.soft(out, `${where}: move buttons outside their row`).toEqual([]);
        if (vp.name === 'phone') {
          const small = buttons.filter((b) => b.width < 44 || b.height < 44).map((b) => b.label);
          expect.soft(small, `${where}: move buttons under 44 px`).toEqual([]);
        }
        await context.close();
      }
    }
  } finally {
    for (const id of planted.reverse())
      await call(request, 'DELETE', `/api/admin/categories/${id}`).catch(() => undefined);
  }
});
