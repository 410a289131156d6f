/**
 * Booking API contracts (spec §1–§3 booking, §3 reservations state, §5, §7 `POST bookings`, `bookings/getBusyDates`,
 * `bookings/getFreeHoursForDate`; issue 10). The spec keeps the paths and says "payload shapes not shown": these are
 * the designed shapes, the single source of the server's validation, the OpenAPI document and the browser's types.
 *
 * Audiences: `Store…` for guests (public, tenancy headers), `StoreUser…` for the signed-in guest's profile,
 * `Staff…` for WAITER and above at the place. Dates are the venue's local 'YYYY-MM-DD', times 'HH:MM'; money: the
 * guest calls carry decimals of the venue currency (the `money` codec, ./money.ts), the staff calls none;
 * timestamps ISO-8601 UTC.
 *
 * Every refusal of bad data answers 400 `{ code: 'booking_invalid_data', message: 'Моля попълнете коректно всички
 * данни', message_trans, details? }` (spec §5), whatever field was wrong; a slot taken meanwhile answers 409
 * `booking_slot_taken` ("no longer free").
 */
import { z } from 'zod';
import { BOOKING_STATUSES, isValidDate } from '../booking.ts';
import { LANGUAGES } from '../i18n.ts';
import { moneyNonNegative } from './money.ts';

/** Longest date range one getBusyDates call may ask about. */
export const BUSY_DATES_MAX_DAYS = 92;

export const BookingDate = z
  .string()
  .trim()
  .refine(isValidDate, { message: 'expected a date YYYY-MM-DD' })
  .describe("The venue's local date, YYYY-MM-DD");
export const BookingTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'expected HH:MM' })
  .describe("The venue's local time, HH:MM");
const id = z.coerce.number().int().positive();
/** An optional id: absent, null, '' and 0 all mean "none" (forms send empty selects). */
const optionalId = z
  .union([id, z.literal(''), z.literal(0), z.literal('0'), z.null()])
  .optional()
  .transform((v) => (typeof v === 'number' && v > 0 ? v : null));
const people = z.coerce.number().int().min(1).max(1000).describe('Party size');

export const BookingStatusSchema = z.enum(BOOKING_STATUSES);

export const BookingHallRef = z.object({ id: z.number().int(), name: z.string() });
export type BookingHallRef = z.infer<typeof BookingHallRef>;

// ---------------------------------------------------------------------------------------------------------------
// Availability
// ---------------------------------------------------------------------------------------------------------------

/** `POST bookings/getBusyDates`: dates in [from, to] without a free slot (greyed in the date picker). */
export const StoreBusyDatesBody = z
  .object({
    from: BookingDate,
    to: BookingDate,
    people: people.optional().describe('Party size; default the smallest allowed'),
    hallId: optionalId.describe('Only this hall'),
    productId: optionalId.describe('Booking-type product (its duration)'),
    variantId: optionalId.describe("The product's variant; default its first"),
  })
  .refine((b) => b.from <= b.to, { message: 'from must not be after to', path: ['to'] })
  .refine((b) => (Date.parse(b.to) - Date.parse(b.from)) / 86_400_000 < BUSY_DATES_MAX_DAYS, {
    message: `at most ${BUSY_DATES_MAX_DAYS} days`,
    path: ['to'],
  });
export type StoreBusyDatesBody = z.input<typeof StoreBusyDatesBody>;
export const StoreBusyDatesResponse = z.array(z.object({ date: z.string() }));
export type StoreBusyDatesResponse = z.infer<typeof StoreBusyDatesResponse>;

/** `POST bookings/getFreeHoursForDate`: the slots of a date with a free table for the party. */
export const StoreFreeHoursBody = z.object({
  date: BookingDate,
  people,
  hallId: optionalId.describe('Only this hall'),
  productId: optionalId.describe('Booking-type product (its duration)'),
  variantId: optionalId.describe("The product's variant; default its first"),
});
export type StoreFreeHoursBody = z.input<typeof StoreFreeHoursBody>;
export const StoreFreeHour = z.object({
  time: z.string().describe('HH:MM'),
  halls: z.array(BookingHallRef).describe('Halls with a free table at this time'),
});
export const StoreFreeHoursResponse = z.array(StoreFreeHour);
export type StoreFreeHoursResponse = z.infer<typeof StoreFreeHoursResponse>;

/**
 * `GET bookings/halls`: the booking form's set-up (spec §3 reservations: free halls, allowed people, online
 * payment flag). With date, time and people, `free` says whether the hall has a table for them; without, every
 * active hall is listed as free.
 */
export const StoreBookingHallsQuery = z.object({
  date: BookingDate.optional(),
  time: BookingTime.optional(),
  people: people.optional(),
  productId: optionalId,
  variantId: optionalId,
});
export type StoreBookingHallsQuery = z.input<typeof StoreBookingHallsQuery>;
export const StoreBookingHallsResponse = z.object({
  halls: z.array(BookingHallRef.extend({ free: z.boolean() })),
  allowed_people: z.object({ min: z.number().int(), max: z.number().int() }),
  online_payment: z.boolean().describe('booking_online_payment: a deposit is paid online to confirm'),
  /** Deposit per booking, in the venue currency (0 when no online payment). */
  deposit: moneyNonNegative,
  interval: z.number().int().describe('booking_interval, minutes between slots'),
  duration: z.number().int().describe('Minutes a booking lasts (the product variant or the place default)'),
  days_ahead: z.number().int().describe('The last bookable date is today plus this many days'),
});
export type StoreBookingHallsResponse = z.infer<typeof StoreBookingHallsResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Creating and cancelling
// ---------------------------------------------------------------------------------------------------------------

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => v === true || v === 1 || v === '1');

