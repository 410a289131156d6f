/**
 * Sales reports: orders, revenue and average ticket over a range of the venue's local dates, by order type, payment
 * method, local day and local hour, and the top products; CSV exports of the same. Revenue is the sum of order
 * totals (minor units) of every order not rejected. The SQL groups by UTC hour; folding hours into local days here
 * is exact for every time zone with whole-hour offsets (all of Europe).
 */
import type { AdminSalesReport } from '@trapeza/domain/contracts/admin';
import { DEFAULT_TIME_ZONE, localTime } from '@trapeza/domain/dates';
import { toMajor } from '@trapeza/domain/money';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminCallContext } from './admin-access.ts';
import type { AdminReportsRepository } from './admin-reports.repository.ts';

const DAY_MS = 86_400_000;
const MAX_DAYS = 366;
const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (t: { year: number; month: number; day: number }) => `${t.year}-${pad(t.month)}-${pad(t.day)}`;

/** The UTC instant of local midnight starting `date` (YYYY-MM-DD) in `timeZone`. */
function localMidnightUtc(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(y, m - 1, d);
  let guess = target;
  // Two rounds settle the offset, also on the days clocks change.
  for (let i = 0; i < 2; i++) {
    const t = localTime(new Date(guess), timeZone);
    const shown = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute);
    guess += target - shown;
  }
  return new Date(guess);
}

interface Bucket {
  orders: number;
  revenue: number;
}
const avg = (b: Bucket) => ({ ...b, average: b.orders ? Math.round(b.revenue / b.orders) : 0 });
function add<K>(map: Map<K, Bucket>, key: K, orders: number, revenue: number) {
  const b = map.get(key) ?? { orders: 0, revenue: 0 };
  b.orders += orders;
  b.revenue += revenue;
  map.set(key, b);
}

/**
 * One CSV cell. Text a spreadsheet would run as a formula (starting with = + - @, tab or CR: product and guest
 * names are guest- or staff-typed) gets a leading apostrophe, which spreadsheets show as text — quoting alone does
 * not stop Excel or LibreOffice from evaluating it (issue "Security hardening"). Numbers, and texts that are plain
 * numbers such as the amount "-12.50", stay as they are. Then RFC 4180 quoting.
 */
export const csvCell = (v: string | number | null) => {
  let s = v === null ? '' : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) || /^[=+\-@']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows: (string | number | null)[][]) =>
  rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
const major = (minor: number) => toMajor(minor).toFixed(2);

export function createAdminReportsService(deps: { repo: AdminReportsRepository }) {
  const { repo } = deps;

  async function range(ctx: AdminCallContext, q: { from?: string; to?: string }) {
    const timeZone = (await repo.getSetting(ctx.placeId, 'time_zone')) || DEFAULT_TIME_ZONE;
    const today = dateOf(localTime(ctx.now, timeZone));
    const to = q.to ?? today;
    const from =
      q.from ?? dateOf(localTime(new Date(localMidnightUtc(to, timeZone).getTime() - 29 * DAY_MS), timeZone));
    if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) {
      throw new DomainError(400, 'validation_error', 'from / to must be real dates (YYYY-MM-DD)');
    }
    if (from > to) throw new DomainError(400, 'validation_error', 'from must not be after to');
    if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= MAX_DAYS) {
      throw new DomainError(400, 'validation_error', `At most ${MAX_DAYS} days per report`);
    }
    const toNext = new Date(Date.parse(to) + DAY_MS).toISOString().slice(0, 10);
    return {
      from,
      to,
      timeZone,
      fromIso: localMidnightUtc(from, timeZone).toISOString(),
      toIso: localMidnightUtc(toNext, timeZone).toISOString(),
    };
  }

  return {
    async sales(ctx: AdminCallContext, q: { from?: string; to?: string }): Promise<AdminSalesReport> {
      const r = await range(ctx, q);
      const [rows, rejected, top, currency] = await Promise.all([
        repo.salesByHour(ctx.placeId, r.fromIso, r.toIso),
        repo.rejectedCount(ctx.placeId, r.fromIso, r.toIso),
        repo.topProducts(ctx.placeId, r.fromIso, r.toIso, 10),
        repo.getSetting(ctx.placeId, 'default_currency_suffix'),
      ]);
      const total: Bucket = { orders: 0, revenue: 0 };
      const byType = new Map<number, Bucket>();
      const byPayment = new Map<string | null, Bucket>();
      const byDay = new Map<string, Bucket>();
      const byHour = new Map<number, Bucket>();
      for (const row of rows) {
        const local = localTime(new Date(`${row.hour}:00:00.000Z`), r.timeZone);
        total.orders += row.orders;
        total.revenue += row.revenue;
        add(byType, row.type, row.orders, row.revenue);
        add(byPayment, row.payment_method, row.orders, row.revenue);
        add(byDay, dateOf(local), row.orders, row.revenue);
        add(byHour, local.hour, row.orders, row.revenue);
      }
      // Every day of the range, also the empty ones, so charts need no gap filling.
      for (let t = Date.parse(r.from); t <= Date.parse(r.to); t += DAY_MS) {
        const day = new Date(t).toISOString().slice(0, 10);
        if (!byDay.has(day)) byDay.set(day, { orders: 0, revenue: 0 });
      }
      return {
        from: r.from,
        to: r.to,
        time_zone: r.timeZone,
        currency: currency || 'лв.',
        ...avg(total),
        rejected,
        by_order_type: [...byType].sort(([a], [b]) => a - b).map(([type, b]) => ({ type, ...avg(b) })),
        by_payment_method: [...byPayment]
          .sort(([, a], [, b]) => b.revenue - a.revenue)
          .map(([payment_method, b]) => ({ payment_method, ...avg(b) })),
        by_day: [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([date, b]) => ({ date, ...avg(b) })),
        by_hour: [...byHour].sort(([a], [b]) => a - b).map(([hour, b]) => ({ hour, ...avg(b) })),
        top_products: top,
      };
    },

    /** CSV (comma-separated, CRLF, amounts in major units with 2 decimals) of days, products or orders. */
    async salesCsv(
      ctx: AdminCallContext,
      q: { from?: string; to?: string; kind: 'days' | 'products' | 'orders' },
    ) {
      const name = `sales-${ctx.placeSlug}-${q.kind}`;
      if (q.kind === 'orders') {
        const r = await range(ctx, q);
        const orders = await repo.listOrders(ctx.placeId, r.fromIso, r.toIso, 50_000);
        return {
          filename: `${name}-${r.from}-${r.to}.csv`,
          body: csv([
            ['created_at', 'key', 'type', 'status', 'payment_method', 'subtotal', 'discount', 'total'],
            ...orders.map((o) => [
              o.created_at,
              o.key,
              o.type,
              o.status,
              o.payment_method,
              major(Number(o.subtotal)),
              major(Number(o.discount_total)),
              major(Number(o.total)),
            ]),
          ]),
        };
      }
      const report = await this.sales(ctx, q);
      const body =
        q.kind === 'days'
          ? csv([
              ['date', 'orders', 'revenue', 'average'],
              ...report.by_day.map((d) => [d.date, d.orders, major(d.revenue), major(d.average)]),
            ])
          : csv([
              ['product_id', 'name', 'quantity', 'revenue'],
              ...report.top_products.map((p) => [p.product_id, p.name, p.quantity, major(p.revenue)]),
            ]);
      return { filename: `${name}-${report.from}-${report.to}.csv`, body };
    },
  };
}
export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
