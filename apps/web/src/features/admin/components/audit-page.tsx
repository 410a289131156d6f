/** The audit trail of the place (GET admin/audit): who changed what, when, newest first. */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { auditQuery, type AuditEntry as AuditRow } from '../api/users.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { useTableLabels } from '../hooks/use-table-labels.ts';
import s from './admin.module.css';
import { Select } from '../../../components/ui/select.tsx';

const LIMITS = [50, 100, 500] as const;

/** A short one-line view of the change's details (the full JSON is in the title). */
function summary(details: unknown): string {
  if (details === null || details === undefined) return '';
  const text = JSON.stringify(details);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

const who = (e: AuditRow) => e.user_email ?? (e.user_id ? `#${e.user_id}` : '—');

export function AuditPage() {
  const t = useAdminT();
  const labels = useTableLabels();
  const { slug: place } = useAdminPlace();
  const [limit, setLimit] = useState<number>(100);
  const [filter, setFilter] = useState('');
  const audit = useQuery(auditQuery(place, limit));
  const columns = useMemo<Column<AuditRow>[]>(
    () => [
      {
        id: 'when',
        header: t('audit.when'),
        cell: (e) => new Date(e.created_at).toLocaleString(),
        sortValue: (e) => e.created_at,
      },
      { id: 'who', header: t('audit.who'), cell: who, sortValue: who },
      {
        id: 'action',
        header: t('audit.action'),
        cell: (e) => t(`audit.actions.${e.action}`, { defaultValue: e.action }),
        sortValue: (e) => e.action,
      },
      {
        id: 'entity',
        header: t('audit.entity'),
        cell: (e) => `${e.entity}${e.entity_id !== null ? ` #${e.entity_id}` : ''}`,
        sortValue: (e) => e.entity,
      },
      {
        id: 'details',
        header: t('audit.details'),
        cell: (e) => <code title={JSON.stringify(e.details)}>{summary(e.details)}</code>,
      },
    ],
    [t],
  );
  if (audit.isPending) return <PageLoading />;
  if (audit.error) return <ErrorMessage error={audit.error} onRetry={() => void audit.refetch()} />;
  const entities = [...new Set(audit.data.map((e) => e.entity))].sort();
  const rows = filter ? audit.data.filter((e) => e.entity === filter) : audit.data;
  return (
    <section className={s.card} aria-label={t('audit.title')}>
      {audit.data.length === 0 ? (
        <p>{t('audit.empty')}</p>
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(e) => e.id}
          labels={labels}
          caption={t('audit.title')}
          initialSort={{ id: 'when', dir: 'desc' }}
          pageSize={25}
          searchText={(e) =>
            `${who(e)} ${e.action} ${t(`audit.actions.${e.action}`, { defaultValue: e.action })} ${e.entity} ${e.entity_id ?? ''} ${JSON.stringify(e.details)}`
          }
          toolbar={
            <>
              <label className={s.row}>
                {t('audit.entity')}
                <Select
                  value={filter}
                  onValueChange={setFilter}
                  options={[
                    { value: '', label: t('audit.all') },
                    ...entities.map((e) => ({ value: e, label: e })),
                  ]}
                />
              </label>
              <label className={s.row}>
                {t('audit.latest')}
                <Select
                  value={String(limit)}
                  onValueChange={(v) => setLimit(Number(v))}
                  options={LIMITS.map((l) => ({ value: String(l), label: String(l) }))}
                />
              </label>
            </>
          }
        />
      )}
    </section>
  );
}
