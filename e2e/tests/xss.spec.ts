/**
 * Hostile input in the browser (issue "Reliability and security proof"): standard XSS vectors are put through the
 * real API into every field that reaches a guest page — product names, descriptions and translations, category
 * names, the footer and ad HTML and the legal pages (venue HTML, sanitised with DOMPurify), order comments and
 * addresses, feedback — then the pages are opened in Chromium. Passing means: no vector's script ran (the
 * `__xssHit` probe was never called, no dialog opened), and no element in the DOM carries an on* attribute, a
 * javascript: URL or a <script>/<iframe>/<object>/<embed> that came from the data.
 *
 * The page's CSP is bypassed, so what is proven is the rendering (React escaping, DOMPurify), not the CSP.
 * Fails when /bistro does not render the menu or when any vector could not be planted (no silent skip). Not covered yet, because the screens
 * are not routed in the web app: the staff board (order comments, addresses, waiter-call texts), the admin
 * console, the guest's "my orders" (comments) and feedback lists — add their paths to PAGES when they land.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { apiHeadersOnce, DEMO_TENANT } from './api-auth.ts';

startFromFreshDatabase();

/** Each vector calls __xssHit with its own number if it ever runs. */
const VECTORS = [
  `<script>__xssHit(1)</script>`,
  `<img src=x onerror="__xssHit(2)">`,
  `<svg onload=__xssHit(3)>`,
  `"><img src=x onerror=__xssHit(4)>`,
  `'><svg/onload=__xssHit(5)>`,
  `<iframe src="javascript:__xssHit(6)"></iframe>`,
  `<a href="javascript:__xssHit(7)">link</a>`,
  `<details open ontoggle=__xssHit(8)>x</details>`,
  `<body onload=__xssHit(9)>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=__xssHit(10)>`,
  `<noscript><p title="</noscript><img src=x onerror=__xssHit(11)>">`,
  `<object data="javascript:__xssHit(12)"></object>`,
  `<embed src="javascript:__xssHit(13)">`,
  `<input autofocus onfocus=__xssHit(14)>`,
  `<video><source onerror=__xssHit(15)></video>`,
  `<form><button formaction="javascript:__xssHit(16)">go</button></form>`,
  `{{constructor.constructor('__xssHit(17)')()}}`,
  `\${__xssHit(18)}`,
  `javascript:__xssHit(19)`,
  `<img src="x" onerror="&#95;&#95;xssHit(20)">`,
  `<svg><script>__xssHit(21)</script></svg>`,
  `<a href="jav&#x09;ascript:__xssHit(22)">tab</a>`,
  `<img src=x:x onerror=eval(atob('X194c3NIaXQoMjMp'))>`,
  `<style>@import 'javascript:__xssHit(24)';</style>`,
  `<meta http-equiv="refresh" content="0;url=javascript:__xssHit(25)">`,
];
/** All vectors in one HTML blob, for the venue HTML fields. */
const HTML_BLOB = `<p>XSS-HTML</p>` + VECTORS.join('\n');

/** Guest pages that show the poisoned fields (more as the app grows). */
const PAGES = [
  '/bistro',
  '/bistro/all',
  '/bistro/search?q=XSS',
  '/bistro/about',
  '/bistro/terms',
  '/bistro/privacy-policy',
  '/bistro/refund-policy',
  '/bistro/custom-terms',
  '/bistro/t/demo-t1',
];

/** The admin's headers, one login for the file. */
const adminHeaders = apiHeadersOnce();

interface Poisoned {
  productPaths: string[];
  notes: string[];
  /** Puts back what was poisoned, so that journeys running after this file see the demo venue as seeded. */
  restore: () => Promise<void>;
}

