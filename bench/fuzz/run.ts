// bench/fuzz: every API endpoint of the running server's OpenAPI document driven with payloads generated from its
// own request schema (the zod contracts, as documented) and with mutations of them — wrong types, 1 MB strings,
// 10 000-deep nesting, unicode / NUL / RTL, negative and enormous numbers, NaN-like strings, missing and extra
// fields, arrays for objects — plus malformed JSON, wrong content types, hostile headers (unknown client/place,
// absurd Authorization values, forged JWTs) and path parameters with traversal attempts; without a token and with
// the tokens of a guest (USER), a waiter and a client admin. Target: no 5xx, no server exit, and the server still
// answers normally afterwards (issue "Reliability and security proof").
//
//   FUZZ_REQUESTS=100000  FUZZ_CONCURRENCY=32  FUZZ_SEED=1  PORT=3421
//
// Every distinct 5xx (method, route, status) is printed once with the request that produced it, to reproduce.
import { createHmac } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, type RunningServer } from '../lib/server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 32);
const PORT = Number(process.env.PORT ?? 3421);
const SEED = Number(process.env.FUZZ_SEED ?? 1);
/** Tuesday 2026-11-24 12:00 in Sofia: the bistro is open, so the ordering paths run to the end. */
const OPEN_AT = '2026-11-24T10:00:00Z';
const TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------------------------------------------------------
// Seeded PRNG (mulberry32)
// ---------------------------------------------------------------------------------------------------------------
let state = SEED >>> 0;
function rand(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const chance = (p: number) => rand() < p;

// ---------------------------------------------------------------------------------------------------------------
// OpenAPI
// ---------------------------------------------------------------------------------------------------------------
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema / OpenAPI objects, read loosely
type Json = any;

interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
}
interface Op {
  method: string;
  path: string;
  params: Param[];
  body: Json | null;
  contentType: string | null;
}

let components: Json = {};
function deref(s: Json): Json {
  let cur = s;
  for (let i = 0; i < 20 && cur && typeof cur.$ref === 'string'; i++) {
    const name = cur.$ref.split('/').pop();
    cur = components.schemas?.[name] ?? {};
  }
  return cur ?? {};
}

function operations(doc: Json): Op[] {
  components = doc.components ?? {};
  const ops: Op[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0] ?? null;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => ({
          name: p.name,
          in: p.in,
          required: !!p.required,
          schema: deref(p.schema ?? {}),
        })),
        body: contentType ? deref(content[contentType].schema ?? {}) : null,
        contentType,
      });
    }
  }
  return ops;
}

// ---------------------------------------------------------------------------------------------------------------
// Values from a schema
// ---------------------------------------------------------------------------------------------------------------
const ctx = { session: '', tableToken: 'demo-t1', orderKey: '', productId: 1, variantId: 1 };

function realisticString(name: string): string | undefined {
  const n = name.toLowerCase();
  if (n.includes('email'))
    return pick(['guest@demo.test', 'waiter@demo.test', 'new' + int(1, 1e6) + '@example.test']);
  if (n.includes('password')) return pick(['demo-guest', 'demo-waiter', 'Sup3r-secret!']);
  if (n === 'session' || n === 'token') return pick([ctx.session, ctx.tableToken, 'demo-r101']);
  if (n.includes('placeslug') || n === 'place') return pick(['bistro', 'hotel']);
  if (n === 'client') return 'demo';
  if (n.includes('phone')) return '+359888' + int(100000, 999999);
  if (n.includes('name')) return pick(['Иван Петров', 'Maria', 'José Núñez']);
  if (n.includes('date') && !n.includes('time')) return pick(['2026-11-25', '2026-12-01', '25.11.2026']);
  if (n.includes('time') || n.includes('hour')) return pick(['12:00', '25.11 13:30', '2026-11-25T12:00:00Z']);
  if (n === 'key' || n.includes('order_key') || n === 'orderkey') return ctx.orderKey;
  if (n.includes('lang')) return pick(['bg', 'en', 'de', 'fr-CH', 'xx']);
  if (n.includes('code')) return pick(['WELCOME10', 'welcome10', 'NOPE']);
  if (n.includes('comment') || n === 'text' || n.includes('description'))
    return pick(['без лук', 'quick please', '']);
  if (n.includes('address')) return 'ул. Шипка 12 / вх. А';
  if (n.includes('method')) return pick(['cash', 'card', 'epay', 'bizum']);
  return undefined;
}

