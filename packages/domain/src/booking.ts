/**
 * Table booking rules (spec §1–§3 booking, §3 reservations state, §5 'Моля попълнете коректно всички данни', §7
 * bookings calls, §9 booking_interval 15). Pure functions: the server decides with them (authoritatively, inside
 * the booking transaction) and the browser may call the same ones to display.
 *
 * Designed where the spec is silent (see README):
 * - Slots: every `booking_interval` minutes from the start of each opening range of the day; a slot is offered only
 *   when the whole stay (start + duration) ends by the range's closing time. A range passing midnight
 *   ('18:00-02:00') offers its after-midnight starts on the next calendar date. No schedule means always open.
 * - Duration: the booking-type product variant's `booking_duration`, else `booking_default_duration` (120).
 * - Capacity is per table: a booking holds ONE table with `seats ≥ people` for its whole stay; tables are never
 *   combined (a party larger than the largest table cannot book online; the venue raises `booking_max_people` only
 *   together with a big enough table). The smallest fitting table is assigned (best fit, then lowest id), so big
 *   tables stay free for big parties.
 * - A booking holds its table while `confirmed` or `seated`, or `pending_confirmation` / `pending_payment` until its
 *   `expires_at` (issue 23 #5: a guest's booking is held only briefly until confirmed from its e-mailed link, or
 *   until its deposit is paid; unconfirmed, it releases its table by itself).
 * - Stays are compared on one wall-clock minute axis (days since 1970 × 1440 + minutes), so a stay passing midnight
 *   overlaps the next date's early bookings; DST shifts are ignored (a stay is wall-clock long, as guests read it).
 */
import {
  DEFAULT_TIME_ZONE,
  WEEKDAYS,
  formatClockTime,
  localTime,
  parseClockTime,
  type Weekday,
} from './dates.ts';
import { parseWorkingHours, type TimeRange, type WorkingHours } from './hours.ts';
import type { Language } from './i18n.ts';
import { toMinor, type Minor } from './money.ts';
import { parseFlag, parseNumber, type RawSettings } from './settings.ts';
import { MAX_COMMENT_LENGTH } from './cart.ts';
import { isValidEmail, isValidName, isValidPhone, type PhonePattern } from './validation.ts';

// ---------------------------------------------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------------------------------------------

/** Booking statuses (bookings.status). */
export const BOOKING_STATUSES = [
  'pending_confirmation',
  'pending_payment',
  'confirmed',
  'seated',
  'no_show',
  'cancelled',
  'expired',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);
}

/** The two waiting statuses: the guest's e-mail confirmation (double opt-in) or the deposit. Both expire. */
export const BOOKING_PENDING_STATUSES: readonly BookingStatus[] = ['pending_confirmation', 'pending_payment'];

/** Statuses that hold a table (the pending ones only until expires_at; see `holdsTable`). */
export const BOOKING_HOLDING_STATUSES: readonly BookingStatus[] = [
  'pending_confirmation',
  'pending_payment',
  'confirmed',
  'seated',
];

export function isPendingBooking(status: string): boolean {
  return (BOOKING_PENDING_STATUSES as readonly string[]).includes(status);
}

/** Whether a booking holds its table at `now`: confirmed or seated, or pending and not yet expired. */
export function holdsTable(status: string, expiresAt: string | null, now: Date): boolean {
  if (status === 'confirmed' || status === 'seated') return true;
  if (!isPendingBooking(status)) return false;
  return expiresAt === null || new Date(expiresAt).getTime() > now.getTime();
}

/**
 * Staff transitions (designed; the "confirm, seat, no-show, cancel"): a pending payment may be confirmed by
 * hand (paid at the venue) or cancelled; a booking awaiting the guest's e-mail confirmation may be confirmed by hand
 * (the guest confirmed by phone) or cancelled; a confirmed booking is seated, a no-show, or cancelled. The rest are
 * final.
 */
export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending_confirmation: ['confirmed', 'cancelled'],
  pending_payment: ['confirmed', 'cancelled'],
  confirmed: ['seated', 'no_show', 'cancelled'],
  seated: [],
  no_show: [],
  cancelled: [],
  expired: [],
};

