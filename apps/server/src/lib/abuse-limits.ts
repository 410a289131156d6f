/**
 * Abuse limits of the guest calls a table can repeat (issue "Reliability and security proof"): orders, waiter calls
 * (user-needs) and bill requests, counted per client IP and per table session in fixed one-minute windows. Over a
 * limit the call answers 429 `{ code: 'rate_limited', message }` (spec §8 "too many requests, try again later")
 * with `retry-after`, before any database work, so a flood from one table costs the others almost nothing.
 *
 * In memory and per process, like the login limits (modules/users/attempt-limiter.ts): several processes multiply
 * the allowance by their count but never refuse a legitimate guest longer.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from './domain-error.ts';

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

export const ABUSE_WINDOW_MS = 60_000;

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

export const RATE_LIMITED_TEXT = {
  en: 'Too many requests, try again later.',
  bg: 'Твърде много заявки, опитайте по-късно.',
} as const;

interface Window {
  count: number;
  resetAt: number;
}

export interface AbuseLimiterOptions {
  limits?: Record<AbuseKind, AbuseLimit>;
  windowMs?: number;
  now?: () => number;
  /** Bound on tracked keys, so random sessions cannot grow memory without limit. */
  maxKeys?: number;
}

export class AbuseLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #limits: Record<AbuseKind, AbuseLimit>;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #maxKeys: number;

  constructor(options: AbuseLimiterOptions = {}) {
    this.#limits = options.limits ?? ABUSE_LIMITS;
    this.#windowMs = options.windowMs ?? ABUSE_WINDOW_MS;
    this.#now = options.now ?? Date.now;
    this.#maxKeys = options.maxKeys ?? 100_000;
  }

  /** Counts one call; returns the seconds to wait when a limit is reached (the call is then not counted). */
  take(kind: AbuseKind, ip: string, session: string | null): number | null {
    const limit = this.#limits[kind];
    const now = this.#now();
    const keys: [string, number][] = [[`${kind}|ip|${ip}`, limit.perIp]];
    if (session) keys.push([`${kind}|s|${session}`, limit.perSession]);
    const windows = keys.map(([key, max]) => [this.#window(key, now), max] as const);
    for (const [w, max] of windows) {
      if (w.count >= max) return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    }
    for (const [w] of windows) w.count++;
    return null;
  }

  #window(key: string, now: number): Window {
    let w = this.#windows.get(key);
    if (w && w.resetAt > now) return w;
    if (w) this.#windows.delete(key);
    if (this.#windows.size >= this.#maxKeys) this.#sweep(now);
    w = { count: 0, resetAt: now + this.#windowMs };
    this.#windows.set(key, w);
    return w;
  }

  #sweep(now: number): void {
    for (const [key, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(key);
    // Still full: drop the oldest-inserted keys (a sprayer of random sessions evicts its own entries first).
    while (this.#windows.size >= this.#maxKeys) {
      const oldest = this.#windows.keys().next().value;
      if (oldest === undefined) break;
      this.#windows.delete(oldest);
    }
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

export function rateLimitedError(lang: string | undefined): DomainError {
  const bg = !/^\s*en\b/i.test(lang ?? '');
  return new DomainError(429, 'rate_limited', RATE_LIMITED_TEXT.en, {
    messageTrans: bg ? RATE_LIMITED_TEXT.bg : RATE_LIMITED_TEXT.en,
  });
}