function genString(s: Json, name: string): string {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 60;
  const fmt = s.format;
  let v: string | undefined;
  if (fmt === 'email') v = 'guest@demo.test';
  else if (fmt === 'date-time') v = '2026-11-25T12:00:00.000Z';
  else if (fmt === 'date') v = '2026-11-25';
  else if (fmt === 'uri' || fmt === 'url') v = 'https://example.test/x';
  else if (fmt === 'uuid') v = '123e4567-e89b-12d3-a456-426614174000';
  else v = realisticString(name);
  if (v === undefined || v.length < min || v.length > max) {
    const len = Math.max(min, Math.min(max, int(min, Math.min(max, min + 12))));
    v = Array.from({ length: len }, () => pick('abcdefghijklmnopqrstuvwxyz0123456789'.split(''))).join('');
  }
  return v;
}

function genNumber(s: Json, isInt: boolean, name: string): number {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (isInt ? 1 : 0.01) : 0);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (isInt ? 1 : 0.01) : 100);
  const n = name.toLowerCase();
  if (n === 'product_id' || n === 'productid') return ctx.productId;
  if (n.includes('variant')) return ctx.variantId;
  const top = Math.min(hi, Math.max(lo, 20));
  const v = isInt ? int(Math.ceil(lo), Math.floor(top)) : lo + rand() * (top - lo);
  return Number.isFinite(v) ? v : 1;
}

function gen(schema: Json, name = '', depth = 0): unknown {
  const s = deref(schema);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return pick(s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts) && alts.length) {
    const nonNull = alts.filter((a: Json) => deref(a).type !== 'null');
    return gen(pick(nonNull.length && chance(0.85) ? nonNull : alts), name, depth);
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...s.allOf.map((x: Json) => gen(x, name, depth) as object));
  }
  let type = s.type;
  if (Array.isArray(type))
    type = pick(
      type.filter((t: string) => t !== 'null').length && chance(0.85)
        ? type.filter((t: string) => t !== 'null')
        : type,
    );
  if (!type) type = s.properties ? 'object' : s.items ? 'array' : pick(['string', 'integer']);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const req = new Set<string>(s.required ?? []);
      for (const [k, v] of Object.entries<Json>(s.properties ?? {})) {
        if (req.has(k) || (depth < 4 && chance(0.6))) out[k] = gen(v, k, depth + 1);
      }
      return out;
    }
    case 'array': {
      const n = Math.min(s.maxItems ?? 3, Math.max(s.minItems ?? 0, int(0, 3)));
      return depth > 5 ? [] : Array.from({ length: n }, () => gen(s.items ?? {}, name, depth + 1));
    }
    case 'string':
      return genString(s, name);
    case 'integer':
      return genNumber(s, true, name);
    case 'number':
      return genNumber(s, false, name);
    case 'boolean':
      return chance(0.5);
    case 'null':
      return null;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------------------------
