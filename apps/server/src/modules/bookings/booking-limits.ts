/**
 * Abuse limits of `POST bookings` (issue 23 #5: twelve anonymous requests took every table at 19:00, with e-mails to
 * arbitrary addresses): per client IP, per e-mail address and per phone number, `BOOKING_CREATE_LIMITS` (domain) in
 * a fixed window from each key's first attempt. Every attempt counts on its three keys (refused ones too); when one
 * of them is over its limit the call answers 429 `rate_limited` (spec §8 "too many requests, try again later") with
 * `retry-after` (the window, an upper bound), before any work on the booking itself.
 *
 * The keys carry the method and the route the request matched (`booking:POST/api/bookings|ip|…`), never the raw URL,
 * so `/%61pi/bookings` counts like `/api/bookings` (as the route limits of plugins/security.ts). The e-mail and the
 * phone count under the domain's `guestEmailKey` / `guestPhoneKey`, so `Victim+1@x` and `victim@x` are one address.
 *
 * Counted once for every server process (modules/users/account-counters.ts): in Redis with REDIS_URL, else — and
 * while Redis does not answer — in the database (`account_counters`, one atomic upsert per key). Nothing is kept in a
 * process's memory, so N processes behind a load balancer allow exactly what one allows. Times are the server clock's.
 */
import { BOOKING_CREATE_LIMITS, guestEmailKey, guestPhoneKey } from '@trapeza/domain/booking';
import type { AccountCounters } from '../users/account-counters.ts';

export interface BookingCreateLimits {
  windowMs: number;
  perIp: number;
  perEmail: number;
  perPhone: number;
}

export class BookingLimiter {
  readonly #counters: AccountCounters;
  readonly #now: () => number;
  readonly #limits: BookingCreateLimits;

  constructor(
    counters: AccountCounters,
    now: () => number,
    limits: BookingCreateLimits = BOOKING_CREATE_LIMITS,
  ) {
    this.#counters = counters;
    this.#now = now;
    this.#limits = limits;
  }

  /**
   * Counts one booking attempt on `route` (method + matched route URL); resolves to the seconds to wait when a
   * limit is passed, else null.
   */
  async take(route: string, guest: { ip: string; email: string; phone: string }): Promise<number | null> {
    const l = this.#limits;
    const entries: [string, number][] = [[`booking:${route}|ip|${guest.ip}`, l.perIp]];
    const email = guestEmailKey(guest.email).slice(0, 254);
    const phone = guestPhoneKey(guest.phone).slice(0, 50);
    if (email !== '') entries.push([`booking:${route}|email|${email}`, l.perEmail]);
    if (phone !== '') entries.push([`booking:${route}|phone|${phone}`, l.perPhone]);
    const at = this.#now();
    const counts = await Promise.all(
      entries.map(([key]) => this.#counters.hit(key, at, l.windowMs, 'fixed')),
    );
    return entries.some(([, max], i) => (counts[i] ?? 0) > max) ? Math.ceil(l.windowMs / 1000) : null;
  }
}
