/**
 * Abuse limits of `POST bookings` (issue 23 #5: twelve anonymous requests took every table at 19:00, with e-mails to
 * arbitrary addresses): per client IP, per e-mail address and per phone number, `BOOKING_CREATE_LIMITS` (domain) in
 * one fixed window. All-or-nothing: when one of the three is full nothing is counted and the call answers 429
 * `rate_limited` (spec §8 "too many requests, try again later") with `retry-after`, before any database work.
 *
 * The keys carry the method and the route the request matched (`booking:POST/api/bookings|ip|…`), never the raw URL,
 * so `/%61pi/bookings` counts like `/api/bookings` (as the route limits of plugins/security.ts). The e-mail and the
 * phone count under the domain's `guestEmailKey` / `guestPhoneKey`, so `Victim+1@x` and `victim@x` are one address.
 *
 * Safe with several processes: the counts live in Redis when REDIS_URL is set (lib/shared-limits.ts, one Lua
 * script checks and counts the three keys atomically); without it, or while Redis is down, each process counts in
 * its own memory (N processes: N times the allowance — the per-guest open-bookings limit, counted in the database
 * under the booking lock, still holds exactly).
 */
import { BOOKING_CREATE_LIMITS, guestEmailKey, guestPhoneKey } from '@trapeza/domain/booking';
import { LocalWindows, type SharedLimits } from '../../lib/shared-limits.ts';

export interface BookingCreateLimits {
  windowMs: number;
  perIp: number;
  perEmail: number;
  perPhone: number;
}

export class BookingLimiter {
  readonly #local = new LocalWindows();
  readonly #shared: SharedLimits | null;
  readonly #limits: BookingCreateLimits;

  constructor(shared: SharedLimits | null, limits: BookingCreateLimits = BOOKING_CREATE_LIMITS) {
    this.#shared = shared;
    this.#limits = limits;
  }

  /**
   * Counts one booking attempt on `route` (method + matched route URL); resolves to the seconds to wait when a
   * limit is reached (nothing is then counted), else null.
   */
  async take(route: string, guest: { ip: string; email: string; phone: string }): Promise<number | null> {
    const l = this.#limits;
    const entries: [string, number][] = [[`booking:${route}|ip|${guest.ip}`, l.perIp]];
    const email = guestEmailKey(guest.email).slice(0, 254);
    const phone = guestPhoneKey(guest.phone).slice(0, 50);
    if (email !== '') entries.push([`booking:${route}|email|${email}`, l.perEmail]);
    if (phone !== '') entries.push([`booking:${route}|phone|${phone}`, l.perPhone]);
    const waitMs = this.#shared
      ? await this.#shared.take(entries, l.windowMs, this.#local)
      : this.#local.take(entries, l.windowMs);
    return waitMs === null ? null : Math.max(1, Math.ceil(waitMs / 1000));
  }
}
