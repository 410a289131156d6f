/**
 * The table party's guest calls for its route tests (issue 19): phones that scan a table and join its session, each
 * call from its own address (the guest limits count per address) in `10.<net>.x.y`, one net per test file. Amounts
 * go out and come back through the contracts' wire rule (decimals of the venue currency on the wire, minor units
 * here), as the browser's fetch layer does; the units themselves are checked by test/spec-contract.routes.test.ts.
 */
import { expect } from 'vitest';
import type { TestContext } from '../../../test/harness.ts';
import type { StoreTableCart } from '@trapeza/domain/contracts/table-party';
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
