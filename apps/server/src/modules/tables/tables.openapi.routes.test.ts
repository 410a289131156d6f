/**
 * The table calls as an integrator reads them in the OpenAPI document (`GET /api/docs/json`, issue 22), and what
 * their schemas and options promise when called, through the real app on SQLite and PostgreSQL (demo seed):
 * - every call of tables.routes.ts (QR entry, session check, tables list, change table, bill request, waiter call)
 *   and table-party.routes.ts (the shared cart, its send, the bill and its shares, the staff board's bills and
 *   "mark paid") under its tag, with a summary saying what it does, its answer's schema and each refusal's codes;
 *   the staff calls declare the bearer login;
 * - a body or path that breaks the schema: 400 validation_error naming the field, never a 500 or a guess;
 * - verify_token (unauthenticated, a token oracle): 60 a minute per IP, the 61st → 429 rate_limited with
 *   retry-after, with the API-wide limit off and on;
 * - the staff boards hear of a waiter call, a shared cart sent and a cash share (staff events).
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { expectRetryAfter, nextIp } from '../../../test/accounts.fixtures.ts';
import { orderableDemoProduct } from '../../../test/demo-orders.ts';
import { nextMinute } from '../orders/orders.fixtures.ts';

interface Operation {
  tags?: string[];
  summary?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Doc = { paths: Record<string, Partial<Record<Method, Operation>>> };

const TABLES = 'tables';
const PARTY = 'tables: shared cart and bill';
/** Method, path, tag, success status, whether it takes a body; each with the phrases its summary must carry. */
const CALLS: [Method, string, string, string, boolean, string[]][] = [
  [
    'post',
    '/api/tables/verify_token',
    TABLES,
    '200',
    true,
    ['QR token', '2 h', 'waiters 8 h', "'kiosk' (43800 h)", "'tablet' with a staff login only"],
  ],
  ['post', '/api/tables/verify_session', TABLES, '200', true, ['session is still valid', 'QR token']],
  ['get', '/api/tablesMenu', TABLES, '200', false, ['Active tables and rooms', 'QR tokens are never listed']],
  [
    'post',
    '/api/tables/change_table',
    TABLES,
    '200',
    true,
    ['Move a table session', 'another active table', 'show_change_table', 'for staff'],
  ],
  [
    'put',
    '/api/orders/by_table_session/{token}/bill_wanted',
    TABLES,
    '200',
    true,
    ['Ask for the bill', 'once, after an order', '15 minutes'],
  ],
  [
    'post',
    '/api/user-needs',
    TABLES,
    '201',
    true,
    [
      'Call a waiter',
      'clean_table, new_cutlery, more_napkins, change_ashtray, bring_ice',
      "'other' with a text",
    ],
  ],
  [
    'post',
    '/api/tables/sessions/{token}/guests',
    PARTY,
    '200',
    true,
    ['Join the table’s shared cart', '"Guest N" unless named', 'rename yourself'],
  ],
  [
    'get',
    '/api/tables/sessions/{token}/cart',
    PARTY,
    '200',
    false,
    ['shared cart', 'private lines left out'],
  ],
  [
    'post',
    '/api/tables/sessions/{token}/cart/lines',
    PARTY,
    '201',
    true,
    ['Add a line', 'expected cart version', '409 cart_changed with the cart'],
  ],
  [
    'patch',
    '/api/tables/sessions/{token}/cart/lines/{lineId}',
    PARTY,
    '200',
    true,
    ['quantity', '(0 removes it)', 'private / shared'],
  ],
  [
    'delete',
    '/api/tables/sessions/{token}/cart/lines/{lineId}',
    PARTY,
    '200',
    false,
    ['Remove a line', 'expected cart version'],
  ],
  [
    'post',
    '/api/tables/sessions/{token}/cart/send',
    PARTY,
    '201',
    true,
    ['one spot order, once', '409 cart_changed'],
  ],
  [
    'get',
    '/api/tables/sessions/{token}/bill',
    PARTY,
    '200',
    false,
    ['bill', 'line by line', 'claims, paid and remaining'],
  ],
  [
    'post',
    '/api/tables/sessions/{token}/bill/shares',
    PARTY,
    '201',
    true,
    ['share of the bill', 'items, equal, custom', 'tip', 'cash / card calls the waiter'],
  ],
  [
    'get',
    '/api/staff/table-bills',
    'staff',
    '200',
    false,
    ['Open tables with orders', 'paid / pending / remaining'],
  ],
  [
    'post',
    '/api/staff/bill-shares/{id}/paid',
    'staff',
    '200',
    false,
    ['Mark a cash or card share paid', 'closes when the bill is paid in full'],
  ],
];

