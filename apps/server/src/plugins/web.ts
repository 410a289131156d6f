/**
 * Serves the built web app (apps/web/dist) at `/`: hashed files under /assets cache for a year, index.html is
 * revalidated on every load so a deploy shows at once. Any other GET outside /api answers index.html, so the
 * browser router handles deep links (/bistro/…); /api and non-GET misses stay JSON 404s. A `/{place}/…` page's
 * index.html carries the first screen's data and chunk preloads (web-first-screen.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './errors.ts';
import { renderWebPage } from './web-first-screen.ts';
import { DEMO_IMAGES_DIR, DEMO_IMAGES_URL } from '../db/seed/demo-seed.ts';

export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = existsSync(join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
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
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && isPage && !path.startsWith('/api/') && path !== '/api' && !/\.[a-z0-9]{1,8}$/i.test(path)) {
      // `/{place}/…` pages carry their first screen's data and preloads (web-first-screen.ts).
      const html = await renderWebPage(app, request, distDir);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return sendNotFound(request, reply);
  });
}