const RAW: string[] = [];
/** A placeholder replaced by raw JSON text after stringify (deep nesting, out-of-range literals). */
function raw(text: string): string {
  RAW.push(text);
  return `\u0001RAW${RAW.length - 1}\u0001`;
}
const DEEP_ARRAY = '['.repeat(10_000) + ']'.repeat(10_000);
const DEEP_OBJECT = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
const MB = 'A'.repeat(1024 * 1024);

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'abc\u0000def',
  '\u202Eevil\u202C',
  '\u200F\u200Erlm',
  '𝕏💥👨‍👩‍👧‍👦',
  '\uD800',
  '\uDFFF\uD800',
  'Ａｄｍｉｎ',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '"; DROP TABLE orders; --',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%s%s%s%n',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '0x10',
  ' 1 ',
  '1_000',
  '١٢٣',
  '00000000000000000000001',
  '9'.repeat(400),
  'true',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '[object Object]',
  'x'.repeat(10_000),
];
const HOSTILE_NUMBERS = [
  -1,
  0,
  -0,
  1.5,
  -2147483649,
  2147483648,
  4294967296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_VALUE,
];

function hostileValue(): unknown {
  const r = rand();
  if (r < 0.006) return MB; // 1 MB string
  if (r < 0.012) return raw(pick([DEEP_ARRAY, DEEP_OBJECT]));
  if (r < 0.05)
    return raw(
      pick(['1e400', '-1e400', '123456789012345678901234567890', '-0', '1E+2', '0.0000000000000000000001']),
    );
  if (r < 0.4) return pick(HOSTILE_STRINGS);
  if (r < 0.65) return pick(HOSTILE_NUMBERS);
  return pick<unknown>([
    true,
    false,
    null,
    [],
    {},
    [1, 2, 3],
    { a: 1 },
    [null],
    [[[]]],
    { __proto__: { admin: true } },
    JSON.parse('{"__proto__":{"polluted":1}}'),
    { constructor: { prototype: { polluted: 1 } } },
    Array.from({ length: 5000 }, (_, i) => i),
  ]);
}

/** Walks to a random node of `value` and replaces, deletes, wraps or extends it; returns the new value. */
function mutate(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || chance(0.15)) {
    const r = rand();
    if (r < 0.7) return hostileValue();
    if (r < 0.85) return [value];
    return { value };
  }
  if (Array.isArray(value)) {
    const copy = [...value];
    const r = rand();
    if (copy.length && r < 0.5) {
      const i = int(0, copy.length - 1);
      copy[i] = mutate(copy[i]);
    } else if (r < 0.7) copy.push(hostileValue());
    else if (r < 0.85) return { ...copy };
    else copy.length = 0;
    return copy;
  }
  const obj = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(obj);
  const r = rand();
  if (keys.length && r < 0.55) {
    const k = pick(keys);
    obj[k] = mutate(obj[k]);
  } else if (keys.length && r < 0.7) {
    delete obj[pick(keys)];
  } else if (r < 0.85) {
    const extra = pick([
      '__proto__',
      'constructor',
      'prototype',
      'id',
      'role',
      'place_id',
      'client_id',
      'x' + int(0, 99),
    ]);
    if (extra === '__proto__')
      Object.defineProperty(obj, '__proto__', { value: hostileValue(), enumerable: true });
    else obj[extra] = hostileValue();
  } else {
    return [obj];
  }
  return obj;
}

function stringify(v: unknown): string {
  let text = JSON.stringify(v) ?? 'null';
  if (text.includes('\\u0001RAW')) {
    text = text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_, i) => RAW[Number(i)] ?? 'null');
  }
  RAW.length = 0;
  return text;
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile transport: bodies, content types, headers, paths
// ---------------------------------------------------------------------------------------------------------------
const MALFORMED: (string | Buffer)[] = [
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  '[1,2',
  'nul',
  '"unterminated',
  "{'a':1}",
  '{"a":1}garbage',
  '\uFEFF{"a":1}',
  '',
  'null',
  '0',
  '"str"',
  '[]',
  'true',
  '{"a":"\\ud800"}',
  '{"a":"\\u00"}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
  '['.repeat(100_000),
  '{"a":' + '1'.repeat(100_000) + '}',
  ' '.repeat(1000),
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/json; charset=nope',
  'application/xml',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/*',
  '*/*',
  'image/png',
  'application/octet-stream',
  '',
];