/** The refusals each file documents, by status: the codes a client has to handle. */
const TABLE_REFUSALS: Record<string, string[]> = {
  '400': ['Bad input', "'Invalid session'", 'unknown or expired session'],
  '403': ['staff_required', 'kiosk / tablet mode without a staff login', 'change_table_not_allowed'],
  '404': ['Unknown client or place', 'invalid_qr_code', 'invalid_table'],
  '409': ['bill_already_requested', 'create_order_first'],
};
const PARTY_REFUSALS: Record<string, string[]> = {
  '400': [
    "'Invalid session'",
    'invalid_guest_name',
    'private_lines_not_allowed',
    'share_too_small',
    'share_exceeds_remaining',
    'tip_too_high',
    'unknown_bill_line',
    'validation_error',
    "the order call's codes on send",
  ],
  '403': ['unknown_guest (join again)', 'cart_line_not_yours', 'the order call’s 403 codes on send'],
  '404': ['Unknown client or place', 'cart_line_not_found'],
  '409': [
    'cart_changed (with the current cart)',
    'bill_changed (with the current bill)',
    'bill_already_paid',
    'shared_cart_not_available',
  ],
};
const STAFF_REFUSALS: Record<string, string[]> = {
  '401': ['unauthorized'],
  '403': ['forbidden: below WAITER', 'not staff of this place'],
  '404': ['share_not_found'],
  '409': ['share_not_payable', 'pending cash / card share'],
};

/** The same IP's unauthenticated QR guesses: 60 a minute pass (404), the 61st is refused, other IPs go on. */
async function guessTokens(ctx: TestContext): Promise<void> {
  const ip = nextIp();
  const verify = (token: string, from = ip) =>
    ctx.post(
      '/api/tables/verify_token',
      { token, placeSlug: 'bistro' },
      { headers: { 'x-forwarded-for': from } },
    );
  const codes: number[] = [];
  const firstHitAt = Date.now();
  for (let i = 0; i < 60; i++) codes.push((await verify(`guess-${i}`)).statusCode);
  expect(codes.every((c) => c === 404)).toBe(true);
  // Even the right token is refused now.
  const over = await verify('demo-t1');
  expect(over.statusCode, over.body).toBe(429);
  expect(over.json()).toMatchObject({ code: 'rate_limited' });
  expectRetryAfter(over.headers['retry-after'], 60, firstHitAt);
  expect((await verify('demo-t1', nextIp())).statusCode).toBe(200);
}

