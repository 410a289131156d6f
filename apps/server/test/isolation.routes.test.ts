/**
 * Tenant and role isolation proof (issue "Reliability and security proof"), on SQLite and PostgreSQL: the full
 * matrix of every staff and admin endpoint of the OpenAPI document (paths under /api/staff and /api/admin) × every
 * role (none, USER, PDF_MENU_ADMIN, WAITER, RASPBERRY_ADMIN, PLACE_ADMIN, CLIENT_ADMIN, SALES_ADMIN, SUPER_ADMIN) ×
 * where the call is aimed:
 *   - own     — client demo, place bistro (the place-level roles are assigned to bistro only);
 *   - sibling — client demo, place hotel (same client, not assigned to the place-level roles);
 *   - foreign — client other, place elsewhere (another client; only the SUPER_ADMIN, who belongs to it, is there);
 *   - stolen  — headers of bistro but the path id of another client's resource (table, hall, category, product,
 *               ingredient, order, waiter call): never a 2xx, whoever asks.
 *
 * Expected allow/deny is derived, not copied from the routes: required role per endpoint from the designed rights
 * (spec §6 leaves staff/admin rights "not shown"; the designs are the staff README and admin-access.ts), documented
 * in REQUIRED below, then the domain's hasAccess (spec §6 access lists) and the place scope of auth.ts (place-level
 * roles: their user_places; CLIENT_ADMIN / SALES_ADMIN: every place of their client; SUPER_ADMIN: everywhere).
 * Allowed = any answer but 401/403 (a 404 of a missing row or a 409 still passed the access check); denied = 401 or
 * 403. A 400 would mean the matrix's request did not pass validation, so the access check was never reached: the
 * request is then fixed here (BODIES), and the test fails on any such undetermined cell.
 * Figure: wrong allows 0, wrong denies 0 (printed as a table per database).
 * The platform endpoints (/api/platform, issue 15) × every role and platform staff: SUPER_ADMIN and platform staff
 * pass, every brand role 403, no token 401; and a second brand's admin and the demo brand's see nothing of each other.
 */
import { beforeAll, expect } from 'vitest';
import { hasAccess, ROLES, type Role } from '@trapeza/domain/roles';
import { describeEachDatabase, type TestContext } from './harness.ts';
import {
  GUEST_EMAIL,
  GUEST_PASSWORD,
  nextIp,
  roleEmail,
  seedAccounts,
  STAFF_PASSWORD,
} from './accounts.fixtures.ts';
import { insertCategory, insertProduct, insertTable } from './fixtures.ts';
import { createPlatformAdmin } from '../src/modules/platform/platform-admin.ts';

/** Names only the other client's data carries (created in beforeAll). */
const FOREIGN_MARKERS = [
  'elsewhere',
  'Other hall',
  'Other category',
  'Other soup',
  'Other onion',
  'Other gluten',
  'iso-other-t1',
];

type Scope = 'own' | 'sibling' | 'foreign' | 'stolen';
type Who = Role | 'none';
const WHO: readonly Who[] = ['none', ...ROLES];

/**
 * Required role per endpoint (first matching rule wins). Sources: apps/server/src/modules/staff/README.md (rights
 * table), admin-access.ts and the admin routes' documented exceptions, bookings routes (staff views: WAITER+).
 * A new endpoint falls to its area's default and shows up here as a wrong allow/deny if it was meant otherwise.
 */
