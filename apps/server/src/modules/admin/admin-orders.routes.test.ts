/**
 * The admin orders list and detail (issue 21 #4) on SQLite and PostgreSQL: paging and sorting on the server, the
 * search by short number, name and phone, the status / type / venue-local date filters, money in minor units, the
 * detail with lines, extras, notes, history and payment, and the tenancy (another venue's order is neither listed
 * nor shown). Orders are written straight into the database in 2030, away from the demo's history.
 */
import { beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import type { AdminOrdersResponse } from '@trapeza/domain/contracts/admin-orders';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import { asRole, seedAccounts, signRoleTokens, type AdminTokens } from './admin.fixtures.ts';

interface Seeded {
  id: number;
}

async function insertOrder(
  ctx: TestContext,
  o: {
    place: number;
    at: string;
    number: number | null;
    /** The venue-local day of the number (default: the UTC day of `at`). */
    numberDay?: string;
    type: number;
    status: string;
    total: number;
    name?: string | null;
    phone?: string | null;
    tableId?: number | null;
    room?: string | null;
    payment?: { method: string; status: string };
    comment?: string | null;
  },
): Promise<Seeded> {
  const row = await ctx.db
    .insertInto('orders')
    .values({
      place_id: o.place,
      key: `adm-${Math.random().toString(36).slice(2)}`,
      token: `tok-${Math.random().toString(36).slice(2)}-${Date.now()}`,
      type: o.type,
      status: o.status,
      table_id: o.tableId ?? null,
      room_number: o.room ?? null,
      user_id: null,
      client_name: o.name ?? null,
      client_phone: o.phone ?? null,
      client_email: null,
      client_address: null,
      street_number: null,
      floor_number: null,
      ap_number: null,
      bell_number: null,
      entrance_number: null,
      postal_code: null,
      region_id: null,
      delivery_radius_id: null,
      delivery_shape_id: null,
      lat: null,
      lng: null,
      requested_time: null,
      exact_time_selected: 0,
      payment_method: o.payment?.method ?? 'cash',
      payment_status: o.payment?.status ?? 'none',
      cutlery: 0,
      count_cutlery: 0,
      additional_order_type: null,
      pickup_place_id: null,
      promo_code: null,
      order_comment: o.comment ?? null,
      subtotal: o.total,
      discount_total: 0,
      delivery_fee: 0,
      box_fee: 0,
      cutlery_fee: 0,
      payment_fee: 0,
      accumulated_amount_used: 0,
      total: o.total,
      currency: 'EUR',
      breakdown: '{}',
      bill_wanted: 0,
      bill_payment_method: null,
      device_id: null,
      dedupe_hash: null,
      number: o.number,
      number_day: o.number === null ? null : (o.numberDay ?? o.at.slice(0, 10)),
      created_at: o.at,
      updated_at: o.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row;
}

describeEachDatabase(
  'admin orders list and detail',
  (ctx) => {
    let tokens: AdminTokens;
    const as = asRole(ctx, () => tokens);
    let bistro: number;
    let hotel: number;
    let a: Seeded; // #1, pickup, Maria Petrova, 12.50, paid by card
    let b: Seeded; // #2, table 3, 30.00, cooked
    let c: Seeded; // #3, delivery, Ivan, phone with spaces, 8.00, rejected
    let late: Seeded; // 22:30 UTC on the 11th = 00:30 on the 12th in Sofia
    let hotelOrder: Seeded;

    const list = async (query: string) => {
      const res = await as.get(`/api/admin/orders?from=2030-01-11&to=2030-01-12&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminOrdersResponse;
    };
    const ids = (r: AdminOrdersResponse) => r.orders.map((o) => o.id);

    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
      bistro = await ctx.placeId('bistro');
      hotel = await ctx.placeId('hotel');
      const table = await ctx.db
        .selectFrom('tables')
        .select('id')
        .where('place_id', '=', bistro)
        .where('number', '=', '3')
        .executeTakeFirstOrThrow();
      // Sofia is UTC+2 in January.
      a = await insertOrder(ctx, {
        place: bistro,
        at: '2030-01-11T08:00:00.000Z',
        number: 1,
        type: 3,
        status: 'paid',
        total: 1250,
        name: 'Maria Petrova',
        phone: '+359888123456',
        payment: { method: 'card', status: 'paid' },
        comment: 'без лук',
      });
      b = await insertOrder(ctx, {
        place: bistro,
        at: '2030-01-11T10:00:00.000Z',
        number: 2,
        type: 1,
        status: 'cooked_spot',
        total: 3000,
        tableId: table.id,
      });
      c = await insertOrder(ctx, {
        place: bistro,
        at: '2030-01-11T12:00:00.000Z',
        number: 3,
        type: 2,
        status: 'rejected',
        total: 800,
        name: 'Ivan Georgiev',
        phone: '0877 55 44 33',
      });
      late = await insertOrder(ctx, {
        place: bistro,
        at: '2030-01-11T22:30:00.000Z',
        number: 1,
        numberDay: '2030-01-12',
        type: 3,
        status: 'ordered',
        total: 500,
        name: 'Гергана Орлова-Ди',
        phone: '0899000111',
      });
      hotelOrder = await insertOrder(ctx, {
        place: hotel,
        at: '2030-01-11T09:00:00.000Z',
        number: 1,
        type: 6,
        status: 'ordered',
        total: 999,
        name: 'Maria Petrova',
        room: '101',
      });
      const variant = await ctx.db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select(['v.id', 'v.product_id'])
        .where('p.place_id', '=', bistro)
        .executeTakeFirstOrThrow();
      const ingredient = await ctx.db.selectFrom('ingredients').select('id').executeTakeFirstOrThrow();
      const line = await ctx.db
        .insertInto('order_lines')
        .values({
          order_id: a.id,
          product_id: variant.product_id,
          variant_id: variant.id,
          name: 'Пица Маргарита',
          size: '30 см',
          quantity: 2,
          unit_price: 550,
          box_fee: 0,
          discount: 0,
          line_total: 1250,
          comment: 'добре изпечена',
          category_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('order_line_ingredients')
        .values({
          order_line_id: line.id,
          ingredient_id: ingredient.id,
          type: 'addable',
          name: 'Моцарела',
          price: 75,
        })
        .execute();
      await ctx.db
        .insertInto('order_status_history')
        .values([
          {
            order_id: a.id,
            status: 'ordered',
            changed_by: null,
            reason: null,
            created_at: '2030-01-11T08:00:00.000Z',
          },
          {
            order_id: a.id,
            status: 'paid',
            changed_by: null,
            reason: null,
            created_at: '2030-01-11T08:20:00.000Z',
          },
        ])
        .execute();
    });

    ctx.test('PLACE_ADMIN and above only', async () => {
      for (const role of ['USER', 'WAITER', 'PDF_MENU_ADMIN'] as const) {
        expect((await as.get('/api/admin/orders', undefined, { role })).statusCode, role).toBe(403);
        expect((await as.get(`/api/admin/orders/${a.id}`, undefined, { role })).statusCode, role).toBe(403);
      }
      expect((await ctx.get('/api/admin/orders')).statusCode).toBe(401);
      expect((await as.get('/api/admin/orders', undefined, { role: 'PLACE_ADMIN' })).statusCode).toBe(200);
    });

    ctx.test(
      'a page of the venue’s orders, newest first, money in minor units, never another venue’s',
      async () => {
        const all = await list('');
        expect(all.total).toBe(4);
        expect(ids(all)).toEqual([late.id, c.id, b.id, a.id]);
        expect(all.orders.find((o) => o.id === a.id)).toEqual({
          id: a.id,
          key: expect.stringMatching(/^adm-/),
          number: 1,
          created_at: '2030-01-11T08:00:00.000Z',
          type: 3,
          status: 'paid',
          table: null,
          room_number: null,
          customer_name: 'Maria Petrova',
          customer_phone: '+359888123456',
          total: 1250,
          currency: 'EUR',
          payment_method: 'card',
          payment_status: 'paid',
        });
        expect(all.orders.find((o) => o.id === b.id)?.table).toEqual({ number: '3', kind: 'table' });
        expect(ids(all)).not.toContain(hotelOrder.id);
      },
    );

    ctx.test('paging and sorting happen on the server', async () => {
      const p1 = await list('page_size=3&sort=total&dir=asc');
      expect(p1).toMatchObject({ total: 4, page: 1, page_size: 3 });
      expect(ids(p1)).toEqual([late.id, c.id, a.id]);
      const p2 = await list('page_size=3&page=2&sort=total&dir=asc');
      expect(ids(p2)).toEqual([b.id]);
      expect(ids(await list('sort=total&dir=desc'))).toEqual([b.id, a.id, c.id, late.id]);
      expect(ids(await list('sort=created_at&dir=asc'))).toEqual([a.id, b.id, c.id, late.id]);
      // By number: the day first (#1 of the 12th after #3 of the 11th), then the number.
      expect(ids(await list('sort=number&dir=desc'))).toEqual([late.id, c.id, b.id, a.id]);
      expect(ids(await list('sort=status&dir=asc'))).toEqual([b.id, late.id, a.id, c.id]);
      const beyond = await list('page=9');
      expect(beyond).toMatchObject({ total: 4, orders: [] });
    });

    ctx.test(
      'the search finds a short number, a name in any case, a phone however it was typed',
      async () => {
        expect(ids(await list('q=%232'))).toEqual([b.id]);
        expect(ids(await list('q=3'))).toEqual([c.id]);
        expect(ids(await list('q=%23%201'))).toEqual([late.id, a.id]); // #1 of either day
        expect(ids(await list('q=petrova'))).toEqual([a.id]);
        expect(ids(await list('q=IVAN'))).toEqual([c.id]);
        expect(ids(await list(`q=${encodeURIComponent('0877 554')}`))).toEqual([c.id]);
        expect(ids(await list('q=888123'))).toEqual([a.id]);
        // Stored as +359 888…: the national 0888… and the international 00359 888… find it.
        expect(ids(await list(`q=${encodeURIComponent('0888 123 456')}`))).toEqual([a.id]);
        expect(ids(await list(`q=${encodeURIComponent('00359 888 123')}`))).toEqual([a.id]);
        expect(ids(await list('q=%25'))).toEqual([]); // % is a character, not a wildcard
        expect(ids(await list('q=nobody'))).toEqual([]);
        // Cyrillic in lower, upper and the stored case (SQLite folds only ASCII: each spelling is matched).
        for (const typed of ['орлова', 'ОРЛОВА', 'Орлова', 'гергана орлова-ди'])
          expect(ids(await list(`q=${encodeURIComponent(typed)}`)), typed).toEqual([late.id]);
      },
    );

    ctx.test('filters by status, type and the venue’s local days', async () => {
      expect(ids(await list('status=paid,rejected'))).toEqual([c.id, a.id]);
      expect(ids(await list('type=1'))).toEqual([b.id]);
      expect(ids(await list('type=3&status=ordered'))).toEqual([late.id]);
      // 22:30 UTC on the 11th is the 12th in Sofia.
      const day11 = await as.get('/api/admin/orders?from=2030-01-11&to=2030-01-11');
      expect(ids(day11.json() as AdminOrdersResponse)).toEqual([c.id, b.id, a.id]);
      const day12 = await as.get('/api/admin/orders?from=2030-01-12');
      expect(ids(day12.json() as AdminOrdersResponse)).toEqual([late.id]);
    });

    ctx.test('bad input is a 400 with the field, never a 500', async () => {
      for (const query of [
        'sort=price',
        'dir=up',
        'page=0',
        'page_size=1000',
        'status=lost',
        'type=5',
        'from=2030-13-01',
        'from=2030-01-12&to=2030-01-11',
        'colour=red',
      ]) {
        const res = await as.get(`/api/admin/orders?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code, query).toBe('validation_error');
        expect(res.json().details?.length, query).toBeGreaterThan(0);
      }
      expect((await as.get('/api/admin/orders/abc')).statusCode).toBe(400);
    });

    ctx.test('the detail: lines, variant, extras, notes, history and payment', async () => {
      const res = await as.get(`/api/admin/orders/${a.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json() as StaffOrder;
      expect(order).toMatchObject({
        id: a.id,
        number: 1,
        status: 'paid',
        payment_method: 'card',
        payment_status: 'paid',
        comment: 'без лук',
        customer: { name: 'Maria Petrova', phone: '+359888123456' },
        price: { total: 1250, currency: 'EUR' },
      });
      expect(order.lines).toEqual([
        expect.objectContaining({
          name: 'Пица Маргарита',
          size: '30 см',
          quantity: 2,
          unit_price: 550,
          line_total: 1250,
          comment: 'добре изпечена',
          ingredients: [expect.objectContaining({ type: 'addable', name: 'Моцарела', price: 75 })],
        }),
      ]);
      expect(order.history.map((h) => h.status)).toEqual(['ordered', 'paid']);
    });

    ctx.test('another venue’s order is not found, nor one that does not exist', async () => {
      const other = await as.get(`/api/admin/orders/${hotelOrder.id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe('order_not_found');
      expect((await as.get('/api/admin/orders/99999999')).statusCode).toBe(404);
      const inHotel = await as.get(`/api/admin/orders/${hotelOrder.id}`, undefined, { place: 'hotel' });
      expect(inHotel.statusCode).toBe(200);
      // A place admin of bistro cannot reach the hotel at all.
      expect(
        (await as.get('/api/admin/orders', undefined, { role: 'PLACE_ADMIN', place: 'hotel' })).statusCode,
      ).toBe(403);
    });
  },
  { setup: seedAccounts },
);
