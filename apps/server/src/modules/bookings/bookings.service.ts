/**
 * Booking rules on the server (issue 10): availability from the domain's pure rules (packages/domain/booking.ts),
 * creation in ONE locked transaction that re-checks capacity and assigns a table, cancelling by the e-mailed link,
 * by the signed-in guest or by staff, the optional online deposit and the expiry of unpaid bookings.
 *
 * Creating a booking, step by step (`create`):
 *   1. the place must have the booking module; the guest's details are checked (400 booking_invalid_data);
 *   2. the duration comes from the booking-type product's variant, else the place default;
 *   3. in one transaction holding the (place, date) and (place, guest) locks (repository `withBookingLock`): the
 *      guest's open bookings against booking_max_open_per_guest (409 booking_limit_reached), the held bookings,
 *      `checkSlot` (invalid → 400, no free table → 409 booking_slot_taken), insert with the best-fit table in the
 *      domain's `initialBookingStatus`: pending_payment (deposit), pending_confirmation (e-mail confirmation, the
 *      default) or confirmed;
 *   4. after commit: the request to confirm (pending_confirmation) or the confirmation e-mail (confirmed), both
 *      with the link to the booking's page; nothing yet when a deposit is due.
 * The per-IP / e-mail / phone rate limits run before (booking-limits.ts, in the route).
 */
import { compilePhonePattern } from '@trapeza/domain/phone-pattern';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  BOOKING_ERROR_MESSAGES,
  BOOKING_INVALID_DATA_MESSAGE,
  bookingDuration,
  busyDates,
  canTransitionBooking,
  checkSlot,
  datesOfStay,
  epochDay,
  guestEmailKey,
  guestPhoneKey,
  initialBookingStatus,
  freeHoursForDate,
  holdsTable,
  isGuestCancellable,
  nowOnBookingAxis,
  parseBookingSettings,
  stayOf,
  validateBookingForm,
  addDays,
  allowedPeople,
  freeTablesFor,
  type AvailabilityInput,
  type BookableTable,
  type BookingErrorCode,
  type BookingHall,
  type BookingSettings,
  type HeldStay,
  type Stay,
} from '@trapeza/domain/booking';
import type {
  BookingEventType,
  StaffBooking,
  StaffBookingUpdate,
  StaffBookingsQuery,
  StaffBookingsResponse,
  StoreBooking,
  StoreBookingHallsResponse,
  StoreBusyDatesResponse,
  StoreCreateBookingResponse,
  StoreFreeHoursResponse,
} from '@trapeza/domain/contracts/bookings';
import { formatClockTime, localTime, parseClockTime } from '@trapeza/domain/dates';
import { translateField, type Language } from '@trapeza/domain/i18n';
import { venueCurrency } from '@trapeza/domain/money';
import type { z } from 'zod';
import { DomainError, detail } from '../../lib/domain-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { bookingConfirmRequestMail, bookingConfirmationMail } from './bookings.mail.ts';
import type { BookingRow, BookingView, BookingsRepository, PlaceInfo } from './bookings.repository.ts';

/** The place a call is for (the tenancy plugin's request.tenant). */
export interface BookingTenant {
  placeId: number;
  placeSlug: string;
}

export interface BookingsServiceDeps {
  repo: BookingsRepository;
  mailer: Mailer;
  now: () => Date;
  /** Base of the links in e-mails, e.g. https://menu.example.com */
  publicUrl: string;
  /** Server secret the cancel links are signed with (config.jwtSecret). */
  linkSecret: string;
  logError: (err: unknown, message: string) => void;
  /** Publishes on the staff event stream (app.events); absent in unit set-ups. */
  publish?: (event: {
    placeId: number;
    type: BookingEventType;
    data: { booking: StaffBooking };
  }) => Promise<unknown>;
}

/** What the payments module needs to start a deposit payment (`depositToPay`). */
export interface BookingDeposit {
  bookingId: number;
  placeId: number;
  status: string;
  /** Until when the unpaid booking holds its table (null once confirmed). */
  expiresAt: string | null;
  /** booking_deposit in minor units (0 when the place takes no online deposit). */
  amount: number;
  currency: string;
  guestName: string;
  date: string;
  time: string;
}

