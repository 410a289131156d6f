/**
 * The app's scripts: the bundles under /assets/ (the page's inline boot.js runs without them and asks for them). For
 * journeys that hold them back (a slow network: the server's HTML and boot.js before the app is live) or block them.
 */
import type { Page } from '@playwright/test';

export const APP_SCRIPTS = /\/assets\/.+\.js(?:\?.*)?$/;

/**
 * Holds the app's scripts back (a slow network) until the answered release() is called; the page's inline boot.js
 * runs all the same. Requests still held when the page closes are dropped quietly.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_SCRIPTS, async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  return release;
}
