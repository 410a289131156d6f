/**
 * Coalesces work that is cheaper done together (a SQLite COMMIT, a file write): items pushed while a batch is being
 * processed wait and go together into the next batch (at most `max` items), in push order. The group commit of
 * orders, the staff event bus on SQLite and the mail outbox's appends use it.
 *
 * `process` answers one outcome per item, in order: `{ value }` resolves that item's promise, `{ error }` rejects it
 * alone. If `process` throws, every item of its batch is rejected with that error and the next batch goes on.
 */
export type BatchOutcome<O> = { value: O } | { error: unknown };

export interface BatchQueueOptions {
  /** Most items per batch (default: no limit). */
  max?: number;
  /**
   * Start the first batch one macrotask later (setImmediate), so that items pushed in the same turn of the event loop
   * (requests parsed together) join it; otherwise it starts after the current synchronous code (a microtask).
   */
  deferFirst?: boolean;
}

export class BatchQueue<I, O> {
  readonly #process: (batch: I[]) => BatchOutcome<O>[] | Promise<BatchOutcome<O>[]>;
  readonly #max: number;
  readonly #deferFirst: boolean;
  #pending: { item: I; resolve: (value: O) => void; reject: (err: unknown) => void }[] = [];
  #running: Promise<void> | null = null;

  constructor(
    process: (batch: I[]) => BatchOutcome<O>[] | Promise<BatchOutcome<O>[]>,
    options: BatchQueueOptions = {},
  ) {
    this.#process = process;
    this.#max = options.max ?? Number.POSITIVE_INFINITY;
    this.#deferFirst = options.deferFirst ?? false;
  }

  push(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ item, resolve, reject });
      if (this.#running) return;
      // Started after this call returns (never inside it), so that #running is set before the drain can end.
      const start = this.#deferFirst ? new Promise<void>((go) => setImmediate(go)) : Promise.resolve();
      this.#running = start.then(() => this.#drain());
    });
  }

  /** Resolves once every item pushed so far has been processed. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending.length > 0) {
        const batch = this.#pending.splice(0, this.#max);
        let outcomes: BatchOutcome<O>[];
        try {
          outcomes = await this.#process(batch.map((b) => b.item));
        } catch (err) {
          for (const b of batch) b.reject(err);
          continue;
        }
        batch.forEach((b, i) => {
          const outcome = outcomes[i];
          if (outcome && 'value' in outcome) b.resolve(outcome.value);
          else b.reject(outcome ? outcome.error : new Error('batch: no outcome for the item'));
        });
      }
    } finally {
      this.#running = null;
    }
  }
}
