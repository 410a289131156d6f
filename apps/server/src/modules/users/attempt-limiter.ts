/**
 * Per-account attempt counting for login and password reset (the per-IP limit is @fastify/rate-limit's). A key
 * (client + e-mail) that reached `max` attempts within `windowMs` is blocked until the oldest one leaves the
 * window, so guessing one account's password from many addresses is slowed just the same.
 *
 * In memory and per process: with several server processes each keeps its own count, which multiplies the
 * allowance by the process count but never blocks a legitimate user longer.
 */
export interface AttemptLimiterOptions {
  max: number;
  windowMs: number;
  now: () => Date;
  /** Bound on tracked keys, so random e-mails cannot grow memory without limit. */
  maxKeys?: number;
}

export class AttemptLimiter {
  readonly #attempts = new Map<string, number[]>();
  readonly #options: Required<AttemptLimiterOptions>;

  constructor(options: AttemptLimiterOptions) {
    this.#options = { maxKeys: 10_000, ...options };
  }

  #recent(key: string): number[] {
    const since = this.#options.now().getTime() - this.#options.windowMs;
    const list = (this.#attempts.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.#attempts.delete(key);
    else this.#attempts.set(key, list);
    return list;
  }

  /** Whether the key has used up its attempts. */
  isBlocked(key: string): boolean {
    return this.#recent(key).length >= this.#options.max;
  }

  /** Counts one attempt. */
  record(key: string): void {
    const list = this.#recent(key);
    if (!this.#attempts.has(key) && this.#attempts.size >= this.#options.maxKeys) {
      // Drop the oldest-inserted key; an attacker spraying keys only evicts their own entries first.
      const oldest = this.#attempts.keys().next().value;
      if (oldest !== undefined) this.#attempts.delete(oldest);
    }
    list.push(this.#options.now().getTime());
    this.#attempts.set(key, list);
  }

  /** Forgets the key (after a successful login). */
  reset(key: string): void {
    this.#attempts.delete(key);
  }
}
