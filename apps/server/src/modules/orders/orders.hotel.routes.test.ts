/**
 * is_hotel (spec §3): a hotel's room service goes to its own rooms. A room order typed without a room's QR session
 * must name one of the hotel's rooms (tables of kind room); a venue that is not a hotel takes the number as typed.
 */
import { expect } from 'vitest';
import { orderableDemoLine } from '../../../test/demo-orders.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { OPEN_AT } from './orders.fixtures.ts';

async function roomOrder(ctx: TestContext, room: string) {
  const line = await orderableDemoLine(ctx, 'hotel', 1);
  const extra = await ctx.db
    .selectFrom('settings')
    .select('value')
    .where('place_id', '=', await ctx.placeId('hotel'))
    .where('key', '=', 'room_additional_order_types')
    .executeTakeFirst();
  return ctx.post(
    '/api/orders/room',
    {
      products: [line],
      client_name: 'Гост Хотел',
      client_phone: '+359888000111',
      payment_method: 'cash',
      room_number: room,
      cutlery: 1,
      additional_order_type: extra?.value.split(',')[0]?.trim() || null,
    },
    { place: 'hotel' },
  );
}

describeEachDatabase('room orders at a hotel (is_hotel)', (ctx) => {
  ctx.test('a hotel refuses a room it does not have and takes its own rooms', async () => {
    ctx.clock.setOverride(OPEN_AT);
    const unknown = await roomOrder(ctx, '999');
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('room_number_required');
    const own = await roomOrder(ctx, ' 105 ');
    expect(own.statusCode, own.body).toBe(201);
    const stored = await ctx.db
      .selectFrom('orders')
      .select(['type', 'room_number'])
      .where('key', '=', own.json().key)
      .executeTakeFirstOrThrow();
    expect(stored.type).toBe(6);
    expect(stored.room_number?.trim()).toBe('105');
  });

  ctx.test('a venue that is not a hotel takes the room number as typed', async () => {
    // Another minute than the first test's order (the duplicate-order guard).
    ctx.clock.setOverride(new Date(OPEN_AT.getTime() + 10 * 60_000));
    const hotel = await ctx.placeId('hotel');
    await setSetting(ctx.db, hotel, 'is_hotel', '0');
    try {
      const res = await roomOrder(ctx, '999');
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await setSetting(ctx.db, hotel, 'is_hotel', '1');
    }
  });
});