/** Puts the vectors into the database through the API; what could not be set is noted (not silently skipped). */
async function poison(request: APIRequestContext): Promise<Poisoned> {
  const notes: string[] = [];
  /** Notes an answer that did not do what was asked: a field this run would not test. */
  const planted = async (what: string, res: APIResponse) => {
    if (!res.ok()) notes.push(`${what}: ${res.status()} ${(await res.text()).slice(0, 200)}`);
    return res.ok();
  };
  await request.put('/api/__test/clock', { data: { now: '2026-11-24T10:00:00Z' } });
  const headers = await adminHeaders(request);
  const undo: (() => Promise<unknown>)[] = [];

  const products = await request.get('/api/admin/products', { headers });
  const productPaths: string[] = [];
  if (await planted('GET /api/admin/products', products)) {
    const list = (await products.json()) as {
      id: number;
      name: string;
      description: string | null;
      translations: unknown;
    }[];
    if (list.length < VECTORS.length) notes.push(`${list.length} products for ${VECTORS.length} vectors`);
    for (const [i, p] of list.slice(0, VECTORS.length).entries()) {
      const v = VECTORS[i]!;
      const original = { name: p.name, description: p.description, translations: p.translations };
      undo.push(() => request.put(`/api/admin/products/${p.id}`, { headers, data: original }));
      const name = `XSS${i + 1} ${v}`.slice(0, 200);
      await planted(
        `product ${p.id}`,
        await request.put(`/api/admin/products/${p.id}`, {
          headers,
          data: { name, description: `XSS-D${i + 1} ${v}`, translations: { en: { name, description: v } } },
        }),
      );
    }
  }

  const cats = await request.get('/api/admin/categories', { headers });
  if (await planted('GET /api/admin/categories', cats)) {
    const flat: { id: number; slug: string; name: string }[] = [];
    const walk = (xs: unknown[]) => {
      for (const x of xs as { id: number; slug: string; name: string; children?: unknown[] }[]) {
        flat.push(x);
        if (x.children) walk(x.children);
      }
    };
    walk((await cats.json()) as unknown[]);
    if (flat.length < 6) notes.push(`${flat.length} categories for 6 vectors`);
    for (const [i, c] of flat.slice(0, 6).entries()) {
      undo.push(() => request.put(`/api/admin/categories/${c.id}`, { headers, data: { name: c.name } }));
      const res = await request.put(`/api/admin/categories/${c.id}`, {
        headers,
        data: { name: `XSSC${i + 1} ${VECTORS[i]}`.slice(0, 200) },
      });
      if (await planted(`category ${c.id}`, res)) productPaths.push(`/bistro/${c.slug}`);
    }
  }

  // Product pages by their category path, as the guest's menu links them.
  const menuRes = await request.get('/api/products?active=1', { headers: DEMO_TENANT });
  const hier = await request.get('/api/categoriesHierarchy?active=1', { headers: DEMO_TENANT });
  const menu = (await planted('GET /api/products', menuRes))
    ? ((await menuRes.json()) as {
        id: number;
        slug: string;
        name: string;
        catHierarchyId: number | null;
        in_stock: number;
        product_variants: { id: number }[];
        product_ingredients: unknown[];
      }[])
    : [];
  if (await planted('GET /api/categoriesHierarchy', hier)) {
    const slugOf = new Map<number, string>();
    const walk = (xs: unknown[]) => {
      for (const x of xs as { id: number; slug: string; children?: unknown[] }[]) {
        slugOf.set(x.id, x.slug);
        if (x.children) walk(x.children);
      }
    };
    walk((await hier.json()) as unknown[]);
    const poisonedPages = menu
      .filter((x) => x.name.startsWith('XSS'))
      .slice(0, 8)
      .flatMap((p) => {
        const cat = p.catHierarchyId === null ? undefined : slugOf.get(p.catHierarchyId);
        return cat ? [`/bistro/${cat}/${p.slug}`] : [];
      });
    if (!poisonedPages.length) notes.push('no poisoned product on the guest menu');
    productPaths.push(...poisonedPages);
  }

  const settings: Record<string, string> = {
    footer_html_content: HTML_BLOB,
    ad_html: HTML_BLOB,
    terms_html: HTML_BLOB,
    privacy_policy_html: HTML_BLOB,
    refund_policy_html: HTML_BLOB,
    custom_terms: HTML_BLOB,
  };
  const before = await request.get('/api/admin/settings', { headers });
  if (await planted('GET /api/admin/settings', before)) {
    const stored = (
      (await before.json()) as {
        settings: { key: string; value: string | null; translations: Record<string, string> | null }[];
      }
    ).settings;
    const original: Record<string, unknown> = {};
    for (const x of stored.filter((x) => x.key in settings)) {
      original[x.key] = x.value;
      original[`${x.key}_translations`] = x.translations ?? {};
    }
    undo.push(() => request.put('/api/admin/settings', { headers, data: original }));
  }
  await planted(
    'PUT /api/admin/settings',
    await request.put('/api/admin/settings', { headers, data: settings }),
  );

  // Guest-side text: a table order with a comment per line, a delivery address, feedback.
  const scan = await request.post('/api/tables/verify_token', {
    headers: DEMO_TENANT,
    data: { token: 'demo-t1', placeSlug: 'bistro' },
  });
  const orderable = menu.filter((p) => p.in_stock && p.product_ingredients.length === 0).slice(0, 3);
  if (!orderable.length) notes.push('no orderable product for the table order');
  if ((await planted('table scan', scan)) && orderable.length) {
    const session = ((await scan.json()) as { session: string }).session;
    await planted(
      'table order',
      await request.post('/api/orders', {
        headers: DEMO_TENANT,
        data: {
          session,
          products: orderable.map((p) => ({
            product_id: p.id,
            product_variant_id: p.product_variants[0]!.id,
            quantity: 1,
          })),
          order_comment: orderable.map((p, i) => ({
            variantId: p.product_variants[0]!.id,
            comment: VECTORS[i],
          })),
        },
      }),
    );
    await planted(
      'feedback',
      await request.post('/api/feedback', {
        headers: DEMO_TENANT,
        data: {
          answers: [],
          comment: VECTORS.slice(0, 6).join(' ').slice(0, 500),
          name: VECTORS[1]!.slice(0, 100),
          token: session,
        },
      }),
    );
    await planted(
      'waiter call',
      await request.post('/api/user-needs', {
        headers: DEMO_TENANT,
        data: { token: session, type: 'other', text: VECTORS[2] },
      }),
    );
  }
  const restore = async () => {
    for (const u of undo.reverse()) await u();
    await request.delete('/api/__test/clock');
  };
  return { productPaths, notes, restore };
}

