import { decodeWireMoney } from '@trapeza/domain/contracts/wire-money';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { createImageStore } from '../modules/admin/image-store.ts';
import { firstScreenPlan, jsonForScript } from './web-first-screen.ts';

describe('first screen plan and escaping', () => {
  test('place pages and the route chunks their first screen needs', () => {
    expect(firstScreenPlan('/bistro')).toEqual({ place: 'bistro', routes: [] });
    expect(firstScreenPlan('/bistro/hrana')).toEqual({ place: 'bistro', routes: ['category'] });
    expect(firstScreenPlan('/bistro/hrana/shopska-salata')).toEqual({ place: 'bistro', routes: ['product'] });
    expect(firstScreenPlan('/bistro/about-trapeza')).toEqual({ place: 'bistro', routes: ['about-product'] });
    expect(firstScreenPlan('/bistro/search')).toEqual({ place: 'bistro', routes: ['search'] });
    expect(firstScreenPlan('/bistro/about')).toEqual({ place: 'bistro', routes: ['about'] });
    expect(firstScreenPlan('/bistro/t/demo-t5')).toEqual({ place: 'bistro', routes: [] });
    for (const path of ['/', '/404', '/join', '/admin/menu', '/bistro/staff', '/%E0%A4%A', '/a b'])
      expect(firstScreenPlan(path), path).toBeNull();
  });

  test('JSON inside a script element cannot close it or open a comment', () => {
    const json = JSON.stringify({ name: '</script><script>alert(1)</script><!-- & \u2028' });
    const safe = jsonForScript(json);
    expect(safe).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(safe)).toEqual(JSON.parse(json));
  });
});

function inlined(html: string): Record<string, unknown> | null {
  const m = /<script type="application\/json" id="first-screen-data">([^<]*)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null;
}

describeEachDatabase(
  'web first screen',
  (ctx) => {
    ctx.test('a place page inlines the same JSON the API answers; others get the plain page', async () => {
      const page = await ctx.get('/bistro', { client: null, place: null });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      const data = inlined(page.body);
      expect(data).toMatchObject({ place: 'bistro', client: 'demo' });
      for (const [key, url] of [
        ['settings', '/api/settings'],
        ['placeInfo', '/api/place'],
        ['categoriesHierarchy', '/api/categoriesHierarchy?active=1'],
        ['products', '/api/products?active=1'],
      ] as const) {
        // The same answers, with their amounts in the app's minor units (issue 25 #1: the API writes decimals).
        expect(data![key], key).toEqual(decodeWireMoney((await ctx.get(url)).json()));
      }
      const variant = (data!.products as { product_variants: { price: number }[] }[])[0]!
        .product_variants[0]!;
      expect(Number.isInteger(variant.price)).toBe(true);
      const deep = await ctx.get('/bistro/hrana/shopska-salata', { client: null, place: null });
      expect(inlined(deep.body)).toMatchObject({ place: 'bistro' });

      for (const url of ['/404', '/join']) {
        const res = await ctx.get(url, { client: null, place: null });
        expect(res.statusCode, url).toBe(200);
        expect(inlined(res.body), url).toBeNull();
      }
      // A place the brand does not have: the 404 page (the app shows its not-found screen), no data.
      for (const url of ['/nowhere', '/nowhere/x']) {
        const res = await ctx.get(url, { client: null, place: null });
        expect(res.statusCode, url).toBe(404);
        expect(inlined(res.body), url).toBeNull();
      }
    });

    ctx.test(
      "a picture whose file is gone is named in the page's missingPictures, one in the store is not (issue 21)",
      async () => {
        // A rendition really stored (on disk with SQLite, in the database with PostgreSQL), beside one never stored.
        const store = createImageStore(ctx.database, join(ctx.dataDir, 'uploads'));
        const [clientId, placeId] = [1, await ctx.placeId('bistro')];
        const [kept] = await store.put({ clientId, placeId }, [
          { name: `${'a'.repeat(20)}-640.webp`, contentType: 'image/webp', data: Buffer.from('webp bytes') },
        ]);
        const gone = `/uploads/${clientId}/${placeId}/${'b'.repeat(20)}-640.webp`;
        const legacyGone = '/uploads/bistro/deleted-long-ago.jpg';
        expect([...(await store.present([kept!, gone, legacyGone]))]).toEqual([kept]);
        const [first, second, third] = await ctx.db
          .selectFrom('product_images')
          .select(['id', 'path'])
          .orderBy('id')
          .limit(3)
          .execute();
        try {
          for (const [row, path] of [
            [first!, kept!],
            [second!, gone],
            [third!, legacyGone],
          ] as const)
            await ctx.db.updateTable('product_images').set({ path }).where('id', '=', row.id).execute();
          const data = inlined((await ctx.get('/bistro', { client: null, place: null })).body)!;
          expect(JSON.stringify(data.products)).toContain(kept);
          // The demo's own pictures (in the repository) are there: only the two gone uploads are named.
          expect(data.missingPictures).toEqual(expect.arrayContaining([gone, legacyGone]));
          expect(data.missingPictures).toHaveLength(2);
        } finally {
          for (const row of [first!, second!, third!])
            await ctx.db
              .updateTable('product_images')
              .set({ path: row.path })
              .where('id', '=', row.id)
              .execute();
        }
        // Nothing gone: no list at all.
        expect(inlined((await ctx.get('/bistro', { client: null, place: null })).body)).not.toHaveProperty(
          'missingPictures',
        );
      },
    );
  },
  { env: { WEB_DIST_DIR: new URL('../../test/web-dist-fixture', import.meta.url).pathname } },
);

