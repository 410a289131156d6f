/**
 * A date-and-time field (issue 21 #2) instead of the browser's native datetime-local: react-aria-components'
 * DatePicker with the project's CSS — day, month, year, hour and minute segments typed or stepped with the arrows, and
 * a calendar in a popover from its button, all named and announced in the console's language (the segments' order and
 * the month names follow that locale; react-aria's own labels, e.g. "Calendar", exist in all five). The value is the
 * same local text a datetime-local input carries ("2026-11-26T18:30", '' for empty), so the forms keep their
 * conversions. An error shows under the field, tied to it, and marks it invalid. Admin screens only: the guest's
 * initial bundle never imports it.
 */
import { parseDate, parseDateTime, parseTime, type DateValue, type Time } from '@internationalized/date';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  TimeField as AriaTimeField,
} from 'react-aria-components';
import s from './date-time-field.module.css';

/** "YYYY-MM-DDTHH:mm" (or "YYYY-MM-DD" for a date alone) → the picker's value; anything else is empty. */
function toValue(text: string, withTime: boolean): DateValue | null {
  try {
    if (withTime) return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? parseDateTime(text) : null;
    return /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseDate(text) : null;
  } catch {
    return null;
  }
}

export interface DateTimeFieldProps {
  label: string;
  /** local date and time as "YYYY-MM-DDTHH:mm" (a datetime-local input's value); '' = empty */
  value: string;
  onChange: (value: string) => void;
  /** the problem with the value, or null: shown under the field */
  error?: string | null;
  /** false: a date alone, "YYYY-MM-DD" (a date input's value) */
  withTime?: boolean;
  /** the field must not be left empty */
  required?: boolean;
  /** the label beside the field, not above it (a toolbar's filter) */
  inline?: boolean;
}

export function DateTimeField({
  label,
  value,
  onChange,
  error = null,
  withTime = true,
  required = false,
  inline = false,
}: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const text = (d: DateValue | null) => (d ? d.toString().slice(0, withTime ? 16 : 10) : '');
  // The picker shows its own draft: a year being typed digit by digit ("2", "20", "202") is a date of year 2, 20,
  // 202 to it, which the form never sees — only a four-digit year (or an empty field) is handed on.
  const [draft, setDraft] = useState(() => toValue(value, withTime));
  const [previous, setPrevious] = useState(value);
  if (previous !== value) {
    // A new value from outside (a preset, a cleared filter) replaces the draft; our own echo does not.
    setPrevious(value);
    if (text(draft) !== value) setDraft(toValue(value, withTime));
  }
  return (
    <I18nProvider locale={i18n.language}>
      <DatePicker
        className={inline ? `${s.field} ${s.inline}` : s.field}
        value={draft}
        onChange={(next) => {
          setDraft(next);
          if (!next || next.year >= 1000) onChange(text(next));
        }}
        granularity={withTime ? 'minute' : 'day'}
        isRequired={required}
        hourCycle={24}
        hideTimeZone
        shouldForceLeadingZeros
        isInvalid={Boolean(error)}
        validationBehavior="aria"
      >
        <Label className={s.label}>{label}</Label>
        <Group className={s.group}>
          <DateInput className={s.input}>
            {(segment) => <DateSegment segment={segment} className={s.segment} />}
          </DateInput>
          <Button className={s.button}>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <rect
                x="2.5"
                y="4"
                width="15"
                height="13"
                rx="2"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
              />
              <path d="M2.5 8h15M6.5 2.5v3M13.5 2.5v3" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </Button>
        </Group>
        <FieldError className={s.error}>{error}</FieldError>
        <Popover className={s.popover} placement="bottom start">
          <Dialog className={s.dialog}>
            <Calendar className={s.calendar}>
              <header className={s.calendarHead}>
                <Button slot="previous" className={s.nav}>
                  ‹
                </Button>
                <Heading className={s.heading} />
                <Button slot="next" className={s.nav}>
                  ›
                </Button>
              </header>
              <CalendarGrid className={s.grid}>
                {(date) => <CalendarCell date={date} className={s.cell} />}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}

/** A clock time alone ("HH:mm", a time input's value; '' = empty), typed or stepped in the console's locale, 24-hour. */
export function TimeField({
  label,
  value,
  onChange,
  ariaLabel,
  disabled = false,
}: {
  /** the visible label; none in a table whose cell is named by `ariaLabel` */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  ariaLabel?: string;
  disabled?: boolean;
}) {
  const { i18n } = useTranslation();
  let time: Time | null = null;
  if (/^\d{2}:\d{2}$/.test(value)) {
    try {
      time = parseTime(value);
    } catch {
      time = null;
    }
  }
  return (
    <I18nProvider locale={i18n.language}>
      <AriaTimeField
        className={s.field}
        value={time}
        onChange={(next) => onChange(next ? next.toString().slice(0, 5) : '')}
        hourCycle={24}
        shouldForceLeadingZeros
        aria-label={label ? undefined : ariaLabel}
        isDisabled={disabled}
      >
        {label && <Label className={s.label}>{label}</Label>}
        <DateInput className={`${s.group} ${s.input}`}>
          {(segment) => <DateSegment segment={segment} className={s.segment} />}
        </DateInput>
      </AriaTimeField>
    </I18nProvider>
  );
}