/** Installs the probe before any page script: a vector that runs calls __xssHit. */
async function arm(page: Page, hits: string[]) {
  await page.exposeFunction('__xssReport', (id: string) => hits.push(id));
  await page.addInitScript(() => {
    (window as unknown as { __xssHit: (n: number) => void }).__xssHit = (n: number) =>
      (window as unknown as { __xssReport: (s: string) => void }).__xssReport(String(n));
  });
  page.on('dialog', async (d) => {
    hits.push(`dialog: ${d.message()}`);
    await d.dismiss();
  });
}

/** Waits until the page has loaded its data and rendered it (the app's loading status gone). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .getByRole('status')
    .filter({ hasText: /Зареждане|Loading/ })
    .first()
    .waitFor({ state: 'hidden', timeout: 20_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Lazy parts (sanitised HTML, images failing to load) settle.
  await page.waitForTimeout(700);
}

/** Elements and attributes that must never be in the DOM once the page shows hostile data. */
async function domFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const a of Array.from(el.attributes)) {
        const name = a.name.toLowerCase();
        const value = [...a.value]
          .filter((c) => c.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
        if (name.startsWith('on'))
          out.push(`<${el.tagName.toLowerCase()} ${a.name}="${a.value.slice(0, 60)}">`);
        if (
          ['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(name) &&
          value.startsWith('javascript:')
        ) {
          out.push(`<${el.tagName.toLowerCase()} ${a.name}="${a.value.slice(0, 60)}">`);
        }
      }
      const tag = el.tagName.toLowerCase();
      if (['iframe', 'object', 'embed', 'meta', 'base'].includes(tag) && el.closest('body'))
        out.push(`<${tag}> in body`);
      if (tag === 'script' && /__xssHit/.test(el.textContent ?? '')) {
        // The server-inlined first-screen data is an inert JSON block; it carries the names as data and is safe
        // only while its text cannot close the element (every '<' escaped as \u003c).
        const inertData =
          (el as HTMLScriptElement).type === 'application/json' && !(el.textContent ?? '').includes('<');
        if (!inertData) out.push('<script> with a vector');
      }
    }
    return out;
  });
}