/** `POST bookings`. Content rules (name 3–40, phone, e-mail, comment ≤ 500, terms) are domain rules (booking.ts). */
export const StoreCreateBookingBody = z.object({
  date: BookingDate,
  time: BookingTime,
  people,
  hallId: optionalId.describe('Preferred hall; any hall when absent'),
  productId: optionalId.describe('Booking-type product being reserved'),
  variantId: optionalId.describe("The product's variant; default its first"),
  name: z.string().max(200),
  phone: z.string().max(50),
  email: z.string().trim().max(254),
  comment: z.string().max(2000).nullish(),
  terms_accepted: flag,
  lang: z.enum(LANGUAGES).optional().describe('Language of the confirmation e-mail; default the lang header'),
});
export type StoreCreateBookingBody = z.input<typeof StoreCreateBookingBody>;

/** A booking as its guest sees it (answer of POST bookings, the cancel page and the profile list). */
export const StoreBooking = z.object({
  reservationId: z.number().int(),
  status: BookingStatusSchema,
  canceled: z.boolean().describe('Spec §3 reservations "canceled flag"'),
  date: z.string(),
  time: z.string(),
  end_time: z.string(),
  people: z.number().int(),
  hall: BookingHallRef.nullable(),
  product: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  name: z.string(),
  place: z.object({ slug: z.string(), name: z.string() }),
  expires_at: z
    .string()
    .nullable()
    .describe(
      'pending_confirmation / pending_payment only: the booking is released at this time unless confirmed ' +
        'from its e-mailed link (or paid) by then',
    ),
  created_at: z.string(),
});
export type StoreBooking = z.infer<typeof StoreBooking>;

export const StoreCreateBookingResponse = StoreBooking.extend({
  cancelUrl: z
    .string()
    .describe(
      'The link of the e-mails: the page that confirms (pending_confirmation) or cancels the booking',
    ),
  payment: z
    .object({ amount: moneyNonNegative, expires_at: z.string() })
    .nullable()
    .describe('When booking_online_payment is on: the deposit to pay before expires_at'),
});
export type StoreCreateBookingResponse = z.infer<typeof StoreCreateBookingResponse>;

export const BookingIdParam = z.object({ id: id });
/**
 * `GET bookings/{id}?token=` (the page of the e-mailed link), `POST bookings/{id}/cancel {token}` and `POST
 * bookings/{id}/confirm {token}` (the guest's double opt-in, issue 23 #5).
 */
export const StoreBookingToken = z.object({ token: z.string().trim().min(10).max(200) });

/** `GET users/bookings`: the signed-in guest's bookings at this place, newest date first. */
export const StoreUserBookingsResponse = z.array(StoreBooking);

// ---------------------------------------------------------------------------------------------------------------
// Staff (WAITER and above at the place)
// ---------------------------------------------------------------------------------------------------------------

/** `GET /api/staff/bookings?date=&days=&hallId=&status=`: a day (days=1) or a week (days=7) of bookings. */
export const StaffBookingsQuery = z.object({
  date: BookingDate,
  days: z.coerce.number().int().min(1).max(31).default(1),
  hallId: optionalId,
  status: z
    .string()
    .max(200)
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(BookingStatusSchema).max(BOOKING_STATUSES.length))
    .describe('Comma-separated statuses; default all'),
});
export type StaffBookingsQuery = z.input<typeof StaffBookingsQuery>;

export const StaffBooking = z.object({
  id: z.number().int(),
  status: BookingStatusSchema,
  date: z.string(),
  time: z.string(),
  end_time: z.string(),
  people: z.number().int(),
  hall: BookingHallRef.nullable(),
  table: z.object({ id: z.number().int(), number: z.string(), seats: z.number().int() }).nullable(),
  product: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  comment: z.string().nullable(),
  user_id: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffBooking = z.infer<typeof StaffBooking>;

export const StaffBookingsResponse = z.object({
  bookings: z.array(StaffBooking).describe('By date, time, hall'),
  halls: z.array(BookingHallRef),
});
export type StaffBookingsResponse = z.infer<typeof StaffBookingsResponse>;

/** `PATCH /api/staff/bookings/{id}`: confirm, seat, no-show or cancel along the transition table (booking.ts). */
export const StaffBookingUpdate = z.object({
  status: z.enum(['confirmed', 'seated', 'no_show', 'cancelled']),
});
export type StaffBookingUpdate = z.infer<typeof StaffBookingUpdate>;

/**
 * Live events on the staff stream (`/api/staff/events`, the same SSE as orders): `booking.created` when a guest
 * books (pending_payment or confirmed), `booking.status_changed` on every later change (paid, cancelled by the
 * guest or staff, seated, no-show, confirmed by the guest's e-mailed link). Data: `{ booking: StaffBooking }`.
 */
export const BOOKING_EVENT_TYPES = ['booking.created', 'booking.status_changed'] as const;
export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number];
export const StaffBookingEventData = z.object({ booking: StaffBooking });
export type StaffBookingEventData = z.infer<typeof StaffBookingEventData>;
