/**
 * The payment calls as an integrator reads them in the OpenAPI document (`GET /api/docs/json`, issue 22), and what
 * their path and query schemas promise when called, through the real app on SQLite and PostgreSQL (demo seed):
 * - every call of payments.routes.ts (the guest's ePay / Redsys / One Touch / booking deposit calls, the One Touch
 *   return address, the providers' notification endpoints) and payment-accounts.routes.ts (the venue's own
 *   accounts) under its tag, with a summary saying what it does, the headers it reads, its answer's schema and the
 *   refusals a client has to handle, by their codes; the admin calls declare the bearer login;
 * - a provider's notification address names the merchant as `client/place` slugs: anything else is refused 400
 *   before any lookup; the One Touch return takes an ID and a ret of at most 40 characters.
 */
import { expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: { pattern?: string; maxLength?: number } }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  responses: Record<
    string,
    {
      description?: string;
      content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown> } }>;
    }
  >;
}
type Method = 'get' | 'post' | 'put' | 'delete';
type Doc = { paths: Record<string, Partial<Record<Method, Operation>>> };

/** Method, path, the fields of its 200 answer, the fields of its body (null: none), phrases of its summary. */
const GUEST_CALLS: [Method, string, string[], string[] | null, string[]][] = [
  [
    'post',
    '/api/epay/initiateEpayOrder',
    ['success', 'red', 'redForm', 'form', 'payment_key'],
    ['orderKey'],
    ['Start an ePay web-checkout attempt', '(new invoice)', '`red` is where the browser goes'],
  ],
  [
    'post',
    '/api/redsys/initiateRedsysOrder',
    ['success', 'red', 'redForm', 'form', 'payment_key'],
    ['orderKey'],
    ['Start a Redsys attempt', 'Bizum when the order method is bizum', 'submit `form` / `redForm` by POST'],
  ],
  [
    'post',
    '/api/bookings/{id}/pay',
    ['success', 'red', 'redForm', 'form', 'payment_key'],
    ['token', 'provider'],
    ["Start paying a pending booking's deposit", '(booking_deposit)', '`red` / `form` as initiateEpayOrder'],
  ],
  [
    'post',
    '/api/epay/initiateEpayOrderOneTouch',
    ['success', 'payload'],
    ['orderKey', 'payment_instrument'],
    ['Pay with a saved instrument (One Touch)', 'the first-card page that saves the card'],
  ],
  [
    'post',
    '/api/epay/linkOneTouchAccount',
    ['success', 'payload'],
    null,
    [
      "Link the user's ePay account (One Touch api/start)",
      "`key` the attempt's secret for completeOneTouchLink",
    ],
  ],
  [
    'post',
    '/api/epay/completeOneTouchLink',
    ['success', 'payload'],
    ['key'],
    ["After ePay's ret=authok", 'code/get → token/get → user/info', '(409 onetouch_link_failed)'],
  ],
  [
    'post',
    '/api/epay/checkPaymentStatus',
    ['success', 'payload'],
    ['orderKey'],
    ["The order's payment state (poll while pending)"],
  ],
  [
    'post',
    '/api/epay/checkPaymentStatusOneTouch',
    ['success', 'payload'],
    ['paymentKey'],
    ['A One Touch payment state', 'asks the provider while pending'],
  ],
  [
    'post',
    '/api/epay/deleteUserPaymentInstrument',
    ['success', 'message', 'payload'],
    ['key'],
    ['Forget a saved instrument', 'new user token (uToken)', "'Успешно изтрит инструмент за плащане'"],
  ],
];

/** The refusals the guest's payment calls document, by status. */
const GUEST_REFUSALS: Record<string, string[]> = {
  '400': ['validation_error', 'payment_method_not_online', 'amount_too_small'],
  '401': ['unauthorized: the token is no longer valid'],
  '403': [
    'payments_module_disabled',
    "card_payment_requires_login: 'За да платите онлайн трябва да сте влезли в акаунта си'",
  ],
  '404': ['order_not_found', 'payment_not_found', 'instrument_not_found', 'unknown_place'],
  '409': ['already_paid', 'order_closed', 'onetouch_link_failed'],
  '503': [
    'payments_not_configured',
    "payment_currency_not_supported: the venue's currency is not one its provider takes",
  ],
};

/** The providers' calls: no tenancy headers, the merchant in the path, a text answer. */
const PROVIDER_CALLS: [Method, string, string[]][] = [
  [
    'get',
    '/api/epay/onetouch/return/{client}/{place}',
    ["The One Touch app's reply address", 'the address the guest paid from (303)'],
  ],
  [
    'post',
    '/api/epay/notify/{client}/{place}',
    [
      'ePay notification (form: encoded, checksum)',
      'INVOICE=…:STATUS=OK|ERR|NO per line',
      'ERR=… for a bad checksum',
    ],
  ],
  [
    'post',
    '/api/redsys/notify/{client}/{place}',
    ['Redsys notification (Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature)'],
  ],
];

