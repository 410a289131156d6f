/**
 * The brand of a page comes from its Host (issue "White label for real", item 3): the page carries that brand (name,
 * logo, colour, the `trapeza-brand` data) and only that brand's places; unknown hosts fall back by mode.
 */
import type { FastifyRequest } from 'fastify';
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test/harness.ts';
import { insertClient, insertPlace } from '../../test/fixtures.ts';
import type { AppDatabase } from '../db/database.ts';
import { createBrandResolver, requestHostName } from './web-brand.ts';
import { createWebBrandRepository } from './web-brand.repository.ts';

const FIXTURE_DIST = new URL('../../test/web-dist-fixture', import.meta.url).pathname;

/** A second brand on `second.localhost` with one venue, "Кафе Втора", and a third brand claiming a domain. */
async function seedSecondBrand(db: AppDatabase): Promise<void> {
  const second = await insertClient(db, 'second', 'Втора марка');
  await db
    .updateTable('clients')
    .set({
      domain: 'second.localhost',
      domain_verified_at: new Date().toISOString(),
      logo: '/uploads/second-logo.png',
      primary_color: '#123456',
    })
    .where('id', '=', second)
    .execute();
  await insertPlace(db, second, 'kafe-vtora', { name: 'Кафе Втора' });
}

function brandOf(html: string): Record<string, unknown> | null {
  const m = /<script type="application\/json" id="trapeza-brand">([^<]*)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null;
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

function page(ctx: TestContext, url: string, host: string) {
  return ctx.get(url, { client: null, place: null, headers: { host } });
}

describeEachDatabase(
  'page brand from the host, demo mode',
  (ctx) => {
    ctx.test('an unknown host (localhost, an IP) gets the demo brand', async () => {
      const venue = ((await ctx.get('/api/place')).json() as { name: string }).name;
      for (const host of ['localhost:3000', '127.0.0.1:3000', 'unknown.example']) {
        const res = await page(ctx, '/bistro', host);
        expect(res.statusCode, host).toBe(200);
        expect(brandOf(res.body), host).toMatchObject({ slug: 'demo' });
        // The venue's name is the title, not the product's.
        expect(titleOf(res.body), host).toBe(venue);
      }
      const landing = await page(ctx, '/', 'localhost');
      expect(landing.statusCode).toBe(200);
      expect(brandOf(landing.body)).toMatchObject({ slug: 'demo' });
    });

    ctx.test("a brand's host gets its brand: name, logo as favicon, colour, its venue's title", async () => {
      for (const host of [
        'second.localhost',
        'SECOND.localhost:4030',
        'www.second.localhost',
        'second.localhost.',
      ]) {
        const res = await page(ctx, '/kafe-vtora', host);
        expect(res.statusCode, host).toBe(200);
        expect(brandOf(res.body), host).toEqual({
          slug: 'second',
          name: 'Втора марка',
          logo: '/uploads/second-logo.png',
          primaryColor: '#123456',
          secondaryColor: null,
        });
        expect(titleOf(res.body), host).toBe('Кафе Втора');
      }
      const landing = await page(ctx, '/', 'second.localhost');
      expect(titleOf(landing.body)).toBe('Втора марка');
    });

    ctx.test("another brand's venue, or one nobody has, is a 404 on a brand's host", async () => {
      const foreign = await page(ctx, '/bistro', 'second.localhost');
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain('Bistro');
      expect(brandOf(foreign.body)).toMatchObject({ slug: 'second' });
      for (const url of ['/bistro/t/demo-t1', '/bistro/staff', '/hotel', '/nowhere']) {
        expect((await page(ctx, url, 'second.localhost')).statusCode, url).toBe(404);
      }
      const own = await page(ctx, '/kafe-vtora/about', 'second.localhost');
      expect(own.statusCode).toBe(200);
      // A QR code the venue does not have is its "scan again" page (issue 17: 404), still the brand's page.
      const qr = await page(ctx, '/kafe-vtora/t/x', 'second.localhost');
      expect(qr.statusCode).toBe(404);
      expect(brandOf(qr.body)).toMatchObject({ slug: 'second' });
      // and the demo brand's pages do not show the second brand's venue either
      expect((await page(ctx, '/kafe-vtora', 'localhost')).statusCode).toBe(404);
    });

    ctx.test('a switched-off module’s page is a 404; switched on, a page (issue 24)', async () => {
      // Kafe Vtora has no modules; the demo bistro has gallery, promotions and feedback on.
      for (const path of ['gallery', 'offers', 'feedback']) {
        expect((await page(ctx, `/kafe-vtora/${path}`, 'second.localhost')).statusCode, path).toBe(404);
        expect((await page(ctx, `/bistro/${path}`, 'localhost')).statusCode, path).toBe(200);
      }
      await ctx.db
        .updateTable('places')
        .set({ functionality_modules: JSON.stringify(['gallery']) })
        .where('slug', '=', 'kafe-vtora')
        .execute();
      try {
        expect((await page(ctx, '/kafe-vtora/gallery', 'second.localhost')).statusCode).toBe(200);
        expect((await page(ctx, '/kafe-vtora/offers', 'second.localhost')).statusCode).toBe(404);
      } finally {
        await ctx.db
          .updateTable('places')
          .set({ functionality_modules: '[]' })
          .where('slug', '=', 'kafe-vtora')
          .execute();
      }
    });

    ctx.test("a deactivated brand's host is a 404 page, not the demo", async () => {
      await ctx.db.updateTable('clients').set({ active: 0 }).where('slug', '=', 'second').execute();
      try {
        for (const url of ['/kafe-vtora', '/', '/bistro']) {
          const res = await page(ctx, url, 'second.localhost');
          expect(res.statusCode, url).toBe(404);
          expect(brandOf(res.body), url).toBeNull();
          expect(res.body, url).not.toContain('Bistro');
        }
      } finally {
        await ctx.db.updateTable('clients').set({ active: 1 }).where('slug', '=', 'second').execute();
      }
    });

    ctx.test(
      "a brand's and each venue's web app manifest: name, start, the brand's logo and colour",
      async () => {
        const brand = await page(ctx, '/manifest.webmanifest', 'second.localhost');
        expect(brand.statusCode).toBe(200);
        expect(brand.headers['content-type']).toMatch(/^application\/manifest\+json/);
        expect(brand.json()).toMatchObject({
          name: 'Втора марка',
          start_url: '/',
          theme_color: '#123456',
          icons: [{ src: '/uploads/second-logo.png', type: 'image/png', sizes: 'any', purpose: 'any' }],
        });
        const venue = await page(ctx, '/kafe-vtora/manifest.webmanifest', 'second.localhost');
        expect(venue.json()).toMatchObject({
          name: 'Кафе Втора',
          id: '/kafe-vtora',
          start_url: '/kafe-vtora',
        });
        // Another brand's venue: the brand's own manifest, nothing of the other's.
        const foreign = await page(ctx, '/bistro/manifest.webmanifest', 'second.localhost');
        expect(foreign.json()).toMatchObject({ name: 'Втора марка', start_url: '/' });
        // The demo brand's venue on an unknown host (demo mode), with the build's icon (the demo brand has no logo).
        const demo = (await page(ctx, '/bistro/manifest.webmanifest', 'localhost')).json() as {
          name: string;
          start_url: string;
          icons: { src: string }[];
        };
        const bistro = ((await ctx.get('/api/place')).json() as { name: string }).name;
        expect(demo).toMatchObject({ name: bistro, start_url: '/bistro' });
        expect(demo.icons.length).toBeGreaterThan(0);
        // The venue's pages link the venue's manifest.
        const home = await page(ctx, '/kafe-vtora', 'second.localhost');
        expect(home.body).toContain('<link rel="manifest" href="/kafe-vtora/manifest.webmanifest">');
      },
    );

    ctx.test('a host some brand claims but that does not resolve never falls back to the demo', async () => {
      const repo = createWebBrandRepository(ctx.db);
      const resolver = createBrandResolver(
        { ...repo, findClientByHost: async () => undefined },
        { demo: true, defaultClient: null, cacheTtlMs: 0 },
      );
      expect(await resolver.resolve(fakeRequest('second.localhost'))).toBeNull();
      expect(await resolver.resolve(fakeRequest('www.second.localhost'))).toBeNull();
      expect(await resolver.resolve(fakeRequest('localhost'))).toMatchObject({ slug: 'demo' });
    });
  },
  { env: { WEB_DIST_DIR: FIXTURE_DIST }, setup: seedSecondBrand },
);

function fakeRequest(hostname: string): FastifyRequest {
  return { hostname } as FastifyRequest;
}

describeEachDatabase(
  'page brand from the host, DEMO=0',
  (ctx) => {
    ctx.test('an unknown host: DEFAULT_CLIENT when set, else nothing (a plain 404)', async () => {
      const repo = createWebBrandRepository(ctx.db);
      const strict = createBrandResolver(repo, { demo: false, defaultClient: null, cacheTtlMs: 0 });
      expect(await strict.resolve(fakeRequest('localhost'))).toBeNull();
      expect(await strict.resolve(fakeRequest('127.0.0.1'))).toBeNull();
      expect(await strict.resolve(fakeRequest('second.localhost'))).toMatchObject({ slug: 'second' });
      const withDefault = createBrandResolver(repo, { demo: false, defaultClient: 'second', cacheTtlMs: 0 });
      expect(await withDefault.resolve(fakeRequest('localhost'))).toMatchObject({ slug: 'second' });
      // an unknown DEFAULT_CLIENT serves nothing rather than anyone else
      const unknownDefault = createBrandResolver(repo, {
        demo: false,
        defaultClient: 'nobody',
        cacheTtlMs: 0,
      });
      expect(await unknownDefault.resolve(fakeRequest('localhost'))).toBeNull();
    });

    ctx.test('host names are read lower case, without port or trailing dot; others are no host', () => {
      expect(requestHostName(fakeRequest('Second.LocalHost.'))).toBe('second.localhost');
      expect(requestHostName(fakeRequest('[::1]'))).toBeNull();
      expect(requestHostName(fakeRequest('a b'))).toBeNull();
    });
  },
  { env: { WEB_DIST_DIR: FIXTURE_DIST }, setup: seedSecondBrand },
);

describeEachDatabase(
  'page brand from the host, DEMO=0 server',
  (ctx) => {
    ctx.test(
      'an unknown host is a plain 404 page; a brand host its brand; the consoles everywhere',
      async () => {
        for (const host of ['localhost', '127.0.0.1:4030']) {
          const res = await page(ctx, '/bistro', host);
          expect(res.statusCode, host).toBe(404);
          expect(brandOf(res.body), host).toBeNull();
          expect(res.body).toContain('404 Not Found');
          expect((await page(ctx, '/', host)).statusCode, host).toBe(404);
        }
        const own = await page(ctx, '/kafe-vtora', 'second.localhost');
        expect(own.statusCode).toBe(200);
        expect(brandOf(own.body)).toMatchObject({ slug: 'second' });
        const console = await page(ctx, '/platform', 'localhost');
        expect(console.statusCode).toBe(200);
        expect(brandOf(console.body)).toBeNull();
      },
    );
  },
  { env: { WEB_DIST_DIR: FIXTURE_DIST, DEMO: '0' }, setup: seedSecondBrand },
);

describeEachDatabase(
  'page brand from the host, DEMO=0 with DEFAULT_CLIENT',
  (ctx) => {
    ctx.test('an unknown host gets the DEFAULT_CLIENT brand and only its venues', async () => {
      const res = await page(ctx, '/kafe-vtora', 'localhost');
      expect(res.statusCode).toBe(200);
      expect(brandOf(res.body)).toMatchObject({ slug: 'second' });
      expect((await page(ctx, '/bistro', 'localhost')).statusCode).toBe(404);
    });
  },
  { env: { WEB_DIST_DIR: FIXTURE_DIST, DEMO: '0', DEFAULT_CLIENT: 'second' }, setup: seedSecondBrand },
);
