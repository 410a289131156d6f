/**
 * The printing side shared by the print agent and PRINT_DIRECT: one queue per printer, jobs in the order they came,
 * each sent over TCP (time-outs in tcp-printer.ts) and retried with back-off (1 s, 2 s, 4 s … 30 s) until the printer
 * takes it; a failed attempt is reported (the staff board's alert), a printed job is handed to `onPrinted` (the
 * acknowledgement). A printer whose status says it is out of paper or open is asked again at least every
 * `statusRetryMs` (a cheap query, and the kitchen waits for the ticket once the roll is changed). A job id is taken once: offering it again (a reconnect, another process) changes nothing.
 */
import { PrinterStatusError, sendToPrinter, type PrinterProblem, type SendOptions } from './tcp-printer.ts';

export interface QueueJob {
  id: number;
  printer: { id: number; name: string; host: string; port: number };
  data: Uint8Array;
}

export interface PrintQueueOptions {
  /** Called once a printer took the job; should acknowledge it (and may throw: the queue only logs). */
  onPrinted: (job: QueueJob) => Promise<void>;
  /** Called after each failed attempt, with the error (and the printer's problem if its status told); best-effort. */
  onFailed: (job: QueueJob, error: string, problem: PrinterProblem | null) => Promise<void>;
  send?: (host: string, port: number, data: Uint8Array, opts: SendOptions) => Promise<void>;
  sendOptions?: SendOptions;
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Longest wait between attempts while the printer reports a problem (default 5 s). */
  statusRetryMs?: number;
  log?: (message: string) => void;
}

export class PrintQueue {
  readonly #opts: PrintQueueOptions;
  /** Ids queued, being printed or printed by this queue (never taken twice). */
  readonly #seen = new Set<number>();
  readonly #queues = new Map<number, QueueJob[]>();
  readonly #running = new Set<number>();
  /** Latest address of each printer (an admin may fix an address while jobs wait). */
  readonly #printers = new Map<number, QueueJob['printer']>();
  #stopped = false;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #wakers = new Set<() => void>();

  constructor(opts: PrintQueueOptions) {
    this.#opts = opts;
  }

  /** Whether the job id was taken already (queued, printing or printed). */
  has(id: number): boolean {
    return this.#seen.has(id);
  }

  /** Marks ids as done without printing (the agent's journal after a restart). */
  markDone(ids: Iterable<number>): void {
    for (const id of ids) this.#seen.add(id);
  }

  /** Jobs waiting or being printed, per printer id. */
  get pending(): number {
    let n = 0;
    for (const q of this.#queues.values()) n += q.length;
    return n;
  }

  add(job: QueueJob): boolean {
    this.#printers.set(job.printer.id, job.printer);
    if (this.#seen.has(job.id) || this.#stopped) return false;
    this.#seen.add(job.id);
    const queue = this.#queues.get(job.printer.id) ?? [];
    queue.push(job);
    this.#queues.set(job.printer.id, queue);
    if (!this.#running.has(job.printer.id)) void this.#run(job.printer.id);
    return true;
  }

  /** Retry waiting printers now (e.g. the admin fixed an address). */
  wake(): void {
    for (const w of [...this.#wakers]) w();
  }

  stop(): void {
    this.#stopped = true;
    for (const t of this.#timers) clearTimeout(t);
    this.wake();
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(t);
        this.#timers.delete(t);
        this.#wakers.delete(finish);
        resolve();
      };
      const t = setTimeout(finish, ms);
      this.#timers.add(t);
      this.#wakers.add(finish);
    });
  }

  async #run(printerId: number): Promise<void> {
    this.#running.add(printerId);
    const send = this.#opts.send ?? sendToPrinter;
    const first = this.#opts.firstRetryMs ?? 1000;
    const max = this.#opts.maxRetryMs ?? 30_000;
    try {
      const queue = this.#queues.get(printerId)!;
      let delay = first;
      while (queue.length > 0 && !this.#stopped) {
        const job = queue[0]!;
        const printer = this.#printers.get(printerId) ?? job.printer;
        try {
          await send(printer.host, printer.port, job.data, this.#opts.sendOptions ?? {});
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          this.#opts.log?.(
            `job ${job.id} on ${printer.name} (${printer.host}:${printer.port}) failed: ${message}`,
          );
          const problem = err instanceof PrinterStatusError ? err.problem : null;
          await this.#opts.onFailed(job, message, problem).catch(() => undefined);
          await this.#sleep(problem ? Math.min(delay, this.#opts.statusRetryMs ?? 5000) : delay);
          delay = Math.min(delay * 2, max);
          continue;
        }
        delay = first;
        queue.shift();
        this.#opts.log?.(`job ${job.id} printed on ${printer.name}`);
        await this.#opts.onPrinted(job).catch((err: unknown) => {
          this.#opts.log?.(`job ${job.id}: acknowledgement failed: ${String(err)}`);
        });
      }
    } finally {
      this.#running.delete(printerId);
    }
  }
}
