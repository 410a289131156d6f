/**
 * Journeys that start past the venues' welcome banner (spec §2: shown once per visit): the banner was closed in this
 * browser session, which the app keeps in a session cookie per place (`welcome_seen_<place>`,
 * apps/web/src/features/place/welcome-seen.ts). The server reads it too: with it the first HTML has no banner, and
 * without it the banner is there already open (issue 17). Set on the whole browser context, before its first page.
 */
import { test, type BrowserContext, type Page } from '@playwright/test';

export async function skipWelcome(
  target: BrowserContext | Page,
  places: readonly string[] = ['bistro', 'hotel'],
  /** The address the guest browses at (a cookie belongs to its host): the project's base URL unless another. */
  url: string = test.info().project.use.baseURL!,
): Promise<void> {
  const context = 'context' in target ? target.context() : target;
  // No expiry: a session cookie, as the app writes it.
  await context.addCookies(places.map((place) => ({ name: `welcome_seen_${place}`, value: '1', url })));
}
