/**
 * GET /api/geocode/reverse against a fake Nominatim on 127.0.0.1 started by this file (never the internet): the
 * address in the asked language, nothing found, a provider failing / answering junk / too slow (never a 5xx), bad
 * points refused, answers cached, the per-IP limit; off without GEOCODER_URL.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { addressFromNominatim, createReverseGeocoder } from './geocoder.ts';
import { GEOCODE_PER_MINUTE } from './geocode.routes.ts';

const seen: URL[] = [];
const agents: (string | undefined)[] = [];
const fake = createServer((req: IncomingMessage, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  seen.push(url);
  agents.push(req.headers['user-agent']);
  const lat = Number(url.searchParams.get('lat'));
  const send = (status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };
  if (url.pathname !== '/reverse') return send(404, '{}');
  if (lat === 10) return send(200, JSON.stringify({ error: 'Unable to geocode' }));
  if (lat === 20) return send(503, '{}');
  if (lat === 30) return send(200, 'not json');
  if (lat === 40) return void setTimeout(() => send(200, '{}'), 3_000);
  const lang = url.searchParams.get('accept-language');
  send(
    200,
    JSON.stringify({
      display_name: 'whole display name',
      address: {
        road: lang === 'en' ? 'Vitosha Boulevard' : 'бул. Витоша',
        house_number: '12',
        postcode: '1000',
        city: lang === 'en' ? 'Sofia' : 'София',
      },
    }),
  );
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

describeEachDatabase(
  'reverse geocoding',
  (ctx) => {
    ctx.test('the address at the pin, in the asked language, from the provider', async () => {
      const res = await ctx.get('/api/geocode/reverse?lat=42.6951&lng=23.3219&lang=en');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        status: 'ok',
        address: 'Vitosha Boulevard 12, Sofia',
        street: 'Vitosha Boulevard',
        number: '12',
        postal_code: '1000',
      });
      const asked = seen.at(-1)!;
      expect(asked.searchParams.get('format')).toBe('jsonv2');
      expect(asked.searchParams.get('lon')).toBe('23.321900');
      expect(agents.at(-1)).toMatch(/^Trapeza \(/);
      // Without lang: the guest's language header.
      const bg = await ctx.get('/api/geocode/reverse?lat=42.6952&lng=23.3219', { headers: { lang: 'bg' } });
      expect(bg.json()).toMatchObject({
        status: 'ok',
        address: 'бул. Витоша 12, София',
        street: 'бул. Витоша',
      });
    });

    ctx.test('a point asked again is answered from the cache', async () => {
      const before = seen.length;
      await ctx.get('/api/geocode/reverse?lat=42.69601&lng=23.3219&lang=en');
      await ctx.get('/api/geocode/reverse?lat=42.696012&lng=23.3219&lang=en');
      expect(seen.length - before).toBe(1);
    });

    ctx.test('nothing found, a failing, junk or slow provider: a status, never a 5xx', async () => {
      for (const [lat, status] of [
        [10, 'not_found'],
        [20, 'unavailable'],
        [30, 'unavailable'],
      ] as const) {
        const res = await ctx.get(`/api/geocode/reverse?lat=${lat}&lng=1`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status, address: null, street: null, number: null, postal_code: null });
      }
    });

    ctx.test('bad points are refused with 400', async () => {
      for (const q of ['lat=91&lng=0', 'lat=0&lng=-181', 'lat=abc&lng=1', 'lng=1', 'lat=1&lng=1&lang=xx']) {
        const res = await ctx.get(`/api/geocode/reverse?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().code).toBe('validation_error');
      }
    });

    ctx.test('more than the per-minute limit from one address: 429 rate_limited', async () => {
      let last = 0;
      for (let i = 0; i <= GEOCODE_PER_MINUTE; i++) {
        last = (await ctx.get(`/api/geocode/reverse?lat=42.7&lng=${23 + i / 1000}`)).statusCode;
        if (last === 429) break;
      }
      expect(last).toBe(429);
    });
  },
  { env: { GEOCODER_URL: fakeUrl }, seed: false },
);

describe('createReverseGeocoder', () => {
  it('is off without a URL and never calls out', async () => {
    let called = false;
    const off = createReverseGeocoder({
      url: null,
      userAgent: 'x',
      fetch: (() => {
        called = true;
        throw new Error('no');
      }) as typeof fetch,
    });
    expect(await off.reverse(42, 23, 'bg')).toMatchObject({ status: 'off', address: null });
    expect(called).toBe(false);
  });

  it('gives up on a slow provider after its time-out', async () => {
    const slow = createReverseGeocoder({ url: `${fakeUrl}/reverse`, userAgent: 'x', timeoutMs: 200 });
    const started = Date.now();
    expect(await slow.reverse(40, 1, 'bg')).toMatchObject({ status: 'unavailable', address: null });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('shortens an answer to street, number and town; else the display name', () => {
    expect(addressFromNominatim({ address: { pedestrian: 'Пешеходна', town: 'Банкя' } })).toBe(
      'Пешеходна, Банкя',
    );
    expect(addressFromNominatim({ display_name: 'Somewhere, Bulgaria', address: {} })).toBe(
      'Somewhere, Bulgaria',
    );
    expect(addressFromNominatim({ address: {} })).toBeNull();
  });
});