// The server-rendered first screen needs the real web build (`npm run build -w @trapeza/web`, which test-all runs
// before the browser journeys); without one, these cases are skipped.
const webDist = new URL('../../../web/dist', import.meta.url).pathname;
const webBuilt = existsSync(`${webDist}/server/entry-server.js`) && existsSync(`${webDist}/index.html`);

function rootHtml(html: string): string {
  return (
    /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="first-screen-data">/.exec(
      html,
    )?.[1] ?? ''
  );
}

/** The cookies a response writes: name → value (decoded), Max-Age and path. */
function setCookies(res: { cookies: { name: string; value: string; maxAge?: number; path?: string }[] }) {
  return Object.fromEntries(
    res.cookies.map((c) => [c.name, { value: decodeURIComponent(c.value), maxAge: c.maxAge, path: c.path }]),
  ) as Record<string, { value: string; maxAge?: number; path?: string }>;
}

function headHtml(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

/**
 * The stylesheets a page applies from its first paint, by file (`assets/…css`), in order: linked in its head, or
 * inlined there (`<style data-href>`, issue 17 #1).
 */
function linkedStylesheets(html: string): string[] {
  return [
    ...headHtml(html).matchAll(
      /<link rel="stylesheet" crossorigin href="\/([^"]+)">|<style data-href="\/([^"]+)">/g,
    ),
  ].map((m) => (m[1] ?? m[2])!);
}

/** The `<link rel="stylesheet">` of a page's head that hold its first paint back (every one not disabled). */
function blockingStylesheetLinks(html: string): string[] {
  return [...headHtml(html).matchAll(/<link rel="stylesheet"[^>]*>/g)]
    .map((m) => m[0])
    .filter((link) => !/\sdisabled[\s>]/.test(link));
}

/** The stylesheets inlined in a page's head: file → the CSS of its `<style>`. */
function inlinedStylesheets(html: string): Map<string, string> {
  return new Map(
    [...headHtml(html).matchAll(/<style data-href="\/([^"]+)">([^<]*)<\/style>/g)].map((m) => [m[1]!, m[2]!]),
  );
}

/** Class names in the selectors of a stylesheet of the web build. */
function stylesheetClasses(file: string): Set<string> {
  const css = readFileSync(`${webDist}/${file}`, 'utf8');
  const names = new Set<string>();
  for (const [, prelude] of css.matchAll(/([^{};]+)\{/g))
    for (const [, name] of prelude!.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) names.add(name!);
  return names;
}

/**
 * Classes of the server-rendered HTML that some stylesheet of the build styles but none of the page's linked ones
 * does: their rules would arrive with a lazy chunk after the first paint, and the page would shift.
 */
function classesStyledLate(html: string): string[] {
  const linked = new Set(linkedStylesheets(html).flatMap((f) => [...stylesheetClasses(f)]));
  const anywhere = new Set(
    readdirSync(`${webDist}/assets`)
      .filter((f) => f.endsWith('.css'))
      .flatMap((f) => [...stylesheetClasses(`assets/${f}`)]),
  );
  const used = new Set(
    [...rootHtml(html).matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean)),
  );
  return [...used].filter((c) => anywhere.has(c) && !linked.has(c));
}

/** Entity-decoded text, as React escapes it into the HTML. */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

interface MenuCategory {
  id: number;
  slug: string;
  name: string;
  children?: MenuCategory[];
}
interface MenuProduct {
  slug: string;
  name: string;
  type: string;
  catHierarchyId: number | null;
  related_products: number[];
  id: number;
}

if (webBuilt) {
  describeEachDatabase(
    'web first screen, server-rendered',
    (ctx) => {
      ctx.test('the place home carries its HTML inside #root and starts the app after it', async () => {
        const categories = (await ctx.get('/api/categoriesHierarchy?active=1')).json() as { name: string }[];
        const home = await ctx.get('/bistro', { client: null, place: null });
        expect(home.statusCode).toBe(200);
        const root = rootHtml(home.body);
        expect(root).toContain(categories[0]!.name);
        expect(inlined(home.body)).toMatchObject({ place: 'bistro' });

        // The app starts after the first paint (boot.js), its layout's chunk fetched beside the entry then. boot.js
        // is inline, after #root and the page's data (it reads them), with no request of its own; the page's CSP
        // lets exactly that text run, by its hash (issue 17: /bistro/about's LCP counted boot.js's request).
        const boot = readFileSync(`${webDist}/boot.js`, 'utf8');
        const start = new RegExp(
          '<script type="application/json" id="first-screen-data">[^<]*</script>' +
            '<script data-entry="/assets/index-[^"]+\\.js" data-chunks="[^"]*/assets/place-[\\w-]+\\.js[^"]*">' +
            '([\\s\\S]*?)</script>',
        );
        expect(home.body.slice(home.body.indexOf('<div id="root">'))).toMatch(start);
        expect(start.exec(home.body)?.[1]).toBe(boot);
        expect(home.body).not.toContain('boot.js"');
        const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
        const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(
          String(home.headers['content-security-policy']),
        );
        expect(scriptSrc?.[1]?.split(' ')).toEqual(["'self'", hash]);
        expect(home.body).not.toContain('type="module"');
        expect(home.body).not.toContain('rel="modulepreload"');

        // An order-token cookie naming no session is ignored (and deleted): the plain menu, server-rendered.
        const token = await ctx.get('/bistro', {
          client: null,
          place: null,
          cookies: { user_order_token: '{}' },
        });
        expect(rootHtml(token.body)).toContain(categories[0]!.name);
        expect(rootHtml(token.body)).not.toContain('data-testid="table-bar"');
        expect(setCookies(token)).toMatchObject({ user_order_token: { value: '', maxAge: 0 } });
      });

      ctx.test(
        "the header's tools are in the server's HTML as they are once live, with or without the menu (issue 21)",
        async () => {
          /** The header's <nav> of a page: its buttons' accessible names, in order, and no held place left. */
          const tools = (html: string) => {
            const nav = /<header[\s\S]*?<\/header>/.exec(rootHtml(html))?.[0] ?? '';
            expect(nav, 'no placeholder in the header').not.toContain('aria-hidden="true"></span>');
            return [...nav.matchAll(/<button [^>]*aria-label="([^"]+)"/g)].map((m) => m[1]);
          };
          const expected = ['Филтър за алергени', 'BG – Избор на език', 'Вход'];
          const home = await ctx.get('/bistro', { client: null, place: null });
          expect(tools(home.body)).toEqual([...expected, 'Количка: 0 продукта']);
          // A page without the menu (the about page): the allergen filter stands as it does with one.
          const about = await ctx.get('/bistro/about', { client: null, place: null });
          expect(inlined(about.body)).not.toHaveProperty('products');
          expect(tools(about.body)).toEqual([...expected, 'Количка: 0 продукта']);
          // In the guest's language; a signed-in guest's browser shows the same button until it is live.
          const en = await ctx.get('/bistro/hrana', {
            client: null,
            place: null,
            cookies: { language: 'en', auth_token: 'x' },
          });
          expect(tools(en.body).slice(0, 3)).toEqual(['Allergen filter', 'EN – Choose language', 'Log in']);
        },
      );

      ctx.test(
        "the venue's welcome banner is in the server's HTML already open until this browser session closed it (issue 17)",
        async () => {
          const welcome = (html: string) =>
            /<dialog [^>]*>[\s\S]*?<\/dialog>/.exec(rootHtml(html))?.[0] ?? null;
          const text = 'Добре дошли в Бистро Трапеза! Поръчайте на масата, за вкъщи или с доставка.';
          // No cookie: open in the first HTML (not modal yet: the app makes it so), titled, with the venue's text
          // and its button, its stylesheet applied from the first paint.
          for (const url of ['/bistro', '/bistro/hrana', '/bistro/about', '/bistro/t/demo-t5']) {
            const page = await ctx.get(url, { client: null, place: null });
            const dialog = welcome(page.body);
            expect(dialog, url).toMatch(/^<dialog [^>]*\bopen=""/);
            // (closed by the guest before the app is live, public/boot.js writes the visit's cookie it names)
            expect(dialog, url).toMatch(/^<dialog [^>]*\bdata-closed-cookie="welcome_seen_bistro"/);
            expect(dialog, url).toContain('Добре дошли в Бистро Трапеза');
            expect(dialog, url).toContain(escaped(text));
            expect(dialog, url).toContain('>Към менюто</button>');
            expect(classesStyledLate(page.body), url).toEqual([]);
          }
          // Closed in this browser session (the session cookie the app writes): not in the HTML.
          for (const url of ['/bistro', '/bistro/about', '/bistro/t/demo-t5']) {
            const seen = await ctx.get(url, {
              client: null,
              place: null,
              cookies: { welcome_seen_bistro: '1' },
            });
            expect(rootHtml(seen.body), url).not.toBe('');
            expect(welcome(seen.body), url).toBeNull();
          }
          // Another venue's cookie is not this one's.
          const other = await ctx.get('/hotel', {
            client: null,
            place: null,
            cookies: { welcome_seen_bistro: '1' },
          });
          expect(welcome(other.body)).toContain('Добре дошли в Хотел Трапеза');
          // The pages the banner does not greet on (issue 24): the legal texts.
          for (const url of ['/bistro/terms', '/bistro/privacy-policy']) {
            const page = await ctx.get(url, { client: null, place: null });
            expect(rootHtml(page.body), url).not.toBe('');
            expect(welcome(page.body), url).toBeNull();
          }
        },
      );

      ctx.test(
        'a table QR scan answers the menu at that table, the order-token cookie written in the same response',
        async () => {
          const categories = (await ctx.get('/api/categoriesHierarchy?active=1')).json() as {
            name: string;
          }[];
          const scan = await ctx.get('/bistro/t/demo-t5', { client: null, place: null });
          expect(scan.statusCode).toBe(200);
          const root = rootHtml(scan.body);
          // The menu and the table, in the HTML before any script runs.
          expect(root).toContain(categories[0]!.name);
          expect(root).toContain('data-testid="table-bar"');
          expect(root).toContain('Вие сте на маса 5');
          expect(root).not.toContain('<script');
          const data = inlined(scan.body)!;
          expect(data).toMatchObject({ place: 'bistro', url: '/bistro' });
          // The cookie as spec §3 has it (the web app's own shape), 90 h, path /; its session is the table's.
          const cookie = setCookies(scan).user_order_token!;
          expect(cookie.maxAge).toBe(90 * 3600);
          expect(cookie.path).toBe('/');
          const value = JSON.parse(cookie.value) as Record<string, unknown>;
          expect(value).toMatchObject({ place: 'bistro', ordertype: 1, table: '5', room_number: null });
          expect(Object.keys(value)).toEqual([
            'token',
            'place',
            'ordertype',
            'room_number',
            'table',
            'tablet_mode',
            'expires',
          ]);
          const session = await ctx.db
            .selectFrom('table_sessions')
            .innerJoin('tables', 'tables.id', 'table_sessions.table_id')
            .select(['tables.number', 'table_sessions.expires_at'])
            .where('table_sessions.session', '=', value.token as string)
            .executeTakeFirstOrThrow();
          expect(session.number).toBe('5');
          expect(value.expires).toBe(new Date(session.expires_at).getTime());
          // The menu was read in the table's context (the API answers a token holder's menu).
          expect(JSON.stringify(data.products)).toBe(
            JSON.stringify(
              decodeWireMoney(
                (
                  await ctx.get('/api/products?active=1', {
                    headers: { 'x-order-token': value.token as string },
                  })
                ).json(),
              ),
            ),
          );

          // The next visit carries the cookie: the same table, server-rendered; the cookie is left as it is.
          const visit = await ctx.get('/bistro', {
            client: null,
            place: null,
            cookies: { user_order_token: cookie.value },
          });
          expect(rootHtml(visit.body)).toContain('Вие сте на маса 5');
          expect(setCookies(visit)).toEqual({});
          // Its category pages too, in the guest's language.
          const english = await ctx.get('/bistro/about', {
            client: null,
            place: null,
            cookies: { user_order_token: cookie.value, language: 'en' },
          });
          expect(english.body).toContain('<html lang="en">');
          expect(rootHtml(english.body)).toContain('You are at table 5');

          // A cookie edited to another table is not believed: the session's own table shows, and the cookie is put
          // right.
          const tampered = await ctx.get('/bistro', {
            client: null,
            place: null,
            cookies: { user_order_token: JSON.stringify({ ...value, table: '9', ordertype: 2 }) },
          });
          expect(rootHtml(tampered.body)).toContain('Вие сте на маса 5');
          expect(rootHtml(tampered.body)).not.toContain('маса 9');
          expect(JSON.parse(setCookies(tampered).user_order_token!.value)).toEqual(value);
          // A made-up session: no table at all, the cookie deleted.
          const forged = await ctx.get('/bistro', {
            client: null,
            place: null,
            cookies: { user_order_token: JSON.stringify({ ...value, token: 'made-up-session' }) },
          });
          expect(rootHtml(forged.body)).toContain(categories[0]!.name);
          expect(rootHtml(forged.body)).not.toContain('data-testid="table-bar"');
          expect(setCookies(forged).user_order_token).toMatchObject({ value: '', maxAge: 0 });
          // Another venue's page ignores this venue's cookie and leaves it be.
          const hotel = await ctx.get('/hotel', {
            client: null,
            place: null,
            cookies: { user_order_token: cookie.value },
          });
          expect(rootHtml(hotel.body)).not.toBe('');
          expect(rootHtml(hotel.body)).not.toContain('data-testid="table-bar"');
          expect(setCookies(hotel)).toEqual({});
          // An expired session: no table, the cookie deleted.
          await ctx.db
            .updateTable('table_sessions')
            .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
            .where('session', '=', value.token as string)
            .execute();
          const expired = await ctx.get('/bistro', {
            client: null,
            place: null,
            cookies: { user_order_token: cookie.value },
          });
          expect(rootHtml(expired.body)).not.toContain('data-testid="table-bar"');
          expect(setCookies(expired).user_order_token).toMatchObject({ value: '', maxAge: 0 });
        },
      );

      ctx.test('a room QR scan answers the hotel menu in that room', async () => {
        const scan = await ctx.get('/hotel/t/demo-r105', { client: null, place: null });
        expect(scan.statusCode).toBe(200);
        expect(rootHtml(scan.body)).toContain('Вие сте в стая 105');
        const value = JSON.parse(setCookies(scan).user_order_token!.value) as Record<string, unknown>;
        expect(value).toMatchObject({ place: 'hotel', ordertype: 6, room_number: '105', table: '105' });
        expect(inlined(scan.body)).toMatchObject({ place: 'hotel', url: '/hotel' });
      });

      ctx.test(
        'an invalid, unknown or foreign QR code answers the "scan again" page with 404, no menu, no cookie',
        async () => {
          const categories = (await ctx.get('/api/categoriesHierarchy?active=1')).json() as {
            name: string;
          }[];
          // demo-r105 is the hotel's room, not the bistro's.
          for (const url of ['/bistro/t/no-such-token', '/bistro/t/demo-r105', '/bistro/t/%3Cscript%3E']) {
            const res = await ctx.get(url, { client: null, place: null });
            expect(res.statusCode, url).toBe(404);
            const root = rootHtml(res.body);
            expect(root, url).toContain('Невалиден QR код. Моля сканирайте отново.');
            expect(root, url).not.toContain(escaped(categories[0]!.name));
            expect(root, url).not.toContain('data-testid="table-bar"');
            expect(setCookies(res), url).toEqual({});
            expect(inlined(res.body), url).not.toHaveProperty('url');
          }
          const sessions = await ctx.db.selectFrom('table_sessions').select('id').execute();
          // (no session was opened by any of them; the earlier tests' sessions aside)
          const again = await ctx.get('/bistro/t/nope', { client: null, place: null });
          expect(again.statusCode).toBe(404);
          expect(await ctx.db.selectFrom('table_sessions').select('id').execute()).toHaveLength(
            sessions.length,
          );
        },
      );

      ctx.test(
        "prices by the server's clock: the bistro's happy hour (Tue–Fri 17–19, Sofia) on the beer in the server's HTML",
        async () => {
          // The API and the server render read the same clock (app.clock, pinned here): at Thursday 18:00 in Sofia
          // the beer's 2,90 € is 2,32 €; at Tuesday noon it is not discounted. The render once read the process's own
          // clock, so the page and the browser that hydrates it (its clock agreeing with the API's) priced apart.
          try {
            ctx.clock.setOverride(new Date('2026-03-05T16:00:00.000Z'));
            const happy = rootHtml((await ctx.get('/bistro/all', { client: null, place: null })).body);
            expect(happy).toContain('2,32 €');
            ctx.clock.setOverride(new Date('2026-03-03T10:00:00.000Z'));
            const noon = rootHtml((await ctx.get('/bistro/all', { client: null, place: null })).body);
            expect(noon).toContain('2,90 €');
            expect(noon).not.toContain('2,32 €');
          } finally {
            ctx.clock.setOverride(null);
          }
        },
      );

      ctx.test(
        'about, legal, search and "all" pages and a signed-in visit are server-rendered too',
        async () => {
          const venue = ((await ctx.get('/api/place')).json() as { name: string }).name;
          const products = (await ctx.get('/api/products?active=1')).json() as {
            name: string;
            type: string;
          }[];
          for (const page of ['about', 'terms', 'privacy-policy', 'search', 'all']) {
            const res = await ctx.get(`/bistro/${page}`, { client: null, place: null });
            expect(res.statusCode, page).toBe(200);
            expect(rootHtml(res.body), page).not.toBe('');
            expect(titleOf(res.body), page).toContain(escaped(venue));
            expect(classesStyledLate(res.body), page).toEqual([]);
          }
          const all = await ctx.get('/bistro/all', { client: null, place: null });
          expect(rootHtml(all.body)).toContain(escaped(products.find((p) => p.type !== 'booking')!.name));
          // Signed in (the user object lives in the browser's storage: the account button shows it after hydration).
          const signedIn = await ctx.get('/bistro', {
            client: null,
            place: null,
            cookies: { auth_token: 'some.jwt.token' },
          });
          expect(rootHtml(signedIn.body)).not.toBe('');
        },
      );

      ctx.test('a made-up order tracking link is "no such order" in the server HTML, with 404', async () => {
        const res = await ctx.get('/bistro/order/made-up-tracking-key', { client: null, place: null });
        expect(res.statusCode).toBe(404);
        const root = rootHtml(res.body);
        expect(root).toContain('Няма такава поръчка');
        expect(root).not.toContain('Зареждане');
        // The app hydrates the same: it reads the verdict from the page, not from a request of its own.
        expect(inlined(res.body)).toMatchObject({ trackingNotFound: 'made-up-tracking-key' });
      });

      ctx.test(
        'the about and legal pages carry only what they show: the venue, not the menu (issue 17)',
        async () => {
          const place = (await ctx.get('/api/place')).json() as { name: string; address: string | null };
          const products = (await ctx.get('/api/products?active=1')).json() as { name: string }[];
          const description = (
            await ctx.db
              .selectFrom('settings')
              .innerJoin('places', 'places.id', 'settings.place_id')
              .select('settings.value')
              .where('places.slug', '=', 'bistro')
              .where('settings.key', '=', 'about_description')
              .executeTakeFirstOrThrow()
          ).value;
          const about = await ctx.get('/bistro/about', { client: null, place: null });
          expect(about.statusCode).toBe(200);
          // The venue's text is in the HTML before any script runs …
          const root = rootHtml(about.body);
          expect(root).toContain(escaped(place.name));
          expect(root).toContain(escaped(description).replace(/&quot;/g, '"'));
          // … and its data is the venue's alone: settings and place, no categories, no products.
          const data = inlined(about.body)!;
          expect(Object.keys(data).sort()).toEqual(['at', 'client', 'place', 'placeInfo', 'settings']);
          expect(about.body).not.toContain(escaped(products[0]!.name));
          for (const page of ['terms', 'privacy-policy', 'refund-policy', 'custom-terms']) {
            const res = await ctx.get(`/bistro/${page}`, { client: null, place: null });
            expect(inlined(res.body), page).not.toHaveProperty('products');
            expect(inlined(res.body), page).not.toHaveProperty('categoriesHierarchy');
          }
          // The menu's pages still carry the menu; the about page is a fraction of their size (the products were
          // 23 KB of its 30 KB gzip).
          const home = await ctx.get('/bistro', { client: null, place: null });
          expect(inlined(home.body)!.products).toHaveLength(products.length);
          expect(about.body.length).toBeLessThan(home.body.length / 2);
        },
      );

      ctx.test(
        "the venue's HTML (about, legal, footer) is sanitized on the server and in the response (issue 17)",
        async () => {
          const bistro = await ctx.db
            .selectFrom('places')
            .select('id')
            .where('slug', '=', 'bistro')
            .executeTakeFirstOrThrow();
          const seeded = await ctx.db
            .selectFrom('settings')
            .select(['key', 'value'])
            .where('place_id', '=', bistro.id)
            .where('key', 'in', ['about_description', 'footer_html_content'])
            .execute();
          const seededDescription = seeded.find((s) => s.key === 'about_description')!.value;
          // The seeded description, as the first paint shows it (it was filled in after hydration before).
          const about = await ctx.get('/bistro/about', { client: null, place: null });
          expect(rootHtml(about.body)).toContain(escaped(seededDescription).replace(/&quot;/g, '"'));
          const hostile =
            '<p>Kept <strong>bold</strong> <a href="https://example.test/x">link</a></p>' +
            '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">j</a>' +
            '<style>p{color:red}</style><form><button formaction="javascript:alert(4)">go</button></form>';
          const set = (key: string, value: string) =>
            ctx.db
              .updateTable('settings')
              .set({ value })
              .where('place_id', '=', bistro.id)
              .where('key', '=', key)
              .execute();
          await set('about_description', hostile);
          await set('footer_html_content', hostile);
          const hadTerms = await ctx.db
            .selectFrom('settings')
            .select('value')
            .where('place_id', '=', bistro.id)
            .where('key', '=', 'terms_html')
            .executeTakeFirst();
          if (hadTerms) await set('terms_html', hostile);
          else
            await ctx.db
              .insertInto('settings')
              .values({ place_id: bistro.id, key: 'terms_html', value: hostile })
              .execute();
          try {
            for (const url of ['/bistro/about', '/bistro', '/bistro/terms']) {
              // (The welcome banner closed: its own `<form method="dialog">` is not the venue's HTML.)
              const root = rootHtml(
                (await ctx.get(url, { client: null, place: null, cookies: { welcome_seen_bistro: '1' } }))
                  .body,
              );
              expect(root, url).toContain(
                '<p>Kept <strong>bold</strong> <a href="https://example.test/x">link</a></p>',
              );
              expect(root, url).toContain('<img src="x">');
              expect(root, url).not.toMatch(/onerror|<script|javascript:|<style|<form|formaction/i);
            }
          } finally {
            for (const s of seeded) await set(s.key, s.value);
            if (hadTerms) await set('terms_html', hadTerms.value);
            else
              await ctx.db
                .deleteFrom('settings')
                .where('place_id', '=', bistro.id)
                .where('key', '=', 'terms_html')
                .execute();
          }
        },
      );

      ctx.test("renders at the same time keep each guest's own table", async () => {
        const scans = await Promise.all(
          ['/bistro/t/demo-t3', '/bistro', '/bistro/t/demo-t7', '/bistro/all', '/hotel/t/demo-r110'].map(
            (url) => ctx.get(url, { client: null, place: null }),
          ),
        );
        const bars = scans.map(
          (r) => /data-testid="table-bar"[^]*?<strong[^>]*>([^<]*)</.exec(rootHtml(r.body))?.[1],
        );
        expect(bars).toEqual([
          'Вие сте на маса 3',
          undefined,
          'Вие сте на маса 7',
          undefined,
          'Вие сте в стая 110',
        ]);
      });

      ctx.test(
        "a first visit opens in the venue's first-visit language; the guest's language cookie wins (issue 25)",
        async () => {
          const hotel = await ctx.db
            .selectFrom('places')
            .select('id')
            .where('slug', '=', 'hotel')
            .executeTakeFirstOrThrow();
          const bgHome = await ctx.get('/hotel', { client: null, place: null });
          expect(bgHome.body).toContain('<html lang="bg">');
          await ctx.db
            .updateTable('settings')
            .set({ value: 'en' })
            .where('place_id', '=', hotel.id)
            .where('key', '=', 'first_init_lang')
            .execute();
          try {
            const first = await ctx.get('/hotel', { client: null, place: null });
            expect(first.body).toContain('<html lang="en">');
            expect(rootHtml(first.body)).not.toBe('');
            expect(rootHtml(first.body)).not.toBe(rootHtml(bgHome.body));
            const chosen = await ctx.get('/hotel', {
              client: null,
              place: null,
              cookies: { language: 'de' },
            });
            expect(chosen.body).toContain('<html lang="de">');
            // Another venue keeps its own (Bulgarian).
            const bistro = await ctx.get('/bistro', { client: null, place: null });
            expect(bistro.body).toContain('<html lang="bg">');
          } finally {
            await ctx.db
              .updateTable('settings')
              .set({ value: 'bg' })
              .where('place_id', '=', hotel.id)
              .where('key', '=', 'first_init_lang')
              .execute();
          }
        },
      );

      ctx.test(
        'a server-rendered page has its stylesheets inline, in the linked order, with no stylesheet to wait for',
        async () => {
          const scan = await ctx.get('/bistro/t/demo-t5', { client: null, place: null });
          const signedIn = (
            await ctx.post('/api/login', { email: 'guest@demo.test', password: 'demo-guest' })
          ).json() as { token: string };
          const pages = {
            about: await ctx.get('/bistro/about', { client: null, place: null }),
            home: await ctx.get('/bistro', { client: null, place: null }),
            scan,
            table: await ctx.get('/bistro', {
              client: null,
              place: null,
              cookies: { user_order_token: setCookies(scan).user_order_token!.value },
            }),
            signedIn: await ctx.get('/bistro', {
              client: null,
              place: null,
              cookies: { auth_token: signedIn.token },
            }),
            room: await ctx.get('/hotel/t/demo-r105', { client: null, place: null }),
            category: await ctx.get('/bistro/hrana', { client: null, place: null }),
          };
          const manifest = JSON.parse(readFileSync(`${webDist}/.vite/manifest.json`, 'utf8')) as Record<
            string,
            { isEntry?: boolean; name?: string; css?: string[] }
          >;
          const entryCss = Object.values(manifest).find((c) => c.isEntry)!.css![0]!;
          const placeCss = Object.values(manifest).find((c) => c.name === 'place' && c.css)!.css![0]!;
          for (const [name, page] of Object.entries(pages)) {
            expect(rootHtml(page.body), name).not.toBe('');
            const inlined = inlinedStylesheets(page.body);
            // The entry's, the place layout's and the footer's at least, each whole: the file's own rules.
            expect([...inlined.keys()], name).toEqual(expect.arrayContaining([entryCss, placeCss]));
            expect(
              [...inlined.keys()].some((f) => /^assets\/place-footer-[\w-]+\.css$/.test(f)),
              name,
            ).toBe(true);
            for (const [file, css] of inlined)
              expect(css, `${name} ${file}`).toBe(readFileSync(`${webDist}/${file}`, 'utf8').trim());
            // In the order the build links them (the entry's first), each once.
            const order = linkedStylesheets(page.body);
            expect(order[0], name).toBe(entryCss);
            expect(order.indexOf(placeCss), name).toBeGreaterThan(0);
            expect(new Set(order).size, name).toBe(order.length);
            // No stylesheet the first paint waits for; each inlined file is named by a disabled link, which the
            // browser does not fetch and which keeps the app's loader of a later chunk from linking it again.
            expect(blockingStylesheetLinks(page.body), name).toEqual([]);
            for (const file of inlined.keys())
              expect(headHtml(page.body), `${name} ${file}`).toContain(
                `<link rel="stylesheet" href="/${file}" disabled>`,
              );
            expect(classesStyledLate(page.body), name).toEqual([]);
          }
          // A page the browser renders itself (nothing server-rendered) links its stylesheets as before.
          const plain = await ctx.get('/bistro/no-such-category', { client: null, place: null });
          expect(rootHtml(plain.body)).toBe('');
          expect(inlinedStylesheets(plain.body).size).toBe(0);
          expect(blockingStylesheetLinks(plain.body)).toContain(
            `<link rel="stylesheet" crossorigin href="/${entryCss}">`,
          );
        },
      );

      ctx.test(
        'category and product pages carry their HTML, title, data and every stylesheet it needs',
        async () => {
          const categories = (await ctx.get('/api/categoriesHierarchy?active=1')).json() as MenuCategory[];
          const products = (await ctx.get('/api/products?active=1')).json() as MenuProduct[];
          const venue = ((await ctx.get('/api/place')).json() as { name: string }).name;
          const leaves: MenuCategory[] = [];
          const walk = (list: MenuCategory[]) =>
            list.forEach((c) => (c.children?.length ? walk(c.children) : leaves.push(c)));
          walk(categories);
          const inCategory = (c: MenuCategory) =>
            products.filter((p) => p.catHierarchyId === c.id && p.type !== 'booking');
          const category = leaves.find((c) => inCategory(c).length >= 2)!;

          const page = await ctx.get(`/bistro/${category.slug}`, { client: null, place: null });
          expect(page.statusCode).toBe(200);
          const root = rootHtml(page.body);
          expect(root).toContain(`<h1>${escaped(category.name)}</h1>`);
          for (const p of inCategory(category)) expect(root, p.name).toContain(escaped(p.name));
          expect(titleOf(page.body)).toBe(escaped(`${category.name} · ${venue}`));
          const data = inlined(page.body)!;
          expect(data.ingredients).toEqual(decodeWireMoney((await ctx.get('/api/ingredients')).json()));
          // The category chunk's own stylesheet, the product cards' and the footer's (a lazy part) are all linked.
          const css = linkedStylesheets(page.body);
          expect(css.some((f) => /^assets\/category-[\w-]+\.css$/.test(f))).toBe(true);
          expect(css.some((f) => /^assets\/place-footer-[\w-]+\.css$/.test(f))).toBe(true);
          expect(classesStyledLate(page.body)).toEqual([]);
          expect(page.body).not.toContain('type="module"');
          expect(page.body).toMatch(/data-chunks="[^"]*\/assets\/category-[\w-]+\.js[^"]*"/);
          expect(root).not.toContain('<script');

          const product = products.find(
            (p) => p.related_products.length > 0 && p.type !== 'booking' && p.catHierarchyId !== null,
          )!;
          const slugOf = new Map<number, string>();
          const index = (list: MenuCategory[]) =>
            list.forEach((c) => {
              slugOf.set(c.id, c.slug);
              index(c.children ?? []);
            });
          index(categories);
          const productPage = await ctx.get(
            `/bistro/${slugOf.get(product.catHierarchyId!)}/${product.slug}`,
            {
              client: null,
              place: null,
            },
          );
          expect(productPage.statusCode).toBe(200);
          const productRoot = rootHtml(productPage.body);
          expect(productRoot).toContain(escaped(product.name));
          const related = products.find((p) => p.id === product.related_products[0])!;
          expect(productRoot).toContain(escaped(related.name));
          expect(titleOf(productPage.body)).toBe(escaped(`${product.name} · ${venue}`));
          expect(
            linkedStylesheets(productPage.body).some((f) => /^assets\/product-[\w-]+\.css$/.test(f)),
          ).toBe(true);
          expect(classesStyledLate(productPage.body)).toEqual([]);
          // Complete HTML: no boundary left to an inline script (the CSP would block it).
          expect(productRoot).not.toContain('<script');
          expect(productRoot).not.toContain('<template');
        },
      );

      ctx.test(
        'the page language comes from its cookie; unknown category or product: the plain page',
        async () => {
          const venue = ((await ctx.get('/api/place')).json() as { name: string }).name;
          const home = await ctx.get('/bistro', { client: null, place: null, cookies: { language: 'en' } });
          expect(home.body).toContain('<html lang="en">');
          expect(rootHtml(home.body)).not.toBe('');
          const plain = await ctx.get('/bistro', { client: null, place: null });
          expect(plain.body).toContain('<html lang="bg">');

          // The renderer renders no <Navigate> there (StaticRouter would warn about it on every such request).
          const warn = vi.spyOn(console, 'warn');
          for (const url of ['/bistro/no-such-category', '/bistro/hrana/no-such-product']) {
            const res = await ctx.get(url, { client: null, place: null });
            expect(res.statusCode, url).toBe(200);
            // The browser shows its 404 (a redirect the server does not render); the data is there all the same.
            expect(rootHtml(res.body), url).toBe('');
            // (titled with the venue's name meanwhile, not the product's)
            expect(titleOf(res.body), url).toBe(escaped(venue));
            expect(inlined(res.body), url).toMatchObject({ place: 'bistro' });
          }
          const warnings = warn.mock.calls.map((c) => String(c[0]));
          warn.mockRestore();
          expect(warnings.filter((w) => w.includes('Navigate'))).toEqual([]);
        },
      );
    },
    { env: { WEB_DIST_DIR: webDist } },
  );
} else {
  describe.skip('web first screen, server-rendered (web not built)', () => {
    test('skipped', () => {});
  });
}