export function canTransitionBooking(from: string, to: string): boolean {
  return isBookingStatus(from) && isBookingStatus(to) && BOOKING_TRANSITIONS[from].includes(to);
}

/** Whether the guest may still cancel (link or profile): a holding booking whose stay has not started. */
export function isGuestCancellable(status: string, startsAt: number, nowAbs: number): boolean {
  return (status === 'confirmed' || isPendingBooking(status)) && startsAt > nowAbs;
}

// ---------------------------------------------------------------------------------------------------------------
// Errors and messages (spec §5, §8)
// ---------------------------------------------------------------------------------------------------------------

/** Spec §5: the one text every booking call with bad data shows. */
export const BOOKING_INVALID_DATA_MESSAGE = 'Моля попълнете коректно всички данни';

export const BOOKING_ERROR_CODES = [
  'booking_invalid_data',
  'booking_slot_taken',
  'booking_module_disabled',
  'booking_not_found',
  'booking_not_cancellable',
  'booking_invalid_transition',
  'booking_limit_reached',
  'booking_not_confirmable',
] as const;
export type BookingErrorCode = (typeof BOOKING_ERROR_CODES)[number];

/** Texts in the five languages (spec §1); `booking_invalid_data` in Bulgarian is the spec's exact text. */
export const BOOKING_ERROR_MESSAGES: Record<BookingErrorCode, Record<Language, string>> = {
  booking_invalid_data: {
    bg: BOOKING_INVALID_DATA_MESSAGE,
    en: 'Please fill in all fields correctly',
    es: 'Por favor, rellene correctamente todos los datos',
    de: 'Bitte füllen Sie alle Angaben korrekt aus',
    'fr-CH': 'Veuillez remplir correctement tous les champs',
  },
  booking_slot_taken: {
    bg: 'Този час вече не е свободен. Моля изберете друг.',
    en: 'This time is no longer free. Please choose another.',
    es: 'Esta hora ya no está libre. Por favor, elija otra.',
    de: 'Diese Uhrzeit ist nicht mehr frei. Bitte wählen Sie eine andere.',
    'fr-CH': 'Cet horaire n’est plus libre. Veuillez en choisir un autre.',
  },
  booking_module_disabled: {
    bg: 'Заведението не приема резервации онлайн.',
    en: 'This venue does not take bookings online.',
    es: 'Este local no acepta reservas en línea.',
    de: 'Dieses Lokal nimmt keine Online-Reservierungen an.',
    'fr-CH': 'Cet établissement ne prend pas de réservations en ligne.',
  },
  booking_not_found: {
    bg: 'Резервацията не е намерена.',
    en: 'Booking not found.',
    es: 'Reserva no encontrada.',
    de: 'Reservierung nicht gefunden.',
    'fr-CH': 'Réservation introuvable.',
  },
  booking_not_cancellable: {
    bg: 'Резервацията вече не може да бъде отменена.',
    en: 'This booking can no longer be cancelled.',
    es: 'Esta reserva ya no se puede cancelar.',
    de: 'Diese Reservierung kann nicht mehr storniert werden.',
    'fr-CH': 'Cette réservation ne peut plus être annulée.',
  },
  booking_invalid_transition: {
    bg: 'Това действие не е възможно за резервацията.',
    en: 'This change is not possible for the booking.',
    es: 'Este cambio no es posible para la reserva.',
    de: 'Diese Änderung ist für die Reservierung nicht möglich.',
    'fr-CH': 'Ce changement n’est pas possible pour la réservation.',
  },
  booking_limit_reached: {
    bg: 'Вече имате максималния брой активни резервации в това заведение. Отменете някоя или се свържете със заведението.',
    en: 'You already hold the most open bookings this venue allows. Cancel one or contact the venue.',
    es: 'Ya tiene el máximo de reservas abiertas que permite este local. Cancele una o contacte con el local.',
    de: 'Sie haben bereits so viele offene Reservierungen, wie dieses Lokal erlaubt. Stornieren Sie eine oder kontaktieren Sie das Lokal.',
    'fr-CH':
      'Vous avez déjà le nombre maximal de réservations ouvertes autorisé par cet établissement. Annulez-en une ou contactez l’établissement.',
  },
  booking_not_confirmable: {
    bg: 'Резервацията вече не може да бъде потвърдена: времето за потвърждение изтече или тя е отменена. Моля, резервирайте отново.',
    en: 'This booking can no longer be confirmed: the time to confirm has passed or it was cancelled. Please book again.',
    es: 'Esta reserva ya no se puede confirmar: el plazo para confirmarla ha pasado o fue cancelada. Por favor, reserve de nuevo.',
    de: 'Diese Reservierung kann nicht mehr bestätigt werden: Die Frist ist abgelaufen oder sie wurde storniert. Bitte reservieren Sie erneut.',
    'fr-CH':
      'Cette réservation ne peut plus être confirmée : le délai est dépassé ou elle a été annulée. Veuillez réserver à nouveau.',
  },
};

