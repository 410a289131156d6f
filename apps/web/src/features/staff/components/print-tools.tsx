/**
 * Printing on the staff screens (issue "Kitchen and bar tickets"): the red printer alert while tickets wait (a
 * printer off, out of paper, no agent running), reprint and customer-receipt buttons, and browser printing of the
 * same tickets on an 80 mm page (print-sheet.css) for venues without a network printer.
 */
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffTicketsResponse } from '@trapeza/domain/contracts/printing';
import { PRINT_ALERT_AFTER_MS } from '@trapeza/domain/printing';
import { getPrintJobs, getTickets, printOrder, type PrintKind } from '../api/printing.ts';
import styles from './staff.module.css';
import './print-sheet.css';

const printJobsKey = (place: string) => ['staff', 'print-jobs', place] as const;

/** The red alert: jobs that failed an attempt or waited longer than PRINT_ALERT_AFTER_MS. Polls every 5 s. */
export function PrinterAlert({ place }: { place: string }) {
  const { t } = useTranslation();
  const jobs = useQuery({
    queryKey: printJobsKey(place),
    queryFn: () => getPrintJobs(place),
    refetchInterval: 5000,
  });
  if (!jobs.data) return null;
  // Measured at the answer's arrival (it is refetched every 5 s).
  const now = jobs.dataUpdatedAt;
  const late = jobs.data.jobs.filter(
    (j) => j.attempts > 0 || now - Date.parse(j.created_at) > PRINT_ALERT_AFTER_MS,
  );
  if (late.length === 0) return null;
  const printers = [...new Set(late.map((j) => j.printer_name ?? '?'))];
  const lastError = late.find((j) => j.last_error)?.last_error;
  // The printer's own status (out of paper, cover open) in words; otherwise the agent's error as it came.
  const problem = late.find((j) => j.problem)?.problem;
  const problemText = problem
    ? {
        paper_out: t('staff.printing.problem.paper_out'),
        cover_open: t('staff.printing.problem.cover_open'),
      }[problem]
    : null;
  return (
    <div className={styles.printerAlert} role="alert" data-testid="printer-alert">
      <strong>{t('staff.printing.alert', { count: late.length })}</strong> <span>{printers.join(', ')}</span>
      {problemText ? (
        <span className={styles.printerError} data-testid="printer-problem">
          {' '}
          — {problemText}
        </span>
      ) : (
        lastError && <span className={styles.printerError}> — {lastError}</span>
      )}
      {!jobs.data.agent_online && !jobs.data.direct && <p>{t('staff.printing.agentOffline')}</p>}
    </div>
  );
}

/** Reprint tickets, print the receipt, or print in the browser. */
export function OrderPrintActions({
  place,
  orderId,
  receipt = true,
}: {
  place: string;
  orderId: number;
  receipt?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const [sheet, setSheet] = useState<StaffTicketsResponse | null>(null);
  const send = async (kind: PrintKind) => {
    setMessage(null);
    try {
      await printOrder(place, orderId, kind);
      setMessage(t(kind === 'tickets' ? 'staff.printing.reprinted' : 'staff.printing.receiptSent'));
      void queryClient.invalidateQueries({ queryKey: printJobsKey(place) });
    } catch {
      setMessage(t('staff.printing.failed'));
    }
  };
  const browser = async (kind: PrintKind) => {
    setMessage(null);
    try {
      const tickets = await getTickets(place, orderId, kind);
      setSheet(tickets);
      // Let React render the sheet, then print it.
      window.setTimeout(() => {
        window.print();
      }, 50);
    } catch {
      setMessage(t('staff.printing.failed'));
    }
  };
  return (
    <div className={styles.printActions}>
      <button type="button" className="button button-secondary" onClick={() => void send('tickets')}>
        {t('staff.printing.reprint')}
      </button>
      {receipt && (
        <button type="button" className="button button-secondary" onClick={() => void send('receipt')}>
          {t('staff.printing.receipt')}
        </button>
      )}
      <button type="button" className="button button-secondary" onClick={() => void browser('tickets')}>
        {t('staff.printing.browser')}
      </button>
      {message && (
        <span role="status" className={styles.hint}>
          {message}
        </span>
      )}
      {sheet && createPortal(<PrintSheet tickets={sheet} />, document.body)}
    </div>
  );
}

/** The tickets as an 80 mm page; visible only when printing. */
function PrintSheet({ tickets }: { tickets: StaffTicketsResponse }) {
  return (
    <div className="print-sheet" data-testid="print-sheet">
      {tickets.tickets.map((ticket, i) => (
        <section key={i} className="print-ticket" aria-label={ticket.station ?? undefined}>
          {ticket.lines.map((line, j) =>
            'rule' in line ? (
              <hr key={j} className="print-rule" />
            ) : (
              <p
                key={j}
                className={[
                  'print-line',
                  line.size === 2 ? 'big' : '',
                  line.bold ? 'bold' : '',
                  line.align === 'center' ? 'center' : line.align === 'right' ? 'right' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                {line.text}
              </p>
            ),
          )}
        </section>
      ))}
    </div>
  );
}
