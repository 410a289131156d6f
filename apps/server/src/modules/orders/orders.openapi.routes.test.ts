/**
 * The order calls as an integrator reads them in the OpenAPI document (`GET /api/docs/json`, issue 22), and what
 * their schemas and options promise when called, through the real app on SQLite and PostgreSQL:
 * - every call of orders.routes.ts (the five order types, the pickup places, the promo preview, the session's
 *   orders, the tracking page) under the `orders` tag, with a summary saying what it does, the client and place
 *   headers, its body, path and query schemas, its answer's schema and each refusal's codes;
 * - a call without its place: 400 missing_place, the call is the venue's;
 * - a body, path or query that breaks the schema: 400 validation_error naming the field, never a 500 or a guess;
 * - the promo preview (codes can be guessed): 30 a minute per IP, the 31st → 429 rate_limited, with the API-wide
 *   limit off.
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { nextIp } from '../../../test/accounts.fixtures.ts';
import type { DialectName } from '../../db/database.ts';
import {
  CLIENT,
  GUEST_CONTACT,
  cartLine,
  guestOrderCalls,
  ownMinuteEachTest,
  seedOrderFixture,
  type OrderFixture,
} from './orders.fixtures.ts';

interface Operation {
  tags?: string[];
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  responses: Record<
    string,
    {
      description?: string;
      content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown> } }>;
    }
  >;
}
type Method = 'get' | 'post';
type Doc = { paths: Record<string, Partial<Record<Method, Operation>>> };

/** Method, path, success status, the body's telling field (none: no body), the query's, and the summary's phrases. */
const CALLS: [Method, string, string, string | null, string | null, string[]][] = [
  ['post', '/api/orders', '201', 'session', null, ['Spot (table) order', 'table session', '55 s']],
  [
    'post',
    '/api/orders/delivery',
    '201',
    'client_address',
    't',
    ['Delivery order', 'zone by region, radius or shape', 'minimal_order_price'],
  ],
  ['post', '/api/orders/preorder', '201', 'pickup_time', null, ['Pickup / preorder']],
  [
    'post',
    '/api/orders/room',
    '201',
    'room_number',
    null,
    ['Room service', "the room number comes from the token's room session"],
  ],
  ['post', '/api/orders/served-on-spot', '201', 'client_address', null, ['Served-on-spot order']],
  [
    'get',
    '/api/pickup-places',
    '200',
    null,
    null,
    ["The client's active places offering pickup", 'order type 3', 'pickup venue picker'],
  ],
  [
    'post',
    '/api/promo-codes/check',
    '200',
    'code',
    null,
    [
      'Preview a promo code',
      'found false when unknown, expired or used up',
      'The order call checks it again',
    ],
  ],
  [
    'get',
    '/api/orders/by_table_session/{token}',
    '200',
    null,
    'timestamp',
    ["The session's orders", 'lines and status history', "'Invalid session' when unknown or expired"],
  ],
  [
    'get',
    '/api/orders/track/{trackingToken}',
    '200',
    null,
    null,
    [
      "One order as its guest's tracking page shows it",
      'short number, status with history, requested time, total',
      'tracking token',
      '404 order_not_found',
    ],
  ],
];

/** The refusals every order call documents, by status: the codes a client has to handle. */
const REFUSALS: Record<string, string[]> = {
  '400': [
    'invalid_order_data (errors: field codes)',
    'noProductsToInsert',
    'invalid_products_for_place (ids)',
    'inactiveProductsIds (ids, variant_ids, names)',
    'inactiveProductIngredientsIds (ids, ingredient_ids)',
    'product_not_orderable',
    'min_/max_count_addable_ingredients_reached',
    'invalid_delivery_shape',
    'min_order_price_for_radius_not_fulfilled (min_order_price, missing)',
    'invalid_promo_code',
    'order_amount_too_large (a line over 10 000.00 or an order over 50 000.00)',
    "'Invalid session'",
  ],
  '403': ['orders_not_allowed', 'anon_user_banned', 'card_payment_requires_login'],
  '404': ['Unknown client or place', 'order_not_found (a tracking key unknown here)'],
  '409': ['too_mony_orders_for_session_in_x_seconds', 'the same order was just stored'],
};

