/**
 * The providers' notification retries (payments.md §1): after an ERR answer or a failed connection, 5 tries within
 * a minute, 4 over 15 minutes, 5 hourly, 6 every 3 h, 4 every 6 h, then daily, for 30 days. `timeFactor` compresses
 * the schedule for tests (0.001 turns the first minute into 60 ms).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Delays before each try, ms, unscaled: the first try is immediate. */
export function retryDelays(): number[] {
  const delays = [0, 15_000, 15_000, 15_000, 15_000];
  for (let i = 0; i < 4; i++) delays.push((15 * MINUTE) / 4);
  for (let i = 0; i < 5; i++) delays.push(HOUR);
  for (let i = 0; i < 6; i++) delays.push(3 * HOUR);
  for (let i = 0; i < 4; i++) delays.push(6 * HOUR);
  let total = delays.reduce((a, b) => a + b, 0);
  while (total + DAY <= 30 * DAY) {
    delays.push(DAY);
    total += DAY;
  }
  return delays;
}

interface Pending {
  key: string;
  group: string;
  attempt: number;
  dueAt: number;
}

/**
 * Notification queue: each key (invoice) follows the schedule; keys of the same group (merchant) that are due
 * together go in one request, as ePay batches several invoices in one POST.
 */
export class RetryQueue {
  readonly #delays: number[];
  readonly #factor: number;
  readonly #deliver: (group: string, keys: string[]) => Promise<Set<string>>;
  readonly #pending = new Map<string, Pending>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #inflight = new Set<Promise<void>>();
  #closed = false;
  /** Every attempt, for tests and the simulator's log page. */
  readonly attempts: { group: string; keys: string[]; at: number; settled: string[]; error?: string }[] = [];

  constructor(deliver: (group: string, keys: string[]) => Promise<Set<string>>, timeFactor = 1) {
    this.#deliver = deliver;
    this.#factor = timeFactor;
    this.#delays = retryDelays();
  }

  add(group: string, key: string): void {
    if (this.#closed) return;
    const item: Pending = { key, group, attempt: 0, dueAt: Date.now() };
    this.#pending.set(key, item);
    this.#schedule(item, 0);
  }

  get pendingKeys(): string[] {
    return [...this.#pending.keys()];
  }

  #schedule(item: Pending, delay: number): void {
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        const run = this.#fire(item.group).finally(() => this.#inflight.delete(run));
        this.#inflight.add(run);
      },
      Math.max(0, Math.round(delay * this.#factor)),
    );
    timer.unref?.();
    this.#timers.add(timer);
  }

  async #fire(group: string): Promise<void> {
    if (this.#closed) return;
    const now = Date.now();
    const due = [...this.#pending.values()].filter((p) => p.group === group && p.dueAt <= now + 1);
    if (due.length === 0) return;
    // Taken out while in flight, so a concurrent timer of the same group does not send them twice.
    for (const p of due) this.#pending.delete(p.key);
    let settled = new Set<string>();
    let error: string | undefined;
    try {
      settled = await this.#deliver(
        group,
        due.map((p) => p.key),
      );
    } catch (err) {
      error = (err as Error).message;
    }
    this.attempts.push({
      group,
      keys: due.map((p) => p.key),
      at: now,
      settled: [...settled],
      ...(error ? { error } : {}),
    });
    for (const p of due) {
      if (settled.has(p.key)) continue;
      const next = this.#delays[p.attempt + 1];
      if (next === undefined || this.#closed) continue; // 30 days are over: the provider gives up
      const item: Pending = { ...p, attempt: p.attempt + 1, dueAt: Date.now() + next * this.#factor };
      this.#pending.set(p.key, item);
      this.#schedule(item, next);
    }
  }

  /** Waits until nothing is in flight or due within `withinMs` (tests). */
  async settle(withinMs = 5_000): Promise<void> {
    const until = Date.now() + withinMs;
    while (Date.now() < until) {
      if (this.#inflight.size === 0 && this.#pending.size === 0) return;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  close(): void {
    this.#closed = true;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    this.#pending.clear();
  }
}
