/**
 * Serves the built web app (apps/web/dist) at `/`: hashed files under /assets cache for a year, pages are
 * revalidated on every load so a deploy shows at once. Any other GET outside /api answers index.html made the page's
 * brand's (web-brand.ts: the brand comes from the Host), so the browser router handles deep links (/bistro/…); /api
 * and non-GET misses stay JSON 404s. A host no brand serves gets a plain 404 page, except for the consoles
 * (`/platform`, `/admin`), which belong to no brand. A `/{place}/…` page's index.html carries the first screen's data
 * and chunk preloads (web-first-screen.ts); a place the brand does not have is a 404. A venue with a purchase-tracking
 * tag (setting analytics_tag_id) gets that tag's hosts in its pages' CSP (security.ts trackingCsp).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors.ts';
import { analyticsTag } from '@trapeza/domain/analytics';
import { pagePlace, renderWebPage } from './web-first-screen.ts';
import { linkVenueManifest, webManifest } from './web-manifest.ts';
import { createBrandResolver, type BrandResolverOptions } from './web-brand.ts';
import { createWebBrandRepository } from './web-brand.repository.ts';
import { DEMO_IMAGES_DIR, DEMO_IMAGES_URL } from '../db/seed/demo-seed.ts';

/** What a host no brand serves answers: no brand's name, logo or data. */
const PLAIN_NOT_FOUND =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>404 Not Found</title></head>' +
  '<body><h1>404 Not Found</h1><p>No site is served at this address.</p></body></html>';

/** Pages of the consoles: served on any host (platform staff belong to no brand). */
const CONSOLE_PAGE = /^\/(?:platform|admin)(?:\/|$)/;

/**
 * The pictures of `paths` whose file is gone: an upload the store (or the disk) does not hold, a demo picture not in
 * the repository's folder. Other addresses (another host's) are never called missing.
 */
async function missingPictures(
  paths: readonly string[],
  uploadsPresent: ((paths: readonly string[]) => Promise<Set<string>>) | undefined,
): Promise<string[]> {
  const uploads = paths.filter((path) => path.startsWith('/uploads/'));
  const present = uploadsPresent && uploads.length > 0 ? await uploadsPresent(uploads) : new Set(uploads);
  const root = resolve(DEMO_IMAGES_DIR);
  return paths.filter((path) => {
    if (path.startsWith('/uploads/')) return !present.has(path);
    if (!path.startsWith(DEMO_IMAGES_URL)) return false;
    const file = resolve(root, decodeURIComponent(path.slice(DEMO_IMAGES_URL.length)));
    return !file.startsWith(root + sep) || !existsSync(file);
  });
}

export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
  brandOptions: BrandResolverOptions,
  pictures: {
    /** Which of these `/uploads/…` paths have their file (app.ts: the image store, then DATA_DIR/uploads). */
    uploadsPresent?: (paths: readonly string[]) => Promise<Set<string>>;
  } = {},
): Promise<void> {
  const hasWeb = existsSync(join(distDir, 'index.html'));
  const brands = createWebBrandRepository(app.database.db);
  const resolver = createBrandResolver(brands, brandOptions);
  app.decorate('clearBrandCache', () => resolver.clear());
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // The build's `.br` / `.gz` beside each script, stylesheet and picture (apps/web/vite.config.ts), compressed
      // once at their best; a file without them is compressed on the way out (security.ts).
      preCompressed: true,
      // Pages (index.html) are the brand's: they are answered below, never as the file.
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // The demo venues' pictures and PDF menu ship in the repository; they change only with a release.
  await app.register(fastifyStatic, {
    root: DEMO_IMAGES_DIR,
    prefix: DEMO_IMAGES_URL,
    decorateReply: false,
    wildcard: true,
    index: false,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=86400');
    },
  });
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const brand = await resolver.resolve(request);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!brand && !CONSOLE_PAGE.test(path)) return reply.code(404).send(PLAIN_NOT_FOUND);
    // `/{place}/…` pages carry their first screen's data and preloads (web-first-screen.ts).
    const page = await renderWebPage(app, request, distDir, {
      brand,
      placeName: brands.placeName,
      tableSession: brands.tableSession,
      placeLive: brands.placeLive,
      missingPictures: (paths) => missingPictures(paths, pictures.uploadsPresent),
    });
    // The venue's purchase-tracking tag, if it set one, gets its script's hosts through this page's CSP.
    const placeSlug = brand && page.status === 200 ? pagePlace(path) : null;
    // A venue's page offers the venue's own manifest (add to home screen: its name, its menu).
    if (placeSlug) page.html = linkVenueManifest(page.html, placeSlug);
    const tag = placeSlug ? analyticsTag(await brands.analyticsTag(brand!.slug, placeSlug)) : null;
    if (tag) reply.header('content-security-policy', app.trackingCsp(tag));
    // Spec §3 cookies: path /, secure on https; readable by the app (it reads and updates the order token).
    for (const c of page.cookies ?? []) {
      reply.setCookie(c.name, c.value, {
        path: '/',
        maxAge: c.maxAgeSeconds,
        sameSite: 'lax',
        secure: request.protocol === 'https',
      });
    }
    for (const [name, value] of Object.entries(page.headers ?? {})) reply.header(name, value);
    return reply.code(page.status).send(page.html);
  };
  // The manifest of the page's brand, and of one of its venues (web-manifest.ts); a host no brand serves has none.
  const sendManifest = async (request: FastifyRequest, reply: FastifyReply, placeSlug: string | null) => {
    const brand = await resolver.resolve(request);
    if (!brand) {
      // The consoles' pages on a host no brand serves: the build's own manifest, no brand's.
      const file = join(distDir, 'manifest.webmanifest');
      if (!existsSync(file)) return sendNotFound(request, reply);
      return reply
        .header('cache-control', 'no-cache')
        .type('application/manifest+json; charset=utf-8')
        .send(readFileSync(file, 'utf8'));
    }
    const name = placeSlug ? await brands.placeName(brand.slug, placeSlug) : undefined;
    const venue = placeSlug && name !== undefined ? { slug: placeSlug, name } : null;
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webManifest(brand, venue)));
  };
  app.get('/manifest.webmanifest', { schema: { hide: true } }, (request, reply) =>
    sendManifest(request, reply, null),
  );
  app.get<{ Params: { place: string } }>(
    '/:place/manifest.webmanifest',
    { schema: { hide: true } },
    (request, reply) => sendManifest(request, reply, pagePlace(`/${request.params.place}`)),
  );
  // The landing page: the static files' wildcard would answer `/` (a directory) with 403.
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendPage);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && isPage && !path.startsWith('/api/') && path !== '/api' && !/\.[a-z0-9]{1,8}$/i.test(path)) {
      return sendPage(request, reply);
    }
    return sendNotFound(request, reply);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Forget the cached host → brand answers (after a brand's domain, face or state changed). */
    clearBrandCache(): void;
  }
}
