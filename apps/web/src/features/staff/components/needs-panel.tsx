/** Open waiter calls and bill requests (with the chosen payment method), oldest first, and feedback notices. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffUserNeed } from '@trapeza/domain/contracts/staff';
import type { FeedbackNotice } from '../lib/board-state.ts';
import { clockTime } from '../lib/order-format.ts';
import styles from './staff.module.css';

interface NeedsPanelProps {
  needs: StaffUserNeed[];
  fresh: number[];
  feedback: FeedbackNotice[];
  lang: string;
  onDone: (id: number) => Promise<unknown>;
  onDismissFeedback: (id: number) => void;
}

export function useNeedText() {
  const { t } = useTranslation();
  return (need: Pick<StaffUserNeed, 'type' | 'text' | 'table'>) => {
    const what =
      need.type === 'bill'
        ? need.text
          ? t('staff.needs.billWith', {
              method: t(`staff.payment.method.${need.text}`, { defaultValue: need.text }),
            })
          : t('staff.needs.bill')
        : need.type === 'other'
          ? need.text || t('staff.needs.type.other')
          : `${t(`staff.needs.type.${need.type}`, { defaultValue: need.type })}${need.text ? ` — ${need.text}` : ''}`;
    const where = need.table
      ? t(need.table.kind === 'room' ? 'staff.order.room' : 'staff.order.table', {
          number: need.table.number,
        })
      : t('staff.needs.unknownTable');
    return { what, where };
  };
}

export function NeedsPanel({ needs, fresh, feedback, lang, onDone, onDismissFeedback }: NeedsPanelProps) {
  const { t } = useTranslation();
  const needText = useNeedText();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<number | null>(null);
  const done = async (id: number) => {
    setBusy(id);
    setError(null);
    try {
      await onDone(id);
    } catch {
      setError(id);
    } finally {
      setBusy(null);
    }
  };
  return (
    <aside className={styles.side} aria-labelledby="staff-needs-title">
      <h2 id="staff-needs-title" className={styles.sectionTitle}>
        {t('staff.needs.title')} <span className={styles.count}>{needs.length}</span>
      </h2>
      {needs.length === 0 ? (
        <p className={styles.muted}>{t('staff.needs.empty')}</p>
      ) : (
        <ul className={styles.needs}>
          {needs.map((need) => {
            const { what, where } = needText(need);
            return (
              <li
                key={need.id}
                className={`${styles.need} ${fresh.includes(need.id) ? styles.fresh : ''} ${need.type === 'bill' ? styles.needBill : ''}`}
                data-need-id={need.id}
              >
                <div>
                  <strong>{where}</strong>
                  <div>{what}</div>
                  <time className={styles.muted} dateTime={need.created_at}>
                    {clockTime(need.created_at, lang)}
                  </time>
                  {error === need.id && (
                    <p role="alert" className={styles.error}>
                      {t('staff.order.error.generic')}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className="button"
                  disabled={busy === need.id}
                  aria-label={t('staff.needs.doneLabel', { what, where })}
                  onClick={() => void done(need.id)}
                >
                  {t('staff.needs.done')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {feedback.length > 0 && (
        <section aria-labelledby="staff-feedback-title">
          <h2 id="staff-feedback-title" className={styles.sectionTitle}>
            {t('staff.feedback.title')}
          </h2>
          <ul className={styles.needs}>
            {feedback.map(({ id, feedback: f }) => (
              <li key={id} className={`${styles.need} ${styles.feedback}`}>
                <div>
                  <strong>
                    {f.table
                      ? t('staff.order.table', { number: f.table })
                      : (f.name ?? t('staff.feedback.guest'))}
                    {f.order_key ? ` · ${t('staff.order.label', { key: f.order_key })}` : ''}
                  </strong>
                  <ul className={styles.answers}>
                    {f.answers.map((a, i) => (
                      <li key={a.question_id ?? `a${i}`}>
                        {a.question ? `${a.question}: ` : ''}
                        {a.rating !== null ? t('staff.feedback.rating', { rating: a.rating }) : ''}
                        {a.text ? ` „${a.text}“` : ''}
                      </li>
                    ))}
                  </ul>
                </div>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => onDismissFeedback(id)}
                >
                  {t('staff.feedback.dismiss')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
