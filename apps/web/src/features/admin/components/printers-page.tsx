/**
 * Printers of the place (issue "Kitchen and bar tickets"): name, address on the venue network (host, port 9100),
 * paper 58/80 mm, character set (CP866 or WPC1251 for Cyrillic), the categories each prints (a product goes to the
 * printer of its nearest category with one, else the default printer), a test print; and the print agent keys
 * (shown once, revocable) with the command that starts the agent at the venue.
 */
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { categoryTreeQuery, type AdminCategory } from '../api/menu.ts';
import {
  agentKeysQuery,
  createAgentKey,
  createPrinter,
  deletePrinter,
  printersQuery,
  revokeAgentKey,
  testPrint,
  updatePrinter,
  type AdminPrinterRow,
  type CreatedAgentKey,
  type PrinterInput,
} from '../api/printing.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useGuardedMove } from '../hooks/guarded-move.ts';
import { confirmDelete } from '../hooks/confirm-delete.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { SaveStatus } from './form-parts.tsx';
import s from './admin.module.css';
import { Select } from '../../../components/ui/select.tsx';

interface Draft {
  name: string;
  host: string;
  port: number;
  paper_width: 58 | 80;
  charset: 'cp866' | 'wpc1251';
  category_ids: number[];
  is_default: boolean;
  active: boolean;
}

function draftOf(row: AdminPrinterRow | null): Draft {
  return row
    ? {
        name: row.name,
        host: row.host,
        port: row.port,
        paper_width: row.paper_width,
        charset: row.charset,
        category_ids: row.category_ids,
        is_default: row.is_default,
        active: row.active,
      }
    : {
        name: '',
        host: '',
        port: 9100,
        paper_width: 80,
        charset: 'cp866',
        category_ids: [],
        is_default: false,
        active: true,
      };
}

function flatten(tree: AdminCategory[], depth = 0): { id: number; name: string; depth: number }[] {
  return tree.flatMap((c) => [{ id: c.id, name: c.name, depth }, ...flatten(c.children, depth + 1)]);
}