/** The venue's account calls (PLACE_ADMIN): method, path, fields of the 200 answer, summary phrases. */
const ACCOUNT_CALLS: [Method, string, string[], string[]][] = [
  [
    'get',
    '/api/admin/payment-accounts',
    ['accounts', 'file_override'],
    ["The place's ePay, One Touch and Redsys accounts", 'whether a secret is set and its last 4'],
  ],
  [
    'put',
    '/api/admin/payment-accounts/{provider}',
    ['provider', 'configured', 'fields', 'secret', 'verified_at'],
    ['Store an account', 'without one the stored secret stays'],
  ],
  ['delete', '/api/admin/payment-accounts/{provider}', ['ok'], ['Forget an account']],
  [
    'post',
    '/api/admin/payment-accounts/{provider}/test',
    ['ok', 'result', 'amount', 'currency', 'detail', 'account'],
    ['Test payment (0.01 €; 0.02 € on ePay)', 'the provider takes the signed request or says why not'],
  ],
];

const ADMIN_REFUSALS: Record<string, string> = {
  '400': 'validation_error',
  '401': 'unauthorized',
  '403': 'role below PLACE_ADMIN',
  '404': 'Unknown client or place',
  '409': 'The change conflicts with other data',
};

const SLUG = '^[A-Za-z0-9_-]{1,100}$';

