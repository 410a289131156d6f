/**
 * The demo venue as a guest meets it (the journeys e2e relies on): scan demo-t1 at bistro and order at the table,
 * room service via demo-r101 at the hotel, delivery with WELCOME10 — on whatever the demo seed contains.
 */
import { expect } from 'vitest';
import { orderableDemoLine } from '../../../test/demo-orders.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { OPEN_AT } from './orders.fixtures.ts';

// The demo seed is part of the project: these suites always run (no guard that could make them vanish).
{
  describeEachDatabase('orders on the demo seed', (ctx) => {
    ctx.test(
      'scan demo-t1 at bistro, order at the table, see it in my orders, ask for the bill',
      async () => {
        ctx.clock.setOverride(OPEN_AT);
        const scan = await ctx.post('/api/tables/verify_token', { token: 'demo-t1', placeSlug: 'bistro' });
        expect(scan.statusCode).toBe(200);
        const { session } = scan.json();
        const line = await orderableDemoLine(ctx, 'bistro', 2);
        const order = await ctx.post('/api/orders', { session, products: [line], order_comment: [] });
        expect(order.statusCode).toBe(201);
        const mine = await ctx.get(`/api/orders/by_table_session/${session}`);
        expect(mine.json().orders).toHaveLength(1);
        const bill = await ctx.request('PUT', `/api/orders/by_table_session/${session}/bill_wanted`, {
          body: { status: 1, paymentMethod: 'cash', placeId: await ctx.placeId('bistro') },
        });
        expect(bill.statusCode).toBe(200);
      },
    );

    ctx.test('room service via demo-r101 at the hotel', async () => {
      ctx.clock.setOverride(OPEN_AT);
      const scan = await ctx.post(
        '/api/tables/verify_token',
        { token: 'demo-r101', placeSlug: 'hotel' },
        { place: 'hotel' },
      );
      expect(scan.statusCode).toBe(200);
      expect(scan.json()).toMatchObject({ order_type: 6, room_number: '101' });
      const line = await orderableDemoLine(ctx, 'hotel', 2);
      const extra = await ctx.db
        .selectFrom('settings')
        .select('value')
        .where('place_id', '=', await ctx.placeId('hotel'))
        .where('key', '=', 'room_additional_order_types')
        .executeTakeFirst();
      const res = await ctx.post(
        '/api/orders/room',
        {
          products: [line],
          client_name: 'Гост Хотел',
          client_phone: '+359888000111',
          token: scan.json().token,
          payment_method: 'cash',
          room_number: '',
          cutlery: 1,
          additional_order_type: extra?.value.split(',')[0]?.trim() || null,
        },
        { place: 'hotel' },
      );
      expect(res.statusCode, res.body).toBe(201);
      const order = await ctx.db
        .selectFrom('orders')
        .select(['type', 'room_number'])
        .where('key', '=', res.json().key)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ type: 6, room_number: '101' });
    });
  });
}
