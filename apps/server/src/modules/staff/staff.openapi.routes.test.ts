/**
 * The staff console's API as an integrator reads it in the OpenAPI document (`GET /api/docs/json`, issue 22), on
 * SQLite and PostgreSQL: every call of staff.routes.ts (the board, statuses and tables of orders, waiter calls,
 * barred devices, the three event streams, tables, rooms, halls and QR codes) under its tag, with a summary saying
 * what it does, the bearer login (the guest's streams need none), the tenancy headers it reads (required, or
 * optional where an EventSource passes `?client=&place=`), the schema of its answer and each refusal by its codes;
 * the streams describe the Server-Sent Events protocol (resume, ready, reset, ping) and how they authenticate.
 * The document is built when the app boots, so a call left undocumented is found here and nowhere else.
 */
import { expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: { type?: string; enum?: string[]; default?: unknown; items?: { type?: string } };
}
interface Schema {
  type?: string;
  properties?: Record<string, unknown>;
  items?: { properties?: Record<string, unknown> };
}
interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}
type Method = 'get' | 'post' | 'patch';
type Doc = { paths: Record<string, Partial<Record<Method, Operation>>> };

const STAFF = 'staff';
const TABLES = 'staff: tables';
/** A JSON answer: its status, whether a list or an object, and the fields an integrator reads first. */
type Answer = [status: string, type: 'array' | 'object', fields: string[]];
const ORDER: Answer = [
  '200',
  'object',
  ['id', 'key', 'number', 'type', 'status', 'next_statuses', 'lines', 'price'],
];
const TABLE_FIELDS = ['id', 'number', 'kind', 'seats', 'hall_id', 'hall_name', 'active', 'token', 'qr_url'];
const HALL_FIELDS = ['id', 'name', 'active'];

