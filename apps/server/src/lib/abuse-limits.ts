/**
 * Abuse limits of the guest calls a table can repeat (issue "Reliability and security proof"): orders, waiter calls
 * (user-needs) and bill requests, counted per client IP and per table session in fixed one-minute windows. Over a
 * limit the call answers 429 `{ code: 'rate_limited', message }` (spec §8 "too many requests, try again later")
 * with `retry-after`, before any database work, so a flood from one table costs the others almost nothing.
 *
 * Counted once across processes in Redis when REDIS_URL is set (lib/shared-limits.ts); without it (or while Redis
 * is down) in memory per process, where several processes multiply the allowance by their count but never refuse a
 * legitimate guest longer.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from './domain-error.ts';
import { LocalWindows, type SharedLimits } from './shared-limits.ts';

export type AbuseKind = 'order' | 'waiter_call' | 'bill';

export interface AbuseLimit {
  /** Calls per window from one table session. */
  perSession: number;
  /** Calls per window from one IP address (a hotel or a venue's guests may share one). */
  perIp: number;
}

/** Per minute. Generous for a table of friends, far below what a script sends. */
export const ABUSE_LIMITS: Record<AbuseKind, AbuseLimit> = {
  order: { perSession: 20, perIp: 120 },
  waiter_call: { perSession: 10, perIp: 60 },
  bill: { perSession: 10, perIp: 60 },
};

const ABUSE_WINDOW_MS = 60_000;

/** The limited routes (method + route URL as registered) and what they count as. */
export const LIMITED_ROUTES: Record<string, AbuseKind> = {
  'POST /api/orders': 'order',
  'POST /api/orders/delivery': 'order',
  'POST /api/orders/preorder': 'order',
  'POST /api/orders/room': 'order',
  'POST /api/orders/served-on-spot': 'order',
  'POST /api/user-needs': 'waiter_call',
  'PUT /api/orders/by_table_session/:token/bill_wanted': 'bill',
};

export interface AbuseLimiterOptions {
  limits?: Record<AbuseKind, AbuseLimit>;
  windowMs?: number;
  now?: () => number;
  /** Bound on tracked keys, so random sessions cannot grow memory without limit. */
  maxKeys?: number;
  /** Counts in Redis when REDIS_URL is set (lib/shared-limits.ts), else (and while Redis is down) in memory. */
  shared?: SharedLimits;
}

export class AbuseLimiter {
  readonly #local: LocalWindows;
  readonly #limits: Record<AbuseKind, AbuseLimit>;
  readonly #windowMs: number;
  readonly #shared: SharedLimits | null;

  constructor(options: AbuseLimiterOptions = {}) {
    this.#limits = options.limits ?? ABUSE_LIMITS;
    this.#windowMs = options.windowMs ?? ABUSE_WINDOW_MS;
    this.#local = new LocalWindows({ now: options.now, maxKeys: options.maxKeys });
    this.#shared = options.shared ?? null;
  }

  /** Counts one call; resolves to the seconds to wait when a limit is reached (the call is then not counted). */
  async take(kind: AbuseKind, ip: string, session: string | null): Promise<number | null> {
    const limit = this.#limits[kind];
    const keys: [string, number][] = [[`abuse:${kind}|ip|${ip}`, limit.perIp]];
    if (session) keys.push([`abuse:${kind}|s|${session}`, limit.perSession]);
    const waitMs = this.#shared
      ? await this.#shared.take(keys, this.#windowMs, this.#local)
      : this.#local.take(keys, this.#windowMs);
    return waitMs === null ? null : Math.max(1, Math.ceil(waitMs / 1000));
  }
}

/** The table session a limited call is about: the spot/room order's `session` or `token`, or the URL's token. */
export function sessionOf(request: FastifyRequest): string | null {
  const params = request.params as { token?: unknown } | undefined;
  if (typeof params?.token === 'string') return params.token.slice(0, 200);
  const body = request.body as { session?: unknown; token?: unknown } | null | undefined;
  if (!body || typeof body !== 'object') return null;
  const value = typeof body.session === 'string' ? body.session : body.token;
  return typeof value === 'string' && value !== '' ? value.slice(0, 200) : null;
}

/** The guest reads 'Too many requests' in their language (lib/error-texts.ts, chosen by the error handler). */
export function rateLimitedError(): DomainError {
  return new DomainError(429, 'rate_limited', 'Too many requests, try again later.');
}
