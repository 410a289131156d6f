// Helpers of the order benchmarks (faults, abuse, api-orders, crash, staff-events): JSON calls with the demo tenant
// headers, the pinned test clock, table sessions, orderable products of the demo bistro and order bodies.
/** Tuesday 2026-11-24 12:00 in Sofia: the bistro is open. */
export const OPEN_AT = '2026-11-24T10:00:00Z';
export const HEADERS = { client: 'demo', place: 'bistro', 'content-type': 'application/json' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, read loosely
export type Json = any;

export interface Answer {
  status: number;
  json: Json;
  headers: Headers;
  ms: number;
}

export async function call(
  url: string,
  method: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers: { ...HEADERS, ...extraHeaders },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  try {
    return { status: res.status, json: JSON.parse(text), headers: res.headers, ms };
  } catch {
    return { status: res.status, json: text, headers: res.headers, ms };
  }
}

export async function setClock(url: string): Promise<void> {
  const r = await call(url + '/api/__test/clock', 'PUT', { now: OPEN_AT });
  if (r.status !== 200) throw new Error(`cannot set the test clock: ${r.status} ${JSON.stringify(r.json)}`);
}

/** Sessions of demo-t1 … demo-t<count>. */
export async function tableSessions(url: string, count = 12): Promise<string[]> {
  const sessions: string[] = [];
  for (let i = 1; i <= count; i++) {
    const r = await call(url + '/api/tables/verify_token', 'POST', {
      token: `demo-t${i}`,
      placeSlug: 'bistro',
    });
    if (r.status !== 200) throw new Error(`verify_token demo-t${i}: ${r.status} ${JSON.stringify(r.json)}`);
    sessions.push(r.json.session);
  }
  return sessions;
}

export interface Orderable {
  product_id: number;
  product_variant_id: number;
}

export interface PricedOrderable extends Orderable {
  /** The first variant's price, minor units. */
  price: number;
}

/** Products a guest can order as they are (no required choices), by their first variant, in the API's order. */
export async function orderableCandidates(url: string): Promise<PricedOrderable[]> {
  const r = await call(url + '/api/products?active=1', 'GET');
  const out: PricedOrderable[] = [];
  for (const p of r.json as Json[]) {
    if (p.type !== 'normal' || !p.in_stock || p.hide_for_ordering || p.min_count_addable_ingredients > 0)
      continue;
    if ((p.product_ingredients ?? []).some((i: Json) => i.type === 'required')) continue;
    const v = (p.product_variants ?? [])[0];
    if (v) out.push({ product_id: p.id, product_variant_id: v.id, price: v.price });
  }
  return out;
}

/** Products a guest can order at a table as they are (no required choices). */
export async function orderableProducts(url: string): Promise<Orderable[]> {
  const out = (await orderableCandidates(url)).map((p) => ({
    product_id: p.product_id,
    product_variant_id: p.product_variant_id,
  }));
  if (out.length < 2) throw new Error(`only ${out.length} orderable products at bistro`);
  return out.slice(0, 12);
}

/**
 * The candidates a table really accepts (a category may not allow ordering): one probe order each, alone, in
 * turn, until `stopAfter` are accepted; fewer than `atLeast` is an error.
 */
export async function probeOrderable<T extends Orderable>(
  url: string,
  session: string,
  candidates: T[],
  opts: { atLeast: number; stopAfter?: number },
): Promise<T[]> {
  const ok: T[] = [];
  for (const c of candidates) {
    if (ok.length >= (opts.stopAfter ?? Infinity)) break;
    const o = await call(url + '/api/orders', 'POST', {
      session,
      products: [{ product_id: c.product_id, product_variant_id: c.product_variant_id, quantity: 1 }],
      // Unique per run: a restarted server on the same database must not see a resend.
      order_comment: [
        { variantId: c.product_variant_id, comment: `probe:${c.product_variant_id}:${Date.now()}` },
      ],
    });
    if (o.status === 201) ok.push(c);
  }
  if (ok.length < opts.atLeast) throw new Error(`only ${ok.length} orderable products found at bistro`);
  return ok;
}

/** A delivery order body (POST /api/orders/delivery) to a Sofia address inside the bistro's zone, paid in cash. */
export function deliveryBody(
  lines: unknown[],
  comment: unknown[],
  contact: { phone: string; email: string },
) {
  return {
    products: lines,
    client_name: 'Иван Петров',
    client_phone: contact.phone,
    client_email: contact.email,
    token: null,
    order_comment: comment,
    payment_method: 'cash',
    cutlery: 0,
    exact_time_selected: 0,
    client_address: 'ул. Шипка / вх. А',
    street_number: '12',
    floor_number: '3',
    ap_number: '7',
    bell_number: 'Иванова',
    entrance_number: 'А',
    delivery_postal_code: '1000',
    delivery_time: '',
    lat: 42.696,
    lng: 23.325,
    delivery_address_lat: 42.696,
    delivery_address_lng: 23.325,
  };
}

/** A spot order body with a unique marker comment (so two identical carts never look like a resend). */
export function spotOrder(session: string, products: Orderable[], n: number, marker: string) {
  const p = products[n % products.length]!;
  return {
    session,
    products: [{ product_id: p.product_id, product_variant_id: p.product_variant_id, quantity: 1 + (n % 3) }],
    order_comment: [{ variantId: p.product_variant_id, comment: marker }],
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
