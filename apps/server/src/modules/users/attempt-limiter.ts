/**
 * Per-account attempt counting for login and password reset (the per-IP limit is @fastify/rate-limit's). A key
 * (client + e-mail) that reached `max` attempts within `windowMs` is blocked until the oldest one leaves the
 * window, so guessing one account's password from many addresses is slowed just the same.
 *
 * Counted once across processes in Redis when REDIS_URL is set (a sorted set of attempt times per key, see
 * lib/shared-limits.ts); without it, and while Redis is down, in memory per process: several processes then each
 * keep their own count, which multiplies the allowance by the process count but never blocks a legitimate user
 * longer.
 */
import type { SharedLimits } from '../../lib/shared-limits.ts';

export interface AttemptLimiterOptions {
  max: number;
  windowMs: number;
  now: () => Date;
  /** Bound on tracked keys, so random e-mails cannot grow memory without limit. */
  maxKeys?: number;
  /** Redis-backed counting when configured (else, and as fallback, in memory). */
  shared?: SharedLimits | null;
  /** Key namespace in the shared store (`login`, `reset`). */
  name?: string;
}

export class AttemptLimiter {
  readonly #attempts = new Map<string, number[]>();
  readonly #options: Required<Omit<AttemptLimiterOptions, 'shared'>>;
  readonly #shared: SharedLimits | null;

  constructor(options: AttemptLimiterOptions) {
    const { shared, ...rest } = options;
    this.#options = { maxKeys: 10_000, name: 'attempts', ...rest };
    this.#shared = shared ?? null;
  }

  #sharedKey(key: string): string {
    return `acct:${this.#options.name}:${key}`;
  }

  #recent(key: string): number[] {
    const since = this.#options.now().getTime() - this.#options.windowMs;
    const list = (this.#attempts.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.#attempts.delete(key);
    else this.#attempts.set(key, list);
    return list;
  }

  /** Whether the key has used up its attempts. */
  async isBlocked(key: string): Promise<boolean> {
    if (!this.#shared) return this.#isBlockedHere(key);
    const since = this.#options.now().getTime() - this.#options.windowMs;
    const count = await this.#shared.recentAttempts(
      this.#sharedKey(key),
      since,
      () => this.#recent(key).length,
    );
    return count >= this.#options.max;
  }

  /** Counts one attempt. */
  async record(key: string): Promise<void> {
    if (!this.#shared) return this.#recordHere(key);
    const at = this.#options.now().getTime();
    await this.#shared.addAttempt(this.#sharedKey(key), at, this.#options.windowMs, () =>
      this.#recordHere(key),
    );
  }

  /** Forgets the key (after a successful login). */
  async reset(key: string): Promise<void> {
    this.#attempts.delete(key);
    if (this.#shared) await this.#shared.clearAttempts(this.#sharedKey(key), () => undefined);
  }

  #isBlockedHere(key: string): boolean {
    return this.#recent(key).length >= this.#options.max;
  }

  #recordHere(key: string): void {
    const list = this.#recent(key);
    if (!this.#attempts.has(key) && this.#attempts.size >= this.#options.maxKeys) {
      // Drop the oldest-inserted key; an attacker spraying keys only evicts their own entries first.
      const oldest = this.#attempts.keys().next().value;
      if (oldest !== undefined) this.#attempts.delete(oldest);
    }
    list.push(this.#options.now().getTime());
    this.#attempts.set(key, list);
  }
}
