/**
 * The coming-soon page (issue 16 item 2): until an admin marks a venue live, every guest page of it (`/{place}/…`,
 * the staff screens aside) answers this page instead — server-rendered, 503 with `Retry-After` (the venue is there,
 * just not open yet: search engines come back later instead of indexing an empty menu), the brand's face, the
 * venue's name and one sentence in the guest's language (language cookie, else the venue's first-visit language).
 * It carries no script, so no menu data reaches the browser. A signed-in admin of the venue (the `auth_token` cookie
 * the admin console writes, checked by the admin API itself) previews the real pages instead.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMING_SOON_TEXTS } from '@trapeza/domain/go-live';
import { normalizeLanguage } from '@trapeza/domain/i18n';

/** Seconds a crawler is asked to wait before trying a coming-soon page again. */
export const COMING_SOON_RETRY_AFTER_S = 3600;

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Whether the page's caller is signed in as an admin of the venue (may preview it before it is live). */
export async function mayPreview(
  app: FastifyInstance,
  request: FastifyRequest,
  clientSlug: string,
  placeSlug: string,
): Promise<boolean> {
  const token = request.cookies?.auth_token;
  if (!token || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return false;
  const answer = await app.inject({
    method: 'GET',
    url: '/api/admin/go-live',
    headers: { authorization: `Bearer ${token}`, client: clientSlug, place: placeSlug },
    remoteAddress: request.ip,
  });
  return answer.statusCode === 200;
}

/** The coming-soon page's title in the guest's language. */
export function comingSoonTitle(placeName: string, language: string): string {
  return `${placeName} — ${COMING_SOON_TEXTS[normalizeLanguage(language)].title}`;
}

/**
 * The coming-soon page: index.html already made the brand's (web-first-screen's brandShell, with comingSoonTitle),
 * without the app's scripts, with the venue's sentence.
 */
export function comingSoonHtml(brandedHtml: string, placeName: string, language: string): string {
  const lang = normalizeLanguage(language);
  const texts = COMING_SOON_TEXTS[lang];
  const body =
    `<main class="page page-narrow" data-testid="coming-soon"><h1>${escapeText(placeName)}</h1>` +
    `<h2>${escapeText(texts.title)}</h2><p>${escapeText(texts.text)}</p></main>`;
  return brandedHtml
    .replace(/<html(?: lang="[^"]*")?>/, () => `<html lang="${lang}">`)
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}