/** What the payments module learns from `confirmBookingPaid`. */
export type ConfirmPaidResult =
  | { ok: true; status: 'confirmed'; alreadyConfirmed: boolean }
  | { ok: false; reason: 'not_found' | 'cancelled' | 'slot_taken' };

/**
 * A booking error: `message` is the Bulgarian text (the spec's, for bad data); `message_trans` comes from the error
 * handler in the guest's language. `fields` (the booking's status, the limit) ride at the top level of the answer.
 */
function bookingError(
  statusCode: number,
  code: BookingErrorCode,
  fields?: Record<string, unknown>,
): DomainError {
  const message =
    code === 'booking_invalid_data' ? BOOKING_INVALID_DATA_MESSAGE : BOOKING_ERROR_MESSAGES[code].bg;
  return new DomainError(statusCode, code, message, fields ? { fields } : {});
}

/** booking_invalid_data naming the failing fields in the one detail shape. */
const invalid = (problems: { field: string; code: string }[]) =>
  new DomainError(400, 'booking_invalid_data', BOOKING_INVALID_DATA_MESSAGE, {
    details: problems.map((p) => detail(p.field, p.code, p.code)),
  });

/**
 * Cancel links: bookings.cancel_token stores a random nonce; the link carries HMAC(secret, nonce). A leaked database
 * does not give working links, and the server can write the same link again (the e-mail sent after a payment).
 */
function linkToken(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`booking-cancel:${nonce}`).digest('base64url');
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function parseTranslations(json: string | null): Record<string, Record<string, string>> {
  if (!json) return {};
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' ? (v as Record<string, Record<string, string>>) : {};
  } catch {
    return {};
  }
}

/** The stay of a stored booking on the booking axis (end_time not after start_time means past midnight). */
function stayOfRow(row: Pick<BookingRow, 'date' | 'start_time' | 'end_time'>): Stay | null {
  const day = epochDay(row.date);
  const start = parseClockTime(row.start_time);
  const end = parseClockTime(row.end_time);
  if (day === null || start === null || end === null) return null;
  const s = day * 1440 + start;
  return { start: s, end: day * 1440 + (end <= start ? end + 1440 : end) };
}

interface Context {
  place: PlaceInfo;
  settings: BookingSettings;
  halls: BookingHall[];
  tables: BookableTable[];
  duration: number;
  product: { id: number; name: string; variantId: number | null } | null;
}

