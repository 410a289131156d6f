/**
 * The admin home of a venue (issue 16 #2): the go-live checklist — each item ticked by the server from the venue's
 * data, with a link to the screen where it is done — the "cash only" choice, and "Mark the venue live" (guests see
 * a coming-soon page until then; a signed-in admin previews the real pages). Going live with items still open is
 * allowed: the checklist says how many are open.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '../../../components/link.tsx';
import type { AdminGoLiveBody, AdminGoLiveResponse } from '@trapeza/domain/contracts/admin';
import { ChoiceCard } from '../../../components/ui/choice-card.tsx';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { goLiveQuery, saveGoLive } from '../api/go-live.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useTranslation } from 'react-i18next';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

type ItemKey = AdminGoLiveResponse['items'][number]['key'];

/** Where each item is done. */
const LINKS: Record<ItemKey, (place: string) => string> = {
  menu: () => '/admin/menu',
  hours: () => '/admin/settings',
  order_types: () => '/admin/zones',
  tables: (place) => `/${place}/staff/tables`,
  payments: () => '/admin/payments',
  staff: () => '/admin/users',
};

export function GoLivePage() {
  // The admin shell loaded the texts already.
  const t = useAdminT();
  const { i18n } = useTranslation();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const state = useQuery(goLiveQuery(place));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  if (state.isPending) return <PageLoading />;
  if (state.error) return <ErrorMessage error={state.error} onRetry={() => void state.refetch()} />;
  const data = state.data;
  const open = data.items.filter((i) => !i.done).length;

  async function save(body: AdminGoLiveBody) {
    setBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(goLiveQuery(place).queryKey, await saveGoLive(body));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  const since = data.live_at
    ? new Date(data.live_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  return (
    <div>
      {/* The page's title (h1) is the shell's page header. */}
      <section className={s.card} aria-label={t('home.title')}>
        <p className={s.hint}>{t('home.intro')}</p>
        <p role="status" data-testid="go-live-state" className={data.live ? s.ok : undefined}>
          {data.live ? (since ? t('home.live', { date: since }) : t('home.liveBefore')) : t('home.notLive')}
        </p>
        <p>{t('home.progress', { done: data.items.length - open, total: data.items.length })}</p>
        <ul aria-label={t('home.checklist')} className={s.checklist}>
          {data.items.map((item) => (
            <li key={item.key} data-done={item.done ? '1' : '0'} className={s.checklistItem}>
              <span aria-hidden="true" className={item.done ? s.ok : s.hint}>
                {item.done ? '✓' : '○'}
              </span>{' '}
              <strong>{t(`home.item.${item.key}`)}</strong> —{' '}
              <span className={item.done ? s.ok : s.hint}>{item.done ? t('home.done') : t('home.todo')}</span>{' '}
              <Link to={LINKS[item.key](place)}>{t(`home.link.${item.key}`)}</Link>
              {item.key === 'payments' && (
                <ChoiceCard
                  type="checkbox"
                  dense
                  className={s.checklistChoice}
                  label={t('home.cashOnly')}
                  checked={data.cash_only}
                  disabled={busy}
                  onChange={(e) => void save({ cash_only: e.target.checked })}
                />
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className={s.card} aria-labelledby="go-live-action">
        <h2 id="go-live-action">{t('home.actionTitle')}</h2>
        {data.live ? (
          <button
            type="button"
            className={s.btnGhost}
            disabled={busy}
            onClick={() => void save({ live: false })}
          >
            {t('home.unpublish')}
          </button>
        ) : (
          <>
            {open > 0 && <p className={s.hint}>{t('home.openItems', { count: open })}</p>}
            <button type="button" className={s.btn} disabled={busy} onClick={() => void save({ live: true })}>
              {t('home.markLive')}
            </button>
          </>
        )}{' '}
        <a href={`/${place}`} target="_blank" rel="noreferrer">
          {data.live ? t('home.openGuest') : t('home.preview')}
        </a>
        {error !== null && <ErrorMessage error={error} />}
      </section>
    </div>
  );
}
