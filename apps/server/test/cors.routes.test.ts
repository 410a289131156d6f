/**
 * CORS for a front end on another origin (issue 25): CORS_ORIGINS allows exactly the listed origins; a preflight
 * for the spec's headers (client, place, authorization) and the order-token header answers 204 for them and
 * carries no allow headers for anybody else. Without CORS_ORIGINS nothing is allowed cross-origin.
 */
import { expect } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { describeEachDatabase } from './harness.ts';

const ALLOWED = 'https://menu.example.com';

const preflight = (origin: string) => ({
  method: 'OPTIONS' as const,
  url: '/api/products?active=1',
  headers: {
    origin,
    'access-control-request-method': 'GET',
    'access-control-request-headers': 'client,place,authorization,x-order-token',
  },
});

describeEachDatabase(
  'CORS with CORS_ORIGINS',
  (ctx) => {
    ctx.test('a preflight from an allowed origin answers 204 with the spec headers allowed', async () => {
      const res = await ctx.app.inject(preflight(ALLOWED));
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
      const allowed = String(res.headers['access-control-allow-headers'])
        .split(',')
        .map((h) => h.trim());
      for (const h of ['client', 'place', 'authorization', 'x-order-token']) expect(allowed).toContain(h);
    });

    ctx.test(
      'a preflight from another origin is not allowed (no allow-origin: the browser refuses)',
      async () => {
        const res = await ctx.app.inject(preflight('https://evil.example.net'));
        expect(res.statusCode).toBeLessThan(500);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      },
    );

    ctx.test('the real call from an allowed origin is readable; the menu answers as usual', async () => {
      const res = await ctx.get('/api/products?active=1', { headers: { origin: ALLOWED } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
      const other = await ctx.get('/api/products?active=1', {
        headers: { origin: 'https://evil.example.net' },
      });
      expect(other.statusCode).toBe(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  },
  { env: { CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` } },
);

describeEachDatabase('CORS without CORS_ORIGINS', (ctx) => {
  ctx.test('no origin is allowed by default', async () => {
    const res = await ctx.app.inject(preflight(ALLOWED));
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describeEachDatabase('CORS_ORIGINS validation', (ctx) => {
  ctx.test('anything but scheme://host[:port] origins is a one-line configuration error', () => {
    for (const bad of ['*', 'menu.example.com', 'https://menu.example.com/path', 'ftp://x.example']) {
      expect(() => loadConfig({ ...process.env, CORS_ORIGINS: bad, DATA_DIR: ctx.dataDir }), bad).toThrow(
        /CORS_ORIGINS/,
      );
    }
    expect(
      loadConfig({
        ...process.env,
        CORS_ORIGINS: 'https://a.example, http://b.example:8080/',
        DATA_DIR: ctx.dataDir,
      }).corsOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
  });
});