const REQUIRED: { method: string | '*'; path: RegExp; role: Role; placeScoped: boolean; why: string }[] = [
  {
    method: 'GET',
    path: /^\/api\/staff\/tables(\/\{id\}\/qr\.svg|\/qr-sheet\.pdf)?$/,
    role: 'WAITER',
    placeScoped: true,
    why: 'staff README (issue 24): waiters see, show and print the tables and their QR codes, read-only',
  },
  {
    method: '*',
    path: /^\/api\/staff\/(tables|halls)(\/|$)/,
    role: 'PLACE_ADMIN',
    placeScoped: true,
    why: 'staff README: tables, rooms, halls, QR codes',
  },
  {
    method: '*',
    path: /^\/api\/staff\//,
    role: 'WAITER',
    placeScoped: true,
    why: 'staff README: board, statuses, calls, devices, events; bookings staff view',
  },
  {
    method: 'GET',
    path: /^\/api\/admin\/places$/,
    role: 'PLACE_ADMIN',
    placeScoped: false,
    why: 'admin.routes: lists the places in reach (client-level call)',
  },
  {
    method: 'PATCH',
    path: /^\/api\/admin\/products\/\{id\}\/stock$/,
    role: 'WAITER',
    placeScoped: true,
    why: 'admin-access: stock toggle open to WAITER+',
  },
  {
    method: '*',
    path: /^\/api\/admin\/allergens(\/\{id\})?$/,
    role: 'PLACE_ADMIN',
    placeScoped: true,
    why: 'admin: allergen library read by place admins',
  },
  {
    method: '*',
    path: /^\/api\/admin\//,
    role: 'PLACE_ADMIN',
    placeScoped: true,
    why: 'admin-access: PLACE_ADMIN+ on the place of the headers',
  },
];
/**
 * The client's white-label brand (admin-client routes): CLIENT_ADMIN, SALES_ADMIN and SUPER_ADMIN only. Spec §6's
 * CLIENT_ADMIN access list also names RASPBERRY_ADMIN, a place-level role that the brand deliberately leaves out.
 */
const isClientBrand = (path: string) => path === '/api/admin/client';

/** Writes to the client-wide allergen library: CLIENT_ADMIN and above (admin-menu routes). */
function requiredRole(method: string, path: string): { role: Role; placeScoped: boolean } {
  if (/^\/api\/admin\/allergens(\/\{id\})?$/.test(path) && method !== 'GET')
    return { role: 'CLIENT_ADMIN', placeScoped: true };
  if (isClientBrand(path)) return { role: 'CLIENT_ADMIN', placeScoped: true };
  const rule = REQUIRED.find((r) => (r.method === '*' || r.method === method) && r.path.test(path));
  if (!rule) throw new Error(`no required role for ${method} ${path}`);
  return rule;
}

/** Whether `who` may call the endpoint on `scope`: spec §6 hasAccess plus the place scope of auth.ts. */
function expectedAllow(who: Who, method: string, path: string, scope: Scope): boolean {
  if (who === 'none' || scope === 'stolen') return false;
  const { role, placeScoped } = requiredRole(method, path);
  if (!hasAccess(who, role)) return false;
  if (isClientBrand(path) && who === 'RASPBERRY_ADMIN') return false;
  if (who === 'SUPER_ADMIN') return true;
  // A client-level call ignores the place headers: it answers about the user's own reach wherever it is aimed
  // (what it may list is checked by the leak check below).
  if (!placeScoped) return true;
  if (scope === 'foreign') return false;
  if (scope === 'sibling') return who === 'CLIENT_ADMIN' || who === 'SALES_ADMIN';
  return true;
}

const TARGET: Record<Exclude<Scope, 'stolen'>, { client: string; place: string }> = {
  own: { client: 'demo', place: 'bistro' },
  sibling: { client: 'demo', place: 'hotel' },
  foreign: { client: 'other', place: 'elsewhere' },
};

/** Which table a `{id}` of a path names, to aim at a real row of the target place (or another client's). */
const KIND: [RegExp, string][] = [
  [/^\/api\/staff\/orders\/\{id\}/, 'orders'],
  [/^\/api\/staff\/user-needs\/\{id\}/, 'user_needs'],
  [/^\/api\/staff\/tables\/\{id\}/, 'tables'],
  [/^\/api\/staff\/halls\/\{id\}/, 'halls'],
  [/^\/api\/staff\/bookings\/\{id\}/, 'bookings'],
  [/^\/api\/admin\/categories\/\{id\}/, 'categories'],
  [/^\/api\/admin\/products\/\{id\}/, 'products'],
  [/^\/api\/admin\/ingredients\/\{id\}/, 'ingredients'],
  [/^\/api\/admin\/allergens\/\{id\}/, 'allergens'],
];

