/**
 * The purchase-tracking tag a venue configures (setting analytics_tag_id) is allowed by the content security policy
 * for exactly its hosts, on that venue's pages only (issue 25 #7: the CSP blocked it on every real host).
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test/harness.ts';
import { setSetting } from '../../test/fixtures.ts';

const FIXTURE_DIST = new URL('../../test/web-dist-fixture', import.meta.url).pathname;

/** The CSP's directives of an answer, by name. */
function csp(res: { headers: Record<string, unknown> }): Map<string, string[]> {
  const raw = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    raw
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const page = (ctx: TestContext, url: string) =>
  ctx.get(url, { client: null, place: null, headers: { host: 'localhost' } });

describeEachDatabase(
  'CSP of a venue with a purchase-tracking tag',
  (ctx) => {
    ctx.test('an Analytics tag: gtag.js and the collection hosts, on that venue only', async () => {
      await setSetting(ctx.db, await ctx.placeId('bistro'), 'analytics_tag_id', 'G-TEST12345');
      for (const url of ['/bistro', '/bistro/about', '/bistro/t/demo-t1']) {
        const d = csp(await page(ctx, url));
        expect(d.get('script-src'), url).toEqual(["'self'", 'https://www.googletagmanager.com']);
        expect(d.get('connect-src'), url).toEqual([
          "'self'",
          'https://www.googletagmanager.com',
          'https://*.google-analytics.com',
          'https://*.analytics.google.com',
        ]);
        expect(d.get('object-src'), url).toEqual(["'none'"]);
      }
      // Another venue, the API and the consoles keep the strict policy.
      for (const url of ['/hotel', '/api/health', '/admin']) {
        const d = csp(await page(ctx, url));
        expect(d.get('script-src'), url).toEqual(["'self'"]);
        expect(d.get('connect-src'), url).toEqual(["'self'"]);
      }
    });

    ctx.test('an Ads tag adds its own hosts; a value that is no tag adds none', async () => {
      const bistro = await ctx.placeId('bistro');
      await setSetting(ctx.db, bistro, 'analytics_tag_id', 'AW-123456789');
      expect(csp(await page(ctx, '/bistro')).get('script-src')).toEqual([
        "'self'",
        'https://www.googletagmanager.com',
        'https://www.googleadservices.com',
        'https://googleads.g.doubleclick.net',
        'https://www.google.com',
      ]);
      for (const value of ['', "https://evil.example 'unsafe-inline'", 'G-1']) {
        await setSetting(ctx.db, bistro, 'analytics_tag_id', value);
        expect(csp(await page(ctx, '/bistro')).get('script-src'), value).toEqual(["'self'"]);
      }
    });
  },
  { env: { WEB_DIST_DIR: FIXTURE_DIST } },
);
