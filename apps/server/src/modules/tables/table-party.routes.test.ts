/**
 * The table as one party (issue 19) through the real app on SQLite and PostgreSQL, on the demo seed, with the
 * payment provider simulator: phones that scan one table join one session and cart; names; live cart events on
 * the guest stream; versions (stale → 409 with the cart); once-only send; the bill split by items, equal shares and
 * custom amounts with tips; no double claim under concurrency (20 rounds); an online share paid on the simulator;
 * cash shares reach the waiter and are marked paid on the board; the session closes when paid in full; abandoned
 * online claims released after their expiry; bad input refused with nothing changed.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { orderableDemoProduct } from '../../../test/demo-orders.ts';
import { OPEN_AT, nextMinute } from '../orders/orders.fixtures.ts';
import { startBistroSimulator } from '../payments/payments.fixtures.ts';
import { openSse } from '../staff/sse-client.fixtures.ts';
import type { StoreTableBill, StoreTableCart } from '@trapeza/domain/contracts/table-party';
import { tablePartyGuests, type Phone } from './table-party.fixtures.ts';

const { sim, appPort: APP_PORT, appUrl: APP_URL, simulatorEnv } = await startBistroSimulator();
afterAll(async () => {
  await sim.close();
});

// The demo seed is part of the project: these suites always run (no guard that could make them vanish).
{
  describeEachDatabase(
    'table party: shared cart and split bill',
    (ctx: TestContext) => {
      let waiterToken = '';
      let product: { product_id: number; variant_id: number } = { product_id: 0, variant_id: 0 };
      const { headers, req, base, scan, cartOf, add } = tablePartyGuests(ctx, 19, () => product);

      const dropSetting = (placeId: number, key: string) =>
        ctx.db.deleteFrom('settings').where('place_id', '=', placeId).where('key', '=', key).execute();

      beforeAll(async () => {
        await ctx.app.listen({ port: APP_PORT, host: '127.0.0.1' });
        ctx.clock.setOverride(OPEN_AT);
        const login = await ctx.post(
          '/api/login',
          { email: 'waiter@demo.test', password: 'demo-waiter' },
          { headers: headers() },
        );
        expect(login.statusCode, login.body).toBe(200);
        waiterToken = (login.json() as { token: string }).token;
        product = await orderableDemoProduct(ctx, 'bistro');
        // The shared table is the default: the demo's explicit shared_table_cart = 1 is removed, so every test
        // below runs on the catalogue's default (a venue that never touched the setting).
        await dropSetting(await ctx.placeId('bistro'), 'shared_table_cart');
      });

      const sendCart = (p: Phone, version: number) =>
        req('POST', `${base(p)}/cart/send`, { guest_key: p.key, version });
      const billOf = async (p: Phone) => {
        const res = await req('GET', `${base(p)}/bill`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as StoreTableBill;
      };
      const take = (p: Phone, body: Record<string, unknown>) =>
        req('POST', `${base(p)}/bill/shares`, { guest_key: p.key, ...body });
      /** Two guests' orders on one table: A orders 2, B orders 1 (through the shared cart). */
      async function tableWithOrder(table: string) {
        nextMinute(ctx);
        const a = await scan(table, 'Anna');
        const b = await scan(table, 'Boris');
        let v = (await cartOf(a)).version;
        const r1 = await add(a, v, 2);
        expect(r1.statusCode, r1.body).toBe(201);
        v = (r1.json() as StoreTableCart).version;
        const r2 = await add(b, v, 1, { comment: 'no ice' });
        expect(r2.statusCode, r2.body).toBe(201);
        const sent = await sendCart(a, (r2.json() as StoreTableCart).version);
        expect(sent.statusCode, sent.body).toBe(201);
        return { a, b, order: (sent.json() as { order: { key: string; totalPrice: number } }).order };
      }

      ctx.test('phones scanning one table join one session; names are text, cut to 30', async () => {
        nextMinute(ctx);
        const a = await scan('demo-t2');
        const b = await scan('demo-t2', '   ');
        expect(b.session).toBe(a.session);
        const other = await scan('demo-t3');
        expect(other.session).not.toBe(a.session);
        const cart = await cartOf(a);
        expect(cart.guests.map((g) => g.number)).toEqual([1, 2]);
        expect(cart.guests.map((g) => g.name)).toEqual([null, null]);
        const markup = await req('POST', `${base(a)}/guests`, { name: '<script>alert(1)</script>' });
        expect(markup.statusCode).toBe(400);
        expect((await cartOf(a)).guests).toHaveLength(2);
        const bad = await req('POST', `${base(a)}/guests`, { guest_key: a.key, name: '<b>Anna</b>' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().code).toBe('invalid_guest_name');
        const long = await req('POST', `${base(a)}/guests`, { guest_key: a.key, name: 'Ж'.repeat(200) });
        expect(long.statusCode).toBe(200);
        expect(long.json().guest.name).toBe('Ж'.repeat(30));
        const again = await cartOf(a);
        expect(again.guests.find((g) => g.id === a.guestId)?.name).toBe('Ж'.repeat(30));
      });

      ctx.test(
        'the same push twice adds once (a phone that unloaded before taking the line out)',
        async () => {
          nextMinute(ctx);
          const a = await scan('demo-t12', 'Anna');
          const v0 = (await cartOf(a)).version;
          const first = await add(a, v0, 2, { push_id: 'push-abcdef-1' });
          expect(first.statusCode, first.body).toBe(201);
          const after = first.json() as StoreTableCart;
          expect(after.lines.map((l) => l.quantity)).toEqual([2]);
          // Sent again after the unload: with the version it had (stale: 409 with the cart), then with the cart's.
          const again = await add(a, v0, 2, { push_id: 'push-abcdef-1' });
          expect(again.statusCode).toBe(409);
          const retry = await add(a, (again.json() as { cart: StoreTableCart }).cart.version, 2, {
            push_id: 'push-abcdef-1',
          });
          expect(retry.statusCode, retry.body).toBe(201);
          const cart = retry.json() as StoreTableCart;
          expect(cart.lines.map((l) => l.quantity)).toEqual([2]);
          // The version did not move: nothing changed.
          expect(cart.version).toBe(after.version);
          // A new push of the same line adds as always.
          const next = await add(a, cart.version, 1, { push_id: 'push-abcdef-2' });
          expect((next.json() as StoreTableCart).lines.map((l) => l.quantity)).toEqual([3]);
          // Without an id (an older phone), as before.
          const plain = await add(a, (next.json() as StoreTableCart).version, 1);
          expect((plain.json() as StoreTableCart).lines.map((l) => l.quantity)).toEqual([4]);
        },
      );

      ctx.test('a stale version is refused with the current cart; lines show who added them', async () => {
        nextMinute(ctx);
        const a = await scan('demo-t4', 'Anna');
        const b = await scan('demo-t4', 'Boris');
        const v0 = (await cartOf(a)).version;
        const first = await add(a, v0, 1);
        expect(first.statusCode, first.body).toBe(201);
        const stale = await add(b, v0, 3);
        expect(stale.statusCode).toBe(409);
        const body = stale.json() as { code: string; cart: StoreTableCart };
        expect(body.code).toBe('cart_changed');
        expect(body.cart.lines).toHaveLength(1);
        expect(body.cart.lines[0]).toMatchObject({ guest_id: a.guestId, quantity: 1 });
        // B retries on the cart it was given; then changes and removes A's line.
        const ok = await add(b, body.cart.version, 3);
        expect(ok.statusCode).toBe(201);
        const cart = ok.json() as StoreTableCart;
        expect(cart.lines.map((l) => [l.guest_id, l.quantity])).toEqual([
          [a.guestId, 1],
          [b.guestId, 3],
        ]);
        const line = cart.lines[0]!;
        const changed = await req('PATCH', `${base(b)}/cart/lines/${line.id}`, {
          guest_key: b.key,
          version: cart.version,
          quantity: 2,
        });
        expect(changed.statusCode, changed.body).toBe(200);
        const v = (changed.json() as StoreTableCart).version;
        const removed = await req(
          'DELETE',
          `${base(a)}/cart/lines/${line.id}?guest_key=${encodeURIComponent(a.key)}&version=${v}`,
        );
        expect(removed.statusCode, removed.body).toBe(200);
        expect((removed.json() as StoreTableCart).lines).toHaveLength(1);
        // A late phone sees the whole cart.
        const late = await scan('demo-t4');
        expect((await cartOf(late)).lines).toEqual((removed.json() as StoreTableCart).lines);
      });

      ctx.test(
        'a line the order call would refuse is refused on the way into the cart, with the §8 code; nothing changes',
        async () => {
          nextMinute(ctx);
          const a = await scan('demo-t3');
          const before = await cartOf(a);
          const gone = await req('POST', `${base(a)}/cart/lines`, {
            guest_key: a.key,
            version: before.version,
            product_id: 999_999,
            product_variant_id: 999_999,
            quantity: 1,
          });
          expect(gone.statusCode, gone.body).toBe(400);
          expect(gone.json()).toMatchObject({ code: 'inactiveProductsIds', ids: [999_999] });
          const hotel = await orderableDemoProduct(ctx, 'hotel');
          const foreign = await req('POST', `${base(a)}/cart/lines`, {
            guest_key: a.key,
            version: before.version,
            product_id: hotel.product_id,
            product_variant_id: hotel.variant_id,
            quantity: 1,
          });
          expect(foreign.statusCode, foreign.body).toBe(400);
          expect(foreign.json()).toMatchObject({
            code: 'invalid_products_for_place',
            ids: [hotel.product_id],
          });
          await ctx.db
            .updateTable('products')
            .set({ in_stock: 0 })
            .where('id', '=', product.product_id)
            .execute();
          try {
            const out = await add(a, before.version, 1);
            expect(out.statusCode, out.body).toBe(400);
            expect(out.json()).toMatchObject({ code: 'inactiveProductsIds', ids: [product.product_id] });
            expect(out.json().names).toHaveLength(1);
          } finally {
            await ctx.db
              .updateTable('products')
              .set({ in_stock: 1 })
              .where('id', '=', product.product_id)
              .execute();
          }
          const after = await cartOf(a);
          expect(after.version).toBe(before.version);
          expect(after.lines).toEqual(before.lines);
        },
      );

      ctx.test('cart changes reach the other phones live on the guest stream, with catch-up', async () => {
        nextMinute(ctx);
        const a = await scan('demo-t5');
        const b = await scan('demo-t5');
        const url = `${APP_URL}/api/orders/by_table_session/${encodeURIComponent(b.session)}/events?client=demo&place=bistro`;
        const stream = await openSse(url);
        let lastId: string;
        try {
          expect(stream.status).toBe(200);
          await stream.waitFor((m) => m.event === 'ready');
          const started = Date.now();
          const res = await add(a, (await cartOf(a)).version, 1);
          expect(res.statusCode).toBe(201);
          const version = (res.json() as StoreTableCart).version;
          const event = await stream.waitFor(
            (m) => m.event === 'table.cart_changed' && JSON.parse(m.data).version === version,
            1000,
          );
          expect(Date.now() - started).toBeLessThan(1000);
          lastId = event.id ?? '';
        } finally {
          stream.close();
        }
        // Offline meanwhile: the reconnect with Last-Event-ID catches up.
        const res = await add(a, (await cartOf(a)).version, 1);
        const version = (res.json() as StoreTableCart).version;
        const again = await openSse(url, { 'last-event-id': lastId });
        try {
          const caught = await again.waitFor(
            (m) => m.event === 'table.cart_changed' && JSON.parse(m.data).version === version,
          );
          expect(caught).toBeTruthy();
        } finally {
          again.close();
        }
      });

      ctx.test(
        'two phones pressing Order together, 20 times: one order each time, both see it sent',
        async () => {
          nextMinute(ctx);
          const a = await scan('demo-t6');
          const b = await scan('demo-t6');
          // 20 rounds: each time both press at once on the same cart; each round adds one order, never two.
          for (let round = 1; round <= 20; round += 1) {
            // A minute and a second later each round: the order path's same-order window has passed.
            ctx.clock.setOverride(new Date(ctx.clock.now().getTime() + 61_000));
            const added = await add(a, (await cartOf(a)).version, round);
            const v = (added.json() as StoreTableCart).version;
            const [ra, rb] = await Promise.all([sendCart(a, v), sendCart(b, v)]);
            const codes = [ra.statusCode, rb.statusCode].sort();
            expect(codes, `round ${round}: ${ra.body} ${rb.body}`).toEqual([201, 409]);
            const orders = await ctx.db
              .selectFrom('orders')
              .select(['key', 'total'])
              .where('token', '=', a.session)
              .orderBy('id')
              .execute();
            expect(orders, `round ${round}`).toHaveLength(round);
            for (const p of [a, b]) {
              const cart = await cartOf(p);
              expect(cart.lines).toHaveLength(0);
              expect(cart.sent?.key).toBe(orders[round - 1]!.key);
            }
          }
          // An empty cart cannot be sent.
          const empty = await sendCart(a, (await cartOf(a)).version);
          expect(empty.statusCode).toBe(400);
          expect(empty.json().code).toBe('noProductsToInsert');
        },
      );

      ctx.test(
        'private lines only where the venue allows them, made so by their own guest; hidden from the others',
        async () => {
          nextMinute(ctx);
          const a = await scan('demo-t7');
          const b = await scan('demo-t7');
          const refused = await add(a, (await cartOf(a)).version, 1, { private: true });
          expect(refused.statusCode).toBe(400);
          expect(refused.json().code).toBe('private_lines_not_allowed');
          expect((await cartOf(a)).lines).toHaveLength(0);
          const placeId = await ctx.placeId('bistro');
          await setSetting(ctx.db, placeId, 'table_cart_private_lines', '1');
          try {
            const ok = await add(a, (await cartOf(a)).version, 1, { private: true });
            expect(ok.statusCode, ok.body).toBe(201);
            expect((await cartOf(a)).lines).toHaveLength(1);
            expect((await cartOf(b)).lines).toHaveLength(0);
            // A shared line made "just for me" by the guest who added it (and shared again); not by another guest.
            const added = await add(b, (await cartOf(b)).version, 2);
            expect(added.statusCode, added.body).toBe(201);
            const line = (added.json() as StoreTableCart).lines.find((l) => l.guest_id === b.guestId)!;
            const patch = (p: Phone, body: Record<string, unknown>) =>
              req('PATCH', `${base(p)}/cart/lines/${line.id}`, { guest_key: p.key, ...body });
            const notYours = await patch(a, {
              version: (await cartOf(a)).version,
              quantity: 2,
              private: true,
            });
            expect(notYours.statusCode).toBe(403);
            expect(notYours.json().code).toBe('cart_line_not_yours');
            expect((await cartOf(a)).lines.map((l) => l.id)).toContain(line.id);
            const mine = await patch(b, { version: (await cartOf(b)).version, quantity: 2, private: 1 });
            expect(mine.statusCode, mine.body).toBe(200);
            expect((mine.json() as StoreTableCart).lines.find((l) => l.id === line.id)).toMatchObject({
              private: 1,
              quantity: 2,
            });
            expect((await cartOf(a)).lines.map((l) => l.id)).not.toContain(line.id);
            const shared = await patch(b, { version: (await cartOf(b)).version, quantity: 2, private: 0 });
            expect(shared.statusCode, shared.body).toBe(200);
            expect((await cartOf(a)).lines.find((l) => l.id === line.id)).toMatchObject({ private: 0 });
          } finally {
            await setSetting(ctx.db, placeId, 'table_cart_private_lines', '0');
          }
        },
      );

      ctx.test(
        'the bill: by items, equal shares, custom amount, tips; bad input changes nothing',
        async () => {
          const { a, b, order } = await tableWithOrder('demo-t8');
          const bill = await billOf(a);
          expect(bill.total).toBe(order.totalPrice);
          const lines = bill.orders.flatMap((o) => o.lines);
          expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(bill.total);
          const big = lines.find((l) => l.quantity >= 2)!;
          // Bad input, each a clear 4xx and nothing changed.
          const other = await tableWithOrder('demo-t9');
          const foreign = (await billOf(other.a)).orders[0]!.lines[0]!.id;
          const bad: [Record<string, unknown>, number, string][] = [
            [
              { mode: 'items', items: [{ line_id: foreign, quantity: 1 }], method: 'cash' },
              400,
              'unknown_bill_line',
            ],
            [{ mode: 'custom', amount: 0, method: 'cash' }, 400, 'share_too_small'],
            [{ mode: 'custom', amount: bill.total + 1, method: 'cash' }, 400, 'share_exceeds_remaining'],
            [
              { mode: 'custom', amount: 100, method: 'cash', tip: { kind: 'percent', percent: 101 } },
              400,
              'tip_too_high',
            ],
            [
              { mode: 'items', items: [{ line_id: big.id, quantity: big.quantity + 1 }], method: 'cash' },
              409,
              'bill_changed',
            ],
            [
              { mode: 'custom', amount: 100, method: 'cash', expected_remaining: bill.total - 1 },
              409,
              'bill_changed',
            ],
          ];
          for (const [body, status, code] of bad) {
            const res = await take(a, body);
            expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
            expect(res.json().code).toBe(code);
          }
          const wrongGuest = await take(
            { ...a, key: 'x'.repeat(20) },
            { mode: 'custom', amount: 100, method: 'cash' },
          );
          expect(wrongGuest.statusCode).toBe(403);
          expect(await billOf(a)).toEqual(bill);

          // A claims one unit of the big line with a 10 % tip (cash); B cannot take more units than are left.
          const mine = await take(a, {
            mode: 'items',
            items: [{ line_id: big.id, quantity: 1 }],
            method: 'cash',
            tip: { kind: 'percent', percent: 10 },
          });
          expect(mine.statusCode, mine.body).toBe(201);
          const share = mine.json().share as { amount: number; tip: number };
          expect(share.amount).toBe(Math.floor((big.amount * 1) / big.quantity));
          expect(share.tip).toBe(Math.round(share.amount / 10));
          const tooMany = await take(b, {
            mode: 'items',
            items: [{ line_id: big.id, quantity: big.quantity }],
            method: 'cash',
          });
          expect(tooMany.statusCode).toBe(409);
          expect(tooMany.json().code).toBe('bill_changed');
          expect(
            tooMany.json().bill.orders[0].lines.find((l: { id: number }) => l.id === big.id).claimed_quantity,
          ).toBe(1);
          // The waiter got the request with amount and method.
          const need = await ctx.db
            .selectFrom('user_needs')
            .select(['type', 'text'])
            .where('session', '=', a.session)
            .executeTakeFirstOrThrow();
          expect(need.type).toBe('bill');
          expect(need.text).toContain('cash');
          // Equal shares of what remains: 3 people; the last share takes the remainder.
          const now = await billOf(a);
          const s1 = await take(b, { mode: 'custom', amount: now.remaining - 2, method: 'card' });
          expect(s1.statusCode, s1.body).toBe(201);
          const left = (s1.json().bill as StoreTableBill).remaining;
          expect(left).toBe(2);
          const over = await take(b, { mode: 'custom', amount: 3, method: 'card' });
          expect(over.statusCode).toBe(400);
          const last = await take(b, { mode: 'custom', amount: 2, method: 'card' });
          expect(last.statusCode).toBe(201);
          expect((last.json().bill as StoreTableBill).remaining).toBe(0);
        },
      );

      ctx.test('equal shares: N − 1 of ⌊total / N⌋, the last takes the remainder', async () => {
        const { a, b } = await tableWithOrder('demo-t10');
        const bill = await billOf(a);
        const base3 = Math.floor(bill.total / 3);
        const r1 = await take(a, { mode: 'equal', parts: 3, method: 'cash' });
        const r2 = await take(b, { mode: 'equal', parts: 3, method: 'cash' });
        const r3 = await take(b, { mode: 'equal', parts: 3, method: 'cash' });
        expect([r1, r2, r3].map((r) => r.statusCode)).toEqual([201, 201, 201]);
        expect([r1, r2, r3].map((r) => r.json().share.amount)).toEqual([
          base3,
          base3,
          bill.total - 2 * base3,
        ]);
        const r4 = await take(a, { mode: 'equal', parts: 3, method: 'cash' });
        expect(r4.statusCode).toBe(409);
        expect((await billOf(a)).remaining).toBe(0);
      });

      ctx.test(
        '"I pay mine, you two split the rest": equal shares of what the other shares leave',
        async () => {
          const { a, b } = await tableWithOrder('demo-t7');
          const bill = await billOf(a);
          const line = bill.orders.at(-1)!.lines[0]!;
          const mine = await take(a, {
            mode: 'items',
            items: [{ line_id: line.id, quantity: 1 }],
            method: 'cash',
          });
          expect(mine.statusCode, mine.body).toBe(201);
          const rest = (mine.json().bill as StoreTableBill).remaining;
          const r1 = await take(b, { mode: 'equal', parts: 2, method: 'cash' });
          const r2 = await take(a, { mode: 'equal', parts: 2, method: 'card' });
          expect([r1.json().share.amount, r2.json().share.amount]).toEqual([
            Math.floor(rest / 2),
            rest - Math.floor(rest / 2),
          ]);
          expect((r2.json().bill as StoreTableBill).remaining).toBe(0);
        },
      );

      ctx.test(
        'no double charge: two guests taking the last remaining amount at once, 20 times',
        async () => {
          for (let round = 0; round < 20; round += 1) {
            const table = `demo-t${(round % 2) + 11}`;
            const { a, b } = await tableWithOrder(table);
            const bill = await billOf(a);
            const body = {
              mode: 'custom',
              amount: bill.remaining,
              method: 'cash',
              expected_remaining: bill.remaining,
            };
            const [ra, rb] = await Promise.all([take(a, body), take(b, body)]);
            expect([ra.statusCode, rb.statusCode].sort(), `${ra.body} ${rb.body}`).toEqual([201, 409]);
            const loser = ra.statusCode === 409 ? ra : rb;
            expect(loser.json().code).toBe('bill_changed');
            const after = await billOf(a);
            expect(after.pending + after.paid).toBe(bill.total);
            expect(after.remaining).toBe(0);
            // Close the table for the next round: the waiter marks the share paid.
            const share = (ra.statusCode === 201 ? ra : rb).json().share as { id: number };
            const paid = await ctx.request('POST', `/api/staff/bill-shares/${share.id}/paid`, {
              headers: { authorization: `Bearer ${waiterToken}` },
            });
            expect(paid.statusCode, paid.body).toBe(200);
            expect(paid.json().closed).toBe(true);
          }
        },
      );

      ctx.test(
        'online share on the simulator; cash share marked paid by the waiter; the session closes',
        async () => {
          const { a, b } = await tableWithOrder('demo-t1');
          const bill = await billOf(a);
          const half = Math.floor(bill.total / 2);
          const online = await take(a, {
            mode: 'custom',
            amount: half,
            method: 'online',
            tip: { kind: 'percent', percent: 5 },
          });
          expect(online.statusCode, online.body).toBe(201);
          const { payment, share } = online.json() as {
            payment: { red: string; payment_key: string };
            share: { id: number; amount: number; tip: number };
          };
          const row = await ctx.db
            .selectFrom('payments')
            .select(['amount', 'bill_share_id', 'order_id'])
            .where('invoice', '=', payment.payment_key)
            .executeTakeFirstOrThrow();
          expect(row).toEqual({ amount: share.amount + share.tip, bill_share_id: share.id, order_id: null });
          // The guest pays on the provider's page.
          const page = await fetch(payment.red);
          const html = await page.text();
          const to = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
          expect(to, html).toBeTruthy();
          await fetch(new URL(to!.replace(/&amp;/g, '&'), sim.url), {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ action: 'pay' }).toString(),
            redirect: 'manual',
          });
          await sim.settle();
          await expect.poll(async () => (await billOf(a)).paid, { timeout: 5000 }).toBe(half);
          // B pays the rest in cash; the board lists it; the waiter marks it paid; the session closes.
          const rest = await take(b, { mode: 'custom', amount: bill.total - half, method: 'cash' });
          expect(rest.statusCode, rest.body).toBe(201);
          const boards = await ctx.request('GET', '/api/staff/table-bills', {
            headers: { authorization: `Bearer ${waiterToken}` },
          });
          expect(boards.statusCode, boards.body).toBe(200);
          const mine = (
            boards.json().bills as {
              session_id: number;
              paid: number;
              pending: number;
              shares: { method: string }[];
            }[]
          ).find((x) => x.paid === half && x.pending === bill.total - half);
          expect(mine?.shares.map((s) => s.method).sort()).toEqual(['cash', 'online']);
          // A guest cannot mark paid; an online share cannot be marked paid.
          const guestTry = await ctx.request('POST', `/api/staff/bill-shares/${share.id}/paid`);
          expect(guestTry.statusCode).toBe(401);
          const onlineTry = await ctx.request('POST', `/api/staff/bill-shares/${share.id}/paid`, {
            headers: { authorization: `Bearer ${waiterToken}` },
          });
          expect(onlineTry.statusCode).toBe(409);
          const cashId = (rest.json().share as { id: number }).id;
          const done = await ctx.request('POST', `/api/staff/bill-shares/${cashId}/paid`, {
            headers: { authorization: `Bearer ${waiterToken}` },
          });
          expect(done.statusCode, done.body).toBe(200);
          expect(done.json()).toMatchObject({ closed: true, bill: { remaining: 0, paid: bill.total } });
          const closed = await billOf(a);
          expect(closed).toMatchObject({ closed: true, settled: true, remaining: 0 });
          // The session is over: ordering with it is refused, and a new scan opens a new session.
          const cart = await req('GET', `${base(a)}/cart?guest_key=${encodeURIComponent(a.key)}`);
          expect(cart.statusCode).toBe(400);
          const fresh = await scan('demo-t1');
          expect(fresh.session).not.toBe(a.session);
        },
      );

      ctx.test('an abandoned online payment releases its claim after the payment expires', async () => {
        const { a, b } = await tableWithOrder('demo-t9');
        const before = await billOf(b);
        const res = await take(a, { mode: 'custom', amount: before.remaining, method: 'online' });
        expect(res.statusCode, res.body).toBe(201);
        expect((await billOf(b)).remaining).toBe(0);
        const expires = new Date((res.json().share as { expires_at: string }).expires_at);
        ctx.clock.setOverride(new Date(expires.getTime() + 1000));
        expect((await billOf(b)).remaining).toBe(before.remaining);
        const again = await take(b, { mode: 'custom', amount: before.remaining, method: 'cash' });
        expect(again.statusCode, again.body).toBe(201);
      });

      // Where the venue does not share tables, each scan is its own session and joining one is refused.
      const notShared = [
        {
          why: 'a venue that switched it off',
          table: 'demo-t6',
          key: 'shared_table_cart',
          on: '0',
          restore: (placeId: number) => dropSetting(placeId, 'shared_table_cart'),
        },
        {
          why: 'tablet mode on every device of the venue',
          table: 'demo-t7',
          key: 'tablet_mode_always_on',
          on: '1',
          restore: (placeId: number) => setSetting(ctx.db, placeId, 'tablet_mode_always_on', '0'),
        },
      ];
      for (const c of notShared)
        ctx.test(`${c.why}: each scan its own session, no shared cart`, async () => {
          nextMinute(ctx);
          const placeId = await ctx.placeId('bistro');
          await setSetting(ctx.db, placeId, c.key, c.on);
          try {
            const open = async () => {
              const res = await req('POST', '/api/tables/verify_token', {
                token: c.table,
                placeSlug: 'bistro',
              });
              expect(res.statusCode, res.body).toBe(200);
              return (res.json() as { session: string }).session;
            };
            const [one, two] = [await open(), await open()];
            expect(one).not.toBe(two);
            const join = await req('POST', `/api/tables/sessions/${encodeURIComponent(one)}/guests`, {});
            expect(join.statusCode).toBe(409);
            expect(join.json().code).toBe('shared_cart_not_available');
          } finally {
            await c.restore(placeId);
          }
        });

      ctx.test('kiosk and tablet devices keep their own session: no sharing', async () => {
        nextMinute(ctx);
        const s = await req('POST', '/api/tables/verify_token', { token: 'demo-t3', placeSlug: 'bistro' });
        const session = (s.json() as { session: string }).session;
        await ctx.db
          .updateTable('table_sessions')
          .set({ mode: 'tablet' })
          .where('session', '=', session)
          .execute();
        const join = await req('POST', `/api/tables/sessions/${encodeURIComponent(session)}/guests`, {});
        expect(join.statusCode).toBe(409);
        expect(join.json().code).toBe('shared_cart_not_available');
        const next = await req('POST', '/api/tables/verify_token', { token: 'demo-t3', placeSlug: 'bistro' });
        expect((next.json() as { session: string }).session).not.toBe(session);
      });
    },
    { env: { ...simulatorEnv, RATE_LIMIT_PER_MINUTE: '0' } },
  );
}