/**
 * Bodies that pass validation, so that the access check decides (generated from the schema otherwise). Harmless
 * on purpose: status moves to 'rejected' with a reason, tables get unique numbers, deletes hit rows that are in use.
 */
let unique = 0;
const BODIES: Record<string, () => unknown> = {
  'PATCH /api/staff/orders/{id}/status': () => ({ status: 'rejected', reason: 'isolation matrix' }),
  'PATCH /api/staff/orders/{id}/table': () => ({ tableId: null }),
  'PATCH /api/staff/user-needs/{id}': () => ({ status: 'done' }),
  'POST /api/staff/devices/block': () => ({ deviceId: `iso-device-${++unique}` }),
  'POST /api/staff/devices/unblock': () => ({ deviceId: `iso-device-${unique}` }),
  'POST /api/staff/tables': () => ({ number: `iso-${++unique}`, kind: 'table', seats: 2 }),
  'PATCH /api/staff/tables/{id}': () => ({ seats: 4 }),
  'POST /api/staff/halls': () => ({ name: `iso hall ${++unique}` }),
  'PATCH /api/staff/halls/{id}': () => ({ active: 1 }),
  'PUT /api/admin/settings': () => ({ footer_html_content: '' }),
  'PUT /api/admin/languages': () => [
    { code: 'bg', name: 'Български', is_default: 1 },
    { code: 'en', name: 'English', is_default: 0 },
  ],
  'POST /api/admin/order-types/{id}/radiuses': () => radius,
  'PUT /api/admin/radiuses/{id}': () => radius,
  'POST /api/admin/order-types/{id}/shapes': () => shape,
  'PUT /api/admin/shapes/{id}': () => shape,
};
const radius = {
  radius_start: 0,
  radius_end: 1,
  delivery_price: 100,
  required_order_price_for_free_delivery: null,
};
const shape = {
  name: 'iso',
  delivery_price: 100,
  coordinates: [
    [42.69, 23.32],
    [42.7, 23.33],
    [42.68, 23.33],
  ],
  active_time_from: null,
  active_time_to: null,
  required_order_price_for_free_delivery: null,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema from the OpenAPI document, read loosely
type Json = any;

/** The smallest value the JSON schema accepts (required fields only). */
function minimal(schema: Json, name = ''): unknown {
  if (!schema || typeof schema !== 'object') return null;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alts = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alts)) return minimal(alts.find((a: Json) => a.type !== 'null') ?? alts[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : 'string')) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of schema.required ?? []) out[k] = minimal(schema.properties?.[k] ?? {}, k);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimal(schema.items ?? {}, name));
    case 'integer':
    case 'number':
      return Math.max(
        1,
        schema.minimum ?? 1,
        schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1,
      );
    case 'boolean':
      return false;
    case 'null':
      return null;
    default: {
      if (schema.format === 'date') return '2026-11-25';
      if (schema.format === 'date-time') return '2026-11-25T12:00:00.000Z';
      if (schema.format === 'email') return 'iso@example.test';
      if (name.toLowerCase().includes('date')) return '2026-11-25';
      const s = name.toLowerCase().includes('name') ? `iso ${++unique}` : 'iso';
      return s.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 1000);
    }
  }
}

interface Endpoint {
  method: string;
  path: string;
  body: Json | null;
  query: Record<string, string>;
}