/** Spec §8 "too many requests, try again later" (code `rate_limited`, 429) in the guest's language. */
export const BOOKING_RATE_LIMITED_MESSAGES: Record<Language, string> = {
  bg: 'Твърде много заявки, опитайте по-късно.',
  en: 'Too many requests, try again later.',
  es: 'Demasiadas solicitudes, inténtelo más tarde.',
  de: 'Zu viele Anfragen, bitte versuchen Sie es später erneut.',
  'fr-CH': 'Trop de requêtes, réessayez plus tard.',
};

// ---------------------------------------------------------------------------------------------------------------
// Abuse limits (issue 23 #5: 12 anonymous requests took every table at 19:00)
// ---------------------------------------------------------------------------------------------------------------

/**
 * How many `POST bookings` one IP address, one e-mail address and one phone number may send per window (all
 * places of the installation together; every attempt counts, refused ones too). A family booking twice, a typo
 * corrected, a hotel desk booking for a few guests stay far below; a script taking every table does not.
 */
export const BOOKING_CREATE_LIMITS = {
  windowMs: 60 * 60_000,
  perIp: 10,
  perEmail: 5,
  perPhone: 5,
} as const;

/**
 * The key one guest's e-mail counts under: trimmed, lower case, a `+tag` dropped from the local part (so
 * `victim+1@…`, `victim+2@…` are one inbox).
 */
export function guestEmailKey(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf('@');
  if (at <= 0) return e;
  const local = e.slice(0, at).replace(/\+.*$/, '');
  return `${local || e.slice(0, at)}@${e.slice(at + 1)}`;
}

/** The key one guest's phone counts under: its digits only, an international `00` prefix read as `+`. */
export function guestPhoneKey(phone: string): string {
  return phone.replace(/\D/g, '').replace(/^00/, '');
}

// ---------------------------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------------------------

/** The booking settings of a venue (booking_interval is spec §9; the other keys are designed, see README). */
export interface BookingSettings {
  /** booking_interval: minutes between slot starts (spec §9 default 15). */
  interval: number;
  /** booking_default_duration: minutes a table is held when no product variant gives a duration. */
  defaultDuration: number;
  /** booking_min_people / booking_max_people: the allowed party size (spec §3 "allowed people"). */
  minPeople: number;
  maxPeople: number;
  /** booking_online_payment: a deposit is paid online before the booking is confirmed (spec §3 flag). */
  onlinePayment: boolean;
  /** booking_deposit: the deposit per booking, decimal major units in the map, minor units here. */
  deposit: Minor;
  /** booking_payment_minutes: how long an unpaid booking holds its table. */
  paymentMinutes: number;
  /**
   * booking_email_confirmation (default on): a booking without a deposit waits for the guest to confirm it from the
   * e-mailed link (double opt-in) and holds its table only `confirmMinutes` until then. Off: confirmed at once.
   */
  emailConfirmation: boolean;
  /** booking_confirm_minutes: how long an unconfirmed booking holds its table (default 30). */
  confirmMinutes: number;
  /**
   * booking_max_open_per_guest: how many open bookings (pending or confirmed, not yet past) one guest — the same
   * e-mail or the same phone — may hold at the place; 0 means no limit (default 3).
   */
  maxOpenPerGuest: number;
  /** booking_days_ahead: how far ahead a guest may book (the last bookable date is today + this). */
  daysAhead: number;
  /** booking_min_notice_minutes: the earliest slot today is at least this far from now. */
  minNoticeMinutes: number;
  timeZone: string;
  workingHours: WorkingHours | null;
}

