import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { firstScreenPlan, jsonForScript } from './web-first-screen.ts';

describe('first screen plan and escaping', () => {
  test('place pages and the route chunks their first screen needs', () => {
    expect(firstScreenPlan('/bistro')).toEqual({ place: 'bistro', routes: [] });
    expect(firstScreenPlan('/bistro/hrana')).toEqual({ place: 'bistro', routes: ['category'] });
    expect(firstScreenPlan('/bistro/hrana/shopska-salata')).toEqual({ place: 'bistro', routes: ['product'] });
    expect(firstScreenPlan('/bistro/about-trapeza')).toEqual({ place: 'bistro', routes: ['about-product'] });
    expect(firstScreenPlan('/bistro/search')).toEqual({ place: 'bistro', routes: [] });
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
        expect(data![key], key).toEqual((await ctx.get(url)).json());
      }
      const deep = await ctx.get('/bistro/hrana/shopska-salata', { client: null, place: null });
      expect(inlined(deep.body)).toMatchObject({ place: 'bistro' });

      for (const url of ['/nowhere', '/nowhere/x', '/404', '/join']) {
        const res = await ctx.get(url, { client: null, place: null });
        expect(res.statusCode, url).toBe(200);
        expect(inlined(res.body), url).toBeNull();
      }
    });
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

        expect(home.body).toMatch(
          /<script src="\/boot\.js" data-entry="\/assets\/index-[^"]+\.js" defer><\/script>/,
        );
        expect(home.body).not.toContain('type="module"');

        // A guest with an order token (state the server does not render) gets the page rendered in the browser.
        const token = await ctx.get('/bistro', {
          client: null,
          place: null,
          cookies: { user_order_token: '{}' },
        });
        expect(rootHtml(token.body)).toBe('');
      });
    },
    { env: { WEB_DIST_DIR: webDist } },
  );
} else {
  describe.skip('web first screen, server-rendered (web not built)', () => {
    test('skipped', () => {});
  });
}
