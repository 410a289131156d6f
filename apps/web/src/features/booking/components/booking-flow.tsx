/**
 * The table booking flow (spec §1–§3, §5, §8; issue 10): party size within the allowed people, hall where the
 * place has several, a date from the calendar (busy dates greyed), a free hour, then name, phone, e-mail, comment
 * and terms; `POST bookings` → the success screen with the reservation id. The page and the booking-type product
 * modal both render it; with a product the variant's booking_duration sets the slot length (the server reads it
 * from productId/variantId).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '../../../components/link.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import type { StoreCreateBookingResponse } from '@trapeza/domain/contracts/bookings';
import {
  BOOKING_ERROR_MESSAGES,
  BOOKING_RATE_LIMITED_MESSAGES,
  addDays,
  nowOnBookingAxis,
  validateBookingForm,
  type BookingFieldCode,
  type BookingFormInput,
} from '@trapeza/domain/booking';
import { translateField } from '@trapeza/domain/i18n';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { useAccountStore } from '../../../stores/account-store.ts';
import {
  bookingSetupQueryOptions,
  busyDatesQueryOptions,
  createBooking,
  freeHoursQueryOptions,
  type BookingScope,
} from '../api/bookings.ts';
import { firstOfMonth, lastOfMonth, monthOf } from '../lib/calendar.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { BookingResult } from './booking-result.tsx';
import styles from './booking.module.css';
import { usePhonePattern } from '../../../hooks/use-phone-pattern.ts';
import { Select } from '../../../components/ui/select.tsx';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';

const ANY_HALL = 'any';

export interface BookingFlowProps {
  /** A booking-type product being reserved (the modal); none for a table. */
  product?: StoreProduct | null;
  /** Shown instead of the "back to the menu" link on the result screen (the modal's close). */
  onClose?: () => void;
}

type SubmitProblem = 'invalid' | 'taken' | 'limit' | 'rate' | 'disabled' | { error: unknown } | null;

const FIELD_TEXT: Record<BookingFieldCode, string> = {
  name_invalid: 'booking.errors.name',
  phone_invalid: 'booking.errors.phone',
  email_invalid: 'booking.errors.email',
  comment_too_long: 'booking.errors.comment',
  terms_not_accepted: 'booking.errors.terms',
};

function isBookingModuleDisabled(error: unknown): boolean {
  return error instanceof ApiRequestError && error.body?.code === 'booking_module_disabled';
}

