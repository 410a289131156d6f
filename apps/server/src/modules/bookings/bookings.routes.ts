/**
 * The booking calls under /api: spec §7 `POST bookings`, `POST bookings/getBusyDates`, `POST
 * bookings/getFreeHoursForDate`, and the designed rest (issue 10): the form's set-up (`GET bookings/halls`), the
 * e-mailed link (`GET bookings/{id}?token=`, `POST bookings/{id}/confirm` — the double opt-in of issue 23 #5 —
 * and `POST bookings/{id}/cancel`), the signed-in guest's list and
 * cancel (`users/bookings`), and the staff day/week view with confirm, seat, no-show and cancel
 * (`/api/staff/bookings`, WAITER and above at the place). Parse with the contracts, call the service, answer.
 *
 * Any malformed input answers 400 `booking_invalid_data` with the spec's 'Моля попълнете коректно всички данни'
 * (§5) — a scoped error handler turns schema failures into it; everything else goes to the app-wide handler.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookingIdParam,
  StaffBooking,
  StaffBookingUpdate,
  StaffBookingsQuery,
  StaffBookingsResponse,
  StoreBooking,
  StoreBookingHallsQuery,
  StoreBookingHallsResponse,
  StoreBookingToken,
  StoreBusyDatesBody,
  StoreBusyDatesResponse,
  StoreCreateBookingBody,
  StoreCreateBookingResponse,
  StoreFreeHoursBody,
  StoreFreeHoursResponse,
  StoreUserBookingsResponse,
} from '@trapeza/domain/contracts/bookings';
import { ApiError } from '@trapeza/domain/contracts/menu';
import { z } from 'zod';
import { PlaceHeaders } from '../../lib/request-context.ts';
import { requireRole, requireUser } from '../../plugins/auth.ts';
import { requestLanguage } from '../users/users.mail.ts';
import { BOOKING_INVALID_DATA_MESSAGE, BOOKING_RATE_LIMITED_MESSAGES } from '@trapeza/domain/booking';
import { DomainError } from '../../lib/domain-error.ts';
import type { BookingLimiter } from './booking-limits.ts';
import { type BookingsService } from './bookings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bookings service (app.ts); the payments module calls `bookings.confirmBookingPaid(id)`. */
    bookings: BookingsService;
  }
}

/** How often unpaid bookings past their expiry are released in the background (reads also release lazily). */
const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

const Headers = PlaceHeaders.extend({
  authorization: z.string().optional().describe('Bearer token (links the booking to the signed-in guest)'),
  lang: z.string().optional().describe('Language of the answer texts and the e-mail (bg, en, es, de, fr-CH)'),
});

const errors = {
  400: ApiError.describe(
    "booking_invalid_data: 'Моля попълнете коректно всички данни' (details: the failing fields); missing tenancy headers",
  ),
  403: ApiError.describe('booking_module_disabled: the place does not take bookings online'),
  404: ApiError.describe('Unknown client or place; booking_not_found'),
} as const;
const authErrors = {
  ...errors,
  401: ApiError.describe('Not signed in, or the session is no longer valid'),
  403: ApiError.describe('Not allowed (forbidden), or booking_module_disabled'),
} as const;

/**
 * @param limiter the per-IP / e-mail / phone limits of POST bookings (booking-limits.ts); always applied, also when
 *   the API-wide limit is off (RATE_LIMIT_PER_MINUTE=0), like the login limits.
 */