function b64url(x: string | Buffer): string {
  return Buffer.from(x).toString('base64url');
}
function jwt(payload: object, alg: string, key = 'not-the-secret-not-the-secret-not-the-secret'): string {
  const head = b64url(JSON.stringify({ alg, typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const sig = alg === 'none' ? '' : b64url(createHmac('sha256', key).update(`${head}.${body}`).digest());
  return `${head}.${body}.${sig}`;
}
const FORGED_CLAIMS = {
  sub: '1',
  role: 'SUPER_ADMIN',
  clientId: 1,
  iss: 'trapeza',
  aud: 'trapeza-api',
  iat: 1795514400,
  exp: 4102444800,
};

function absurdAuthorization(tokens: Tokens): string {
  const valid = tokens.admin || 'x.y.z';
  const [h, p] = valid.split('.');
  return pick([
    'Bearer',
    'Bearer ',
    'Bearer null',
    'Bearer undefined',
    'bearer ' + valid,
    'Bearer  ' + valid,
    'Bearer ' + valid + ' ' + valid,
    'Bearer a.b',
    'Bearer ...',
    'Bearer ' + 'a'.repeat(6000),
    'Bearer ' + jwt(FORGED_CLAIMS, 'none'),
    'Bearer ' + jwt(FORGED_CLAIMS, 'HS256'),
    'Bearer ' + jwt({ ...FORGED_CLAIMS, sub: '-1' }, 'HS256'),
    `Bearer ${h}.${b64url(JSON.stringify(FORGED_CLAIMS))}.sig`,
    `Bearer ${h}.${p}.`,
    `Bearer ${b64url('{"alg":"HS256"')}.${p}.x`,
    `Bearer ${b64url('[]')}.${b64url('null')}.x`,
    `Bearer ${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('{"sub":{"$gt":""},"role":["SUPER_ADMIN"]}')}.x`,
    'Basic YWRtaW46YWRtaW4=',
    'Digest username="admin"',
    'Token ' + valid,
    valid,
    '%00',
    "' OR 1=1 --",
  ]);
}

const PATH_ATTACKS = [
  '..',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%252f..%252f',
  '%00',
  '1%00',
  '-1',
  '0',
  '1e3',
  '1.5',
  '0x1f',
  '99999999999999999999',
  '9007199254740993',
  'NaN',
  'Infinity',
  'null',
  '%20',
  '%EF%BC%A1',
  '%ff%fe',
  '%',
  '1;DROP%20TABLE%20orders',
  "1'",
  '%3Cscript%3E',
  '__proto__',
  'constructor',
  'a'.repeat(3000),
];

const CLIENTS = [
  'nope',
  '',
  '0',
  '-1',
  '99999999999',
  '../admin',
  "demo' OR 1=1",
  'x'.repeat(4000),
  '1',
  '2',
  'DEMO',
  '%00',
  'demo ',
  '[object Object]',
];
const PLACES = [
  'nope',
  '',
  '0',
  '-1',
  '99999999999',
  '../',
  'hotel',
  '2',
  '3',
  'bistro\t',
  'x'.repeat(4000),
  '__proto__',
];

/** Header values must be bytes Node can send: keep them latin1-printable. */
function headerSafe(v: string): string {
  const latin1 = Buffer.from(v, 'utf8').toString('latin1');
  return [...latin1].map((c) => ((c.charCodeAt(0) < 0x20 && c !== '\t') || c === '\x7f' ? '?' : c)).join('');
}

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------
interface Tokens {
  guest: string;
  waiter: string;
  admin: string;
}
interface Req {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Buffer | null;
  route: string;
  strategy: string;
  auth: string;
}

function fillPath(op: Op, attack: boolean): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (attack) return pick(PATH_ATTACKS);
    const p = op.params.find((x) => x.in === 'path' && x.name === name);
    if (name === 'token') return pick([ctx.session, ctx.tableToken, 'nope']);
    if (name === 'client') return pick(['demo', 'nope']);
    if (name === 'place') return pick(['bistro', 'hotel', 'nope']);
    return encodeURIComponent(String(gen(p?.schema ?? { type: 'integer', minimum: 1 }, name)).toWellFormed());
  });
}

