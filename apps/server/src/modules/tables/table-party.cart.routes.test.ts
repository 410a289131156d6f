/**
 * The table party's shared cart at its edges (issue 19), through the real app on SQLite and PostgreSQL, on the demo
 * seed: joining again without a name keeps it; unknown and expired sessions; ingredient choices stored sorted so
 * identical lines merge; comments trimmed; refusals of private lines, unknown variants and booking products with
 * the order path's §8 fields; changing lines (unknown, others' private, stale version, shared again by another
 * guest); a send under way or cut off; the send's refusals and the order's comments; the events the phones hear.
 */
import { beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { orderableDemoProduct } from '../../../test/demo-orders.ts';
import { OPEN_AT, nextMinute } from '../orders/orders.fixtures.ts';
import type { StoreTableCart } from '@trapeza/domain/contracts/table-party';
import { tablePartyGuests, type Phone } from './table-party.fixtures.ts';

describeEachDatabase(
  'table party: the shared cart at its edges',
  (ctx: TestContext) => {
    let product: { product_id: number; variant_id: number } = { product_id: 0, variant_id: 0 };
    let placeId = 0;
    const { req, base, scan, cartOf, add } = tablePartyGuests(ctx, 29, () => product);

    beforeAll(async () => {
      ctx.clock.setOverride(OPEN_AT);
      product = await orderableDemoProduct(ctx, 'bistro');
      placeId = await ctx.placeId('bistro');
      await ctx.db
        .deleteFrom('settings')
        .where('place_id', '=', placeId)
        .where('key', 'in', ['shared_table_cart', 'table_cart_private_lines'])
        .execute();
    });

    const patch = (p: Phone, lineId: number, body: Record<string, unknown>) =>
      req('PATCH', `${base(p)}/cart/lines/${lineId}`, { guest_key: p.key, ...body });
    const sendCart = (p: Phone, version: number) =>
      req('POST', `${base(p)}/cart/send`, { guest_key: p.key, version });
    /** The events the session's phones hear (stored on the bus for catch-up), oldest first. */
    const events = async (session: string, type: string) => {
      const rows = await ctx.db
        .selectFrom('staff_events')
        .select(['type', 'data'])
        .where('session', '=', session)
        .where('type', '=', type)
        .orderBy('id')
        .execute();
      return rows.map(
        (r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
      );
    };
    const setSession = (session: string, values: { cart_sending_at?: string | null; expires_at?: string }) =>
      ctx.db.updateTable('table_sessions').set(values).where('session', '=', session).execute();

    ctx.test('joining again without a name keeps it; unknown and expired sessions are refused', async () => {
      nextMinute(ctx);
      const a = await scan('demo-t2', 'Anna');
      // The join is heard by the other phones (the guest list is part of the cart).
      await expect.poll(async () => (await events(a.session, 'table.cart_changed')).length).toBe(1);
      const again = await req('POST', `${base(a)}/guests`, { guest_key: a.key });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().guest).toMatchObject({ id: a.guestId, name: 'Anna', guest_key: a.key });
      const cart = await cartOf(a);
      expect(cart.guests).toEqual([{ id: a.guestId, number: 1, name: 'Anna' }]);
      expect(cart).toMatchObject({ shared: true, sending: false, sent: null, private_lines_allowed: false });
      // A phone whose guest key is not (or no longer) known still sees the cart.
      const stranger = await req('GET', `${base(a)}/cart?guest_key=${'z'.repeat(24)}`);
      expect(stranger.statusCode, stranger.body).toBe(200);
      expect((stranger.json() as StoreTableCart).guests).toHaveLength(1);
      const unknown = await req('GET', `${base({ session: 'no-such-session' })}/cart`);
      expect(unknown.statusCode, unknown.body).toBe(400);
      expect(unknown.json().message).toBe('Invalid session');
      await setSession(a.session, { expires_at: new Date(ctx.clock.now().getTime() - 1000).toISOString() });
      const expired = await req('GET', `${base(a)}/cart?guest_key=${encodeURIComponent(a.key)}`);
      expect(expired.statusCode, expired.body).toBe(400);
      expect(expired.json().message).toBe('Invalid session');
    });

    ctx.test('ingredient choices are stored sorted and deduplicated: the same choice merges', async () => {
      nextMinute(ctx);
      const a = await scan('demo-t3', 'Anna');
      const first = await add(a, (await cartOf(a)).version, 1, {
        ingredients: { required: 5, addable: [3, 1, 3, 2], removable: [9, 7] },
      });
      expect(first.statusCode, first.body).toBe(201);
      const line = (first.json() as StoreTableCart).lines[0]!;
      expect(line.ingredients).toEqual({ required: 5, addable: [1, 2, 3], removable: [7, 9] });
      const second = await add(a, (first.json() as StoreTableCart).version, 2, {
        ingredients: { required: 5, addable: [2, 3, 1], removable: [7, 9, 9] },
      });
      expect(second.statusCode, second.body).toBe(201);
      const lines = (second.json() as StoreTableCart).lines;
      expect(lines.map((l) => [l.id, l.quantity])).toEqual([[line.id, 3]]);
      // Comments are trimmed; a blank one is none.
      const noted = await add(a, (second.json() as StoreTableCart).version, 1, { comment: '  no ice  ' });
      expect(noted.statusCode, noted.body).toBe(201);
      const blank = await add(a, (noted.json() as StoreTableCart).version, 1, { comment: '   ' });
      expect(blank.statusCode, blank.body).toBe(201);
      const comments = (blank.json() as StoreTableCart).lines.map((l) => l.comment);
      expect(comments).toContain('no ice');
      expect(comments.filter((c) => c !== 'no ice').every((c) => c === null)).toBe(true);
    });

    ctx.test('refused lines: private where not allowed, an unknown variant, a booking product', async () => {
      nextMinute(ctx);
      const a = await scan('demo-t4', 'Anna');
      const v = (await cartOf(a)).version;
      const priv = await add(a, v, 1, { private: 1 });
      expect(priv.statusCode, priv.body).toBe(400);
      expect(priv.json()).toMatchObject({
        code: 'private_lines_not_allowed',
        message: expect.not.stringMatching(/^private_lines_not_allowed$/),
      });
      const variant = await add(a, v, 1, { product_variant_id: 999_999 });
      expect(variant.statusCode, variant.body).toBe(400);
      expect(variant.json()).toMatchObject({
        code: 'inactiveProductsIds',
        ids: [product.product_id],
        variant_ids: [999_999],
      });
      expect(variant.json().names).toHaveLength(1);
      const gone = await add(a, v, 1, { product_id: 999_999, product_variant_id: 999_998 });
      expect(gone.statusCode, gone.body).toBe(400);
      expect(gone.json()).toMatchObject({ ids: [999_999], variant_ids: [999_998], names: [] });
      // A booking product is booked, not ordered from the table.
      await ctx.db
        .updateTable('products')
        .set({ type: 'booking' })
        .where('id', '=', product.product_id)
        .execute();
      try {
        const res = await add(a, v, 1);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'inactiveProductsIds', ids: [product.product_id] });
      } finally {
        await ctx.db
          .updateTable('products')
          .set({ type: 'normal' })
          .where('id', '=', product.product_id)
          .execute();
      }
      const after = await cartOf(a);
      expect(after.version).toBe(v);
      expect(after.lines).toEqual([]);
    });

    ctx.test(
      'changing lines: unknown, another guest’s private line, private kept, stale version',
      async () => {
        nextMinute(ctx);
        const a = await scan('demo-t5', 'Anna');
        const b = await scan('demo-t5', 'Boris');
        await setSetting(ctx.db, placeId, 'table_cart_private_lines', '1');
        let mine: number;
        let shared: number;
        try {
          const p = await add(a, (await cartOf(a)).version, 1, { private: true });
          expect(p.statusCode, p.body).toBe(201);
          mine = (p.json() as StoreTableCart).lines[0]!.id;
          const s = await add(a, (p.json() as StoreTableCart).version, 2, { comment: 'shared' });
          expect(s.statusCode, s.body).toBe(201);
          shared = (s.json() as StoreTableCart).lines.find((l) => l.id !== mine)!.id;
        } finally {
          await setSetting(ctx.db, placeId, 'table_cart_private_lines', '0');
        }
        const unknown = await patch(a, 999_999, { version: (await cartOf(a)).version, quantity: 1 });
        expect(unknown.statusCode, unknown.body).toBe(404);
        expect(unknown.json().code).toBe('cart_line_not_found');
        expect((unknown.json().cart as StoreTableCart).lines).toHaveLength(2);
        const hidden = await patch(b, mine, { version: (await cartOf(b)).version, quantity: 3 });
        expect(hidden.statusCode, hidden.body).toBe(404);
        expect(hidden.json().code).toBe('cart_line_not_found');
        // The owner changes the quantity of a private line: it stays private (though the venue now forbids new ones).
        const qty = await patch(a, mine, { version: (await cartOf(a)).version, quantity: 4 });
        expect(qty.statusCode, qty.body).toBe(200);
        expect((qty.json() as StoreTableCart).lines.find((l) => l.id === mine)).toMatchObject({
          quantity: 4,
          private: 1,
        });
        expect((await cartOf(b)).lines.map((l) => l.id)).toEqual([shared]);
        // Another guest may change a shared line when it stays shared; the owner may not make it private now.
        const other = await patch(b, shared, { version: (await cartOf(b)).version, quantity: 3, private: 0 });
        expect(other.statusCode, other.body).toBe(200);
        const refused = await patch(a, shared, {
          version: (await cartOf(a)).version,
          quantity: 3,
          private: 1,
        });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().code).toBe('private_lines_not_allowed');
        const before = await cartOf(a);
        const stale = await patch(a, shared, { version: before.version - 1, quantity: 1 });
        expect(stale.statusCode, stale.body).toBe(409);
        expect(stale.json().code).toBe('cart_changed');
        expect((stale.json().cart as StoreTableCart).version).toBe(before.version);
        expect(await cartOf(a)).toEqual(before);
        // Every accepted change was heard with its version.
        const versions = (await events(a.session, 'table.cart_changed')).map((e) => e.version);
        expect(versions).toContain(before.version);
      },
    );

    ctx.test('a send under way holds the cart; one cut off (over a minute) does not', async () => {
      nextMinute(ctx);
      const a = await scan('demo-t6', 'Anna');
      const added = await add(a, (await cartOf(a)).version, 1);
      expect(added.statusCode, added.body).toBe(201);
      const v = (added.json() as StoreTableCart).version;
      const now = ctx.clock.now().getTime();
      await setSession(a.session, { cart_sending_at: new Date(now - 30_000).toISOString() });
      expect((await cartOf(a)).sending).toBe(true);
      const held = await add(a, v, 1);
      expect(held.statusCode, held.body).toBe(409);
      expect((held.json().cart as StoreTableCart).sending).toBe(true);
      const heldSend = await sendCart(a, v);
      expect(heldSend.statusCode, heldSend.body).toBe(409);
      expect(heldSend.json().code).toBe('cart_changed');
      await setSession(a.session, { cart_sending_at: new Date(now - 60_000).toISOString() });
      expect((await cartOf(a)).sending).toBe(false);
      await setSession(a.session, { cart_sending_at: new Date(now - 61_000).toISOString() });
      expect((await cartOf(a)).sending).toBe(false);
      const free = await add(a, v, 1);
      expect(free.statusCode, free.body).toBe(201);
      expect((free.json() as StoreTableCart).lines.map((l) => l.quantity)).toEqual([2]);
    });

    ctx.test('sending: empty and stale presses refused; the comments reach the order; events', async () => {
      nextMinute(ctx);
      const a = await scan('demo-t7', 'Anna');
      const b = await scan('demo-t7', 'Boris');
      const v0 = (await cartOf(a)).version;
      const staleEmpty = await sendCart(a, v0 + 5);
      expect(staleEmpty.statusCode, staleEmpty.body).toBe(409);
      expect(staleEmpty.json().code).toBe('cart_changed');
      const empty = await sendCart(a, v0);
      expect(empty.statusCode, empty.body).toBe(400);
      expect(empty.json().code).toBe('noProductsToInsert');
      expect((empty.json().cart as StoreTableCart).version).toBe(v0);
      expect((await cartOf(a)).version).toBe(v0);
      const r1 = await add(a, v0, 1, { comment: ' well done ' });
      expect(r1.statusCode, r1.body).toBe(201);
      const v1 = (r1.json() as StoreTableCart).version;
      const stale = await sendCart(b, v0);
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().code).toBe('cart_changed');
      expect((await cartOf(a)).sending).toBe(false);
      const sent = await sendCart(b, v1);
      expect(sent.statusCode, sent.body).toBe(201);
      const { order, cart } = sent.json() as { order: { key: string }; cart: StoreTableCart };
      expect(cart.sent).toMatchObject({ key: order.key, guest_id: b.guestId });
      const lines = await ctx.db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select(['l.comment', 'l.quantity'])
        .where('o.key', '=', order.key)
        .execute();
      expect(lines).toEqual([{ comment: 'well done', quantity: 1 }]);
      // The phones heard "sending" (v1 + 1) and the sent cart; the bill heard of the new order.
      await expect
        .poll(async () => (await events(a.session, 'table.cart_changed')).map((e) => e.version))
        .toEqual(expect.arrayContaining([v1 + 1, cart.version]));
      await expect.poll(async () => (await events(a.session, 'table.bill_changed')).length).toBe(1);
      const [bill] = await events(a.session, 'table.bill_changed');
      expect(bill).toMatchObject({ table: expect.any(String) });
      expect(bill!.session_id).toEqual(expect.any(Number));
    });

    ctx.test(
      'a send the order path refuses frees the cart: the lines stay, it may be sent again',
      async () => {
        nextMinute(ctx);
        const a = await scan('demo-t8', 'Anna');
        const r = await add(a, (await cartOf(a)).version, 1);
        expect(r.statusCode, r.body).toBe(201);
        const v = (r.json() as StoreTableCart).version;
        await ctx.db
          .updateTable('products')
          .set({ in_stock: 0 })
          .where('id', '=', product.product_id)
          .execute();
        try {
          const refused = await sendCart(a, v);
          expect(refused.statusCode, refused.body).toBe(400);
          expect(refused.json().code).toBe('inactiveProductsIds');
        } finally {
          await ctx.db
            .updateTable('products')
            .set({ in_stock: 1 })
            .where('id', '=', product.product_id)
            .execute();
        }
        const after = await cartOf(a);
        expect(after).toMatchObject({ sending: false, sent: null });
        expect(after.lines).toHaveLength(1);
        await expect
          .poll(async () => (await events(a.session, 'table.cart_changed')).map((e) => e.version))
          .toEqual(expect.arrayContaining([v + 1, v + 2]));
        const again = await sendCart(a, after.version);
        expect(again.statusCode, again.body).toBe(201);
      },
    );
  },
  { env: { RATE_LIMIT_PER_MINUTE: '0' } },
);
