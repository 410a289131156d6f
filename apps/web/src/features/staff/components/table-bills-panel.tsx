/**
 * The board's table bills (issue 19): every open table with orders — its guests, paid / being paid / remaining,
 * each share with its method — and "Mark paid" for a cash or card share. Live: the staff stream's
 * `table.bill_changed` and `order.created` reload it; the session closes (and leaves the list) when paid in full.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { config } from '../../../config.ts';
import { pageClient } from '../../../lib/page-brand.ts';
import { getTableBills, markSharePaid } from '../api/table-bills.ts';
import styles from './staff.module.css';

const money = (v: number, lang: string) =>
  new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v / 100);

export function TableBillsPanel({ place, token, lang }: { place: string; token: string; lang: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = ['staff-table-bills', place];
  const { data } = useQuery({ queryKey: key, queryFn: () => getTableBills(place), refetchInterval: 30_000 });
  const [busy, setBusy] = useState<number | null>(null);
  const [failed, setFailed] = useState<number | null>(null);

  useEffect(() => {
    const url = `${config.apiBase}/staff/events?${new URLSearchParams({ access_token: token, client: pageClient(), place })}`;
    const source = new EventSource(url);
    const reload = () => void qc.invalidateQueries({ queryKey: ['staff-table-bills', place] });
    source.addEventListener('table.bill_changed', reload);
    source.addEventListener('order.created', reload);
    return () => source.close();
  }, [place, token, qc]);

  const bills = data?.bills ?? [];
  if (bills.length === 0) return null;
  const markPaid = async (id: number) => {
    setBusy(id);
    setFailed(null);
    try {
      await markSharePaid(place, id);
      await qc.invalidateQueries({ queryKey: key });
    } catch {
      setFailed(id);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={styles.side} aria-labelledby="staff-bills-title" data-testid="table-bills">
      <h2 id="staff-bills-title" className={styles.sectionTitle}>
        {t('staff.tableBills.title')} <span className={styles.count}>{bills.length}</span>
      </h2>
      <ul className="stack">
        {bills.map((b) => {
          const names = new Map(
            b.guests.map((g) => [g.id, g.name ?? t('staff.tableBills.guestN', { n: g.number })]),
          );
          return (
            <li key={b.session_id} className="stack" data-testid="table-bill-card">
              <strong>{t('staff.order.table', { number: b.table })}</strong>
              <span>
                {t('staff.tableBills.summary', {
                  guests: b.guests.length,
                  orders: b.orders,
                  total: money(b.total, lang),
                  paid: money(b.paid, lang),
                  remaining: money(b.remaining, lang),
                })}
              </span>
              <ul className="stack">
                {b.shares.map((s) => (
                  <li key={s.id} className="row">
                    <span>
                      {names.get(s.guest_id ?? 0) ?? '—'} · {money(s.amount + s.tip, lang)} ·{' '}
                      {t(`staff.tableBills.method.${s.method}`)} · {t(`staff.tableBills.status.${s.status}`)}
                    </span>
                    {s.status === 'pending' && s.method !== 'online' && (
                      <button
                        type="button"
                        className="button"
                        disabled={busy === s.id}
                        onClick={() => void markPaid(s.id)}
                      >
                        {t('staff.tableBills.markPaid')}
                      </button>
                    )}
                    {failed === s.id && <span role="alert">{t('staff.tableBills.failed')}</span>}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
