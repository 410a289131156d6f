/**
 * The service worker's precache (apps/web/vite.config.ts, injectManifest globIgnores) holds the guest app only: the
 * react-aria `date-time-field` chunk (76.5 KB gzip, the consoles' date and time fields) and the consoles' own chunks
 * load from the network when a console needs them. A guest's first visit installs the worker, which downloads every
 * precached file: one of these back in the list costs each guest's phone that much for nothing. The manifest is read
 * from the /sw.js the server hands out (the build the journeys run on); the chunks are checked to exist in that build,
 * so the test cannot pass because a chunk was renamed away.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const assets = fileURLToPath(new URL('../../apps/web/dist/assets/', import.meta.url));
/** Chunks that must never be precached (a subset of the globIgnores, the heavy ones). */
const NEVER_PRECACHED = ['date-time-field', 'admin', 'staff', 'platform'];

test('the precache lists the guest app but not the date-time-field chunk nor the consoles', async ({
  request,
}) => {
  const res = await request.get('/sw.js');
  expect(res.ok()).toBe(true);
  const precached = [...(await res.text()).matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  // The manifest is there and holds the guest app (its entry chunk and styles).
  expect(precached.length).toBeGreaterThan(50);
  expect(precached.some((url) => /^assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
  const built = readdirSync(assets);
  for (const chunk of NEVER_PRECACHED) {
    const pattern = new RegExp(`^${chunk}-[\\w-]+\\.js$`);
    expect(built.filter((f) => pattern.test(f)).length, `${chunk}-*.js in the build`).toBeGreaterThan(0);
    expect(
      precached.filter((url) => url.startsWith(`assets/${chunk}-`)),
      `${chunk} chunks precached`,
    ).toEqual([]);
  }
});