export function PrintersPage() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const printers = useQuery(printersQuery(place));
  const [editing, setEditing] = useState<AdminPrinterRow | 'new' | null>(null);
  const guard = useGuardedMove();
  // Another item (or a new one) replaces the open form: unsaved changes in it are asked about first.
  const open = (next: AdminPrinterRow | 'new') => {
    const same =
      next === 'new' ? editing === 'new' : editing !== null && editing !== 'new' && editing.id === next.id;
    if (same) setEditing(next);
    else guard(() => setEditing(next));
  };
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (printers.isPending) return <PageLoading />;
  if (printers.error) return <ErrorMessage error={printers.error} onRetry={() => void printers.refetch()} />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', place] });
  const run = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    setStatus(null);
    try {
      await work();
      setStatus(done);
      await refresh();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <div>
      <section className={s.card} aria-labelledby="printers-title">
        <div className={s.row}>
          <h2 id="printers-title" style={{ marginRight: 'auto' }}>
            {t('printing.printers')}
          </h2>
          <button type="button" className={s.btnGhost} onClick={() => open('new')}>
            {t('printing.add')}
          </button>
        </div>
        <p className={s.hint}>{t('printing.routingHint')}</p>
        {printers.data.length === 0 ? (
          <p>{t('printing.none')}</p>
        ) : (
          <table className={s.table}>
            <thead>
              <tr>
                <th>{t('printing.name')}</th>
                <th>{t('printing.address')}</th>
                <th>{t('printing.paper')}</th>
                <th>{t('printing.charset')}</th>
                <th>{t('printing.waiting')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {printers.data.map((p) => (
                <tr key={p.id} className={p.active ? '' : s.inactive}>
                  <td>
                    {p.name}
                    {p.is_default && <span className={s.hint}> ({t('printing.default')})</span>}
                  </td>
                  <td>
                    <code>
                      {p.host}:{p.port}
                    </code>
                  </td>
                  <td>{p.paper_width} mm</td>
                  <td>{p.charset === 'cp866' ? 'CP866' : 'WPC1251'}</td>
                  <td>
                    {p.waiting}
                    {p.problem ? (
                      <span className={s.error}>
                        {' '}
                        {
                          {
                            paper_out: t('printing.problem.paper_out'),
                            cover_open: t('printing.problem.cover_open'),
                          }[p.problem]
                        }
                      </span>
                    ) : (
                      p.last_error && <span className={s.error}> {p.last_error}</span>
                    )}
                  </td>
                  <td>
                    <div className={s.row}>
                      <button
                        type="button"
                        className={s.btnGhost}
                        onClick={() =>
                          void run(() => testPrint(p.id), t('printing.testQueued', { name: p.name }))
                        }
                      >
                        {t('printing.test')}
                      </button>
                      <button type="button" className={s.btnGhost} onClick={() => open(p)}>
                        {t('common.edit')}
                      </button>
                      <button
                        type="button"
                        className={s.btnDanger}
                        aria-label={`${t('common.delete')} ${p.name}`}
                        onClick={() =>
                          void confirmDelete(t, { name: p.name }).then((ok) => {
                            if (ok) void run(() => deletePrinter(p.id), t('common.deleted'));
                          })
                        }
                      >
                        {t('common.delete')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {status && (
          <p className={s.ok} role="status">
            {status}
          </p>
        )}
        <SaveStatus error={error} saved={false} />
        {editing && (
          <PrinterForm
            key={editing === 'new' ? 'new' : editing.id}
            row={editing === 'new' ? null : editing}
            onDone={async () => {
              setEditing(null);
              await refresh();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </section>
      <AgentKeys />
    </div>
  );
}

function PrinterForm({
  row,
  onDone,
  onCancel,
}: {
  row: AdminPrinterRow | null;
  onDone: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const tree = useQuery(categoryTreeQuery(place));
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  // Changed since opened: leaving asks first (saving closes the form, which ends the question).
  const [opened] = useState(draft);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(opened));
  const [error, setError] = useState<unknown>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const save = async () => {
    try {
      const body: PrinterInput = { ...draft, name: draft.name.trim(), host: draft.host.trim() };
      if (row) await updatePrinter(row.id, body);
      else await createPrinter(body);
      await onDone();
    } catch (err) {
      setError(err);
    }
  };
  const categories = flatten(tree.data ?? []);
  return (
    <form
      className={s.card}
      aria-label={t('printing.form')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className={s.grid}>
        <label className={s.field}>
          {t('printing.name')}
          <input required maxLength={100} value={draft.name} onChange={(e) => set('name', e.target.value)} />
        </label>
        <label className={s.field}>
          {t('printing.host')}
          <input
            required
            maxLength={253}
            placeholder="192.168.1.50"
            value={draft.host}
            onChange={(e) => set('host', e.target.value)}
          />
        </label>
        <label className={s.field}>
          {t('printing.port')}
          <input
            type="number"
            min={1}
            max={65535}
            required
            value={draft.port}
            onChange={(e) => set('port', Number(e.target.value))}
          />
        </label>
        <label className={s.field}>
          {t('printing.paper')}
          <Select
            value={String(draft.paper_width)}
            onValueChange={(v) => set('paper_width', Number(v) === 58 ? 58 : 80)}
            options={[
              { value: '80', label: '80 mm' },
              { value: '58', label: '58 mm' },
            ]}
          />
        </label>
        <label className={s.field}>
          {t('printing.charset')}
          <Select
            value={draft.charset}
            onValueChange={(v) => set('charset', v === 'wpc1251' ? 'wpc1251' : 'cp866')}
            options={[
              { value: 'cp866', label: 'CP866' },
              { value: 'wpc1251', label: 'WPC1251' },
            ]}
          />
        </label>
      </div>
      <div className={s.grid}>
        <ChoiceCard
          type="checkbox"
          dense
          label={t('printing.isDefault')}
          checked={draft.is_default}
          onChange={(e) => set('is_default', e.target.checked)}
        />
        <ChoiceCard
          type="checkbox"
          dense
          label={t('printing.active')}
          checked={draft.active}
          onChange={(e) => set('active', e.target.checked)}
        />
      </div>
      <ChoiceCardGroup legend={t('printing.categories')} type="checkbox" dense>
        {categories.map((c) => (
          <ChoiceCard
            key={c.id}
            label={c.name}
            // The tree's depth as the card's indent (a subcategory under its parent).
            className={c.depth > 0 ? s[`depth${Math.min(c.depth, 3)}`] : undefined}
            checked={draft.category_ids.includes(c.id)}
            onChange={(e) =>
              set(
                'category_ids',
                e.target.checked
                  ? [...draft.category_ids, c.id]
                  : draft.category_ids.filter((id) => id !== c.id),
              )
            }
          />
        ))}
      </ChoiceCardGroup>
      <SaveStatus error={error} saved={false} />
      <div className={s.row}>
        <button className={s.btn}>{t('common.save')}</button>
        <button type="button" className={s.btnGhost} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

function AgentKeys() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const keys = useQuery(agentKeysQuery(place));
  const [name, setName] = useState('');
  useUnsavedChanges(name.trim() !== '');
  const [created, setCreated] = useState<CreatedAgentKey | null>(null);
  const [error, setError] = useState<unknown>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', place] });
  const command = created
    ? `npm run print-agent -- --server ${window.location.origin} --key ${created.key}`
    : '';
  return (
    <section className={s.card} aria-labelledby="agent-keys-title">
      <h2 id="agent-keys-title">{t('printing.agentKeys')}</h2>
      <p className={s.hint}>{t('printing.agentHint')}</p>
      <form
        className={s.row}
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          createAgentKey(name.trim())
            .then(async (key) => {
              setCreated(key);
              setName('');
              await refresh();
            })
            .catch(setError);
        }}
      >
        <label className={s.field}>
          {t('printing.keyName')}
          <input required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button className={s.btn}>{t('printing.createKey')}</button>
      </form>
      {created && (
        <div role="status">
          <p>{t('printing.keyOnce')}</p>
          <code data-testid="agent-key">{created.key}</code>
          <p>{t('printing.runAgent')}</p>
          <pre>
            <code>{command}</code>
          </pre>
        </div>
      )}
      <SaveStatus error={error} saved={false} />
      {keys.data && keys.data.length > 0 && (
        <table className={s.table}>
          <thead>
            <tr>
              <th>{t('printing.keyName')}</th>
              <th>{t('printing.key')}</th>
              <th>{t('printing.lastSeen')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {keys.data.map((k) => (
              <tr key={k.id} className={k.revoked_at ? s.inactive : ''}>
                <td>{k.name}</td>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>{k.last_seen_at ? new Date(k.last_seen_at).toLocaleString() : '—'}</td>
                <td>
                  {k.revoked_at ? (
                    t('printing.revoked')
                  ) : (
                    <button
                      type="button"
                      className={s.btnDanger}
                      onClick={() =>
                        void confirmDelete(t, {
                          message: t('printing.confirmRevoke'),
                          confirmLabel: t('printing.revoke'),
                        }).then((ok) => {
                          if (ok) revokeAgentKey(k.id).then(refresh).catch(setError);
                        })
                      }
                    >
                      {t('printing.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
