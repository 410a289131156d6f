/**
 * Sales between two local dates (a range picker: two date inputs and presets): totals, by day and by hour (uPlot
 * charts, each with its data table beside it for screen readers), by order type and payment method, the top
 * products, and CSV downloads (days, products, orders). The chart module (uPlot and its CSS) is its own lazy chunk.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toMajor } from '@trapeza/domain/money';
import { DateTimeField } from '../../../components/ui/date-time-field.tsx';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { downloadSalesCsv, salesQuery } from '../api/reports.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import {
  isValidRange,
  matchingPreset,
  presetRange,
  RANGE_PRESETS,
  type DateRange,
} from '../lib/date-range.ts';
import { formatMoneyInput } from '../lib/money.ts';
import s from './admin.module.css';

const SalesChart = lazy(() => import('./sales-chart.tsx'));

export function ReportsPage() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const [range, setRange] = useState<DateRange>(() => presetRange('last30'));
  const { from, to } = range;
  const valid = isValidRange(range);
  const [csvError, setCsvError] = useState<unknown>(null);
  const report = useQuery({ ...salesQuery(place, from, to), enabled: valid });

  async function download(kind: 'days' | 'products' | 'orders') {
    setCsvError(null);
    try {
      const { blob, filename } = await downloadSalesCsv(from, to, kind);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename ?? `${place}-${kind}-${from}-${to}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setCsvError(err);
    }
  }

  const money = (m: number) => `${formatMoneyInput(m)} ${report.data?.currency ?? ''}`;
  const preset = matchingPreset(range);
  const byDay = report.data?.by_day;
  const byHour = report.data?.by_hour;
  const dayChart = useMemo(
    () =>
      byDay && {
        labels: byDay.map((d) => d.date),
        revenue: byDay.map((d) => toMajor(d.revenue)),
        orders: byDay.map((d) => d.orders),
      },
    [byDay],
  );
  const hourChart = useMemo(
    () =>
      byHour && {
        labels: byHour.map((d) => `${String(d.hour).padStart(2, '0')}:00`),
        revenue: byHour.map((d) => toMajor(d.revenue)),
        orders: byHour.map((d) => d.orders),
      },
    [byHour],
  );
  const chartTexts = {
    revenueLabel: `${t('reports.revenue')}${report.data?.currency ? ` (${report.data.currency})` : ''}`,
    ordersLabel: t('reports.orders'),
  };

  return (
    <div>
      <section className={s.card}>
        <fieldset className={s.row} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{t('reports.range')}</legend>
          <DateTimeField
            withTime={false}
            required
            label={t('reports.from')}
            value={from}
            onChange={(v) => setRange((r) => ({ ...r, from: v }))}
          />
          <DateTimeField
            withTime={false}
            required
            label={t('reports.to')}
            value={to}
            onChange={(v) => setRange((r) => ({ ...r, to: v }))}
          />
          <div className={s.row} role="group" aria-label={t('reports.presets.label')}>
            {RANGE_PRESETS.map((p) => (
              <button
                key={p}
                type="button"
                className={preset === p ? s.btn : s.btnGhost}
                aria-pressed={preset === p}
                onClick={() => setRange(presetRange(p))}
              >
                {t(`reports.presets.${p}`)}
              </button>
            ))}
          </div>
        </fieldset>
        {!valid && (
          <p className={s.error} role="alert">
            {t('reports.badRange')}
          </p>
        )}
        <div className={s.row}>
          {(['days', 'products', 'orders'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              className={s.btnGhost}
              disabled={!valid}
              onClick={() => void download(kind)}
            >
              {t(`reports.csv.${kind}`)}
            </button>
          ))}
        </div>
        {csvError ? <ErrorMessage error={csvError} /> : null}
      </section>
      {!valid ? null : report.isPending ? (
        <PageLoading />
      ) : report.error ? (
        <ErrorMessage error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <section className={`${s.card} ${s.grid}`}>
            <Stat label={t('reports.orders')} value={String(report.data.orders)} />
            <Stat label={t('reports.revenue')} value={money(report.data.revenue)} />
            <Stat label={t('reports.average')} value={money(report.data.average)} />
            <Stat label={t('reports.rejected')} value={String(report.data.rejected)} />
          </section>
          <section className={s.card}>
            <h2 id="reports-by-day">{t('reports.byDay')}</h2>
            {dayChart && dayChart.labels.length > 0 && (
              <Suspense fallback={<p className={s.hint}>{t('reports.chartLoading')}</p>}>
                <SalesChart {...dayChart} {...chartTexts} />
              </Suspense>
            )}
            <Table
              labelledBy="reports-by-day"
              head={[t('reports.date'), t('reports.orders'), t('reports.revenue'), t('reports.average')]}
              rows={report.data.by_day.map((d) => [
                d.date,
                String(d.orders),
                money(d.revenue),
                money(d.average),
              ])}
            />
          </section>
          <section className={s.card}>
            <h2>{t('reports.byType')}</h2>
            <Table
              head={[t('reports.type'), t('reports.orders'), t('reports.revenue'), t('reports.average')]}
              rows={report.data.by_order_type.map((d) => [
                t(`orderTypes.${d.type}`),
                String(d.orders),
                money(d.revenue),
                money(d.average),
              ])}
            />
            <h2>{t('reports.byPayment')}</h2>
            <Table
              head={[t('reports.payment'), t('reports.orders'), t('reports.revenue'), t('reports.average')]}
              rows={report.data.by_payment_method.map((d) => [
                d.payment_method ?? '—',
                String(d.orders),
                money(d.revenue),
                money(d.average),
              ])}
            />
          </section>
          <section className={s.card}>
            <h2 id="reports-by-hour">{t('reports.byHour')}</h2>
            {hourChart && hourChart.labels.length > 0 && (
              <Suspense fallback={<p className={s.hint}>{t('reports.chartLoading')}</p>}>
                <SalesChart {...hourChart} {...chartTexts} />
              </Suspense>
            )}
            <Table
              labelledBy="reports-by-hour"
              head={[t('reports.hour'), t('reports.orders'), t('reports.revenue')]}
              rows={report.data.by_hour.map((d) => [
                `${String(d.hour).padStart(2, '0')}:00`,
                String(d.orders),
                money(d.revenue),
              ])}
            />
          </section>
          <section className={s.card}>
            <h2>{t('reports.topProducts')}</h2>
            <Table
              head={[t('fields.name'), t('reports.quantity'), t('reports.revenue')]}
              rows={report.data.top_products.map((p) => [p.name, String(p.quantity), money(p.revenue)])}
            />
          </section>
        </>
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <div className={s.hint}>{label}</div>
      <div style={{ fontSize: '1.4rem', fontWeight: 700 }}>{value}</div>
    </div>
  );
}

function Table({ head, rows, labelledBy }: { head: string[]; rows: string[][]; labelledBy?: string }) {
  const t = useAdminT();
  if (rows.length === 0) return <p className={s.hint}>{t('reports.none')}</p>;
  return (
    <table className={s.table} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (
              <td key={j}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