test.describe('hostile input in the browser', () => {
  test.setTimeout(180_000);
  // The server's Content-Security-Policy would block inline handlers anyway; bypassing it proves the escaping and
  // the sanitiser alone keep every vector inert (CSP stays the second line).
  test.use({ bypassCSP: true });

  test('XSS vectors in products, categories, venue HTML, comments, feedback: nothing runs, no handler survives', async ({
    page,
    request,
  }) => {
    // Only meaningful once the web app renders the menu: wait for a product name of the API on /bistro/all.
    const before = await request.get('/api/products?active=1', { headers: DEMO_TENANT });
    const firstName = before.ok() ? ((await before.json()) as { name?: string }[])[0]?.name : undefined;
    await page.goto('/bistro/all');
    const renders =
      !!firstName &&
      (await page
        .getByText(firstName, { exact: false })
        .first()
        .waitFor({ timeout: 20_000 })
        .then(() => true)
        .catch(() => false));
    // A menu that does not render proves nothing about escaping: that is a failure, not a skip (issue 22 #7).
    expect(renders, `/bistro/all shows the API's first product (${firstName ?? 'none'})`).toBe(true);

    const { productPaths, notes, restore } = await poison(request);
    try {
      // Every vector must be planted: an input the API refused is a field this run did not test (issue 22 #7).
      expect(notes, 'inputs that could not be set').toEqual([]);

      const hits: string[] = [];
      await arm(page, hits);
      const findings: string[] = [];
      const visited: string[] = [];
      const htmlShownOn: string[] = [];
      for (const path of [...PAGES, ...productPaths]) {
        await page.goto(path);
        await settle(page);
        for (const f of await domFindings(page)) findings.push(`${path}: ${f}`);
        if (await page.getByText('XSS-HTML').count()) htmlShownOn.push(path);
        visited.push(path);
      }
      // The poisoned data was on the menu: the names show as text.
      await page.goto('/bistro/all');
      await settle(page);
      await page
        .getByText(/XSS\d+/)
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
      const shown = await page.getByText(/XSS\d+/).count();
      console.log(
        `XSS: ${VECTORS.length} vectors, ${visited.length} pages, ${shown} poisoned names shown as text on /bistro/all, ` +
          `venue HTML rendered on ${htmlShownOn.length} (${htmlShownOn.join(' ')}), ${hits.length} scripts ran, ${findings.length} DOM findings`,
      );
      // The probe itself works: markup injected unsanitised is caught by both checks.
      await page.evaluate(() => {
        const d = document.createElement('div');
        d.innerHTML = '<img src=x onerror=__xssHit(0)>';
        document.body.append(d);
      });
      await expect.poll(() => hits.includes('0'), { timeout: 10_000 }).toBe(true);
      expect((await domFindings(page)).length).toBeGreaterThan(0);
      hits.splice(hits.indexOf('0'), 1);
      expect(hits, 'vectors that ran').toEqual([]);
      expect([...new Set(findings)], 'dangerous markup in the DOM').toEqual([]);
      expect(shown, 'the poisoned product names are on the page (as text)').toBeGreaterThan(0);
      expect(htmlShownOn.length, 'the poisoned venue HTML is rendered somewhere').toBeGreaterThan(0);
    } finally {
      await restore();
    }
  });
});
