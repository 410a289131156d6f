/**
 * The live board (WAITER and above): open orders by status, filterable by order type, newest first; calls and
 * bill requests beside them. New arrivals beep (after "start service" unlocked audio; mutable), pulse until
 * accepted, count in the document title and are announced to screen readers.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ORDER_STATUSES, TERMINAL_STATUSES, type OrderStatus } from '@trapeza/domain/order-status';
import { readJson, writeJson } from '../../../lib/storage.ts';
import { blockDevice, getTablesMenu } from '../api/board.ts';
import { useScheduledIds } from '../hooks/use-scheduled.ts';
import { useStaffBoard } from '../hooks/use-staff-board.ts';
import { playAlertSound, unlockAlertSound } from '../lib/alert-sound.ts';
import { freshCount, openNeedsOldestFirst, ordersNewestFirst, type BoardState } from '../lib/board-state.ts';
import { BOARD_ORDER_TYPES, clockTime } from '../lib/order-format.ts';
import { BOARD_SHORTCUTS, boardCommand } from '../lib/board-keys.ts';
import { NeedsPanel, useNeedText } from './needs-panel.tsx';
import { TableBillsPanel } from './table-bills-panel.tsx';
import { legalNextStatuses, OrderCard } from './order-card.tsx';
import { OrderPrintActions, PrinterAlert } from './print-tools.tsx';
import styles from './staff.module.css';

const MUTE_KEY = 'trapeza_staff_muted';

interface StaffBoardProps {
  place: string;
  token: string;
  lang: string;
  title: string;
  onUnauthorized: () => void;
}

export function StaffBoard({ place, token, lang, title, onUnauthorized }: StaffBoardProps) {
  const { t } = useTranslation();
  const board = useStaffBoard(place, token, onUnauthorized);
  const { state, dispatch, status } = board;
  const [started, setStarted] = useState(false);
  const [muted, setMuted] = useState(() => readJson<boolean>(MUTE_KEY, false));
  const [typeFilter, setTypeFilter] = useState<number | null>(null);
  const tables = useQuery({
    queryKey: ['staff', 'tablesMenu', place],
    queryFn: () => getTablesMenu(place),
    staleTime: 60_000,
  });

  // Sound for each live arrival once service started (the gesture unlocked audio) and unless muted.
  const heard = useRef(state.alerts);
  useEffect(() => {
    if (state.alerts > heard.current && started && !muted) playAlertSound();
    heard.current = state.alerts;
  }, [state.alerts, started, muted]);

  // "(3) Orders · bistro": a busy waiter sees the count on the tab or the home-screen app.
  const count = freshCount(state);
  useEffect(() => {
    const previous = document.title;
    document.title = count > 0 ? `(${count}) ${title}` : title;
    return () => {
      document.title = previous;
    };
  }, [count, title]);

  const orders = useMemo(() => ordersNewestFirst(state), [state]);
  const needs = useMemo(() => openNeedsOldestFirst(state), [state]);
  const shown = typeFilter === null ? orders : orders.filter((o) => o.type === typeFilter);
  // Future orders (issue 24 #3) wait in their own group, soonest first, until their time minus the preparation.
  const scheduled = useScheduledIds(orders);
  const byStatus = new Map<string, typeof orders>();
  for (const o of shown) {
    const group =
      scheduled.has(o.id) && !TERMINAL_STATUSES.includes(o.status as OrderStatus) ? 'scheduled' : o.status;
    byStatus.set(group, [...(byStatus.get(group) ?? []), o]);
  }
  byStatus.get('scheduled')?.sort((a, b) => (a.scheduled_start ?? '').localeCompare(b.scheduled_start ?? ''));
  const statuses = [
    'scheduled',
    ...ORDER_STATUSES,
    ...[...byStatus.keys()].filter((s) => s !== 'scheduled' && !ORDER_STATUSES.includes(s as OrderStatus)),
  ];

  // Keyboard shortcuts (the "?" dialog lists them): move between the open orders' cards, accept, next status.
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [keyNotice, setKeyNotice] = useState('');
  const navigable = statuses
    .filter((st) => !TERMINAL_STATUSES.includes(st as OrderStatus))
    .flatMap((st) => byStatus.get(st) ?? []);
  const cardOf = (id: number) => document.querySelector<HTMLElement>(`article[data-order-id="${id}"]`);
  const onKey = useRef<(e: KeyboardEvent) => void>(() => undefined);
  const handleKey = (e: KeyboardEvent) => {
    if (helpOpen) return;
    const command = boardCommand(e);
    if (!command) return;
    const inCard = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(
      'article[data-order-id]',
    );
    // The arrows scroll the page as usual unless the focus is on a card.
    if (e.key.startsWith('Arrow') && !inCard) return;
    e.preventDefault();
    if (command === 'help') {
      setHelpOpen(true);
      return;
    }
    const currentId = inCard ? Number(inCard.dataset.orderId) : selectedId;
    const at = navigable.findIndex((o) => o.id === currentId);
    const select = (id: number | undefined) => {
      if (id === undefined) return;
      setSelectedId(id);
      cardOf(id)?.focus();
    };
    if (command === 'next') select(navigable[at < 0 ? 0 : Math.min(at + 1, navigable.length - 1)]?.id);
    else if (command === 'previous') select(navigable[at < 0 ? 0 : Math.max(at - 1, 0)]?.id);
    else {
      // No card chosen yet: the oldest order still new, else the first card.
      const order =
        navigable[at] ??
        [...navigable].reverse().find((o) => state.freshOrders.includes(o.id)) ??
        navigable[0];
      if (!order) return;
      select(order.id);
      const label = t('staff.order.label', { key: order.key });
      if (command === 'accept') {
        if (!state.freshOrders.includes(order.id)) return;
        dispatch({ type: 'acknowledge', kind: 'order', id: order.id });
        setKeyNotice(`${label}: ${t('staff.action.accept')}`);
      } else {
        const to = legalNextStatuses(order).find((st) => st !== 'rejected');
        if (!to) return;
        if (state.freshOrders.includes(order.id))
          dispatch({ type: 'acknowledge', kind: 'order', id: order.id });
        void board
          .setOrderStatus(order, to)
          .then(() => setKeyNotice(`${label}: ${t(`staff.action.${to}`)}`))
          .catch(() => setKeyNotice(`${label}: ${t('staff.order.error.generic')}`));
      }
    }
  };
  useEffect(() => {
    onKey.current = handleKey;
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey.current(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
  // A card that moved to another status group was drawn anew: the focus follows it.
  useEffect(() => {
    if (selectedId === null || document.activeElement !== document.body) return;
    document.querySelector<HTMLElement>(`article[data-order-id="${selectedId}"]`)?.focus();
  }, [state, selectedId]);

  const toggleMute = () => {
    writeJson(MUTE_KEY, !muted);
    setMuted(!muted);
  };

  return (
    <div className={styles.board}>
      <div className={styles.toolbar}>
        <span className={`${styles.pill} ${styles[`conn_${status}`]}`}>
          {t(`staff.connection.${status}`)}
        </span>
        {!started ? (
          <button
            type="button"
            className={`button ${styles.start}`}
            onClick={() => {
              unlockAlertSound();
              setStarted(true);
            }}
          >
            {t('staff.service.start')}
          </button>
        ) : (
          <button type="button" className="button button-secondary" aria-pressed={muted} onClick={toggleMute}>
            {muted ? t('staff.service.unmute') : t('staff.service.mute')}
          </button>
        )}
        {count > 0 && (
          <button
            type="button"
            className={`button ${styles.freshButton}`}
            onClick={() => dispatch({ type: 'acknowledgeAll' })}
          >
            {t('staff.fresh.count', { count })} · {t('staff.fresh.acknowledgeAll')}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary"
          aria-keyshortcuts="?"
          onClick={() => setHelpOpen(true)}
        >
          {t('staff.keys.button')} <kbd aria-hidden="true">?</kbd>
        </button>
      </div>
      <Modal open={helpOpen} title={t('staff.keys.title')} onClose={() => setHelpOpen(false)}>
        <p>{t('staff.keys.intro')}</p>
        <dl className={styles.shortcuts}>
          {BOARD_SHORTCUTS.map((sc) => (
            <div key={sc.command}>
              <dt>
                {sc.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' / '}
                    <kbd>{t(`staff.keys.key.${k}`, { defaultValue: k.toUpperCase() })}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{t(`staff.keys.${sc.command}`)}</dd>
            </div>
          ))}
        </dl>
      </Modal>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="key-notice">
        {keyNotice}
      </div>
      <PrinterAlert place={place} />
      {!started && <p className={styles.hint}>{t('staff.service.startHint')}</p>}
      {status === 'reconnecting' && (
        <p className={styles.banner} role="status">
          {t('staff.connection.reconnectingLong')}
        </p>
      )}
      <Announcer state={state} lang={lang} />

      {board.loadError ? (
        <div className={styles.banner} role="alert">
          {t('staff.board.loadFailed')}{' '}
          <button type="button" className="button" onClick={board.retry}>
            {t('staff.common.retry')}
          </button>
        </div>
      ) : null}

      <div className={styles.layout}>
        <NeedsPanel
          needs={needs}
          fresh={state.freshNeeds}
          feedback={state.feedback}
          lang={lang}
          onDone={board.markNeedDone}
          onDismissFeedback={(id) => dispatch({ type: 'dismissFeedback', id })}
        />
        <TableBillsPanel place={place} token={token} lang={lang} />
        <section className={styles.orders} aria-labelledby="staff-orders-title">
          <h2 id="staff-orders-title" className="visually-hidden">
            {t('staff.board.title')}
          </h2>
          <div role="group" aria-label={t('staff.filter.label')} className={styles.filters}>
            <button
              type="button"
              className={styles.chip}
              aria-pressed={typeFilter === null}
              onClick={() => setTypeFilter(null)}
            >
              {t('staff.filter.all')} <span className={styles.count}>{orders.length}</span>
            </button>
            {BOARD_ORDER_TYPES.map((type) => {
              const n = orders.filter((o) => o.type === type).length;
              if (n === 0 && typeFilter !== type) return null;
              return (
                <button
                  key={type}
                  type="button"
                  className={styles.chip}
                  aria-pressed={typeFilter === type}
                  onClick={() => setTypeFilter(type)}
                >
                  {t(`staff.type.${type}`)} <span className={styles.count}>{n}</span>
                </button>
              );
            })}
          </div>
          {!state.loaded && !board.loadError && <p className={styles.muted}>{t('staff.board.loading')}</p>}
          {state.loaded && shown.length === 0 && <p className={styles.muted}>{t('staff.board.empty')}</p>}
          {statuses.map((s) => {
            const list = byStatus.get(s);
            if (!list?.length) return null;
            const cards = list.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                lang={lang}
                fresh={state.freshOrders.includes(order.id)}
                tables={tables.data}
                onStatus={(to, reason) => board.setOrderStatus(order, to, reason)}
                onTable={(tableId) => board.setOrderTable(order, tableId)}
                onAcknowledge={() => dispatch({ type: 'acknowledge', kind: 'order', id: order.id })}
                selected={selectedId === order.id}
                onSelect={() => setSelectedId(order.id)}
                printActions={<OrderPrintActions place={place} orderId={order.id} />}
                onBlockDevice={order.device_id ? () => blockDevice(place, order.device_id ?? '') : undefined}
              />
            ));
            const heading = (
              <>
                {t(`staff.statusGroup.${s}`, { defaultValue: s })}{' '}
                <span className={styles.count}>{list.length}</span>
              </>
            );
            return TERMINAL_STATUSES.includes(s as OrderStatus) ? (
              <details key={s} className={styles.group}>
                <summary className={styles.sectionTitle}>{heading}</summary>
                <div className={styles.cards}>{cards}</div>
              </details>
            ) : (
              <section key={s} className={styles.group} aria-labelledby={`staff-status-${s}`}>
                <h2 id={`staff-status-${s}`} className={styles.sectionTitle}>
                  {heading}
                </h2>
                <div className={styles.cards}>{cards}</div>
              </section>
            );
          })}
        </section>
      </div>
    </div>
  );
}

/** Polite live region: one sentence per arrival ("New order AB12: Table 3"). */
function Announcer({ state, lang }: { state: BoardState; lang: string }) {
  const { t } = useTranslation();
  const needText = useNeedText();
  const arrival = state.lastArrival;
  let text = '';
  if (arrival?.kind === 'order') {
    const o = state.orders[arrival.id];
    if (o)
      text = t('staff.announce.order', {
        key: o.key,
        where: o.table
          ? t(o.table.kind === 'room' ? 'staff.order.room' : 'staff.order.table', { number: o.table.number })
          : t(`staff.type.${o.type}`),
        time: clockTime(o.created_at, lang),
      });
  } else if (arrival?.kind === 'need') {
    const n = state.needs[arrival.id];
    if (n) {
      const { what, where } = needText(n);
      text = t('staff.announce.need', { what, where });
    }
  } else if (arrival?.kind === 'feedback') {
    text = t('staff.announce.feedback');
  }
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
