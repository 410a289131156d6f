import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';

async function logsOf(ctx: TestContext, kind: string) {
  const rows = await ctx.db.selectFrom('logs').selectAll().where('kind', '=', kind).orderBy('id').execute();
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as Record<string, unknown> }));
}

describeEachDatabase('logs API', (ctx) => {
  ctx.test('spent_time_on_page stores only 2 s < duration < 300 s (spec §9)', async () => {
    const start = Date.parse('2026-11-22T10:00:00Z');
    const cases: [number, boolean][] = [
      [1_000, false],
      [2_000, false],
      [2_001, true],
      [299_999, true],
      [300_000, false],
      [-5_000, false],
    ];
    const before = (await logsOf(ctx, 'spent_time')).length;
    for (const [duration, stored] of cases) {
      const res = await ctx.post('/api/logs/spent_time_on_page', {
        startTime: start,
        endTime: start + duration,
        page: '/bistro',
        catHierarchyId: 3,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, stored });
    }
    const rows = await logsOf(ctx, 'spent_time');
    expect(rows.length - before).toBe(2);
    const bistro = await ctx.placeId('bistro');
    expect(rows.at(-1)).toMatchObject({
      place_id: bistro,
      data: { durationMs: 299_999, page: '/bistro', catHierarchyId: 3 },
    });
  });

  ctx.test(
    'spent_time_on_page accepts ISO times and a beacon (text/plain, placeId, no headers)',
    async () => {
      const hotel = await ctx.placeId('hotel');
      const iso = await ctx.post(
        '/api/logs/spent_time_on_page',
        {
          startTime: '2026-11-22T10:00:00Z',
          endTime: '2026-11-22T10:00:10Z',
          page: '/hotel',
        },
        { place: 'hotel' },
      );
      expect(iso.json()).toEqual({ ok: true, stored: true });
      const beacon = await ctx.request('POST', '/api/logs/spent_time_on_page', {
        client: null,
        place: null,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ startTime: 0, endTime: 5000, page: '/hotel', placeId: hotel }),
      });
      expect(beacon.statusCode, beacon.body).toBe(200);
      expect((await logsOf(ctx, 'spent_time')).at(-1)).toMatchObject({ place_id: hotel });
      const unknown = await ctx.post(
        '/api/logs/spent_time_on_page',
        { startTime: 0, endTime: 5000, placeId: 99999999 },
        { client: null, place: null },
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'unknown_place' });
    },
  );

  ctx.test('spent_time_on_page rejects bad input', async () => {
    for (const body of [
      {},
      { startTime: 'yesterday', endTime: 'today' },
      { startTime: 1, endTime: {} },
      { startTime: 1, endTime: 5000, productId: 'x' },
    ]) {
      const res = await ctx.post('/api/logs/spent_time_on_page', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    }
    const text = await ctx.request('POST', '/api/logs/spent_time_on_page', {
      headers: { 'content-type': 'text/plain' },
      body: 'not json',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'invalid_json' });
  });

  ctx.test('make-system-log stores action and data', async () => {
    const res = await ctx.post('/api/logs/make-system-log', {
      action: 'payment_start_failed',
      data: { orderKey: 'k1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, stored: true });
    expect((await logsOf(ctx, 'system')).at(-1)).toMatchObject({
      data: { action: 'payment_start_failed', data: { orderKey: 'k1' } },
    });
    expect((await ctx.post('/api/logs/make-system-log', { data: 1 })).statusCode).toBe(400);
    const huge = await ctx.post('/api/logs/make-system-log', { action: 'x', data: 'y'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    // 10 000 levels of nesting (found by bench/fuzz): refused, not a stack overflow answered 500.
    const deep = await ctx.request('POST', '/api/logs/make-system-log', {
      body: `{"action":"x","data":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.statusCode, deep.body).toBe(413);
  });

  ctx.test('user_action stores the action; tenancy headers are checked when sent', async () => {
    const res = await ctx.post('/api/logs/user_action', {
      page: '/bistro',
      action_type: 'open_product',
      productId: 5,
    });
    expect(res.json()).toEqual({ ok: true, stored: true });
    expect((await logsOf(ctx, 'user_action')).at(-1)).toMatchObject({
      data: { action_type: 'open_product', productId: 5 },
    });
    expect((await ctx.post('/api/logs/user_action', { page: '/x' })).statusCode).toBe(400);
    const unknown = await ctx.post('/api/logs/user_action', { action_type: 'x' }, { place: 'nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'unknown_place' });
  });

  ctx.test('log times come from the server clock', async () => {
    ctx.clock.setOverride(new Date('2030-05-05T05:05:05.000Z'));
    try {
      await ctx.post('/api/logs/user_action', { action_type: 'clock_check' });
      expect((await logsOf(ctx, 'user_action')).at(-1)?.created_at).toBe('2030-05-05T05:05:05.000Z');
    } finally {
      ctx.clock.setOverride(null);
    }
  });
});