export const BOOKING_SETTINGS_DEFAULTS = {
  interval: 15,
  defaultDuration: 120,
  minPeople: 1,
  maxPeople: 12,
  onlinePayment: false,
  deposit: 0,
  paymentMinutes: 15,
  emailConfirmation: true,
  confirmMinutes: 30,
  maxOpenPerGuest: 3,
  daysAhead: 60,
  minNoticeMinutes: 0,
} as const;

const clampInt = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, Math.round(value)));

/**
 * Reads the booking settings from the raw key → value map. Working hours come from `working_hours` (JSON, as the
 * settings parser reads it), else from the per-day keys `working_hours_1` … `working_hours_7` when present.
 */
export function parseBookingSettings(raw: RawSettings): BookingSettings {
  const d = BOOKING_SETTINGS_DEFAULTS;
  const minPeople = clampInt(parseNumber(raw.booking_min_people, d.minPeople), 1, 1000);
  const tz = raw.time_zone;
  const zone = typeof tz === 'string' && tz.trim() !== '' ? tz.trim() : DEFAULT_TIME_ZONE;
  let hours: WorkingHours | null = null;
  const unwrapped = unwrapValue(raw.working_hours);
  if (unwrapped != null && unwrapped !== '') hours = parseWorkingHours(unwrapped);
  else if (WEEKDAYS.some((day) => raw[`working_hours_${day}`] !== undefined)) {
    hours = parseWorkingHours(
      Object.fromEntries(
        WEEKDAYS.map((day) => [String(day), unwrapValue(raw[`working_hours_${day}`]) ?? '-']),
      ),
    );
  }
  return {
    interval: clampInt(parseNumber(raw.booking_interval, d.interval), 5, 240),
    defaultDuration: clampInt(parseNumber(raw.booking_default_duration, d.defaultDuration), 5, 1440),
    minPeople,
    maxPeople: Math.max(minPeople, clampInt(parseNumber(raw.booking_max_people, d.maxPeople), 1, 1000)),
    onlinePayment: parseFlag(raw.booking_online_payment, d.onlinePayment),
    deposit: Math.max(0, toMinor(parseNumber(raw.booking_deposit, 0))),
    paymentMinutes: clampInt(parseNumber(raw.booking_payment_minutes, d.paymentMinutes), 1, 24 * 60),
    emailConfirmation: parseFlag(raw.booking_email_confirmation, d.emailConfirmation),
    confirmMinutes: clampInt(parseNumber(raw.booking_confirm_minutes, d.confirmMinutes), 5, 24 * 60),
    maxOpenPerGuest: clampInt(parseNumber(raw.booking_max_open_per_guest, d.maxOpenPerGuest), 0, 100),
    daysAhead: clampInt(parseNumber(raw.booking_days_ahead, d.daysAhead), 0, 730),
    minNoticeMinutes: clampInt(parseNumber(raw.booking_min_notice_minutes, d.minNoticeMinutes), 0, 7 * 1440),
    timeZone: zone,
    workingHours: hours,
  };
}

/**
 * The status a new booking starts in, and how long it holds its table unconfirmed: with an online deposit
 * `pending_payment` (the payment is the confirmation), else with e-mail confirmation `pending_confirmation`, else
 * `confirmed` at once.
 */
export function initialBookingStatus(
  settings: Pick<
    BookingSettings,
    'onlinePayment' | 'paymentMinutes' | 'emailConfirmation' | 'confirmMinutes'
  >,
): { status: BookingStatus; holdMinutes: number | null } {
  if (settings.onlinePayment) return { status: 'pending_payment', holdMinutes: settings.paymentMinutes };
  if (settings.emailConfirmation)
    return { status: 'pending_confirmation', holdMinutes: settings.confirmMinutes };
  return { status: 'confirmed', holdMinutes: null };
}

function unwrapValue(v: unknown): unknown {
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && 'value' in v)
    return (v as { value: unknown }).value;
  return v;
}