function query(op: Op, hostile: boolean): string {
  const qs = op.params.filter((p) => p.in === 'query');
  const parts: string[] = [];
  for (const p of qs) {
    if (!p.required && chance(0.4)) continue;
    let v: unknown = gen(p.schema, p.name);
    if (hostile && chance(0.5)) v = pick([...HOSTILE_STRINGS.slice(0, 32), ...HOSTILE_NUMBERS.map(String)]);
    const enc = encodeURIComponent((typeof v === 'string' ? v : JSON.stringify(v)).toWellFormed());
    parts.push(`${encodeURIComponent(p.name)}=${enc}`);
    if (hostile && chance(0.2)) parts.push(`${encodeURIComponent(p.name)}=${enc}`); // repeated → array
  }
  if (hostile && chance(0.2))
    parts.push(pick(['__proto__[x]=1', 'constructor[prototype][x]=1', 'a[b][c][d][e]=1', '=&&=', '%ff=%fe']));
  return parts.length ? '?' + parts.join('&') : '';
}

function build(op: Op, tokens: Tokens): Req {
  const r = rand();
  const strategy =
    r < 0.22
      ? 'valid'
      : r < 0.62
        ? 'mutated'
        : r < 0.72
          ? 'malformed-body'
          : r < 0.8
            ? 'content-type'
            : r < 0.9
              ? 'headers'
              : 'path';
  const authMode = pick(['none', 'guest', 'waiter', 'admin', 'admin']);
  const headers: Record<string, string> = {
    client: 'demo',
    place: pick(['bistro', 'bistro', 'bistro', 'hotel']),
  };
  if (authMode !== 'none') headers.authorization = `Bearer ${tokens[authMode as keyof Tokens]}`;
  if (chance(0.3)) headers['x-order-token'] = pick([ctx.session, ctx.tableToken, 'demo-r101']);
  if (chance(0.1))
    headers['accept-language'] = pick(['en', 'bg;q=0.9,*;q=0.1', 'xx-YY', '*', ';;;,,,', 'a'.repeat(500)]);

  let path = fillPath(op, strategy === 'path');
  path += query(op, strategy === 'mutated' || strategy === 'headers' || strategy === 'path');
  if (strategy === 'path' && chance(0.2))
    path = pick([path + '/', path.replace('/api/', '/api//'), path + '/..', path + '%2f..', path + '#x']);

  let body: string | Buffer | null = null;
  const hasBody = op.body !== null || (op.method !== 'GET' && chance(0.3));
  if (hasBody) {
    let value: unknown = op.body ? gen(op.body) : {};
    if (strategy === 'mutated') for (let i = int(1, 3); i > 0; i--) value = mutate(value);
    body = stringify(value);
    headers['content-type'] = op.contentType ?? 'application/json';
  } else if (op.method === 'GET' && strategy === 'content-type') {
    body = '{"a":1}';
    headers['content-type'] = 'application/json';
  }
  if (strategy === 'malformed-body') {
    body = pick(MALFORMED);
    headers['content-type'] = 'application/json';
  } else if (strategy === 'content-type') {
    const ct = pick(CONTENT_TYPES);
    if (ct) headers['content-type'] = ct;
    else delete headers['content-type'];
    if (body === null || chance(0.3))
      body = pick([
        'a=1&b=2',
        '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--',
        '<a/>',
        '{"a":1}',
        '',
      ]);
  } else if (strategy === 'headers') {
    const r2 = rand();
    if (r2 < 0.3) headers.client = pick(CLIENTS);
    else if (r2 < 0.55) headers.place = pick(PLACES);
    else if (r2 < 0.65) {
      delete headers.client;
      if (chance(0.5)) delete headers.place;
    } else headers.authorization = absurdAuthorization(tokens);
    if (chance(0.2))
      headers.cookie = pick([
        'order_token=' + 'z'.repeat(3000),
        'order_token=%00',
        'order_token=;;;',
        'a=b; order_token="x',
      ]);
    if (chance(0.15)) headers['x-order-token'] = pick(['', '%00', 'x'.repeat(5000), "' OR 1=1 --"]);
  }
  for (const k of Object.keys(headers)) headers[k] = headerSafe(headers[k]!);
  return { method: op.method, path, headers, body, route: op.path, strategy, auth: authMode };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(req: Req): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (v: { status: number; body: string } | { error: string }) => {
      if (!done) {
        done = true;
        resolve(v);
      }
    };
    let r: http.ClientRequest;
    try {
      const headers: Record<string, string | number> = { ...req.headers };
      if (req.body !== null) headers['content-length'] = Buffer.byteLength(req.body);
      r = http.request({ host: '127.0.0.1', port: PORT, method: req.method, path: req.path, headers, agent });
    } catch (err) {
      return finish({ error: `unsendable: ${(err as Error).message}` });
    }
    r.setTimeout(TIMEOUT_MS, () => {
      finish({ error: 'timeout' });
      r.destroy();
    });
    r.on('error', (err) => finish({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
    r.on('response', (res) => {
      if (String(res.headers['content-type'] ?? '').includes('text/event-stream')) {
        finish({ status: res.statusCode ?? 0, body: '(event stream)' });
        r.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < 4096) chunks.push(c);
        size += c.length;
      });
      res.on('end', () =>
        finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 4096) }),
      );
      res.on('error', () => finish({ status: res.statusCode ?? 0, body: '(body cut)' }));
    });
    if (req.body !== null) r.end(req.body);
    else r.end();
  });
}

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${PORT}${path}`, {
    method,
    headers: { client: 'demo', place: 'bistro', 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  let json: Json = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json };
}

async function prepare(): Promise<Tokens> {
  await api('PUT', '/api/__test/clock', { now: OPEN_AT });
  const login = async (email: string, password: string) => {
    const r = await api('POST', '/api/login', { email, password });
    if (r.status !== 200) {
      process.stderr.write(`login ${email}: ${r.status} ${JSON.stringify(r.json)}\n`);
      return 'login-failed';
    }
    return r.json.token as string;
  };
  const tokens = {
    guest: await login('guest@demo.test', 'demo-guest'),
    waiter: await login('waiter@demo.test', 'demo-waiter'),
    admin: await login('admin@demo.test', 'demo-admin'),
  };
  const scan = await api('POST', '/api/tables/verify_token', { token: 'demo-t2', placeSlug: 'bistro' });
  if (scan.status === 200) ctx.session = scan.json.session;
  const products = await api('GET', '/api/products?active=1');
  const p = (products.json as Json[]).find(
    (x) => x.type === 'normal' && x.in_stock && !x.product_ingredients?.length,
  );
  if (p) {
    ctx.productId = p.id;
    ctx.variantId = p.product_variants[0].id;
    const o = await api('POST', '/api/orders', {
      session: ctx.session,
      products: [{ product_id: ctx.productId, product_variant_id: ctx.variantId, quantity: 1 }],
    });
    if (o.status === 201) ctx.orderKey = o.json.key;
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'trapeza-fuzz-'));
const logFile = join(dataDir, 'server.log');
const logFd = openSync(logFile, 'a');
const env = {
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  RATE_LIMIT_PER_MINUTE: '0',
  LOG_LEVEL: 'error',
  NODE_NO_WARNINGS: '1',
  // Payments configured through the provider simulator, so the payment calls run past "not configured".
  PAYMENT_SIMULATOR: '1',
  PAYMENT_SIMULATOR_PORT: String(PORT + 1),
};
const start = () =>
  startProcess(['apps/server/src/server.ts'], {
    port: PORT,
    cwd: root,
    env,
    readyPath: '/api/health',
    outputFd: logFd,
  });

// A server left on the port would answer instead of ours: refuse to start.
if (
  await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
    () => true,
    () => false,
  )
) {
  console.error(`port ${PORT} is already in use: stop what listens there or set PORT`);
  process.exit(2);
}
let server: RunningServer = await start();
let sent = 0;
let stopping = false;
let tokens: Tokens = { guest: '', waiter: '', admin: '' };
let crashes = 0;
let restarting: Promise<void> | null = null;
const crashLog: string[] = [];
const watch = (s: RunningServer) =>
  s.child.once('exit', (code, signal) => {
    if (stopping) return;
    crashes++;
    crashLog.push(`server exited (code ${code}, signal ${signal}) after ${sent} requests`);
    restarting = (async () => {
      server = await start();
      watch(server);
      // Never leave a server behind, whatever ends this script.
      process.on('exit', () => server.child.kill('SIGKILL'));
      tokens = await prepare();
      restarting = null;
    })();
  });
watch(server);

// The live document; FUZZ_OPENAPI=file uses a saved one instead (when the live one cannot be built).
const live = await api('GET', '/api/docs/json');
if (live.status !== 200 && !process.env.FUZZ_OPENAPI) {
  stopping = true;
  await server.stop();
  console.error(`GET /api/docs/json answered ${live.status} ${JSON.stringify(live.json)}; see ${logFile}`);
  process.exit(2);
}
const doc = process.env.FUZZ_OPENAPI ? JSON.parse(readFileSync(process.env.FUZZ_OPENAPI, 'utf8')) : live.json;
const ops = operations(doc);
tokens = await prepare();

const statusCounts = new Map<string, number>();
const fiveXX = new Map<string, { count: number; example: Req; body: string }>();
const transportErrors = new Map<string, number>();
let unsendable = 0;
let fiveTotal = 0;
const startedAt = Date.now();

async function worker() {
  while (sent < TOTAL) {
    if (restarting) await restarting;
    sent++;
    if (sent % 5000 === 0) {
      process.stderr.write(
        `  ${sent}/${TOTAL} requests, ${fiveTotal} 5xx, ${crashes} crashes, ${Math.round(sent / ((Date.now() - startedAt) / 1000))} req/s\n`,
      );
    }
    const req = build(pick(ops), tokens);
    const res = await send(req);
    if ('error' in res) {
      if (res.error.startsWith('unsendable')) unsendable++;
      else transportErrors.set(res.error, (transportErrors.get(res.error) ?? 0) + 1);
      continue;
    }
    const cls = `${Math.floor(res.status / 100)}xx`;
    statusCounts.set(cls, (statusCounts.get(cls) ?? 0) + 1);
    if (res.status >= 500) {
      fiveTotal++;
      const k = `${req.method} ${req.route} ${res.status}`;
      const e = fiveXX.get(k);
      if (e) e.count++;
      else fiveXX.set(k, { count: 1, example: req, body: res.body });
    }
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
if (restarting) await restarting;
const seconds = (Date.now() - startedAt) / 1000;

// Afterwards: still healthy, still serving the menu, still logging people in.
const health = await api('GET', '/api/health').catch(() => ({ status: 0, json: null }));
const menu = await api('GET', '/api/products?active=1').catch(() => ({ status: 0, json: null }));
const relogin = await api('POST', '/api/login', { email: 'waiter@demo.test', password: 'demo-waiter' }).catch(
  () => ({ status: 0, json: null }),
);
const healthy =
  health.status === 200 && menu.status === 200 && Array.isArray(menu.json) && menu.json.length > 0;

stopping = true;
await server.stop();
closeSync(logFd);
// The server's own error lines, one per distinct message, to find the code behind each 5xx.
const serverErrors = new Map<string, string>();
for (const line of readFileSync(logFile, 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  try {
    const e = JSON.parse(line);
    if (e.level < 50) continue;
    const msg = String(e.err?.message ?? e.msg);
    if (!serverErrors.has(msg))
      serverErrors.set(
        msg,
        String(e.err?.stack ?? '')
          .split('\n')
          .slice(0, 4)
          .join(' | '),
      );
  } catch {
    // not a log line
  }
}
const trim = (s: string, n: number) => (s.length > n ? s.slice(0, n) + '…' : s);
if (fiveXX.size > 0) {
  console.log('\nDistinct 5xx answers (method route status × count — example request — answer):\n');
  for (const [k, v] of fiveXX) {
    const b =
      v.example.body === null
        ? ''
        : trim(Buffer.isBuffer(v.example.body) ? `<${v.example.body.length} bytes>` : v.example.body, 300);
    console.log(
      `- ${k} × ${v.count}\n  ${v.example.strategy}/${v.example.auth}: ${v.example.method} ${trim(v.example.path, 200)}`,
    );
    console.log(
      `  headers ${trim(JSON.stringify({ ...v.example.headers, authorization: v.example.headers.authorization ? trim(v.example.headers.authorization, 40) : undefined }), 300)}`,
    );
    if (b) console.log(`  body ${b}`);
    console.log(`  → ${trim(v.body, 300)}`);
  }
  if (serverErrors.size) {
    console.log('\nServer error log, distinct messages:');
    for (const [m, stack] of serverErrors) console.log(`- ${trim(m, 300)}\n  ${trim(stack, 500)}`);
  }
}
for (const c of crashLog) console.log(`CRASH: ${c}`);

const row = {
  requests: sent,
  endpoints: ops.length,
  seconds: Math.round(seconds),
  rps: Math.round(sent / seconds),
  status: Object.fromEntries(statusCounts),
  fiveXX: fiveTotal,
  distinctFiveXX: fiveXX.size,
  crashes,
  transportErrors: Object.fromEntries(transportErrors),
  unsendable,
  healthAfter: health.status,
  menuAfter: menu.status,
  loginAfter: relogin.status,
  pass: fiveTotal === 0 && crashes === 0 && healthy,
};
console.log(
  `\nbench/fuzz — ${sent} requests over ${ops.length} endpoints (OpenAPI), ${CONCURRENCY} concurrent, seed ${SEED}, ${Math.round(seconds)} s, ${process.version}\n`,
);
console.log(
  '| requests | endpoints | 2xx | 4xx | 5xx | distinct 5xx | crashes | transport errors | health / menu / login after¹ | target 0 5xx, 0 crashes |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
const transport = [...transportErrors.values()].reduce((a, b) => a + b, 0);
console.log(
  `| ${sent} | ${ops.length} | ${statusCounts.get('2xx') ?? 0} | ${statusCounts.get('4xx') ?? 0} | ${fiveTotal} | ${fiveXX.size} | ${crashes} | ${transport} | ${health.status} / ${menu.status} / ${relogin.status} | ${row.pass ? 'pass' : 'FAIL'} |`,
);
console.log('\n¹ login after the run may be 429: the fuzz itself tripped the per-IP login limit.');
if (transport) console.log(`\ntransport errors: ${JSON.stringify(row.transportErrors)}`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/fuzz.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      seed: SEED,
      ...row,
      fiveXXList: [...fiveXX].map(([k, v]) => ({
        key: k,
        count: v.count,
        strategy: v.example.strategy,
        path: trim(v.example.path, 300),
        answer: trim(v.body, 500),
      })),
    },
    null,
    2,
  ),
);
if (row.pass) rmSync(dataDir, { recursive: true, force: true });
else console.log(`\nserver log: ${logFile}`);
process.exit(row.pass ? 0 : 1);
