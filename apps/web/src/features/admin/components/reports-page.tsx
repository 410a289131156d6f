/**
 * Sales between two local dates: totals, by day (a small bar chart), by hour, by order type and payment method,
 * the top products, and CSV downloads (days, products, orders).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { downloadSalesCsv, salesQuery } from '../api/reports.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { formatMoneyInput } from '../lib/money.ts';
import s from './admin.module.css';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function ReportsPage() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [csvError, setCsvError] = useState<unknown>(null);
  const report = useQuery(salesQuery(place, from, to));

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
  const maxDay = Math.max(1, ...(report.data?.by_day.map((d) => d.revenue) ?? [1]));

  return (
    <div>
      <section className={`${s.card} ${s.row}`}>
        <label className={s.field}>
          {t('reports.from')}
          <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className={s.field}>
          {t('reports.to')}
          <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </label>
        {(['days', 'products', 'orders'] as const).map((kind) => (
          <button key={kind} type="button" className={s.btnGhost} onClick={() => void download(kind)}>
            {t(`reports.csv.${kind}`)}
          </button>
        ))}
        {csvError ? <ErrorMessage error={csvError} /> : null}
      </section>
      {report.isPending ? (
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
            <h2>{t('reports.byDay')}</h2>
            <div className={s.bars} role="img" aria-label={t('reports.byDay')}>
              {report.data.by_day.map((d) => (
                <span
                  key={d.date}
                  className={s.bar}
                  style={{ height: `${(d.revenue / maxDay) * 100}%` }}
                  title={`${d.date}: ${money(d.revenue)} (${d.orders})`}
                />
              ))}
            </div>
            <Table
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
            <h2>{t('reports.byHour')}</h2>
            <Table
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

function Table({ head, rows }: { head: string[]; rows: string[][] }) {
  const t = useAdminT();
  if (rows.length === 0) return <p className={s.hint}>{t('reports.none')}</p>;
  return (
    <table className={s.table}>
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
