/**
 * The table party's guest calls for its route tests (issue 19): phones that scan a table and join its session, each
 * call from its own address (the guest limits count per address) in `10.<net>.x.y`, one net per test file. Amounts
 * go out and come back through the contracts' wire rule (decimals of the venue currency on the wire, minor units
 * here), as the browser's fetch layer does; the units themselves are checked by test/spec-contract.routes.test.ts.
 */
import { beforeAll, expect } from 'vitest';
import { orderableDemoProduct } from '../../../test/demo-orders.ts';
import type { TestContext } from '../../../test/harness.ts';
import type { StoreTableBill, StoreTableCart } from '@trapeza/domain/contracts/table-party';
import { OPEN_AT } from '../orders/orders.fixtures.ts';
import { decodeWireMoney, encodeWireMoney } from '@trapeza/domain/contracts/wire-money';

export interface Phone {
  session: string;
  key: string;
  guestId: number;
}

export function tablePartyGuests(
  ctx: TestContext,
  net: number,
  /** The product a line is added with (known once the file's set-up has run). */
  product: () => { product_id: number; variant_id: number },
) {
  let ip = 0;
  const headers = () => {
    ip += 1;
    return { 'x-forwarded-for': `10.${net}.${Math.floor(ip / 250)}.${ip % 250}` };
  };
  const req = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    /** More request headers (a phone's Host, say). */
    more: Record<string, string> = {},
  ) => {
    const res = await ctx.request(method, url, {
      body: body === undefined ? undefined : encodeWireMoney(body),
      headers: { ...headers(), ...more },
    });
    const wire = res.json.bind(res);
    res.json = () => decodeWireMoney(wire());
    return res;
  };
  const base = (p: { session: string }) => `/api/tables/sessions/${encodeURIComponent(p.session)}`;
  /** A phone scans `table` at the bistro and joins its session (named or not). */
  async function scan(table: string, name?: string): Promise<Phone> {
    const s = await req('POST', '/api/tables/verify_token', { token: table, placeSlug: 'bistro' });
    expect(s.statusCode, s.body).toBe(200);
    const session = (s.json() as { session: string }).session;
    const j = await req('POST', `${base({ session })}/guests`, { name: name ?? null });
    expect(j.statusCode, j.body).toBe(200);
    const { guest } = j.json() as { guest: { id: number; guest_key: string } };
    return { session, key: guest.guest_key, guestId: guest.id };
  }
  const cartOf = async (p: Phone) => {
    const res = await req('GET', `${base(p)}/cart?guest_key=${encodeURIComponent(p.key)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StoreTableCart;
  };
  const add = (p: Phone, version: number, quantity = 1, extra: Record<string, unknown> = {}) =>
    req('POST', `${base(p)}/cart/lines`, {
      guest_key: p.key,
      version,
      product_id: product().product_id,
      product_variant_id: product().variant_id,
      quantity,
      ...extra,
    });
  return { headers, req, base, scan, cartOf, add };
}

/**
 * tablePartyGuests for a suite about the bill (issue 19), by the bills' tests of the tables and payments modules:
 * a `beforeAll` it registers pins the clock at OPEN_AT, finds bistro's orderable product and removes the demo
 * seed's `shared_table_cart` setting (missing: the shared cart is on). `order(p, quantity)` sends one order from the
 * shared cart (its key), `billOf(p)` reads the bill, `take(p, body, more)` asks for a share of it.
 */
export function tablePartyAtTheBill(ctx: TestContext, net: number) {
  let product = { product_id: 0, variant_id: 0 };
  const guests = tablePartyGuests(ctx, net, () => product);
  const { req, base, add } = guests;
  beforeAll(async () => {
    ctx.clock.setOverride(OPEN_AT);
    product = await orderableDemoProduct(ctx, 'bistro');
    await ctx.db
      .deleteFrom('settings')
      .where('place_id', '=', await ctx.placeId('bistro'))
      .where('key', '=', 'shared_table_cart')
      .execute();
  });
  /** One order of `quantity` sent from the shared cart by `p`: its key. */
  async function order(p: Phone, quantity: number): Promise<string> {
    // The order path's same-order window: each order a minute and a second after the last.
    ctx.clock.setOverride(new Date(ctx.clock.now().getTime() + 61_000));
    const cart = await req('GET', `${base(p)}/cart?guest_key=${encodeURIComponent(p.key)}`);
    const added = await add(p, (cart.json() as StoreTableCart).version, quantity);
    expect(added.statusCode, added.body).toBe(201);
    const sent = await req('POST', `${base(p)}/cart/send`, {
      guest_key: p.key,
      version: (added.json() as StoreTableCart).version,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return (sent.json() as { order: { key: string } }).order.key;
  }
  const billOf = async (p: { session: string }) => {
    const res = await req('GET', `${base(p)}/bill`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StoreTableBill;
  };
  const take = (p: Phone, body: Record<string, unknown>, more?: Record<string, string>) =>
    req('POST', `${base(p)}/bill/shares`, { guest_key: p.key, ...body }, more);
  return { ...guests, order, billOf, take };
}