const fixtures = new Map<DialectName, OrderFixture>();

describeEachDatabase(
  'orders in the OpenAPI document',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    const minute = ownMinuteEachTest(ctx);
    const doc = async () => (await ctx.get('/api/docs/json')).json() as Doc;
    const op = (d: Doc, method: Method, path: string): Operation => {
      const found = d.paths[path]?.[method];
      expect(found, `${method} ${path}`).toBeDefined();
      return found!;
    };

    ctx.test(
      'every order call: its tag, a summary saying what it does, its input and answer schemas',
      async () => {
        const d = await doc();
        for (const [method, path, ok, bodyField, queryField, phrases] of CALLS) {
          const o = op(d, method, path);
          expect(o.tags, path).toEqual(['orders']);
          for (const phrase of phrases) expect(o.summary, `${path}: ${phrase}`).toContain(phrase);
          const answer = o.responses[ok]?.content?.['application/json']?.schema;
          expect(answer, `${path} ${ok}`).toBeDefined();
          if (path !== '/api/promo-codes/check') {
            expect(answer?.type, `${path} ${ok}`).toBe(path === '/api/pickup-places' ? 'array' : 'object');
          }
          const body = o.requestBody?.content?.['application/json']?.schema;
          if (bodyField) expect(Object.keys(body?.properties ?? {}), `${path} body`).toContain(bodyField);
          else expect(body, `${path} body`).toBeUndefined();
          const param = (where: string, name: string) =>
            o.parameters?.some((p) => p.in === where && p.name === name) ?? false;
          expect(param('header', 'client') && param('header', 'place'), `${path} headers`).toBe(true);
          if (queryField) expect(param('query', queryField), `${path} query`).toBe(true);
          for (const name of path.match(/\{(\w+)\}/g) ?? []) {
            expect(param('path', name.slice(1, -1)), `${path} ${name}`).toBe(true);
          }
        }
        const summaries = CALLS.map(([method, path]) => op(d, method, path).summary);
        expect(new Set(summaries).size, 'each call says what it does').toBe(CALLS.length);
      },
    );

    ctx.test(
      'the answers: the stored order, the pickup places, the orders of a session, the tracking',
      async () => {
        const d = await doc();
        const fields = (method: Method, path: string, status: string) =>
          Object.keys(
            op(d, method, path).responses[status]?.content?.['application/json']?.schema?.properties ?? {},
          );
        for (const [method, path, ok] of CALLS.slice(0, 5)) {
          expect(fields(method, path, ok), path).toEqual(
            expect.arrayContaining(['token', 'key', 'totalPrice', 'ppResp', 'number', 'tracking_token']),
          );
        }
        const places = op(d, 'get', '/api/pickup-places').responses['200']?.content?.['application/json']
          ?.schema as { items?: { properties?: Record<string, unknown> } } | undefined;
        expect(Object.keys(places?.items?.properties ?? {})).toEqual(
          expect.arrayContaining(['id', 'slug', 'name']),
        );
        expect(fields('get', '/api/orders/by_table_session/{token}', '200')).toContain('orders');
        expect(fields('get', '/api/orders/track/{trackingToken}', '200')).toEqual(
          expect.arrayContaining(['number', 'status', 'statuses', 'requested_time']),
        );
      },
    );

    ctx.test('each refusal by its status and codes', async () => {
      const d = await doc();
      for (const [method, path] of CALLS) {
        const o = op(d, method, path);
        for (const [status, phrases] of Object.entries(REFUSALS)) {
          const answer = o.responses[status];
          expect(
            answer?.content?.['application/json']?.schema?.properties,
            `${path} ${status}`,
          ).toHaveProperty('message');
          for (const phrase of phrases) expect(answer?.description, `${path} ${status}`).toContain(phrase);
        }
      }
    });

    ctx.test('a call without its place: 400 missing_place, nothing stored', async () => {
      const body = {
        ...GUEST_CONTACT,
        products: [cartLine(fx().salad.id, fx().salad.variant, minute())],
        token: null,
        order_comment: null,
        pickup_time: '',
        promo_code: null,
      };
      const before = await ctx.db.selectFrom('orders').select('id').execute();
      for (const [method, url] of [
        ['POST', '/api/orders/preorder'],
        ['GET', '/api/pickup-places'],
        ['POST', '/api/promo-codes/check'],
        ['GET', `/api/orders/track/${'x'.repeat(24)}`],
      ] as const) {
        const res = await ctx.request(method, url, {
          client: CLIENT,
          place: null,
          body: method === 'POST' ? { ...body, promo_code: 'WELCOME10' } : undefined,
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().code, url).toBe('missing_place');
      }
      expect(await ctx.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
    });

    ctx.test(
      'a body, path or query that breaks the schema: 400 validation_error naming the field',
      async () => {
        const { post } = guestOrderCalls(ctx);
        const line = [cartLine(fx().salad.id, fx().salad.variant, minute())];
        const guest = { ...GUEST_CONTACT, token: null, order_comment: null, promo_code: null };
        const cases: [string, string, unknown, string][] = [
          ['POST', '/api/orders', { session: 42, products: line, order_comment: null }, 'session'],
          ['POST', '/api/orders/delivery', { ...guest, products: 'soup', delivery_time: '' }, 'products'],
          ['POST', '/api/orders/preorder', { ...guest, products: line, pickup_time: 7 }, 'pickup_time'],
          ['POST', '/api/orders/room', { ...guest, products: line, room_number: { no: 1 } }, 'room_number'],
          [
            'POST',
            '/api/orders/served-on-spot',
            { ...guest, products: line, client_address: 5 },
            'client_address',
          ],
          ['POST', '/api/promo-codes/check', { products: line }, 'code'],
        ];
        for (const [, url, body, field] of cases) {
          const res = await post(url, body);
          expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
          expect(res.json().code, url).toBe('validation_error');
          expect(res.json().message, url).toContain(field);
        }
        const query = await post(`/api/orders/delivery?t=${'9'.repeat(41)}`, {
          ...guest,
          products: line,
          delivery_time: '',
        });
        expect(query.statusCode, query.body).toBe(400);
        expect(query.json().code).toBe('validation_error');
        expect(query.json().message).toContain('t');
        const orders = await ctx.request(
          'GET',
          `/api/orders/by_table_session/abc?timestamp=${'9'.repeat(41)}`,
          {
            client: CLIENT,
            place: 'bistro',
          },
        );
        expect(orders.statusCode, orders.body).toBe(400);
        expect(orders.json().code).toBe('validation_error');
      },
    );

    ctx.test(
      'the promo preview: 30 a minute per IP, the 31st → 429 rate_limited (API-wide limit off)',
      async () => {
        expect(ctx.config.rateLimitPerMinute).toBe(0);
        const ip = nextIp();
        const check = (from = ip) =>
          ctx.post(
            '/api/promo-codes/check',
            { code: `GUESS${from}`, products: [cartLine(fx().salad.id, fx().salad.variant, 1)] },
            { client: CLIENT, place: 'bistro', headers: { 'x-forwarded-for': from } },
          );
        const codes: number[] = [];
        for (let i = 0; i < 30; i++) codes.push((await check()).statusCode);
        expect(codes.every((c) => c === 200)).toBe(true);
        const over = await check();
        expect(over.statusCode, over.body).toBe(429);
        expect(over.json()).toMatchObject({ code: 'rate_limited' });
        expect((await check(nextIp())).statusCode).toBe(200);
      },
    );
  },
  {
    setup: async (db, dialect) => {
      fixtures.set(dialect, await seedOrderFixture(db));
    },
  },
);
