/**
 * Booking calls (spec §7 `POST bookings`, `bookings/getBusyDates`, `bookings/getFreeHoursForDate`; designed ones in
 * contracts/bookings.ts): the form's set-up, availability, creating, the e-mailed link and the profile list.
 * Every call carries the `lang` header so hall names, messages and the confirmation e-mail are in the guest's language.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  StoreBooking,
  StoreBookingHallsResponse,
  StoreBusyDatesResponse,
  StoreCreateBookingBody,
  StoreCreateBookingResponse,
  StoreFreeHoursResponse,
} from '@trapeza/domain/contracts/bookings';
import type { StoreInitiatePaymentResponse } from '@trapeza/domain/contracts/payments';
import type { Language } from '@trapeza/domain/i18n';
import { api } from '../../../lib/api-client.ts';
import { PAYMENT_TIMEOUT_MS } from '../../payment/api/payments.ts';

/** What availability depends on besides the date: party size, hall and the booking-type product. */
export interface BookingScope {
  place: string;
  lang: Language;
  people: number;
  hallId: number | null;
  productId: number | null;
  variantId: number | null;
}

const opts = (place: string, lang: Language) => ({ place, headers: { lang } });

function query(params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v != null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** GET bookings/halls: halls, allowed people, online payment flag, deposit, interval, duration, days ahead. */
export const bookingSetupQueryOptions = (
  place: string,
  lang: Language,
  productId: number | null,
  variantId: number | null,
) =>
  queryOptions({
    queryKey: ['booking-setup', place, lang, productId, variantId],
    queryFn: () =>
      api.get<StoreBookingHallsResponse>(
        `bookings/halls${query({ productId, variantId })}`,
        opts(place, lang),
      ),
    staleTime: 60_000,
  });

/** POST bookings/getBusyDates for [from, to] (the visible part of a month). */
export const busyDatesQueryOptions = (scope: BookingScope, from: string, to: string) =>
  queryOptions({
    queryKey: ['booking-busy', scope, from, to],
    queryFn: () =>
      api.post<StoreBusyDatesResponse>(
        'bookings/getBusyDates',
        {
          from,
          to,
          people: scope.people,
          hallId: scope.hallId,
          productId: scope.productId,
          variantId: scope.variantId,
        },
        opts(scope.place, scope.lang),
      ),
    staleTime: 30_000,
  });

/** POST bookings/getFreeHoursForDate: the free slots of a date for the party. */
export const freeHoursQueryOptions = (scope: BookingScope, date: string) =>
  queryOptions({
    queryKey: ['booking-hours', scope, date],
    queryFn: () =>
      api.post<StoreFreeHoursResponse>(
        'bookings/getFreeHoursForDate',
        {
          date,
          people: scope.people,
          hallId: scope.hallId,
          productId: scope.productId,
          variantId: scope.variantId,
        },
        opts(scope.place, scope.lang),
      ),
    staleTime: 15_000,
  });

export const createBooking = (place: string, lang: Language, body: StoreCreateBookingBody) =>
  api.post<StoreCreateBookingResponse>('bookings', body, opts(place, lang));

/** GET bookings/{id}?token=: the booking behind the e-mailed link. */
export const bookingByTokenQueryOptions = (place: string, lang: Language, id: number, token: string) =>
  queryOptions({
    queryKey: ['booking-link', place, lang, id, token],
    queryFn: () => api.get<StoreBooking>(`bookings/${id}${query({ token })}`, opts(place, lang)),
    retry: false,
  });

/** GET bookings/{id}?token= once (the deposit return polls it until the server says confirmed). */
export const getBookingByToken = (
  place: string,
  lang: Language,
  id: number,
  token: string,
  signal?: AbortSignal,
) => api.get<StoreBooking>(`bookings/${id}${query({ token })}`, { ...opts(place, lang), signal });

/** POST bookings/{id}/pay {token}: a deposit payment attempt, answered like initiateEpayOrder (spec §9 time-out). */
export const payBookingDeposit = (place: string, lang: Language, id: number, token: string) =>
  api.post<StoreInitiatePaymentResponse>(
    `bookings/${id}/pay`,
    { token },
    { ...opts(place, lang), timeoutMs: PAYMENT_TIMEOUT_MS },
  );

/** POST bookings/{id}/confirm {token}: the guest confirms from the e-mailed link (double opt-in). */
export const confirmBookingByToken = (place: string, lang: Language, id: number, token: string) =>
  api.post<StoreBooking>(`bookings/${id}/confirm`, { token }, opts(place, lang));

export const cancelBookingByToken = (place: string, lang: Language, id: number, token: string) =>
  api.post<StoreBooking>(`bookings/${id}/cancel`, { token }, opts(place, lang));

/** GET users/bookings: the signed-in guest's bookings at this place. */
export const userBookingsQueryOptions = (place: string, lang: Language, userId: number) =>
  queryOptions({
    queryKey: ['user-bookings', place, lang, userId],
    queryFn: () => api.get<StoreBooking[]>('users/bookings', opts(place, lang)),
  });

export const cancelUserBooking = (place: string, lang: Language, id: number) =>
  api.post<StoreBooking>(`users/bookings/${id}/cancel`, {}, opts(place, lang));