export function createBookingsService(deps: BookingsServiceDeps) {
  const { repo } = deps;

  async function placeOf(placeId: number, lang: Language, requireModule: boolean): Promise<PlaceInfo> {
    const place = await repo.findPlace(placeId);
    if (!place) throw bookingError(404, 'booking_not_found');
    if (requireModule && !place.modules.includes('booking'))
      throw bookingError(403, 'booking_module_disabled');
    return place;
  }

  async function context(
    placeId: number,
    lang: Language,
    pick: { productId?: number | null; variantId?: number | null },
  ): Promise<Context> {
    const place = await placeOf(placeId, lang, true);
    const [raw, hallRows, tableRows] = await Promise.all([
      repo.getSettings(placeId),
      repo.listHalls(placeId),
      repo.listTables(placeId),
    ]);
    const settings = parseBookingSettings(raw);
    const halls = hallRows.map((h) => ({
      id: h.id,
      name: translateField({ name: h.name, translations: parseTranslations(h.translations) }, 'name', lang),
    }));
    const tables = tableRows.map((t) => ({ id: t.id, hallId: t.hall_id, seats: t.seats }));
    let duration = settings.defaultDuration;
    let product: Context['product'] = null;
    if (pick.productId != null) {
      const p = await repo.findBookingProduct(placeId, pick.productId);
      if (!p) throw invalid([{ field: 'productId', code: 'not_a_booking_product' }]);
      const variant =
        pick.variantId != null ? p.variants.find((v) => v.id === pick.variantId) : (p.variants[0] ?? null);
      if (pick.variantId != null && !variant)
        throw invalid([{ field: 'variantId', code: 'unknown_variant' }]);
      duration = bookingDuration(settings, variant);
      product = {
        id: p.id,
        name: translateField({ name: p.name, translations: parseTranslations(p.translations) }, 'name', lang),
        variantId: variant?.id ?? null,
      };
    } else if (pick.variantId != null) {
      throw invalid([{ field: 'variantId', code: 'variant_without_product' }]);
    }
    return { place, settings, halls, tables, duration, product };
  }

  function checkHall(ctx: Context, hallId: number | null | undefined): void {
    if (hallId != null && !ctx.halls.some((h) => h.id === hallId))
      throw invalid([{ field: 'hallId', code: 'unknown_hall' }]);
  }

  async function heldStays(
    placeId: number,
    from: string,
    to: string,
    now: Date,
    db?: Parameters<BookingsRepository['listHolding']>[3],
  ) {
    const rows = await repo.listHolding(placeId, addDays(from, -1), addDays(to, 1), db);
    const held: HeldStay[] = [];
    for (const r of rows) {
      if (!holdsTable(r.status, r.expires_at, now)) continue;
      const stay = stayOfRow(r);
      if (stay) held.push({ ...stay, tableId: r.table_id });
    }
    return held;
  }

  function availability(ctx: Context, held: HeldStay[], now: Date, people: number, hallId?: number | null) {
    const input: AvailabilityInput = {
      settings: ctx.settings,
      tables: ctx.tables,
      halls: ctx.halls,
      held,
      now,
      duration: ctx.duration,
      people,
      hallId: hallId ?? null,
    };
    return input;
  }

  function cancelUrl(placeSlug: string, row: Pick<BookingRow, 'id' | 'cancel_token'>): string {
    const token = linkToken(deps.linkSecret, row.cancel_token);
    return `${deps.publicUrl}/${encodeURIComponent(placeSlug)}/reservations?booking=${row.id}&token=${token}`;
  }

  function toStore(row: BookingView, place: PlaceInfo, lang: Language): StoreBooking {
    return {
      reservationId: row.id,
      status: row.status as StoreBooking['status'],
      canceled: row.status === 'cancelled',
      date: row.date,
      time: row.start_time,
      end_time: row.end_time,
      people: row.people,
      hall:
        row.hall_id !== null && row.hall_name !== null
          ? {
              id: row.hall_id,
              name: translateField(
                { name: row.hall_name, translations: parseTranslations(row.hall_translations) },
                'name',
                lang,
              ),
            }
          : null,
      product:
        row.product_id !== null && row.product_name !== null
          ? {
              id: row.product_id,
              name: translateField(
                { name: row.product_name, translations: parseTranslations(row.product_translations) },
                'name',
                lang,
              ),
            }
          : null,
      name: row.name,
      place: {
        slug: place.slug,
        name: translateField(
          { name: place.name, translations: parseTranslations(place.translations) },
          'name',
          lang,
        ),
      },
      expires_at: row.expires_at,
      created_at: row.created_at,
    };
  }

  function toStaff(row: BookingView): StaffBooking {
    return {
      id: row.id,
      status: row.status as StaffBooking['status'],
      date: row.date,
      time: row.start_time,
      end_time: row.end_time,
      people: row.people,
      hall: row.hall_id !== null && row.hall_name !== null ? { id: row.hall_id, name: row.hall_name } : null,
      table:
        row.table_id !== null && row.table_number !== null
          ? { id: row.table_id, number: row.table_number, seats: row.table_seats ?? 0 }
          : null,
      product:
        row.product_id !== null && row.product_name !== null
          ? { id: row.product_id, name: row.product_name }
          : null,
      name: row.name,
      phone: row.phone,
      email: row.email,
      comment: row.comment,
      user_id: row.user_id,
      expires_at: row.expires_at,
      created_at: row.created_at,
    };
  }

  /** Tells the staff boards, after the change is committed; never fails the guest's call. */
  async function notify(placeId: number, id: number, type: BookingEventType): Promise<void> {
    if (!deps.publish) return;
    try {
      const row = await repo.findById(placeId, id);
      if (row) await deps.publish({ placeId, type, data: { booking: toStaff(row) } });
    } catch (err) {
      deps.logError(err, `booking event ${type} not published`);
    }
  }

  async function sendConfirmation(
    row: BookingView,
    place: PlaceInfo,
    lang: Language,
    url: string,
  ): Promise<void> {
    const view = toStore(row, place, lang);
    try {
      await deps.mailer.send(
        bookingConfirmationMail({
          to: row.email,
          lang,
          reservationId: row.id,
          guestName: row.name,
          placeName: view.place.name,
          date: row.date,
          time: row.start_time,
          endTime: row.end_time,
          people: row.people,
          hallName: view.hall?.name ?? null,
          productName: view.product?.name ?? null,
          cancelUrl: url,
        }),
      );
    } catch (err) {
      // The booking stands; the guest has its id and link in the answer. The failure is for the logs.
      deps.logError(err, 'booking confirmation e-mail failed');
    }
  }

  /** 'DD.MM.YYYY HH:MM' of an instant in the venue's time zone (the e-mail's "confirm by"). */
  function venueDateTime(iso: string, timeZone: string): string {
    const l = localTime(new Date(iso), timeZone);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(l.day)}.${pad(l.month)}.${l.year} ${formatClockTime(l.minutes)}`;
  }

  /** The double opt-in e-mail: the booking, the link to confirm it and until when it is held. */
  async function sendConfirmRequest(
    row: BookingView,
    place: PlaceInfo,
    lang: Language,
    url: string,
    timeZone: string,
  ): Promise<void> {
    const view = toStore(row, place, lang);
    try {
      await deps.mailer.send(
        bookingConfirmRequestMail({
          to: row.email,
          lang,
          reservationId: row.id,
          guestName: row.name,
          placeName: view.place.name,
          date: row.date,
          time: row.start_time,
          endTime: row.end_time,
          people: row.people,
          hallName: view.hall?.name ?? null,
          productName: view.product?.name ?? null,
          confirmUrl: url,
          confirmBy: row.expires_at ? venueDateTime(row.expires_at, timeZone) : '',
        }),
      );
    } catch (err) {
      // The booking is made; unconfirmed it releases its table by itself. The failure is for the logs.
      deps.logError(err, 'booking confirm-request e-mail failed');
    }
  }

  /**
   * The guest confirms a booking awaiting e-mail confirmation (the link's page, or staff by hand after a phone
   * call). Atomic: the row changes only while still `pending_confirmation` and not past expires_at, so a booking
   * that has released its table (expired, or swept meanwhile) is never confirmed — the guest books again. A
   * confirmed or seated booking answers as it is (repeating the link is harmless).
   */
  async function confirmPending(row: BookingView, place: PlaceInfo, lang: Language): Promise<BookingView> {
    if (row.status === 'confirmed' || row.status === 'seated') return row;
    const now = deps.now();
    if (
      row.status !== 'pending_confirmation' ||
      !holdsTable(row.status, row.expires_at, now) ||
      !(await repo.transition(
        place.id,
        row.id,
        ['pending_confirmation'],
        'confirmed',
        { expires_at: null },
        undefined,
        { unexpiredAt: now.toISOString() },
      ))
    ) {
      const fresh = await repo.findById(place.id, row.id);
      if (fresh && (fresh.status === 'confirmed' || fresh.status === 'seated')) return fresh;
      throw bookingError(409, 'booking_not_confirmable', { status: fresh?.status ?? row.status });
    }
    const fresh = (await repo.findById(place.id, row.id)) ?? {
      ...row,
      status: 'confirmed',
      expires_at: null,
    };
    void sendConfirmation(fresh, place, lang, cancelUrl(place.slug, fresh));
    await notify(place.id, row.id, 'booking.status_changed');
    return fresh;
  }

  /** Guest cancel of a holding booking whose stay has not begun (shared by the link and the profile). */
  async function cancelAsGuest(row: BookingView, place: PlaceInfo, lang: Language): Promise<StoreBooking> {
    if (row.status === 'cancelled') return toStore(row, place, lang);
    const stay = stayOfRow(row);
    const now = nowOnBookingAxis(deps.now(), parseBookingSettings(await repo.getSettings(place.id)).timeZone);
    if (!stay || !isGuestCancellable(row.status, stay.start, now.abs))
      throw bookingError(409, 'booking_not_cancellable', { status: row.status });
    if (
      !(await repo.transition(
        place.id,
        row.id,
        ['confirmed', 'pending_payment', 'pending_confirmation'],
        'cancelled',
      ))
    )
      throw bookingError(409, 'booking_not_cancellable');
    await notify(place.id, row.id, 'booking.status_changed');
    return toStore({ ...row, status: 'cancelled' }, place, lang);
  }

  async function findWithToken(tenant: BookingTenant, id: number, token: string, lang: Language) {
    const place = await placeOf(tenant.placeId, lang, false);
    const row = await repo.findById(tenant.placeId, id);
    // The same answer for an unknown id and a wrong token: ids are guessable, tokens are not.
    if (!row || !sameToken(linkToken(deps.linkSecret, row.cancel_token), token))
      throw bookingError(404, 'booking_not_found');
    return { place, row };
  }

  /**
   * For the payments module: the deposit of booking `bookingId` was paid. A pending booking becomes confirmed and
   * its confirmation e-mail goes out. A payment that arrives after expiry still confirms when the table (or
   * another fitting one) is free, under the same lock as creation; otherwise `slot_taken` (refund the deposit).
   * Idempotent: a second call for a confirmed booking answers `alreadyConfirmed`.
   */
  async function confirmBookingPaid(
    bookingId: number,
    options: { lang?: Language } = {},
  ): Promise<ConfirmPaidResult> {
    const lang = options.lang ?? 'bg';
    const row = await repo.findByIdAnyPlace(bookingId);
    if (!row) return { ok: false, reason: 'not_found' };
    if (row.status === 'confirmed' || row.status === 'seated')
      return { ok: true, status: 'confirmed', alreadyConfirmed: true };
    if (row.status !== 'pending_payment' && row.status !== 'expired')
      return { ok: false, reason: 'cancelled' };
    const stay = stayOfRow(row);
    if (!stay) return { ok: false, reason: 'slot_taken' };
    const result = await repo.withBookingLock(row.place_id, datesOfStay(stay), async (db) => {
      const now = deps.now();
      const current = await repo.findByIdAnyPlace(bookingId, db);
      if (!current) return { ok: false as const, reason: 'not_found' as const };
      if (current.status === 'confirmed') return { ok: true as const, already: true };
      if (current.status === 'pending_payment' && holdsTable(current.status, current.expires_at, now)) {
        await repo.transition(null, bookingId, ['pending_payment'], 'confirmed', { expires_at: null }, db);
        return { ok: true as const, already: false };
      }
      if (current.status !== 'pending_payment' && current.status !== 'expired')
        return { ok: false as const, reason: 'cancelled' as const };
      // Expired meanwhile: take its table back if still free, else any fitting table in the same hall.
      const tables = (await repo.listTables(row.place_id, db)).map((t) => ({
        id: t.id,
        hallId: t.hall_id,
        seats: t.seats,
      }));
      // Its own row no longer holds (expired), so `held` is everyone else's.
      const held = await heldStays(row.place_id, row.date, row.date, now, db);
      const free = freeTablesFor(tables, held, stay, current.people, current.hall_id);
      const table = free.find((t) => t.id === current.table_id) ?? free[0];
      if (!table) return { ok: false as const, reason: 'slot_taken' as const };
      await repo.transition(
        null,
        bookingId,
        ['pending_payment', 'expired'],
        'confirmed',
        {
          expires_at: null,
          table_id: table.id,
          hall_id: table.hallId,
        },
        db,
      );
      return { ok: true as const, already: false };
    });
    if (!result.ok) return result;
    if (!result.already) {
      const place = await repo.findPlace(row.place_id);
      const view = await repo.findById(row.place_id, bookingId);
      if (place && view) void sendConfirmation(view, place, lang, cancelUrl(place.slug, view));
      await notify(row.place_id, bookingId, 'booking.status_changed');
    }
    return { ok: true, status: 'confirmed', alreadyConfirmed: result.already };
  }

  /**
   * How many open bookings one guest (the same e-mail key or phone key) holds at the place: holding at `now`
   * (pending ones until their expiry) and not yet over. Read inside the booking lock of `create`.
   */
  async function openBookingsOf(
    placeId: number,
    guest: { email: string; phone: string },
    timeZone: string,
    now: Date,
    db: Parameters<BookingsRepository['listForGuest']>[3],
  ): Promise<number> {
    const today = nowOnBookingAxis(now, timeZone);
    const rows = await repo.listForGuest(placeId, guest, addDays(today.date, -1), db);
    return rows.filter((r) => {
      if (!holdsTable(r.status, r.expires_at, now)) return false;
      const stay = stayOfRow(r);
      return stay !== null && stay.end > today.abs;
    }).length;
  }

  /** Marks pending bookings past expires_at as expired (one place, or every place for the periodic sweep). */
  async function sweepExpired(placeId?: number): Promise<number> {
    return repo.expireUnpaid(deps.now().toISOString(), placeId);
  }

  return {
    /** POST bookings/getBusyDates: dates in [from, to] with no free slot for the party (default smallest). */
    async busyDates(
      tenant: BookingTenant,
      body: {
        from: string;
        to: string;
        people?: number | undefined;
        hallId: number | null;
        productId: number | null;
        variantId: number | null;
      },
      lang: Language,
    ): Promise<StoreBusyDatesResponse> {
      const ctx = await context(tenant.placeId, lang, body);
      checkHall(ctx, body.hallId);
      const now = deps.now();
      const people = body.people ?? ctx.settings.minPeople;
      const held = await heldStays(tenant.placeId, body.from, body.to, now);
      return busyDates(availability(ctx, held, now, people, body.hallId), body.from, body.to).map((date) => ({
        date,
      }));
    },

    /** POST bookings/getFreeHoursForDate: the date's slots with a free table, and the halls that have one. */
    async freeHours(
      tenant: BookingTenant,
      body: {
        date: string;
        people: number;
        hallId: number | null;
        productId: number | null;
        variantId: number | null;
      },
      lang: Language,
    ): Promise<StoreFreeHoursResponse> {
      const ctx = await context(tenant.placeId, lang, body);
      checkHall(ctx, body.hallId);
      const now = deps.now();
      const held = await heldStays(tenant.placeId, body.date, body.date, now);
      return freeHoursForDate(availability(ctx, held, now, body.people, body.hallId), body.date);
    },

    /** GET bookings/halls: halls (free at date/time/people when given), allowed people, online payment, interval. */
    async halls(
      tenant: BookingTenant,
      query: {
        date?: string | undefined;
        time?: string | undefined;
        people?: number | undefined;
        productId: number | null;
        variantId: number | null;
      },
      lang: Language,
    ): Promise<StoreBookingHallsResponse> {
      const ctx = await context(tenant.placeId, lang, query);
      const now = deps.now();
      let freeIds: Set<number> | null = null;
      if (query.date && query.time) {
        const people = query.people ?? ctx.settings.minPeople;
        const held = await heldStays(tenant.placeId, query.date, query.date, now);
        const check = checkSlot(availability(ctx, held, now, people), query.date, query.time);
        freeIds = new Set(
          check.ok ? check.free.map((t) => t.hallId).filter((h): h is number => h !== null) : [],
        );
      }
      return {
        halls: ctx.halls.map((h) => ({ ...h, free: freeIds === null || freeIds.has(h.id) })),
        allowed_people: allowedPeople(ctx.settings, ctx.tables),
        online_payment: ctx.settings.onlinePayment,
        deposit: ctx.settings.onlinePayment ? ctx.settings.deposit : 0,
        interval: ctx.settings.interval,
        duration: ctx.duration,
        days_ahead: ctx.settings.daysAhead,
      };
    },

    /**
     * POST bookings: checks, then ONE transaction under the (place, date) lock that re-reads the held bookings,
     * re-checks the slot and inserts with the best-fit table. Two guests racing for the last table: the second
     * one's check runs after the first one's commit and answers 409 booking_slot_taken.
     */
    async create(
      tenant: BookingTenant,
      body: {
        date: string;
        time: string;
        people: number;
        hallId: number | null;
        productId: number | null;
        variantId: number | null;
        name: string;
        phone: string;
        email: string;
        comment?: string | null | undefined;
        terms_accepted: boolean;
      },
      caller: { userId: number | null; lang: Language },
    ): Promise<StoreCreateBookingResponse> {
      const { lang } = caller;
      const ctx = await context(tenant.placeId, lang, body);
      const raw = await repo.getSettings(tenant.placeId);
      const fieldErrors = validateBookingForm(body, {
        phonePattern: compilePhonePattern(raw.validate_phone_number_regex),
      });
      if (fieldErrors.length > 0) throw invalid(fieldErrors);
      checkHall(ctx, body.hallId);
      const stay = stayOf(body.date, body.time, ctx.duration);
      if (!stay) throw invalid([{ field: 'time', code: 'not_a_slot' }]);

      const guest = { email: guestEmailKey(body.email), phone: guestPhoneKey(body.phone) };
      const guestLocks = [`e:${guest.email}`, ...(guest.phone !== '' ? [`p:${guest.phone}`] : [])];
      const max = ctx.settings.maxOpenPerGuest;
      const outcome = await repo.withBookingLock(
        tenant.placeId,
        datesOfStay(stay),
        async (db) => {
          const now = deps.now();
          if (max > 0 && (await openBookingsOf(tenant.placeId, guest, ctx.settings.timeZone, now, db)) >= max)
            return { ok: false as const, reason: 'limit' as const };
          const held = await heldStays(tenant.placeId, body.date, body.date, now, db);
          const check = checkSlot(
            availability(ctx, held, now, body.people, body.hallId),
            body.date,
            body.time,
          );
          if (!check.ok) return check;
          const initial = initialBookingStatus(ctx.settings);
          const expiresAt =
            initial.holdMinutes !== null
              ? new Date(now.getTime() + initial.holdMinutes * 60_000).toISOString()
              : null;
          const id = await repo.insert(db, {
            place_id: tenant.placeId,
            hall_id: check.table.hallId,
            table_id: check.table.id,
            user_id: caller.userId,
            product_id: ctx.product?.id ?? null,
            variant_id: ctx.product?.variantId ?? null,
            date: body.date,
            start_time: body.time,
            end_time: formatClockTime(check.stay.end % 1440),
            people: body.people,
            name: body.name.trim(),
            phone: body.phone.trim(),
            email: body.email.trim(),
            comment: body.comment?.trim() || null,
            status: initial.status,
            cancel_token: randomBytes(18).toString('base64url'),
            expires_at: expiresAt,
            created_at: now.toISOString(),
            email_key: guest.email,
            phone_key: guest.phone,
          });
          return { ok: true as const, id };
        },
        guestLocks,
      );
      if (!outcome.ok) {
        if (outcome.reason === 'taken') throw bookingError(409, 'booking_slot_taken');
        if (outcome.reason === 'limit') throw bookingError(409, 'booking_limit_reached', { max });
        throw invalid([{ field: 'time', code: 'not_a_slot' }]);
      }
      const row = await repo.findById(tenant.placeId, outcome.id);
      if (!row) throw new Error('booking vanished after insert');
      const url = cancelUrl(tenant.placeSlug, row);
      if (row.status === 'confirmed') void sendConfirmation(row, ctx.place, lang, url);
      else if (row.status === 'pending_confirmation')
        void sendConfirmRequest(row, ctx.place, lang, url, ctx.settings.timeZone);
      await notify(tenant.placeId, row.id, 'booking.created');
      return {
        ...toStore(row, ctx.place, lang),
        cancelUrl: url,
        payment:
          row.status === 'pending_payment' && row.expires_at
            ? { amount: ctx.settings.deposit, expires_at: row.expires_at }
            : null,
      };
    },

    /**
     * For the payments module (POST bookings/{id}/pay): the booking behind the link token and the deposit to take,
     * read from the settings now (booking_deposit, currency). 404 booking_not_found for a wrong id or token; the
     * payments module decides whether the status still allows paying.
     */
    async depositToPay(
      tenant: BookingTenant,
      id: number,
      token: string,
      lang: Language,
    ): Promise<BookingDeposit> {
      const { row } = await findWithToken(tenant, id, token, lang);
      const raw = await repo.getSettings(tenant.placeId);
      const settings = parseBookingSettings(raw);
      return {
        bookingId: row.id,
        placeId: tenant.placeId,
        status: row.status,
        expiresAt: row.expires_at,
        amount: settings.onlinePayment ? settings.deposit : 0,
        currency: venueCurrency({ default_currency_suffix: raw.default_currency_suffix }).code,
        guestName: row.name,
        date: row.date,
        time: row.start_time,
      };
    },

    /** GET bookings/{id}?token=: the booking behind an e-mailed link. */
    async getByToken(
      tenant: BookingTenant,
      id: number,
      token: string,
      lang: Language,
    ): Promise<StoreBooking> {
      await sweepExpired(tenant.placeId);
      const { place, row } = await findWithToken(tenant, id, token, lang);
      return toStore(row, place, lang);
    },

    /** POST bookings/{id}/cancel {token}: the guest cancels by the e-mailed link (repeating it is harmless). */
    async cancelByToken(
      tenant: BookingTenant,
      id: number,
      token: string,
      lang: Language,
    ): Promise<StoreBooking> {
      const { place, row } = await findWithToken(tenant, id, token, lang);
      return cancelAsGuest(row, place, lang);
    },

    /**
     * POST bookings/{id}/confirm {token}: the guest confirms from the e-mailed link (double opt-in, issue 23 #5).
     * 404 booking_not_found for a wrong id or token (another booking's token included); 409
     * booking_not_confirmable once the booking has released its table (expired) or was cancelled.
     */
    async confirmByToken(
      tenant: BookingTenant,
      id: number,
      token: string,
      lang: Language,
    ): Promise<StoreBooking> {
      const { place, row } = await findWithToken(tenant, id, token, lang);
      return toStore(await confirmPending(row, place, lang), place, lang);
    },

    /** GET users/bookings: the signed-in guest's bookings at this place. */
    async listForUser(tenant: BookingTenant, userId: number, lang: Language): Promise<StoreBooking[]> {
      await sweepExpired(tenant.placeId);
      const place = await placeOf(tenant.placeId, lang, false);
      return (await repo.listForUser(tenant.placeId, userId)).map((r) => toStore(r, place, lang));
    },

    /** POST users/bookings/{id}/cancel: the signed-in guest cancels one of their own bookings. */
    async cancelForUser(
      tenant: BookingTenant,
      id: number,
      userId: number,
      lang: Language,
    ): Promise<StoreBooking> {
      const place = await placeOf(tenant.placeId, lang, false);
      const row = await repo.findById(tenant.placeId, id);
      if (!row || row.user_id !== userId) throw bookingError(404, 'booking_not_found');
      return cancelAsGuest(row, place, lang);
    },

    /** GET /api/staff/bookings: a day or a week of bookings at the place (unpaid ones past expiry are expired first). */
    async staffList(
      tenant: BookingTenant,
      query: z.output<typeof StaffBookingsQuery>,
      lang: Language,
    ): Promise<StaffBookingsResponse> {
      await sweepExpired(tenant.placeId);
      const hallRows = await repo.listHalls(tenant.placeId);
      const rows = await repo.listForStaff(tenant.placeId, {
        from: query.date,
        to: addDays(query.date, query.days - 1),
        hallId: query.hallId,
        statuses: query.status,
      });
      return {
        bookings: rows.map(toStaff),
        halls: hallRows.map((h) => ({
          id: h.id,
          name: translateField(
            { name: h.name, translations: parseTranslations(h.translations) },
            'name',
            lang,
          ),
        })),
      };
    },

    /** PATCH /api/staff/bookings/{id}: confirm, seat, no-show or cancel along the domain's transition table. */
    async staffUpdate(
      tenant: BookingTenant,
      id: number,
      update: StaffBookingUpdate,
      lang: Language,
    ): Promise<StaffBooking> {
      await sweepExpired(tenant.placeId);
      const row = await repo.findById(tenant.placeId, id);
      if (!row) throw bookingError(404, 'booking_not_found');
      if (row.status === update.status) return toStaff(row);
      if (!canTransitionBooking(row.status, update.status))
        throw bookingError(409, 'booking_invalid_transition', { from: row.status, to: update.status });
      if (row.status === 'pending_confirmation' && update.status === 'confirmed') {
        // The guest confirmed by phone: the same path as the e-mailed link (expiry rule and e-mail in one place).
        await confirmPending(row, await placeOf(tenant.placeId, lang, false), lang);
      } else if (row.status === 'pending_payment' && update.status === 'confirmed') {
        // Paid at the venue: the same path as an online payment (keeps the e-mail and the expiry rules in one place).
        const result = await confirmBookingPaid(id, { lang });
        if (!result.ok) throw bookingError(409, 'booking_slot_taken');
      } else if (!(await repo.transition(tenant.placeId, id, [row.status], update.status))) {
        throw bookingError(409, 'booking_invalid_transition', { from: row.status, to: update.status });
      } else {
        await notify(tenant.placeId, id, 'booking.status_changed');
      }
      const fresh = await repo.findById(tenant.placeId, id);
      return toStaff(fresh ?? row);
    },

    confirmBookingPaid,
    sweepExpired,
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