export function BookingFlow({ product, onClose }: BookingFlowProps) {
  const { t } = useTranslation();
  const venue = useVenue();
  const { place, lang } = venue;
  const phonePattern = usePhonePattern(venue.settings.validate_phone_number_regex);
  const user = useAccountStore((s) => s.user);
  const queryClient = useQueryClient();
  const uid = useId();

  const variants = product?.product_variants ?? [];
  const [variantId, setVariantId] = useState<number | null>(variants[0]?.id ?? null);
  const productId = product?.id ?? null;

  const setup = useQuery(bookingSetupQueryOptions(place, lang, productId, variantId));
  const allowed = setup.data?.allowed_people ?? { min: 1, max: 0 };

  const [today] = useState(() => nowOnBookingAxis(new Date(), venue.settings.time_zone).date);
  const lastDate = addDays(today, setup.data?.days_ahead ?? 0);

  const [peopleChoice, setPeople] = useState<number | null>(null);
  // Two by default (a table for two is the common case), within the allowed people.
  const people = peopleChoice ?? Math.min(Math.max(2, allowed.min), Math.max(allowed.max, allowed.min));
  const [hallId, setHallId] = useState<number | null>(null);
  const [month, setMonth] = useState(monthOf(today));
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);

  const [form, setForm] = useState<BookingFormInput>(() => ({
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
    phone: user?.phone ?? '',
    email: user?.email ?? '',
    comment: '',
    terms_accepted: false,
  }));
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<StoreCreateBookingResponse | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  const scope: BookingScope = { place, lang, people, hallId, productId, variantId };
  const bookable = setup.isSuccess && allowed.max >= allowed.min;
  const from = firstOfMonth(month) < today ? today : firstOfMonth(month);
  const to = lastOfMonth(month) > lastDate ? lastDate : lastOfMonth(month);
  const busy = useQuery({ ...busyDatesQueryOptions(scope, from, to), enabled: bookable && from <= to });
  const busySet = new Set((busy.data ?? []).map((d) => d.date));
  // Hours for any hall: each hour lists its free halls, so the hall choice can show which are free.
  const hours = useQuery({
    ...freeHoursQueryOptions({ ...scope, hallId: null }, date ?? today),
    enabled: bookable && date !== null,
  });
  const shownHours = (hours.data ?? []).filter(
    (h) => hallId === null || h.halls.some((x) => x.id === hallId),
  );
  const chosenHour = hours.data?.find((h) => h.time === time) ?? null;

  useEffect(() => {
    if (problem !== null) problemRef.current?.focus();
  }, [problem]);

  // Issue 24: on the page (no product: not the modal) the loading state holds the form's room (a skeleton at least a
  // screen tall), so the footer under it does not jump down when the form arrives (CLS was 0.39–0.44).
  if (setup.isPending)
    return (
      <div className={product ? undefined : styles.formSkeleton}>
        <p role="status">{t('booking.loading')}</p>
      </div>
    );
  if (setup.isError) {
    if (isBookingModuleDisabled(setup.error)) return <BookingUnavailable />;
    return <ErrorMessage error={setup.error} onRetry={() => void setup.refetch()} />;
  }
  if (problem === 'disabled') return <BookingUnavailable />;
  if (result) return <BookingResult booking={result} onClose={onClose} onAgain={() => setResult(null)} />;
  if (!bookable) return <p className={styles.notice}>{t('booking.noCapacity')}</p>;

  const halls = setup.data.halls;
  const fieldErrors = validateBookingForm(form, { phonePattern });
  const errorOf = (field: keyof BookingFormInput) =>
    showErrors ? fieldErrors.find((e) => e.field === field) : undefined;

  const update = <K extends keyof BookingFormInput>(key: K, value: BookingFormInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    if (fieldErrors.length > 0 || !date || !time) {
      setProblem('invalid');
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const booking = await createBooking(place, lang, {
        date,
        time,
        people,
        hallId,
        productId,
        variantId,
        name: form.name.trim(),
        phone: form.phone.trim(),
        email: form.email.trim(),
        comment: form.comment?.trim() || null,
        terms_accepted: true,
        lang,
      });
      setResult(booking);
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.body?.code : undefined;
      if (code === 'booking_slot_taken') {
        // Someone was faster: the hour is gone; read the hours and busy dates again.
        setTime(null);
        setProblem('taken');
        void queryClient.invalidateQueries({ queryKey: ['booking-hours'] });
        void queryClient.invalidateQueries({ queryKey: ['booking-busy'] });
      } else if (code === 'booking_invalid_data') setProblem('invalid');
      else if (code === 'booking_limit_reached') setProblem('limit');
      else if (code === 'rate_limited') setProblem('rate');
      else if (code === 'booking_module_disabled') setProblem('disabled');
      else setProblem({ error });
    } finally {
      setSending(false);
    }
  };

  const field = (
    key: 'name' | 'phone' | 'email',
    type: string,
    autoComplete: string,
    maxLength: number,
  ): ReactNode => {
    const error = errorOf(key);
    const errorId = `${uid}-${key}-error`;
    return (
      <div className="field">
        <label htmlFor={`${uid}-${key}`}>{t(`booking.${key}`)}</label>
        <input
          id={`${uid}-${key}`}
          className={styles.input}
          type={type}
          value={form[key]}
          maxLength={maxLength}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => update(key, e.target.value)}
        />
        {error && (
          <p id={errorId} className={styles.fieldError}>
            {t(FIELD_TEXT[error.code])}
          </p>
        )}
      </div>
    );
  };

  const commentError = errorOf('comment');
  // Under the hours (tied to their group) when there are hours to choose from, else under the fieldset.
  const timeMissing = showErrors && date !== null && time === null;
  const termsError = errorOf('terms_accepted');

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      {product && variants.length > 1 && (
        <ChoiceCardGroup
          legend={t('booking.variant')}
          name={`${uid}-variant`}
          className={styles.fieldset}
          value={String(variantId)}
          onValueChange={(v) => {
            setVariantId(Number(v));
            setTime(null);
          }}
        >
          {variants.map((v) => (
            <ChoiceCard
              key={v.id}
              value={String(v.id)}
              label={translateField(v, 'size', lang) || product.name}
            />
          ))}
        </ChoiceCardGroup>
      )}
      {product && <p className={styles.hint}>{t('booking.duration', { minutes: setup.data.duration })}</p>}

      <div className="field">
        <label htmlFor={`${uid}-people`}>{t('booking.people')}</label>
        <Select
          id={`${uid}-people`}
          aria-describedby={`${uid}-people-hint`}
          value={String(people)}
          onValueChange={(v) => {
            setPeople(Number(v));
            setTime(null);
          }}
          options={Array.from({ length: allowed.max - allowed.min + 1 }, (_, i) =>
            String(allowed.min + i),
          ).map((n) => ({ value: n, label: n }))}
        />
        <span id={`${uid}-people-hint`} className={styles.hint}>
          {t('booking.peopleHint', { min: allowed.min, max: allowed.max })}
        </span>
      </div>

      {halls.length > 1 && (
        <ChoiceCardGroup
          legend={t('booking.hall')}
          name={`${uid}-hall`}
          className={styles.fieldset}
          value={hallId === null ? ANY_HALL : String(hallId)}
          onValueChange={(v) => setHallId(v === ANY_HALL ? null : Number(v))}
        >
          <ChoiceCard value={ANY_HALL} label={t('booking.anyHall')} />
          {halls.map((h) => {
            // With an hour chosen, only the halls with a free table then (spec §3 "free halls").
            const full = chosenHour !== null && !chosenHour.halls.some((x) => x.id === h.id);
            return (
              <ChoiceCard
                key={h.id}
                value={String(h.id)}
                disabled={full}
                label={full ? t('booking.hallFull', { name: h.name }) : h.name}
              />
            );
          })}
        </ChoiceCardGroup>
      )}

      <fieldset className={styles.fieldset}>
        <legend>{t('booking.date')}</legend>
        <BookingCalendar
          month={month}
          onMonthChange={setMonth}
          selected={date}
          onSelect={(d) => {
            setDate(d);
            setTime(null);
            if (problem === 'taken') setProblem(null);
          }}
          min={today}
          max={lastDate}
          busy={busySet}
          loading={busy.isFetching}
          lang={lang}
        />
        {busy.isError && <ErrorMessage error={busy.error} onRetry={() => void busy.refetch()} />}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>{t('booking.time')}</legend>
        {date === null ? (
          <p className={styles.hint}>{t('booking.chooseDateFirst')}</p>
        ) : hours.isPending ? (
          <p role="status">{t('booking.loadingHours')}</p>
        ) : hours.isError ? (
          <ErrorMessage error={hours.error} onRetry={() => void hours.refetch()} />
        ) : shownHours.length === 0 ? (
          <p className={styles.hint}>{t('booking.noHours')}</p>
        ) : (
          <ChoiceCardGroup
            legend={t('booking.time')}
            hideLegend
            layout="pills"
            name={`${uid}-time`}
            value={time ?? ''}
            onValueChange={(v) => {
              setTime(v);
              if (problem === 'taken') setProblem(null);
            }}
            error={timeMissing ? t('booking.errors.time') : undefined}
          >
            {shownHours.map((h) => (
              <ChoiceCard key={h.time} value={h.time} label={h.time} />
            ))}
          </ChoiceCardGroup>
        )}
        {timeMissing && shownHours.length === 0 && (
          <p className={styles.fieldError}>{t('booking.errors.time')}</p>
        )}
        {showErrors && date === null && <p className={styles.fieldError}>{t('booking.errors.date')}</p>}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>{t('booking.details')}</legend>
        {field('name', 'text', 'name', 40)}
        {field('phone', 'tel', 'tel', 30)}
        {field('email', 'email', 'email', 254)}
        <div className="field">
          <label htmlFor={`${uid}-comment`}>{t('booking.comment')}</label>
          <textarea
            id={`${uid}-comment`}
            className={styles.input}
            rows={3}
            value={form.comment ?? ''}
            aria-invalid={commentError ? true : undefined}
            onChange={(e) => update('comment', e.target.value)}
          />
          {commentError && <p className={styles.fieldError}>{t(FIELD_TEXT[commentError.code])}</p>}
        </div>
        <ChoiceCard
          type="checkbox"
          label={t('booking.acceptTerms')}
          checked={form.terms_accepted}
          invalid={termsError ? true : undefined}
          onChange={(e) => update('terms_accepted', e.target.checked)}
        />
        <Link to={`/${place}/terms`} target="_blank" rel="noopener">
          {t('booking.readTerms')}
        </Link>
        {termsError && <p className={styles.fieldError}>{t(FIELD_TEXT[termsError.code])}</p>}
      </fieldset>

      {problem !== null && (
        <div ref={problemRef} tabIndex={-1}>
          {problem === 'invalid' || problem === 'taken' || problem === 'limit' || problem === 'rate' ? (
            <div role="alert" className="alert">
              <p>
                {problem === 'rate'
                  ? BOOKING_RATE_LIMITED_MESSAGES[lang]
                  : BOOKING_ERROR_MESSAGES[
                      problem === 'taken'
                        ? 'booking_slot_taken'
                        : problem === 'limit'
                          ? 'booking_limit_reached'
                          : 'booking_invalid_data'
                    ][lang]}
              </p>
            </div>
          ) : typeof problem === 'object' ? (
            <ErrorMessage error={problem.error} />
          ) : null}
        </div>
      )}

      <button type="submit" className="button button-block" disabled={sending}>
        {sending ? t('booking.sending') : t('booking.submit')}
      </button>
    </form>
  );
}

/** The booking module is off for the place (functionality_modules lacks `booking`). */
export function BookingUnavailable() {
  const { t } = useTranslation();
  const venue = useVenue();
  return (
    <div className={styles.notice} role="status">
      <p>
        <strong>{t('booking.unavailableTitle')}</strong>
      </p>
      <p>{t('booking.unavailableText')}</p>
      <Link to={`/${venue.place}`}>{t('common.backToMenu')}</Link>
    </div>
  );
}
