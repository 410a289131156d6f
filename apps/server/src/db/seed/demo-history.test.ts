/**
 * The demo's 60 days of past orders (issue 16 item 4), on SQLite and PostgreSQL: strictly before the seed's day,
 * finished (paid or cancelled), nobody's (no user, no short number), lunch and dinner peaks, busier weekends, no
 * bistro order on a Monday, cash and card; the reports answer them; the same day seeds the same history.
 */
import { expect } from 'vitest';
import { localTime } from '@trapeza/domain/dates';
import { describeEachDatabase } from '../../../test/harness.ts';
import {
  asRole,
  seedAccounts,
  signRoleTokens,
  type AdminTokens,
} from '../../modules/admin/admin.fixtures.ts';
import type { AppDatabase } from '../database.ts';
import { HISTORY_DAYS, seedDemoHistory } from './demo-history.ts';

const TZ = 'Europe/Sofia';
const dayOf = (iso: string) => {
  const t = localTime(new Date(iso), TZ);
  return {
    date: `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`,
    hour: t.hour,
  };
};

async function history(db: AppDatabase) {
  return db
    .selectFrom('orders')
    .innerJoin('places', 'places.id', 'orders.place_id')
    .select([
      'places.slug',
      'orders.key',
      'orders.status',
      'orders.type',
      'orders.user_id',
      'orders.number',
      'orders.payment_method',
      'orders.bill_payment_method',
      'orders.total',
      'orders.created_at',
    ])
    .where('orders.token', 'like', 'history-%')
    .orderBy('orders.key')
    .execute();
}

describeEachDatabase(
  'demo history',
  (ctx) => {
    let tokens: AdminTokens;
    const as = asRole(ctx, () => tokens);

    ctx.test(
      '60 past days of finished orders nobody owns, with peaks, weekends and both payments',
      async () => {
        const rows = await history(ctx.db);
        expect(rows.length).toBeGreaterThan(1000);
        const today = dayOf(new Date().toISOString()).date;
        const days = new Set(rows.map((r) => dayOf(r.created_at).date));
        expect(
          [...days].every((d) => d < today),
          'strictly before today',
        ).toBe(true);
        expect(days.size).toBeGreaterThan(HISTORY_DAYS - 12); // the bistro's Mondays are the hotel's
        expect(days.size).toBeLessThanOrEqual(HISTORY_DAYS);
        expect(rows.every((r) => r.status === 'paid' || r.status === 'rejected')).toBe(true);
        const rejected = rows.filter((r) => r.status === 'rejected').length;
        expect(rejected).toBeGreaterThan(0);
        expect(rejected / rows.length).toBeLessThan(0.08);
        expect(rows.every((r) => r.user_id === null && r.number === null)).toBe(true);
        const methods = new Set(rows.map((r) => r.payment_method ?? r.bill_payment_method));
        expect(methods).toContain('cash');
        expect(methods).toContain('card');
        const bistro = rows.filter((r) => r.slug === 'bistro');
        const hotel = rows.filter((r) => r.slug === 'hotel');
        expect(hotel.length).toBeGreaterThan(0);
        expect(hotel.every((r) => r.type === 6)).toBe(true);
        expect(new Set(bistro.map((r) => r.type))).toEqual(new Set([1, 2, 3]));
        // The bistro is closed on Mondays and open 08:00–23:00.
        const weekday = (iso: string) => new Date(`${dayOf(iso).date}T12:00:00Z`).getUTCDay();
        expect(bistro.some((r) => weekday(r.created_at) === 1)).toBe(false);
        expect(bistro.every((r) => dayOf(r.created_at).hour >= 8 && dayOf(r.created_at).hour < 23)).toBe(
          true,
        );
        // Lunch and dinner peaks over the afternoon lull; weekends busier per day.
        const perHour = (h: number) => bistro.filter((r) => dayOf(r.created_at).hour === h).length;
        expect(perHour(13)).toBeGreaterThan(2 * perHour(16));
        expect(perHour(20)).toBeGreaterThan(2 * perHour(16));
        const perDay = (weekend: boolean) => {
          const list = bistro.filter((r) => [0, 5, 6].includes(weekday(r.created_at)) === weekend);
          return list.length / new Set(list.map((r) => dayOf(r.created_at).date)).size;
        };
        expect(perDay(true)).toBeGreaterThan(1.3 * perDay(false));
        expect(rows.every((r) => Number(r.total) > 0)).toBe(true);
      },
    );

    ctx.test('the reports answer the history: every past day of the bistro but Mondays', async () => {
      tokens = await signRoleTokens(ctx);
      const rows = (await history(ctx.db)).filter((r) => r.slug === 'bistro');
      const dates = [...new Set(rows.map((r) => dayOf(r.created_at).date))].sort();
      const res = await as.get(`/api/admin/reports/sales?from=${dates[0]}&to=${dates[dates.length - 1]}`);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json() as { orders: number; revenue: number; by_day: { date: string }[] };
      const kept = rows.filter((r) => r.status !== 'rejected');
      expect(report.orders).toBe(kept.length);
      expect(report.revenue).toBe(kept.reduce((s, r) => s + Number(r.total), 0));
      expect(report.by_day.filter((d) => (d as { orders?: number }).orders).length).toBe(dates.length);
    });

    ctx.test('deterministic: the same day writes the same orders', async () => {
      const fingerprint = async (db: AppDatabase) =>
        (await history(db))
          .map((r) => `${r.slug}|${r.key}|${r.status}|${r.total}|${r.created_at}`)
          .join('\n');
      const at = new Date('2026-11-20T10:00:00Z');
      const runs: string[] = [];
      await ctx.db
        .transaction()
        .execute(async (trx) => {
          for (let i = 0; i < 2; i++) {
            const ids = trx.selectFrom('orders').select('id').where('token', 'like', 'history-%');
            await trx.deleteFrom('order_status_history').where('order_id', 'in', ids).execute();
            await trx.deleteFrom('order_lines').where('order_id', 'in', ids).execute();
            await trx.deleteFrom('orders').where('token', 'like', 'history-%').execute();
            await seedDemoHistory(trx, at);
            runs.push(await fingerprint(trx));
          }
          throw new Error('rollback');
        })
        .catch((e: Error) => {
          if (e.message !== 'rollback') throw e;
        });
      expect(runs[0]!.length).toBeGreaterThan(0);
      expect(runs[1]).toBe(runs[0]);
      expect(runs[0]).toContain('2026-11-19');
      expect(runs[0]).not.toContain('2026-11-20T1');
      // Rolled back: the seeded history is there as before.
      expect((await history(ctx.db)).length).toBeGreaterThan(1000);
    });
  },
  { setup: seedAccounts },
);