describeEachDatabase('tables in the OpenAPI document', (ctx) => {
  const doc = async () => (await ctx.get('/api/docs/json')).json() as Doc;
  const op = (d: Doc, method: Method, path: string): Operation => {
    const found = d.paths[path]?.[method];
    expect(found, `${method} ${path}`).toBeDefined();
    return found!;
  };

  ctx.test(
    'every table call: its tag, a summary saying what it does, the schemas of its input and answer',
    async () => {
      const d = await doc();
      for (const [method, path, tag, ok, body, phrases] of CALLS) {
        const o = op(d, method, path);
        expect(o.tags, path).toEqual([tag]);
        for (const phrase of phrases) expect(o.summary, `${path}: ${phrase}`).toContain(phrase);
        const answer = o.responses[ok]?.content?.['application/json']?.schema as
          { type?: string } | undefined;
        expect(answer?.type, `${path} ${ok}`).toBe(path === '/api/tablesMenu' ? 'array' : 'object');
        if (body) expect(o.requestBody?.content?.['application/json']?.schema, `${path} body`).toBeDefined();
        const header = (name: string) => o.parameters?.some((p) => p.in === 'header' && p.name === name);
        expect(header('client') && header('place'), `${path} headers`).toBe(true);
        for (const param of path.match(/\{\w+\}/g) ?? []) {
          expect(
            o.parameters?.some((p) => p.in === 'path' && `{${p.name}}` === param),
            `${path} ${param}`,
          ).toBe(true);
        }
      }
      const summaries = CALLS.map(([method, path]) => op(d, method, path).summary);
      expect(new Set(summaries).size, 'each call says what it does').toBe(CALLS.length);
    },
  );

  ctx.test(
    'the answers: a session, the tables list, the bill request, a waiter call, the cart, the bill',
    async () => {
      const d = await doc();
      const fields = (method: Method, path: string, status: string) => {
        const schema = op(d, method, path).responses[status]?.content?.['application/json']?.schema as
          | { properties?: Record<string, unknown>; items?: { properties?: Record<string, unknown> } }
          | undefined;
        return Object.keys(schema?.properties ?? schema?.items?.properties ?? {});
      };
      for (const path of [
        '/api/tables/verify_token',
        '/api/tables/verify_session',
        '/api/tables/change_table',
      ]) {
        expect(fields('post', path, '200'), path).toEqual(
          expect.arrayContaining(['session', 'token', 'expires', 'table_id']),
        );
      }
      const menu = fields('get', '/api/tablesMenu', '200');
      expect(menu).toEqual(expect.arrayContaining(['id', 'number', 'kind']));
      expect(menu).not.toContain('token');
      expect(fields('put', '/api/orders/by_table_session/{token}/bill_wanted', '200')).toEqual([
        'bill_wanted',
        'expires',
      ]);
      expect(fields('post', '/api/user-needs', '201')).toEqual(['id', 'type', 'status', 'created_at']);
      expect(fields('post', '/api/tables/sessions/{token}/guests', '200')).toEqual(['guest']);
      expect(fields('post', '/api/tables/sessions/{token}/cart/lines', '201')).toContain('version');
      expect(fields('get', '/api/tables/sessions/{token}/bill', '200')).toEqual(
        expect.arrayContaining(['remaining', 'paid']),
      );
      expect(fields('get', '/api/staff/table-bills', '200')).toEqual(['bills']);
      expect(fields('post', '/api/staff/bill-shares/{id}/paid', '200')).toEqual(['bill', 'closed']);
    },
  );

  ctx.test('each refusal by its status and codes; the staff calls need a bearer login', async () => {
    const d = await doc();
    for (const [method, path, tag] of CALLS) {
      const o = op(d, method, path);
      const refusals = tag === TABLES ? TABLE_REFUSALS : tag === PARTY ? PARTY_REFUSALS : STAFF_REFUSALS;
      for (const [status, phrases] of Object.entries(refusals)) {
        const answer = o.responses[status];
        expect(answer?.content?.['application/json']?.schema, `${path} ${status}`).toBeDefined();
        for (const phrase of phrases) expect(answer?.description, `${path} ${status}`).toContain(phrase);
      }
      expect(o.security, path).toEqual(tag === 'staff' ? [{ bearer: [] }] : undefined);
    }
  });

  ctx.test('a body or path that breaks the schema: 400 validation_error naming the field', async () => {
    nextMinute(ctx);
    const s = await ctx.post('/api/tables/verify_token', { token: 'demo-t1', placeSlug: 'bistro' });
    expect(s.statusCode, s.body).toBe(200);
    const session = (s.json() as { session: string }).session;
    const login = await ctx.post('/api/login', { email: 'waiter@demo.test', password: 'demo-waiter' });
    expect(login.statusCode, login.body).toBe(200);
    const waiter = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const party = `/api/tables/sessions/${encodeURIComponent(session)}`;
    const cases: [string, string, unknown, string, Record<string, string>?][] = [
      ['POST', '/api/tables/verify_token', { placeSlug: 'bistro' }, 'token'],
      ['POST', '/api/tables/verify_token', { token: 'demo-t1', placeSlug: 'bistro', mode: 'tv' }, 'mode'],
      ['POST', '/api/tables/verify_session', { token: 'demo-t1', placeSlug: 'bistro' }, 'session'],
      ['POST', '/api/tables/change_table', { session, tableId: 'two' }, 'tableId'],
      [
        'PUT',
        `/api/orders/by_table_session/${encodeURIComponent(session)}/bill_wanted`,
        { paymentMethod: 'x'.repeat(41) },
        'paymentMethod',
      ],
      ['POST', '/api/user-needs', { token: session, type: 'dance' }, 'type'],
      ['POST', `${party}/guests`, { name: 42 }, 'name'],
      ['POST', '/api/staff/bill-shares/abc/paid', undefined, 'id', waiter],
    ];
    for (const [method, url, body, field, headers] of cases) {
      const res = await ctx.request(method as 'POST', url, { body, headers });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json().code, url).toBe('validation_error');
      expect(res.json().message, url).toContain(field);
    }
    // Nothing was asked of the waiters by the refused calls.
    const needs = await ctx.db.selectFrom('user_needs').select('id').where('session', '=', session).execute();
    expect(needs).toEqual([]);
  });

  ctx.test('verify_token: 60 a minute per IP, the 61st → 429 rate_limited (API-wide limit off)', async () => {
    expect(ctx.config.rateLimitPerMinute).toBe(0);
    await guessTokens(ctx);
  });

  /** The staff events of a type stored for the bistro since `after` (the boards read them). */
  const staffEvents = async (type: string, after: number) =>
    (
      await ctx.db
        .selectFrom('staff_events')
        .select(['id', 'data'])
        .where('place_id', '=', await ctx.placeId('bistro'))
        .where('type', '=', type)
        .where('id', '>', after)
        .execute()
    ).map((e) => e.data);
  const lastEvent = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('staff_events')
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirstOrThrow()
      ).max ?? 0,
    );

  ctx.test('a waiter call reaches the staff boards', async () => {
    nextMinute(ctx);
    const after = await lastEvent();
    const s = await ctx.post('/api/tables/verify_token', { token: 'demo-t2', placeSlug: 'bistro' });
    const session = (s.json() as { session: string }).session;
    const need = await ctx.post('/api/user-needs', { token: session, type: 'bring_ice' });
    expect(need.statusCode, need.body).toBe(201);
    const id = (need.json() as { id: number }).id;
    await expect
      .poll(async () => (await staffEvents('user_need.created', after)).some((e) => e.includes(`"id":${id}`)))
      .toBe(true);
  });

  ctx.test('a shared cart sent and a cash share reach the staff boards', async () => {
    nextMinute(ctx);
    const after = await lastEvent();
    const product = await orderableDemoProduct(ctx, 'bistro');
    const s = await ctx.post('/api/tables/verify_token', { token: 'demo-t3', placeSlug: 'bistro' });
    const party = `/api/tables/sessions/${encodeURIComponent((s.json() as { session: string }).session)}`;
    const joined = await ctx.post(`${party}/guests`, { name: 'Ana' });
    expect(joined.statusCode, joined.body).toBe(200);
    const key = (joined.json() as { guest: { guest_key: string } }).guest.guest_key;
    const cart = await ctx.get(`${party}/cart?guest_key=${encodeURIComponent(key)}`);
    const added = await ctx.post(`${party}/cart/lines`, {
      guest_key: key,
      version: (cart.json() as { version: number }).version,
      product_id: product.product_id,
      product_variant_id: product.variant_id,
      quantity: 1,
    });
    expect(added.statusCode, added.body).toBe(201);
    const sent = await ctx.post(`${party}/cart/send`, {
      guest_key: key,
      version: (added.json() as { version: number }).version,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const orderKey = (sent.json() as { order: { key: string } }).order.key;
    await expect
      .poll(async () => (await staffEvents('order.created', after)).some((e) => e.includes(orderKey)))
      .toBe(true);
    const bill = (await ctx.get(`${party}/bill`)).json() as { total: number };
    const share = await ctx.post(`${party}/bill/shares`, {
      guest_key: key,
      mode: 'custom',
      amount: bill.total,
      method: 'cash',
    });
    expect(share.statusCode, share.body).toBe(201);
    await expect
      .poll(async () =>
        (await staffEvents('user_need.created', after)).some((e) => e.includes('"type":"bill"')),
      )
      .toBe(true);
  });
});

describeEachDatabase(
  'tables: verify_token limit with the API-wide limit on',
  (ctx) => {
    ctx.test('60 a minute per IP on verify_token, the 61st → 429 rate_limited', async () => {
      expect(ctx.config.rateLimitPerMinute).toBe(1000);
      await guessTokens(ctx);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '1000' } },
);