/** Method, path, tag, the phrases its summary must carry, its JSON answer (none for a stream or a file). */
const CALLS: [Method, string, string, string[], Answer | null][] = [
  [
    'get',
    '/api/staff/orders',
    STAFF,
    ['The board', 'orders of the place, newest first', 'status, type, day or period'],
    ['200', 'object', ['orders', 'last_event_id']],
  ],
  ['get', '/api/staff/orders/{id}', STAFF, ['One order as the board shows it'], ORDER],
  [
    'patch',
    '/api/staff/orders/{id}/status',
    STAFF,
    ['Move the order to its next status', 'transition table', 'next_statuses', 'rejecting needs a reason'],
    ORDER,
  ],
  [
    'patch',
    '/api/staff/orders/{id}/table',
    STAFF,
    ['Set, change (or with null clear) the table or room of an order', 'waiters'],
    ORDER,
  ],
  [
    'get',
    '/api/staff/user-needs',
    STAFF,
    ['Waiter calls and bill requests', "(type 'bill', text = payment method)", 'newest first'],
    ['200', 'object', ['user_needs', 'last_event_id']],
  ],
  [
    'patch',
    '/api/staff/user-needs/{id}',
    STAFF,
    ['Mark a waiter call or bill request done', '(idempotent)'],
    ['200', 'object', ['id', 'type', 'text', 'status', 'table', 'created_at', 'done_at']],
  ],
  [
    'get',
    '/api/staff/devices/blocked',
    STAFF,
    ['Devices barred from ordering here'],
    ['200', 'array', ['device_id', 'created_at', 'last_order']],
  ],
  [
    'post',
    '/api/staff/devices/block',
    STAFF,
    ['Bar a device', "the order's device_id", 'anon_user_banned'],
    ['200', 'object', ['device_id', 'blocked']],
  ],
  [
    'post',
    '/api/staff/devices/unblock',
    STAFF,
    ['Let a barred device order again', '(idempotent)'],
    ['200', 'object', ['device_id', 'blocked']],
  ],
  [
    'get',
    '/api/staff/events',
    STAFF,
    [
      'Live board events',
      'order.created, order.status_changed, order.table_changed, order.payment_changed',
      'user_need.created, user_need.done, feedback.created',
    ],
    null,
  ],
  [
    'get',
    '/api/orders/by_table_session/{token}/events',
    'orders',
    ["The guest's order statuses live", 'with key, type, status, at, reason', 'the polling call stays'],
    null,
  ],
  [
    'get',
    '/api/orders/track/{trackingToken}/events',
    'orders',
    [
      "One order's status live for its tracking page",
      'order.status_changed with key, type, status, at, reason',
    ],
    null,
  ],
  [
    'get',
    '/api/staff/tables',
    TABLES,
    ['Tables and rooms with their QR token and URL', 'include_inactive=1'],
    ['200', 'array', TABLE_FIELDS],
  ],
  [
    'post',
    '/api/staff/tables',
    TABLES,
    ['Add a table or room', 'fresh QR token', 'unique per kind'],
    ['201', 'object', TABLE_FIELDS],
  ],
  [
    'patch',
    '/api/staff/tables/{id}',
    TABLES,
    ['Rename, change kind, seats or hall', 'deactivate (its QR code stops working) or reactivate'],
    ['200', 'object', TABLE_FIELDS],
  ],
  [
    'post',
    '/api/staff/tables/{id}/regenerate-token',
    TABLES,
    ['New QR token', 'the old QR code stops working at once (reprint it)'],
    ['200', 'object', TABLE_FIELDS],
  ],
  [
    'get',
    '/api/staff/tables/{id}/qr.svg',
    TABLES,
    ["The table's QR code (image/svg+xml)", '`{public URL}/{place}/t/{token}`'],
    null,
  ],
  [
    'get',
    '/api/staff/tables/qr-sheet.pdf',
    TABLES,
    ['Printable A4 sheet (application/pdf)', 'six to a page', 'ids=… for some, else every active one'],
    null,
  ],
  ['get', '/api/staff/halls', TABLES, ['Halls (areas) tables belong to'], ['200', 'array', HALL_FIELDS]],
  ['post', '/api/staff/halls', TABLES, ['Add a hall'], ['201', 'object', HALL_FIELDS]],
  [
    'patch',
    '/api/staff/halls/{id}',
    TABLES,
    ['Rename or (de)activate a hall'],
    ['200', 'object', HALL_FIELDS],
  ],
];

const STREAMS = [
  '/api/staff/events',
  '/api/orders/by_table_session/{token}/events',
  '/api/orders/track/{trackingToken}/events',
];
const GUEST_STREAMS = STREAMS.slice(1);

/** The refusals every non-stream staff call documents, by status: the codes a client has to handle. */
const REFUSALS: Record<string, string[]> = {
  '400': ['Bad input (validation_error)', 'reason_required to reject without a reason'],
  '401': ['unauthorized: no, expired or revoked token'],
  '403': ['forbidden: role below the required one (spec §6)', 'not a staff member of this place'],
  '404': ['Unknown client or place', 'order_not_found, table_not_found, hall_not_found, user_need_not_found'],
  '409': [
    'illegal_status_transition (from, to, allowed)',
    'status_conflict (changed meanwhile)',
    'table_number_taken',
  ],
};

/** The stream protocol, one phrase of each of its sentences (the guest's streams share all but the login). */
const STREAM_PHRASES = [
  'Server-Sent Events (text/event-stream). Each event has `id` (increasing), `event` (the name) and `data` (JSON).',
  'Resume: the browser resends the last id in the Last-Event-ID header on reconnect',
  '(or pass `?last_event_id=` on a first connection, e.g. the `last_event_id` of the list you just loaded)',
  'the events after it are sent first, each once.',
  'A `ready` event follows the catch-up; `reset` means the history was pruned: reload the lists.',
  '`: ping` comments every 15 s.',
];

