/**
 * The booking date chooser: a month grid (WAI-ARIA date-grid pattern). One day is in the tab order; arrows move by
 * a day or a week, Home/End to the week's start/end, Page Up/Page Down by a month; Enter/Space choose. Past dates,
 * dates beyond booking_days_ahead and busy dates (no free slot, `getBusyDates`) stay focusable but cannot be chosen
 * (aria-disabled), so keyboard users can move across them and hear why.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, weekdayOfDate } from '@trapeza/domain/booking';
import {
  addMonths,
  addMonthsToDate,
  clampDate,
  dateForFormat,
  monthOf,
  monthWeeks,
} from '../lib/calendar.ts';
import styles from './booking.module.css';

export interface BookingCalendarProps {
  /** Visible month 'YYYY-MM'. */
  month: string;
  onMonthChange: (month: string) => void;
  selected: string | null;
  onSelect: (date: string) => void;
  /** First and last bookable dates (today, today + booking_days_ahead). */
  min: string;
  max: string;
  busy: ReadonlySet<string>;
  /** Busy dates of the month are still loading. */
  loading?: boolean;
  lang: string;
}

export function BookingCalendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  min,
  max,
  busy,
  loading,
  lang,
}: BookingCalendarProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  // The day holding the tab stop; moving it into another month turns the page.
  const [focused, setFocused] = useState(() => clampDate(selected ?? min, min, max));
  // Set by keyboard moves: after the re-render, focus follows the tab stop.
  const moveFocus = useRef(false);
  const active = monthOf(focused) === month ? focused : clampDate(`${month}-01`, min, max);

  const weeks = useMemo(() => monthWeeks(month), [month]);
  const monthTitle = new Intl.DateTimeFormat(lang, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(dateForFormat(`${month}-01`));
  const longDate = new Intl.DateTimeFormat(lang, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const weekdayName = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' });
  const weekdayLong = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  const weekdays = Array.from({ length: 7 }, (_, i) => dateForFormat(`2024-01-0${i + 1}`));

  const canPrev = month > monthOf(min);
  const canNext = month < monthOf(max);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${active}"]`)?.focus();
  });

  const unavailable = (date: string) => date < min || date > max;
  const isDisabled = (date: string) => unavailable(date) || busy.has(date);

  const goTo = (date: string) => {
    const next = clampDate(date, min, max);
    setFocused(next);
    if (monthOf(next) !== month) onMonthChange(monthOf(next));
    moveFocus.current = true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const weekday = weekdayOfDate(date);
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, 1 - weekday),
      End: () => addDays(date, 7 - weekday),
      PageUp: () => addMonthsToDate(date, -1),
      PageDown: () => addMonthsToDate(date, 1),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    goTo(move());
  };

  const turn = (n: number) => {
    const next = addMonths(month, n);
    onMonthChange(next);
    setFocused(clampDate(`${next}-01`, min, max));
  };

  return (
    <div className={styles.calendar}>
      <div className={styles.calendarHeader}>
        <button
          type="button"
          className="icon-button"
          onClick={() => turn(-1)}
          disabled={!canPrev}
          aria-label={t('booking.prevMonth')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h3 id={titleId} className={styles.monthTitle} aria-live="polite">
          {monthTitle}
        </h3>
        <button
          type="button"
          className="icon-button"
          onClick={() => turn(1)}
          disabled={!canNext}
          aria-label={t('booking.nextMonth')}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        className={styles.grid}
        aria-labelledby={titleId}
        aria-busy={loading || undefined}
      >
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th key={d.toISOString()} scope="col" abbr={weekdayLong.format(d)}>
                {weekdayName.format(d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((date, i) =>
                date === null ? (
                  <td key={`pad-${i}`} />
                ) : (
                  <td key={date} role="gridcell" aria-selected={date === selected}>
                    <button
                      type="button"
                      data-date={date}
                      className={styles.day}
                      tabIndex={date === active ? 0 : -1}
                      aria-disabled={isDisabled(date) || undefined}
                      aria-pressed={date === selected}
                      aria-label={
                        longDate.format(dateForFormat(date)) +
                        (unavailable(date)
                          ? ` – ${t('booking.dayUnavailable')}`
                          : busy.has(date)
                            ? ` – ${t('booking.dayBusy')}`
                            : '')
                      }
                      data-busy={busy.has(date) && !unavailable(date) ? '' : undefined}
                      onFocus={() => setFocused(date)}
                      onKeyDown={(e) => onKeyDown(e, date)}
                      onClick={() => {
                        setFocused(date);
                        if (!isDisabled(date)) onSelect(date);
                      }}
                    >
                      {Number(date.slice(8, 10))}
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.hint}>{t('booking.calendarHelp')}</p>
    </div>
  );
}
