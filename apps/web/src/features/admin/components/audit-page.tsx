/** The audit trail of the place (GET admin/audit): who changed what, when, newest first. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { auditQuery } from '../api/users.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

const LIMITS = [50, 100, 500] as const;

/** A short one-line view of the change's details (the full JSON is in the title). */
function summary(details: unknown): string {
  if (details === null || details === undefined) return '';
  const text = JSON.stringify(details);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

export function AuditPage() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const [limit, setLimit] = useState<number>(100);
  const [filter, setFilter] = useState('');
  const audit = useQuery(auditQuery(place, limit));
  if (audit.isPending) return <PageLoading />;
  if (audit.error) return <ErrorMessage error={audit.error} onRetry={() => void audit.refetch()} />;
  const entities = [...new Set(audit.data.map((e) => e.entity))].sort();
  const rows = filter ? audit.data.filter((e) => e.entity === filter) : audit.data;
  return (
    <section className={s.card}>
      <div className={s.row}>
        <h2 style={{ marginRight: 'auto' }}>{t('audit.title')}</h2>
        <label className={s.row}>
          {t('audit.entity')}
          <select value={filter} onChange={(e) => setFilter(e.target.value)}>
            <option value="">{t('audit.all')}</option>
            {entities.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </label>
        <label className={s.row}>
          {t('audit.latest')}
          <select value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
            {LIMITS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>
      {rows.length === 0 ? (
        <p>{t('audit.empty')}</p>
      ) : (
        <table className={s.table}>
          <thead>
            <tr>
              <th>{t('audit.when')}</th>
              <th>{t('audit.who')}</th>
              <th>{t('audit.action')}</th>
              <th>{t('audit.entity')}</th>
              <th>{t('audit.details')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e.id}>
                <td>{new Date(e.created_at).toLocaleString()}</td>
                <td>{e.user_email ?? (e.user_id ? `#${e.user_id}` : '—')}</td>
                <td>{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</td>
                <td>
                  {e.entity}
                  {e.entity_id !== null ? ` #${e.entity_id}` : ''}
                </td>
                <td title={JSON.stringify(e.details)}>
                  <code>{summary(e.details)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
