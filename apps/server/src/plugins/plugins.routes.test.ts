import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlibConstants,
  zstdCompressSync,
} from 'node:zlib';
import { describeEachDatabase } from '../../test/harness.ts';

describeEachDatabase('plugins', (ctx) => {
  ctx.test('unknown API routes are JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/products'],
      ['GET', '/api/'],
      ['DELETE', '/bistro'],
    ] as const) {
      const res = await ctx.request(method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
    }
  });

  ctx.test('malformed JSON, empty JSON and wrong content types are 4xx JSON', async () => {
    const malformed = await ctx.request('POST', '/api/getPlacesForMap', {
      place: null,
      headers: { 'content-type': 'application/json' },
      body: '{"cityId": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const empty = await ctx.request('POST', '/api/logs/user_action', {
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'invalid_body' });
    const xml = await ctx.request('POST', '/api/getPlacesForMap', {
      place: null,
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  ctx.test("the handler's own refusals speak the guest's language (a German guest gets German)", async () => {
    const unknown = await ctx.request('GET', '/api/nope', { headers: { lang: 'de' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', message_trans: 'Das wurde nicht gefunden.' });
    const malformed = await ctx.request('POST', '/api/getPlacesForMap', {
      place: null,
      headers: { 'content-type': 'application/json', lang: 'fr-CH' },
      body: '{"cityId": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'invalid_json',
      message_trans: 'Les données envoyées n’ont pas pu être lues. Veuillez réessayer.',
    });
    const wrongType = await ctx.request('POST', '/api/getPlacesForMap', {
      place: null,
      headers: { 'content-type': 'text/csv', lang: 'es' },
      body: 'a,b',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({
      code: 'unsupported_media_type',
      message_trans: 'Este tipo de datos no se acepta.',
    });
  });

  ctx.test('the test clock can be pinned and released (NODE_ENV=test only)', async () => {
    const put = await ctx.request('PUT', '/api/__test/clock', { body: { now: '2026-12-24T18:30:00.000Z' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ now: '2026-12-24T18:30:00.000Z', overridden: true });
    expect(ctx.clock.now().toISOString()).toBe('2026-12-24T18:30:00.000Z');
    expect((await ctx.request('PUT', '/api/__test/clock', { body: { now: 'tomorrow' } })).statusCode).toBe(
      400,
    );
    const del = await ctx.request('DELETE', '/api/__test/clock');
    expect(del.json()).toMatchObject({ overridden: false });
    expect(Math.abs(ctx.clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });

  ctx.test('OpenAPI document lists every menu call with response schemas; UI is served', async () => {
    const res = await ctx.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      ['/api/settings', 'get'],
      ['/api/accumulated-order-amount-setting-place', 'get'],
      ['/api/ingredients', 'get'],
      ['/api/subcategories/{id}', 'get'],
      ['/api/products', 'get'],
      ['/api/categoriesWithSubcategories', 'get'],
      ['/api/categoriesHierarchy', 'get'],
      ['/api/languages', 'get'],
      ['/api/place', 'get'],
      ['/api/getPlacesForMap', 'post'],
      ['/api/getCitiesForMap', 'get'],
      ['/api/getTagsForMap', 'get'],
      ['/api/places/gallery', 'post'],
      ['/api/logs/spent_time_on_page', 'post'],
      ['/api/logs/make-system-log', 'post'],
      ['/api/logs/user_action', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      expect(doc.paths[path]![method]!.responses['200'], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/__test/clock']).toBeUndefined();
    const ui = await ctx.get('/api/docs/', { client: null, place: null });
    expect([200, 302]).toContain(ui.statusCode);
  });

  ctx.test('security headers: CSP allows same-origin scripts and https map tiles', async () => {
    const res = await ctx.get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src [^;]*'self'[^;]*data:[^;]*blob:[^;]*https:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  ctx.test('large answers are compressed when the client accepts it', async () => {
    const res = await ctx.get('/api/products?active=1', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  ctx.test(
    'brotli, at quality 5, for a browser that takes brotli and zstd (fewer bytes than either default)',
    async () => {
      // Chrome's own accept-encoding
      const res = await ctx.get('/api/products?active=1', {
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      const packed = res.rawPayload;
      const text = brotliDecompressSync(packed);
      const at = (quality: number) =>
        brotliCompressSync(text, {
          params: {
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
          },
        }).length;
      expect(packed.length).toBe(at(5));
      expect(packed.length).toBeLessThan(at(4));
      expect(packed.length).toBeLessThan(zstdCompressSync(text).length);
    },
  );

  ctx.test(
    'every image the seeded menu points at is served; traversal outside the folder is not',
    async () => {
      const products = (await ctx.get('/api/products?active=1')).json() as {
        product_images: { path: string }[];
      }[];
      const paths = [...new Set(products.flatMap((p) => p.product_images.map((i) => i.path)))];
      expect(paths.length).toBeGreaterThan(20);
      for (const path of paths.slice(0, 10)) {
        const res = await ctx.request('GET', path);
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['content-type']).toContain('image/svg+xml');
        expect(res.headers['cache-control']).toContain('max-age=86400');
      }
      const traversal = await ctx.request('GET', '/demo/images/..%2f..%2fschema.ts');
      expect(traversal.statusCode).toBeGreaterThanOrEqual(400);
      expect(traversal.body).not.toContain('interface');
    },
  );
});

const webDistFixture = new URL('../../test/web-dist-fixture/', import.meta.url);
const fixtureAssets = new URL('assets/', webDistFixture);

describeEachDatabase(
  'web app serving',
  (ctx) => {
    ctx.test('serves index.html at / and for deep links, hashed assets with a long cache', async () => {
      const root = await ctx.get('/', { client: null, place: null });
      expect(root.statusCode).toBe(200);
      expect(root.headers['content-type']).toMatch(/text\/html/);
      expect(root.headers['cache-control']).toBe('no-cache');
      const deep = await ctx.get('/admin/menu', { client: null, place: null });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toBe(root.body);
      expect(deep.headers['cache-control']).toBe('no-cache');
      // The page is the brand's (the fixture's demo brand has no venues: a venue's path is a 404 page).
      expect(root.body).toContain('<script type="application/json" id="trapeza-brand">');
      const venue = await ctx.get('/bistro/salads/shopska', { client: null, place: null });
      expect(venue.statusCode).toBe(404);
      expect(venue.body).toBe(root.body);
      // index.html itself is never served as a file (it would carry no brand).
      expect((await ctx.get('/index.html', { client: null, place: null })).statusCode).toBe(404);
      const asset = await ctx.get('/assets/app-abc123.js', { client: null, place: null });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      // Compressed at the build (name.br beside it, apps/web/vite.config.ts): that file is the answer to a browser
      // that takes brotli; the plain one to any other. (The fixture's .br is packed with a 1 KB window, so its bytes
      // differ from the server packing the file on the way out.)
      const packed = await ctx.get('/assets/app-abc123.js', {
        client: null,
        place: null,
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe('br');
      expect(packed.headers['content-type']).toMatch(/javascript/);
      expect(packed.headers['cache-control']).toContain('immutable');
      expect(brotliDecompressSync(packed.rawPayload).toString()).toBe(asset.body);
      expect(packed.rawPayload.equals(readFileSync(new URL('app-abc123.js.br', fixtureAssets)))).toBe(true);
      const plain = await ctx.get('/assets/app-abc123.js', {
        client: null,
        place: null,
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(asset.body);
      const missingAsset = await ctx.get('/assets/missing-123.js', { client: null, place: null });
      expect(missingAsset.statusCode).toBe(404);
      const api = await ctx.get('/api/not-here', { client: null, place: null });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'not_found' });
    });
  },
  {
    seed: false,
    setup: async (db) => {
      await db.insertInto('clients').values({ slug: 'demo', name: 'Demo' }).execute();
    },
    env: { WEB_DIST_DIR: new URL('.', webDistFixture).pathname },
  },
);

describeEachDatabase(
  'rate limit',
  (ctx) => {
    ctx.test('answers 429 JSON past the per-minute limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await ctx.get('/api/health')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const res = await ctx.get('/api/health');
      expect(res.json()).toMatchObject({ code: 'rate_limited', message: expect.any(String) });
    });
  },
  { seed: false, env: { RATE_LIMIT_PER_MINUTE: '3' } },
);