export function bookingsRoutes(service: BookingsService, limiter: BookingLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    // A booking's bad input is booking_invalid_data (the booking form's code), not the generic validation_error.
    // The app's one error handler answers it (plugins/errors.ts, config.invalidInput).
    app.addHook('onRoute', (route) => {
      route.config = {
        ...route.config,
        invalidInput: { code: 'booking_invalid_data', message: BOOKING_INVALID_DATA_MESSAGE },
      };
    });

    let sweep: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      sweep = setInterval(() => {
        service.sweepExpired().catch((err: unknown) => app.log.error({ err }, 'booking expiry sweep failed'));
      }, EXPIRY_SWEEP_INTERVAL_MS);
      sweep.unref();
    });
    app.addHook('onClose', async () => {
      if (sweep) clearInterval(sweep);
    });

    const config = { tenancy: 'place' } as const;
    const tags = ['bookings'];
    const lang = (request: FastifyRequest) => requestLanguage(request.headers);

    app.post(
      '/bookings/getBusyDates',
      {
        config,
        schema: {
          tags,
          summary: 'Dates in [from, to] without a free slot for the party (greyed in the date picker)',
          headers: Headers,
          body: StoreBusyDatesBody,
          response: { 200: StoreBusyDatesResponse, ...errors },
        },
      },
      async (request) => service.busyDates(request.tenant, request.body, lang(request)),
    );

    app.post(
      '/bookings/getFreeHoursForDate',
      {
        config,
        schema: {
          tags,
          summary:
            'Free hours of a date: slots every booking_interval minutes with a free table, and their halls',
          headers: Headers,
          body: StoreFreeHoursBody,
          response: { 200: StoreFreeHoursResponse, ...errors },
        },
      },
      async (request) => service.freeHours(request.tenant, request.body, lang(request)),
    );

    app.get(
      '/bookings/halls',
      {
        config,
        schema: {
          tags,
          summary:
            'Booking form set-up: halls (free at date/time/people), allowed people, online payment flag',
          headers: Headers,
          querystring: StoreBookingHallsQuery,
          response: { 200: StoreBookingHallsResponse, ...errors },
        },
      },
      async (request) => service.halls(request.tenant, request.query, lang(request)),
    );

    app.post(
      '/bookings',
      {
        config,
        schema: {
          tags,
          summary:
            'Book a table (or a booking-type product): re-checks capacity and assigns a table in one transaction',
          description:
            'With booking_email_confirmation (default on) the booking is pending_confirmation and e-mailed with ' +
            'a link to confirm it (POST bookings/{id}/confirm) by expires_at, else released; with ' +
            'booking_online_payment it is pending_payment until the deposit is paid (payment.expires_at); with ' +
            'neither it is confirmed at once and e-mailed with the cancel link. Limited per IP, e-mail and phone ' +
            '(429 rate_limited) and to booking_max_open_per_guest open bookings per guest (409).',
          headers: Headers,
          body: StoreCreateBookingBody,
          response: {
            201: StoreCreateBookingResponse,
            ...errors,
            409: ApiError.describe(
              'booking_slot_taken: the time is no longer free (another guest was faster); ' +
                'booking_limit_reached: the guest (same e-mail or phone) already holds booking_max_open_per_guest ' +
                'open bookings here',
            ),
            429: ApiError.describe(
              'rate_limited: too many bookings from this IP, e-mail or phone (retry-after in seconds)',
            ),
          },
        },
        // After validation (the e-mail and phone are read), before any database work.
        preHandler: async (request, reply) => {
          const wait = await limiter.take(`${request.method}${request.routeOptions.url ?? ''}`, {
            ip: request.ip,
            email: request.body.email,
            phone: request.body.phone,
          });
          if (wait === null) return;
          reply.header('retry-after', String(wait));
          throw new DomainError(429, 'rate_limited', BOOKING_RATE_LIMITED_MESSAGES.en, {
            text: BOOKING_RATE_LIMITED_MESSAGES,
          });
        },
      },
      async (request, reply) => {
        const body = request.body;
        const answer = await service.create(request.tenant, body, {
          userId: request.user?.id ?? null,
          lang: body.lang ?? lang(request),
        });
        return reply.code(201).send(answer);
      },
    );

    app.get(
      '/bookings/:id',
      {
        config,
        schema: {
          tags,
          summary: 'The booking behind an e-mailed link (the cancel page)',
          headers: Headers,
          params: BookingIdParam,
          querystring: StoreBookingToken,
          response: { 200: StoreBooking, ...errors },
        },
      },
      async (request) =>
        service.getByToken(request.tenant, request.params.id, request.query.token, lang(request)),
    );

    app.post(
      '/bookings/:id/confirm',
      {
        config,
        schema: {
          tags,
          summary:
            'The guest confirms the booking from the e-mailed link (double opt-in; repeating it is harmless)',
          description:
            'With booking_email_confirmation (default on) a new booking is pending_confirmation and holds its ' +
            'table only until expires_at (booking_confirm_minutes, 30); this call makes it confirmed and sends ' +
            'the confirmation e-mail. A wrong id or token answers 404 booking_not_found.',
          headers: Headers,
          params: BookingIdParam,
          body: StoreBookingToken,
          response: {
            200: StoreBooking,
            ...errors,
            409: ApiError.describe(
              'booking_not_confirmable: the time to confirm has passed (the table was released) or it was cancelled',
            ),
          },
        },
      },
      async (request) =>
        service.confirmByToken(request.tenant, request.params.id, request.body.token, lang(request)),
    );

    app.post(
      '/bookings/:id/cancel',
      {
        config,
        schema: {
          tags,
          summary: 'The guest cancels by the link of the confirmation e-mail (repeating it is harmless)',
          headers: Headers,
          params: BookingIdParam,
          body: StoreBookingToken,
          response: {
            200: StoreBooking,
            ...errors,
            409: ApiError.describe(
              'booking_not_cancellable: the stay has begun, or it was seated, expired, …',
            ),
          },
        },
      },
      async (request) =>
        service.cancelByToken(request.tenant, request.params.id, request.body.token, lang(request)),
    );

    app.get(
      '/users/bookings',
      {
        config,
        preHandler: requireUser,
        schema: {
          tags,
          summary: "The signed-in guest's bookings at this place, latest date first",
          headers: Headers,
          response: { 200: StoreUserBookingsResponse, ...authErrors },
        },
      },
      async (request) => service.listForUser(request.tenant, request.user!.id, lang(request)),
    );

    app.post(
      '/users/bookings/:id/cancel',
      {
        config,
        preHandler: requireUser,
        schema: {
          tags,
          summary: 'The signed-in guest cancels one of their bookings',
          headers: Headers,
          params: BookingIdParam,
          response: {
            200: StoreBooking,
            ...authErrors,
            409: ApiError.describe('booking_not_cancellable'),
          },
        },
      },
      async (request) =>
        service.cancelForUser(request.tenant, request.params.id, request.user!.id, lang(request)),
    );

    const staffTags = ['staff'];
    app.get(
      '/staff/bookings',
      {
        config,
        preHandler: requireRole('WAITER'),
        schema: {
          tags: staffTags,
          summary: 'Bookings of a day (days=1) or a week (days=7) at the place, by date, time and hall',
          headers: Headers,
          querystring: StaffBookingsQuery,
          response: { 200: StaffBookingsResponse, ...authErrors },
        },
      },
      async (request) => service.staffList(request.tenant, request.query, lang(request)),
    );

    app.patch(
      '/staff/bookings/:id',
      {
        config,
        preHandler: requireRole('WAITER'),
        schema: {
          tags: staffTags,
          summary: 'Confirm (paid at the venue), seat, mark a no-show or cancel a booking',
          headers: Headers,
          params: BookingIdParam,
          body: StaffBookingUpdate,
          response: {
            200: StaffBooking,
            ...authErrors,
            409: ApiError.describe(
              'booking_invalid_transition; booking_slot_taken (confirming an expired one)',
            ),
          },
        },
      },
      async (request) => service.staffUpdate(request.tenant, request.params.id, request.body, lang(request)),
    );
  };
}