function endpoints(doc: Json): Endpoint[] {
  const out: Endpoint[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    if (!/^\/api\/(staff|admin)\//.test(path)) continue;
    for (const [m, op] of Object.entries<Json>(item)) {
      const method = m.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const query: Record<string, string> = {};
      for (const p of op.parameters ?? []) {
        if (p.in === 'query' && p.required) query[p.name] = String(minimal(p.schema ?? {}, p.name));
      }
      const content = op.requestBody?.content ?? {};
      const ct = Object.keys(content)[0];
      out.push({ method, path, body: ct ? (content[ct].schema ?? {}) : null, query });
    }
  }
  return out;
}

interface Cell {
  method: string;
  path: string;
  who: Who;
  scope: Scope;
  status: number;
  expected: 'allow' | 'deny';
  body: string;
}

describeEachDatabase(
  'tenant and role isolation matrix',
  (ctx: TestContext) => {
    const tokens = new Map<Who, string>();
    /** Row ids per kind and target place (own / sibling / foreign); 'stolen' uses the foreign ones. */
    const ids = new Map<string, number>();
    let baseUrl = '';

    async function idOf(kind: string, place: { client: string; place: string }): Promise<number> {
      const key = `${kind}@${place.client}/${place.place}`;
      const cached = ids.get(key);
      if (cached !== undefined) return cached;
      const placeId = await ctx.placeId(place.place, place.client);
      let row: { id: number } | undefined;
      if (kind === 'allergens') {
        const client = await ctx.db
          .selectFrom('clients')
          .select('id')
          .where('slug', '=', place.client)
          .executeTakeFirstOrThrow();
        row = await ctx.db
          .selectFrom('allergens')
          .select('id')
          .where('client_id', '=', client.id)
          .orderBy('id')
          .executeTakeFirst();
      } else if (kind === 'user_needs' || kind === 'bookings' || kind === 'orders') {
        row = await ctx.db
          .selectFrom(kind as 'orders')
          .select('id')
          .where('place_id', '=', placeId)
          .orderBy('id')
          .executeTakeFirst();
      } else {
        row = await ctx.db
          .selectFrom(kind as 'tables')
          .select('id')
          .where('place_id', '=', placeId)
          .orderBy('id')
          .executeTakeFirst();
      }
      // No row: an id far past the end (a 404 still tells allow from deny).
      const id = row?.id ?? 999_999;
      ids.set(key, id);
      return id;
    }

    beforeAll(async () => {
      ctx.clock.setOverride(new Date('2026-11-24T10:00:00Z'));
      // Data of the other client to aim at: a hall, a table, a category, a product, an ingredient, an allergen,
      // an order with a waiter call (through the guest API, as a real guest would).
      const other = await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('slug', '=', 'other')
        .executeTakeFirstOrThrow();
      const elsewhere = await ctx.placeId('elsewhere', 'other');
      await ctx.db
        .insertInto('halls')
        .values({ place_id: elsewhere, name: 'Other hall', translations: '{}', active: 1 })
        .execute();
      await insertTable(ctx.db, elsewhere, '1', 'iso-other-t1');
      const cat = await insertCategory(ctx.db, elsewhere, { name: 'Other category', slug: 'other-category' });
      const product = await insertProduct(
        ctx.db,
        elsewhere,
        { name: 'Other soup', slug: 'other-soup' },
        { categoryIds: [cat], price: 500 },
      );
      await ctx.db
        .insertInto('ingredients')
        .values({
          place_id: elsewhere,
          name: 'Other onion',
          translations: '{}',
          price: 0,
          active: 1,
          priority: 0,
        })
        .execute();
      await ctx.db
        .insertInto('allergens')
        .values({ client_id: other.id, name: 'Other gluten', translations: '{}' })
        .execute();
      const scan = await ctx.post(
        '/api/tables/verify_token',
        { token: 'iso-other-t1', placeSlug: 'elsewhere' },
        { client: 'other', place: 'elsewhere' },
      );
      if (scan.statusCode === 200) {
        const variant = await ctx.db
          .selectFrom('product_variants')
          .select('id')
          .where('product_id', '=', product)
          .executeTakeFirstOrThrow();
        const session = scan.json().session as string;
        await ctx.post(
          '/api/orders',
          { session, products: [{ product_id: product, product_variant_id: variant.id, quantity: 1 }] },
          { client: 'other', place: 'elsewhere' },
        );
        await ctx.post(
          '/api/user-needs',
          { token: session, type: 'clean_table' },
          { client: 'other', place: 'elsewhere' },
        );
      }
      // The own place gets an order and a waiter call too, so that allowed calls reach real rows.
      const own = await ctx.post('/api/tables/verify_token', { token: 'demo-t3', placeSlug: 'bistro' });
      if (own.statusCode === 200) {
        await ctx.post('/api/user-needs', { token: own.json().session, type: 'clean_table' });
      }

      for (const role of ROLES) {
        const client = role === 'SUPER_ADMIN' ? 'other' : 'demo';
        const place = role === 'SUPER_ADMIN' ? 'elsewhere' : 'bistro';
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { client, place },
          payload:
            role === 'USER'
              ? { email: GUEST_EMAIL, password: GUEST_PASSWORD }
              : { email: roleEmail(role), password: STAFF_PASSWORD },
          remoteAddress: nextIp(),
        });
        expect(res.statusCode, `login ${role}: ${res.body}`).toBe(200);
        tokens.set(role, res.json().token);
      }
      // The event streams never end: they are called over a real socket and cut after the status line.
      baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });

    async function call(ep: Endpoint, who: Who, scope: Scope): Promise<{ status: number; body: string }> {
      const target = scope === 'stolen' ? TARGET.own : TARGET[scope];
      const idPlace = scope === 'stolen' ? TARGET.foreign : target;
      let url = ep.path;
      const kind = KIND.find(([re]) => re.test(ep.path))?.[1];
      if (url.includes('{id}')) url = url.replace('{id}', String(kind ? await idOf(kind, idPlace) : 999_999));
      url = url.replace(/\{[^}]+\}/g, '1');
      const qs = new URLSearchParams(ep.query).toString();
      if (qs) url += `?${qs}`;
      const headers: Record<string, string> = { client: target.client, place: target.place };
      const token = who === 'none' ? undefined : tokens.get(who);
      if (token) headers.authorization = `Bearer ${token}`;
      const key = `${ep.method} ${ep.path}`;
      const body = ep.body ? (BODIES[key]?.() ?? minimal(ep.body)) : undefined;
      if (ep.path.endsWith('/events')) {
        const ac = new AbortController();
        const res = await fetch(baseUrl + url, { headers, signal: ac.signal });
        const text = res.headers.get('content-type')?.includes('event-stream')
          ? '(event stream)'
          : await res.text();
        ac.abort();
        return { status: res.status, body: text };
      }
      const res = await ctx.app.inject({
        method: ep.method as 'GET',
        url,
        headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: res.statusCode, body: res.body };
    }

    ctx.test(
      'every staff and admin endpoint × every role × own, sibling, foreign place and stolen ids',
      { timeout: 600_000 },
      async () => {
        const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
        expect(res.statusCode, res.body).toBe(200);
        const eps = endpoints(res.json());
        // The other client's rows the 'stolen' cells aim at exist (else those cells would prove nothing).
        for (const kind of [
          'orders',
          'user_needs',
          'tables',
          'halls',
          'categories',
          'products',
          'ingredients',
          'allergens',
        ]) {
          expect(await idOf(kind, TARGET.foreign), `a row of ${kind} at the other client`).not.toBe(999_999);
        }
        expect(eps.length).toBeGreaterThan(20);
        const cells: Cell[] = [];
        for (const ep of eps) {
          const scopes: Scope[] = ['own', 'sibling', 'foreign'];
          if (ep.path.includes('{id}') && KIND.some(([re]) => re.test(ep.path))) scopes.push('stolen');
          for (const scope of scopes) {
            for (const who of WHO) {
              const { status, body } = await call(ep, who, scope);
              const expected = expectedAllow(who, ep.method, ep.path, scope) ? 'allow' : 'deny';
              cells.push({
                method: ep.method,
                path: ep.path,
                who,
                scope,
                status,
                expected,
                body: body.slice(0, 100_000),
              });
            }
          }
        }
        const denied = (c: Cell) => c.status === 401 || c.status === 403;
        // 'stolen': any non-2xx is a refusal (404 not in this place is the designed one).
        const refused = (c: Cell) => (c.scope === 'stolen' ? c.status < 200 || c.status >= 300 : denied(c));
        // A 400 passed the access check only if the same request without a token was refused: otherwise the
        // validation answered before the access check ran, and the cell tells nothing (the request is fixed above).
        const anonymous = new Map(
          cells.filter((c) => c.who === 'none').map((c) => [`${c.method} ${c.path} ${c.scope}`, c]),
        );
        const validatedFirst = (c: Cell) =>
          c.status === 400 && !denied(anonymous.get(`${c.method} ${c.path} ${c.scope}`)!);
        const undetermined = cells.filter((c) => validatedFirst(c) && !(c.expected === 'deny' && refused(c)));
        const wrongAllow = cells.filter((c) => c.expected === 'deny' && !refused(c) && !validatedFirst(c));
        const wrongDeny = cells.filter((c) => c.expected === 'allow' && denied(c));
        // Whatever a role below SUPER_ADMIN is allowed to read, nothing of the other client may be in it.
        const leaks = cells.filter(
          (c) =>
            c.who !== 'SUPER_ADMIN' &&
            c.status >= 200 &&
            c.status < 300 &&
            FOREIGN_MARKERS.some((m) => c.body.includes(m)),
        );
        const serverErrors = cells.filter((c) => c.status >= 500);

        const byScope = (s: Scope) => cells.filter((c) => c.scope === s).length;
        console.log(
          `\nisolation matrix [${ctx.dialect}]: ${eps.length} endpoints × ${WHO.length} roles; cells own ${byScope('own')}, ` +
            `sibling ${byScope('sibling')}, foreign ${byScope('foreign')}, stolen ids ${byScope('stolen')}\n` +
            `| cells | expected allow | expected deny | wrong allows | wrong denies | undetermined (400) | foreign data leaks | 5xx |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n` +
            `| ${cells.length} | ${cells.filter((c) => c.expected === 'allow').length} | ${cells.filter((c) => c.expected === 'deny').length} | ${wrongAllow.length} | ${wrongDeny.length} | ${undetermined.length} | ${leaks.length} | ${serverErrors.length} |`,
        );
        const show = (list: Cell[]) =>
          list.map((c) => `${c.who} ${c.scope}: ${c.method} ${c.path} → ${c.status} ${c.body.slice(0, 200)}`);
        const undeterminedEndpoints = [
          ...new Set(undetermined.map((c) => `${c.method} ${c.path} → ${c.body.slice(0, 200)}`)),
        ];
        expect(undeterminedEndpoints, 'requests the validation refused before the access check').toEqual([]);
        expect(show(wrongAllow), 'wrong allows').toEqual([]);
        expect(show(wrongDeny), 'wrong denies').toEqual([]);
        expect(show(serverErrors), '5xx').toEqual([]);
        expect(
          leaks.map((c) => `${c.who} ${c.scope}: ${c.method} ${c.path} → ${c.body.slice(0, 200)}`),
          'other client data in an answer',
        ).toEqual([]);
      },
    );

    ctx.test(
      'every platform endpoint × every role; two brands’ admins see nothing of each other',
      async () => {
        await createPlatformAdmin(ctx.db, { email: 'iso-ops@platform.test', password: 'platform-pass-12' });
        await createPlatformAdmin(ctx.db, {
          email: 'iso-sales@platform.test',
          password: 'platform-pass-12',
          role: 'SALES_ADMIN',
        });
        const platformLogin = async (email: string) => {
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { email, password: 'platform-pass-12' },
            remoteAddress: nextIp(),
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json().token as string;
        };
        const cast = new Map<string, string | undefined>([
          ...WHO.map((w) => [w, w === 'none' ? undefined : tokens.get(w)] as [string, string | undefined]),
          ['platform SUPER_ADMIN', await platformLogin('iso-ops@platform.test')],
          ['platform SALES_ADMIN', await platformLogin('iso-sales@platform.test')],
        ]);
        // Platform staff, and the SUPER_ADMIN (spec §6: everywhere); a brand's own SALES_ADMIN is not platform staff.
        const allowed = new Set(['SUPER_ADMIN', 'platform SUPER_ADMIN', 'platform SALES_ADMIN']);
        const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
          paths: Record<string, Record<string, unknown>>;
        };
        const eps = Object.entries(doc.paths)
          .filter(([path]) => path.startsWith('/api/platform/') && !path.startsWith('/api/platform/invites/'))
          .flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path })));
        expect(eps.length).toBeGreaterThanOrEqual(8);
        const demoId = (
          await ctx.db.selectFrom('clients').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()
        ).id;
        const wrong: string[] = [];
        for (const ep of eps) {
          for (const [who, token] of cast) {
            const res = await ctx.app.inject({
              method: ep.method as 'GET',
              url: ep.path.replace('{id}', String(demoId)),
              headers: token ? { authorization: `Bearer ${token}` } : {},
              ...(ep.method === 'GET' ? {} : { payload: {} }),
            });
            const expected = allowed.has(who) ? 'allow' : who === 'none' ? 401 : 403;
            const ok =
              expected === 'allow' ? ![401, 403].includes(res.statusCode) : res.statusCode === expected;
            if (!ok || res.statusCode >= 500)
              wrong.push(`${who} ${ep.method} ${ep.path} → ${res.statusCode}`);
          }
        }
        expect(wrong, 'platform access').toEqual([]);

        // A second brand with a venue and an admin invited by mail; each brand's admin sees nothing of the other.
        const ops = cast.get('platform SUPER_ADMIN')!;
        const asOps = (url: string, payload: object) =>
          ctx.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${ops}` }, payload });
        const second = await asOps('/api/platform/clients', { name: 'Втора марка', slug: 'iso-second' });
        expect(second.statusCode, second.body).toBe(201);
        expect(
          (
            await asOps(`/api/platform/clients/${second.json().id}/places`, {
              name: 'Кафе',
              slug: 'bistro',
              template: 'cafe',
            })
          ).statusCode,
        ).toBe(201);
        await asOps(`/api/platform/clients/${second.json().id}/invites`, {
          email: 'iso@second.test',
          role: 'CLIENT_ADMIN',
        });
        const mails = (
          await ctx.app.inject({ method: 'GET', url: '/api/__test/outbox?to=iso%40second.test' })
        ).json() as { text: string }[];
        const inviteToken = /\/platform\/invite\/([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1];
        const accepted = await ctx.app.inject({
          method: 'POST',
          url: `/api/platform/invites/${inviteToken}/accept`,
          payload: { password: 'second-admin-pass' },
        });
        expect(accepted.statusCode, accepted.body).toBe(200);
        const secondAdmin = accepted.json().token as string;
        const demoAdmin = tokens.get('CLIENT_ADMIN')!;
        const as = (token: string, client: string) =>
          ctx.app.inject({
            method: 'GET',
            url: '/api/admin/client',
            headers: { client, place: 'bistro', authorization: `Bearer ${token}` },
          });
        expect((await as(secondAdmin, 'iso-second')).json().slug).toBe('iso-second');
        expect((await as(demoAdmin, 'demo')).json().slug).toBe('demo');
        expect((await as(secondAdmin, 'demo')).statusCode).toBe(401);
        expect((await as(demoAdmin, 'iso-second')).statusCode).toBe(401);
        const staffOrders = (token: string, client: string) =>
          ctx.app.inject({
            method: 'GET',
            url: '/api/staff/orders',
            headers: { client, place: 'bistro', authorization: `Bearer ${token}` },
          });
        expect((await staffOrders(secondAdmin, 'demo')).statusCode).toBe(401);
        expect((await staffOrders(demoAdmin, 'iso-second')).statusCode).toBe(401);
        expect((await staffOrders(secondAdmin, 'iso-second')).statusCode).toBe(200);
      },
    );
  },
  { setup: (db) => seedAccounts(db) },
);