/** Duration of a booking: the variant's booking_duration (minutes) when positive, else the venue default. */
export function bookingDuration(
  settings: Pick<BookingSettings, 'defaultDuration'>,
  variant?: { booking_duration: number | null } | null,
): number {
  const own = variant?.booking_duration;
  return own != null && Number.isFinite(own) && own > 0 ? Math.round(own) : settings.defaultDuration;
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar dates ('YYYY-MM-DD', the venue's local dates)
// ---------------------------------------------------------------------------------------------------------------

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a calendar date; null when malformed or not a real date (2026-02-30). */
export function epochDay(date: string): number | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(ms);
  if (back.getUTCFullYear() !== Number(m[1]) || back.getUTCMonth() + 1 !== Number(m[2])) return null;
  return Math.round(ms / MS_PER_DAY);
}

export function isValidDate(date: string): boolean {
  return epochDay(date) !== null;
}

/** The calendar date of a day number. */
export function dateOfEpochDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `date` plus `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  const day = epochDay(date);
  if (day === null) throw new RangeError(`not a date: ${date}`);
  return dateOfEpochDay(day + days);
}

/** Weekday 1 (Monday) … 7 (Sunday) of a calendar date. */
export function weekdayOfDate(date: string): Weekday {
  const day = epochDay(date);
  if (day === null) throw new RangeError(`not a date: ${date}`);
  // 1970-01-01 was a Thursday (4).
  return (((((day + 3) % 7) + 7) % 7) + 1) as Weekday;
}

/** The venue's local date and minute-of-day at `now` on the booking axis (days × 1440 + minutes). */
export function nowOnBookingAxis(
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): { date: string; abs: number } {
  const l = localTime(now, timeZone);
  const date = `${l.year}-${String(l.month).padStart(2, '0')}-${String(l.day).padStart(2, '0')}`;
  return { date, abs: (epochDay(date) as number) * 1440 + l.minutes };
}

/** A stay on the booking axis: [start, end) in minutes since 1970-01-01 00:00 wall-clock. */
export interface Stay {
  start: number;
  end: number;
}

/** The stay of a booking on `date` at `time` ('HH:MM') lasting `duration` minutes; null when malformed. */
export function stayOf(date: string, time: string, duration: number): Stay | null {
  const day = epochDay(date);
  const minutes = /^\d{2}:\d{2}$/.test(time) ? parseClockTime(time) : null;
  if (day === null || minutes === null || minutes >= 1440) return null;
  const start = day * 1440 + minutes;
  return { start, end: start + duration };
}

/** The calendar dates a stay touches, ascending (two for a stay passing midnight); the lock keys of a booking. */
export function datesOfStay(stay: Stay): string[] {
  const first = Math.floor(stay.start / 1440);
  const last = Math.floor((stay.end - 1) / 1440);
  const dates: string[] = [];
  for (let d = first; d <= last; d++) dates.push(dateOfEpochDay(d));
  return dates;
}

export function staysOverlap(a: Stay, b: Stay): boolean {
  return a.start < b.end && b.start < a.end;
}

// ---------------------------------------------------------------------------------------------------------------
// Slots
// ---------------------------------------------------------------------------------------------------------------

const ALWAYS_OPEN: readonly TimeRange[] = [{ from: 0, to: 1440 }];

function rangesOf(hours: WorkingHours | null, day: Weekday): readonly TimeRange[] {
  return hours ? hours[day] : ALWAYS_OPEN;
}

/**
 * Slot starts (minutes since the date's midnight) of `date` (spec §9 booking_interval): every `interval` minutes
 * from each opening range's start while the stay ends by its closing; the after-midnight starts of the previous
 * day's range that passes midnight belong to this date. Sorted, without duplicates.
 */
export function slotStartsForDate(
  hours: WorkingHours | null,
  date: string,
  interval: number,
  duration: number,
): number[] {
  const step = Math.max(1, Math.round(interval));
  const weekday = weekdayOfDate(date);
  const starts = new Set<number>();
  for (const r of rangesOf(hours, weekday)) {
    for (let t = r.from; t < 1440 && t + duration <= r.to; t += step) starts.add(t);
  }
  const previous = (((weekday + 5) % 7) + 1) as Weekday;
  for (const r of rangesOf(hours, previous)) {
    if (r.to <= 1440) continue;
    for (let t = r.from; t + duration <= r.to; t += step) if (t >= 1440) starts.add(t - 1440);
  }
  return [...starts].sort((a, b) => a - b);
}

/** Whether `date` may be booked at all at `now`: not in the past, not beyond booking_days_ahead. */
export function isBookableDate(
  settings: Pick<BookingSettings, 'daysAhead' | 'timeZone'>,
  date: string,
  now: Date,
): boolean {
  const day = epochDay(date);
  if (day === null) return false;
  const today = epochDay(nowOnBookingAxis(now, settings.timeZone).date) as number;
  return day >= today && day <= today + settings.daysAhead;
}

/** The slot starts of `date` a guest may still choose at `now` (future, with booking_min_notice_minutes). */
export function bookableSlotStarts(
  settings: Pick<
    BookingSettings,
    'interval' | 'workingHours' | 'daysAhead' | 'minNoticeMinutes' | 'timeZone'
  >,
  date: string,
  duration: number,
  now: Date,
): number[] {
  if (!isBookableDate(settings, date, now)) return [];
  const day = epochDay(date) as number;
  const earliest = nowOnBookingAxis(now, settings.timeZone).abs + settings.minNoticeMinutes;
  return slotStartsForDate(settings.workingHours, date, settings.interval, duration).filter(
    (t) => day * 1440 + t > earliest,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// People and capacity
// ---------------------------------------------------------------------------------------------------------------

export interface BookableTable {
  id: number;
  hallId: number | null;
  seats: number;
}

export interface BookingHall {
  id: number;
  name: string;
}

/** A booking that holds a table (see `holdsTable`), on the booking axis. */
export interface HeldStay extends Stay {
  tableId: number | null;
}

/**
 * The party sizes a guest may choose (spec §3 "allowed people"): booking_min_people to booking_max_people, capped
 * by the largest table (tables are not combined). `max < min` means nothing can be booked.
 */
export function allowedPeople(
  settings: Pick<BookingSettings, 'minPeople' | 'maxPeople'>,
  tables: readonly BookableTable[],
): { min: number; max: number } {
  const largest = tables.reduce((m, t) => Math.max(m, t.seats), 0);
  return { min: settings.minPeople, max: Math.min(settings.maxPeople, largest) };
}

export function isPeopleAllowed(
  settings: Pick<BookingSettings, 'minPeople' | 'maxPeople'>,
  tables: readonly BookableTable[],
  people: number,
): boolean {
  const { min, max } = allowedPeople(settings, tables);
  return Number.isInteger(people) && people >= min && people <= max;
}

/**
 * Tables free for the whole `stay` that seat `people`, in `hallId` when given, best fit first (fewest seats, then
 * lowest id). A held stay without a table (none are written so) does not block any table.
 */
export function freeTablesFor(
  tables: readonly BookableTable[],
  held: readonly HeldStay[],
  stay: Stay,
  people: number,
  hallId?: number | null,
): BookableTable[] {
  return tables
    .filter((t) => t.seats >= people && (hallId == null || t.hallId === hallId))
    .filter((t) => !held.some((h) => h.tableId === t.id && staysOverlap(h, stay)))
    .sort((a, b) => a.seats - b.seats || a.id - b.id);
}

/** Everything availability depends on, for one venue and one request. */
export interface AvailabilityInput {
  settings: BookingSettings;
  tables: readonly BookableTable[];
  halls: readonly BookingHall[];
  held: readonly HeldStay[];
  now: Date;
  duration: number;
  people: number;
  hallId?: number | null;
}

export interface FreeHour {
  time: string;
  /** Halls with at least one free table for this stay (tables outside any hall count but are not listed). */
  halls: BookingHall[];
}

function hallsOf(input: AvailabilityInput, free: readonly BookableTable[]): BookingHall[] {
  const ids = new Set(free.map((t) => t.hallId));
  return input.halls.filter((h) => ids.has(h.id));
}

/** Free hours of `date` (spec §7 bookings/getFreeHoursForDate): bookable slots with a free table for the party. */
export function freeHoursForDate(input: AvailabilityInput, date: string): FreeHour[] {
  if (!isPeopleAllowed(input.settings, input.tables, input.people)) return [];
  const day = epochDay(date);
  if (day === null) return [];
  const result: FreeHour[] = [];
  for (const t of bookableSlotStarts(input.settings, date, input.duration, input.now)) {
    const stay = { start: day * 1440 + t, end: day * 1440 + t + input.duration };
    const free = freeTablesFor(input.tables, input.held, stay, input.people, input.hallId);
    if (free.length > 0) result.push({ time: formatClockTime(t), halls: hallsOf(input, free) });
  }
  return result;
}

/** Busy dates of [from, to] (spec §7 bookings/getBusyDates): dates without a single free slot for the party. */
export function busyDates(input: AvailabilityInput, from: string, to: string): string[] {
  const first = epochDay(from);
  const last = epochDay(to);
  if (first === null || last === null) return [];
  const busy: string[] = [];
  for (let d = first; d <= last; d++) {
    const date = dateOfEpochDay(d);
    if (freeHoursForDate(input, date).length === 0) busy.push(date);
  }
  return busy;
}

/** Halls with a free table for the party at `date` `time` (spec §3 "free halls"); [] when not a bookable slot. */
export function freeHallsAt(input: AvailabilityInput, date: string, time: string): BookingHall[] {
  const check = checkSlot(input, date, time);
  return check.ok ? hallsOf(input, check.free) : [];
}

export type SlotCheck =
  | { ok: true; stay: Stay; table: BookableTable; free: BookableTable[] }
  | { ok: false; reason: 'invalid' | 'taken' };

/**
 * The authoritative check of one booking request: `invalid` when the party size, date or time is not one a guest
 * may choose (outside hours, off the interval, past, too far ahead); `taken` when it is but no table is free;
 * else the table to assign (best fit).
 */
export function checkSlot(input: AvailabilityInput, date: string, time: string): SlotCheck {
  if (!isPeopleAllowed(input.settings, input.tables, input.people)) return { ok: false, reason: 'invalid' };
  const stay = stayOf(date, time, input.duration);
  if (!stay) return { ok: false, reason: 'invalid' };
  const minutes = stay.start % 1440;
  if (!bookableSlotStarts(input.settings, date, input.duration, input.now).includes(minutes))
    return { ok: false, reason: 'invalid' };
  const hallTables = input.tables.filter((t) => input.hallId == null || t.hallId === input.hallId);
  if (!hallTables.some((t) => t.seats >= input.people)) return { ok: false, reason: 'invalid' };
  const free = freeTablesFor(input.tables, input.held, stay, input.people, input.hallId);
  const table = free[0];
  return table ? { ok: true, stay, table, free } : { ok: false, reason: 'taken' };
}

// ---------------------------------------------------------------------------------------------------------------
// The guest's form (spec §5)
// ---------------------------------------------------------------------------------------------------------------

export const BOOKING_FIELD_CODES = [
  'name_invalid',
  'phone_invalid',
  'email_invalid',
  'comment_too_long',
  'terms_not_accepted',
] as const;
export type BookingFieldCode = (typeof BOOKING_FIELD_CODES)[number];

export interface BookingFormInput {
  name: string;
  phone: string;
  email: string;
  comment?: string | null | undefined;
  terms_accepted: boolean;
}

/** Field errors of the guest's details: name 3–40, phone (+ the venue's compiled pattern, phone-pattern.ts), e-mail, comment ≤ 500, terms. */
export function validateBookingForm(
  form: BookingFormInput,
  rules: { phonePattern?: PhonePattern | null } = {},
): { field: keyof BookingFormInput; code: BookingFieldCode }[] {
  const errors: { field: keyof BookingFormInput; code: BookingFieldCode }[] = [];
  if (!isValidName(form.name)) errors.push({ field: 'name', code: 'name_invalid' });
  if (!isValidPhone(form.phone, rules.phonePattern)) errors.push({ field: 'phone', code: 'phone_invalid' });
  if (!isValidEmail(form.email)) errors.push({ field: 'email', code: 'email_invalid' });
  if (form.comment != null && [...form.comment.trim()].length > MAX_COMMENT_LENGTH)
    errors.push({ field: 'comment', code: 'comment_too_long' });
  if (form.terms_accepted !== true) errors.push({ field: 'terms_accepted', code: 'terms_not_accepted' });
  return errors;
}