describeEachDatabase('payments in the OpenAPI document', (ctx) => {
  const doc = async () => (await ctx.get('/api/docs/json')).json() as Doc;
  const op = (d: Doc, method: Method, path: string): Operation => {
    const found = d.paths[path]?.[method];
    expect(found, `${method} ${path}`).toBeDefined();
    return found!;
  };
  const answerFields = (o: Operation, status = '200') =>
    Object.keys(o.responses[status]?.content?.['application/json']?.schema?.properties ?? {});
  const bodyFields = (o: Operation) =>
    o.requestBody ? Object.keys(o.requestBody.content?.['application/json']?.schema?.properties ?? {}) : null;
  const has = (o: Operation, where: string, name: string) =>
    o.parameters?.some((p) => p.in === where && p.name === name) ?? false;

  ctx.test(
    "the guest's payment calls: tag, a summary saying what each does, the place headers, input and answer",
    async () => {
      const d = await doc();
      for (const [method, path, answer, body, phrases] of GUEST_CALLS) {
        const o = op(d, method, path);
        expect(o.tags, path).toEqual(
          path === '/api/bookings/{id}/pay' ? ['payments', 'bookings'] : ['payments'],
        );
        for (const phrase of phrases) expect(o.summary, `${path}: ${phrase}`).toContain(phrase);
        expect(answerFields(o), path).toEqual(answer);
        expect(bodyFields(o), `${path} body`).toEqual(body);
        for (const header of ['client', 'place', 'x-order-token']) {
          expect(has(o, 'header', header), `${path} ${header}`).toBe(true);
        }
        expect(o.security, path).toBeUndefined();
      }
      expect(has(op(d, 'post', '/api/bookings/{id}/pay'), 'path', 'id')).toBe(true);
      const all = [...GUEST_CALLS, ...PROVIDER_CALLS, ...ACCOUNT_CALLS].map(([m, p]) => op(d, m, p).summary);
      expect(new Set(all).size, 'each call says what it does').toBe(all.length);
    },
  );

  ctx.test("each refusal of the guest's calls by its status and codes", async () => {
    const d = await doc();
    for (const [method, path] of GUEST_CALLS) {
      const o = op(d, method, path);
      const booking = path === '/api/bookings/{id}/pay';
      for (const [status, phrases] of Object.entries(GUEST_REFUSALS)) {
        const refusal = o.responses[status];
        expect(refusal?.content?.['application/json']?.schema, `${path} ${status}`).toBeDefined();
        if (booking && (status === '404' || status === '409')) continue;
        for (const phrase of phrases) expect(refusal?.description, `${path} ${status}`).toContain(phrase);
      }
    }
    const pay = op(d, 'post', '/api/bookings/{id}/pay');
    expect(pay.responses['404']?.description).toBe(
      'booking_not_found (unknown id or wrong token), unknown_place',
    );
    expect(pay.responses['409']?.description).toBe(
      'already_paid (confirmed), booking_not_payable (cancelled, seated, …), booking_payment_expired',
    );
    expect(pay.responses['400']?.description).toContain('amount_too_small');
  });

  ctx.test('the deposit call says how it proves the booking and where the guest returns', async () => {
    const o = op(await doc(), 'post', '/api/bookings/{id}/pay');
    for (const phrase of [
      'The link token of the booking',
      'no login',
      'New invoice per call, mapped to the booking (payments.booking_id)',
      'it expires with the booking hold at the latest',
      'confirms the booking and sends its e-mail',
      'marked for refund (payments.refund_status)',
      'Returns to `/{place}/reservations?booking={id}&payment=ok|cancel`.',
    ]) {
      expect(o.description, phrase).toContain(phrase);
    }
  });

  ctx.test(
    "the providers' calls: no tenancy headers, the merchant's slugs in the path, a text answer",
    async () => {
      const d = await doc();
      for (const [method, path, phrases] of PROVIDER_CALLS) {
        const o = op(d, method, path);
        expect(o.tags, path).toEqual(['payments']);
        for (const phrase of phrases) expect(o.summary, `${path}: ${phrase}`).toContain(phrase);
        expect(has(o, 'header', 'client') || has(o, 'header', 'place'), path).toBe(false);
        for (const name of ['client', 'place']) {
          const param = o.parameters?.find((p) => p.in === 'path' && p.name === name);
          expect(param?.schema?.pattern, `${path} ${name}`).toBe(SLUG);
        }
        expect(Object.keys(o.responses), path).toEqual(['200']);
      }
      for (const path of ['/api/epay/notify/{client}/{place}', '/api/redsys/notify/{client}/{place}']) {
        const o = op(d, 'post', path);
        expect(o.responses['200']?.content?.['application/json']?.schema, path).toEqual({ type: 'string' });
        expect(o.requestBody?.content?.['application/json']?.schema, path).toMatchObject({
          type: 'object',
          additionalProperties: { type: 'string' },
        });
      }
      const back = op(d, 'get', '/api/epay/onetouch/return/{client}/{place}');
      for (const name of ['ID', 'ret']) {
        expect(
          back.parameters?.find((p) => p.in === 'query' && p.name === name)?.schema?.maxLength,
          name,
        ).toBe(40);
      }
    },
  );

  ctx.test("the venue's account calls: their tag, the bearer login, answers and refusals", async () => {
    const d = await doc();
    for (const [method, path, answer, phrases] of ACCOUNT_CALLS) {
      const o = op(d, method, path);
      expect(o.tags, path).toEqual(['admin: payment accounts']);
      for (const phrase of phrases) expect(o.summary, `${path}: ${phrase}`).toContain(phrase);
      expect(o.security, path).toEqual([{ bearer: [] }]);
      expect(has(o, 'header', 'client') && has(o, 'header', 'place'), path).toBe(true);
      if (path.includes('{provider}')) expect(has(o, 'path', 'provider'), path).toBe(true);
      expect(answerFields(o), path).toEqual(answer);
      for (const [status, phrase] of Object.entries(ADMIN_REFUSALS)) {
        expect(o.responses[status]?.description, `${path} ${status}`).toContain(phrase);
      }
    }
    expect(bodyFields(op(d, 'put', '/api/admin/payment-accounts/{provider}'))).toEqual(['fields', 'secret']);
  });

  ctx.test('a notification address that is not two slugs is refused 400 before any lookup', async () => {
    const notify = (provider: string, path: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/${provider}/notify/${path}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'encoded=x&checksum=y',
      });
    const long = 'a'.repeat(101);
    for (const provider of ['epay', 'redsys']) {
      for (const path of [
        'demo/bi.stro',
        'demo/bistro.',
        'de.mo/bistro',
        'demo./bistro',
        `demo/${long}`,
        `${long}/bistro`,
      ]) {
        const res = await notify(provider, path);
        expect(res.statusCode, `${provider} ${path}: ${res.body}`).toBe(400);
        expect(res.json(), path).toMatchObject({ code: 'validation_error' });
      }
      // Two slugs of an unknown merchant get past the schema: the provider hears it is not known here.
      const unknown = await notify(provider, `nobody/${'b'.repeat(100)}`);
      expect(unknown.statusCode, unknown.body).not.toBe(400);
    }
    const unknownRedsys = await notify('redsys', 'nobody/nowhere');
    expect(unknownRedsys.statusCode).toBe(404);
    expect(unknownRedsys.body).toBe('Unknown merchant');
  });

  ctx.test('the One Touch return: an ID or ret longer than 40 characters is refused 400', async () => {
    const back = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/epay/onetouch/return/demo/bistro?${query}` });
    for (const query of [`ID=${'1'.repeat(41)}`, `ID=1&ret=${'x'.repeat(41)}`]) {
      const res = await back(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    }
    for (const query of [`ID=${'1'.repeat(40)}&ret=${'x'.repeat(40)}`, 'ID=12345&ret=authok', 'ret=cancel']) {
      const res = await back(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(303);
    }
  });
});