describeEachDatabase('staff calls in the OpenAPI document', (ctx) => {
  const doc = async () => {
    const res = await ctx.get('/api/docs/json', { client: null, place: null });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Doc;
  };
  const op = (d: Doc, method: Method, path: string): Operation => {
    const found = d.paths[path]?.[method];
    expect(found, `${method} ${path}`).toBeDefined();
    return found!;
  };
  const param = (o: Operation, where: string, name: string) =>
    o.parameters?.find((p) => p.in === where && p.name === name);

  ctx.test('every staff call: its tag, a summary saying what it does, the schema of its answer', async () => {
    const d = await doc();
    for (const [method, path, tag, phrases, answer] of CALLS) {
      const o = op(d, method, path);
      expect(o.tags, path).toEqual([tag]);
      for (const phrase of phrases) expect(o.summary, `${path}: ${phrase}`).toContain(phrase);
      const ok = Object.keys(o.responses).filter((s) => s.startsWith('2'));
      if (!answer) {
        // A stream or a file: no JSON schema to promise.
        expect(ok, path).toEqual(['200']);
        expect(o.responses['200']?.content, path).toBeUndefined();
        continue;
      }
      const [status, type, fields] = answer;
      expect(ok, path).toEqual([status]);
      const schema = o.responses[status]?.content?.['application/json']?.schema;
      expect(schema?.type, `${path} ${status}`).toBe(type);
      const props = Object.keys(schema?.properties ?? schema?.items?.properties ?? {});
      expect(props, `${path} ${status}`).toEqual(expect.arrayContaining(fields));
    }
    const summaries = CALLS.map(([method, path]) => op(d, method, path).summary);
    expect(new Set(summaries).size, 'each call says what it does').toBe(CALLS.length);
  });

  ctx.test('the bodies and queries the calls read', async () => {
    const d = await doc();
    const body = (method: Method, path: string) =>
      Object.keys(op(d, method, path).requestBody?.content?.['application/json']?.schema?.properties ?? {});
    const query = (method: Method, path: string) =>
      (op(d, method, path).parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(body('patch', '/api/staff/orders/{id}/status')).toEqual(['status', 'reason']);
    expect(body('patch', '/api/staff/orders/{id}/table')).toEqual(['tableId']);
    expect(body('patch', '/api/staff/user-needs/{id}')).toEqual(['status']);
    expect(body('post', '/api/staff/devices/block')).toEqual(['deviceId']);
    expect(body('post', '/api/staff/devices/unblock')).toEqual(['deviceId']);
    expect(body('post', '/api/staff/tables')).toEqual(['number', 'kind', 'seats', 'hallId']);
    expect(body('patch', '/api/staff/tables/{id}')).toEqual(['number', 'kind', 'seats', 'hallId', 'active']);
    expect(body('post', '/api/staff/halls')).toEqual(['name']);
    expect(body('patch', '/api/staff/halls/{id}')).toEqual(['name', 'active']);
    for (const [method, path] of [
      ['get', '/api/staff/orders/{id}'],
      ['get', '/api/staff/user-needs'],
      ['get', '/api/staff/tables'],
      ['post', '/api/staff/tables/{id}/regenerate-token'],
    ] as const)
      expect(op(d, method, path).requestBody, path).toBeUndefined();

    expect(query('get', '/api/staff/orders')).toEqual(
      expect.arrayContaining(['status', 'type', 'date', 'from', 'to', 'table_id', 'before_id', 'limit']),
    );
    expect(query('get', '/api/staff/user-needs')).toEqual(['status', 'limit']);
    const inactive = param(op(d, 'get', '/api/staff/tables'), 'query', 'include_inactive');
    expect(inactive?.schema).toMatchObject({ enum: ['0', '1'], default: '0' });
    const sheet = op(d, 'get', '/api/staff/tables/qr-sheet.pdf');
    expect(param(sheet, 'query', 'ids')?.schema?.type).toBe('array');
    expect(param(sheet, 'query', 'lang')?.schema).toMatchObject({
      enum: ['bg', 'en', 'es', 'de', 'fr-CH'],
      default: 'bg',
    });
    // The board's stream takes the login as ?access_token= (EventSource sends no header); the guests' do not.
    expect(query('get', '/api/staff/events')).toEqual(['client', 'place', 'access_token', 'last_event_id']);
    for (const path of GUEST_STREAMS)
      expect(query('get', path), path).toEqual(['client', 'place', 'last_event_id']);
    // Ids in the path: positive integers; the streams' keys: strings.
    for (const [method, path] of CALLS) {
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        const p = param(op(d, method, path), 'path', name.slice(1, -1));
        expect(p?.required, `${path} ${name}`).toBe(true);
        expect(p?.schema?.type, `${path} ${name}`).toBe(name === '{id}' ? 'integer' : 'string');
      }
    }
  });

  ctx.test(
    'the login and the tenancy headers: required, or optional where the query may carry them',
    async () => {
      const d = await doc();
      for (const [method, path] of CALLS) {
        const o = op(d, method, path);
        const guest = GUEST_STREAMS.includes(path);
        expect(o.security, path).toEqual(guest ? undefined : [{ bearer: [] }]);
        const stream = STREAMS.includes(path);
        for (const name of ['client', 'place']) {
          const header = param(o, 'header', name);
          expect(header?.description, `${path} ${name}`).toMatch(/slug or id/);
          expect(header?.required, `${path} ${name}`).toBe(!stream);
        }
        expect(param(o, 'header', 'last-event-id')?.description, path).toBe(
          path === '/api/staff/events' ? 'Sent by EventSource on reconnect' : undefined,
        );
      }
    },
  );

  ctx.test('every refusal of the JSON calls by its status and codes', async () => {
    const d = await doc();
    for (const [method, path, , , answer] of CALLS) {
      const o = op(d, method, path);
      if (STREAMS.includes(path) || !answer) {
        expect(Object.keys(o.responses), path).toEqual(['200']);
        continue;
      }
      for (const [status, phrases] of Object.entries(REFUSALS)) {
        const refusal = o.responses[status];
        expect(
          refusal?.content?.['application/json']?.schema?.properties,
          `${path} ${status}`,
        ).toHaveProperty('code');
        for (const phrase of phrases) expect(refusal?.description, `${path} ${status}`).toContain(phrase);
      }
    }
    // The file calls refuse too, but as JSON errors of the app, not documented: checked where they are called.
  });

  ctx.test('the streams describe the protocol and how each one authenticates', async () => {
    const d = await doc();
    const board = op(d, 'get', '/api/staff/events').description ?? '';
    for (const phrase of STREAM_PHRASES) expect(board).toContain(phrase);
    expect(board).toContain(
      ' Auth: `Authorization: Bearer …` or, for EventSource, `?access_token=` (keep such URLs out of logs and shared links); likewise `?client=&place=` instead of the tenancy headers.',
    );
    expect(board.endsWith('instead of the tenancy headers.')).toBe(true);
    const session = op(d, 'get', '/api/orders/by_table_session/{token}/events').description ?? '';
    const tracking = op(d, 'get', '/api/orders/track/{trackingToken}/events').description ?? '';
    for (const guest of [session, tracking]) {
      for (const phrase of STREAM_PHRASES) expect(guest).toContain(phrase);
      expect(guest).not.toContain('Auth:');
      expect(guest).not.toContain('access_token');
      expect(guest.startsWith('Server-Sent Events')).toBe(true);
    }
    expect(session).toContain(
      "`: ping` comments every 15 s. No login: the order token (table session) is the key; an unknown or expired one answers 400 'Invalid session' before the stream starts.",
    );
    expect(tracking).toContain(
      "`: ping` comments every 15 s. No login: the tracking key is the key; an unknown one (or another venue's) answers 404 order_not_found before the stream starts.",
    );
  });
});
