/**
 * The print agent: runs at the venue, connects out to the server with the venue's agent key, receives the venue's
 * print jobs over one long-lived Server-Sent Events stream (`GET /api/print-agent/jobs`), prints them over TCP
 * (print-queue.ts) and acknowledges each (`POST /api/print-agent/jobs/{id}/ack`). No inbound port at the venue.
 *
 * Nothing lost, nothing twice:
 * - the server offers every job of the venue not acknowledged yet whenever the stream (re)connects, so a dropped
 *   connection, a server restart or an agent restart loses nothing;
 * - a printed job is written to the journal (`<state>/printed.json`) before it is acknowledged, and removed once the
 *   server took the acknowledgement; after a restart the journal's jobs are acknowledged without printing them again;
 * - jobs are claimed for this agent's id (`<state>/agent-id`), so a second agent of the venue never gets them while
 *   this one holds them (a minute after this one went away it may).
 * Only Node built-ins and `eventsource-parser`, so `npm run build:print-agent` bundles it into one file.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createParser } from 'eventsource-parser';
import { PrintQueue, type QueueJob } from './print-queue.ts';
import type { SendOptions } from './tcp-printer.ts';

export interface PrintAgentOptions {
  /** Base URL of the server, e.g. https://menu.example.com */
  server: string;
  key: string;
  /** Folder for the agent id and the journal (default ./print-agent-state). */
  stateDir: string;
  log?: (message: string) => void;
  sendOptions?: SendOptions;
  firstRetryMs?: number;
  maxRetryMs?: number;
  statusRetryMs?: number;
  /** Reconnect when the stream is silent this long (the server pings every 15 s). */
  idleTimeoutMs?: number;
}

export class AgentKeyRefused extends Error {
  override name = 'AgentKeyRefused';
}

interface WireJob {
  id: number;
  kind: string;
  printer: QueueJob['printer'];
  data: string;
}

export class PrintAgent {
  readonly #opts: PrintAgentOptions;
  readonly #queue: PrintQueue;
  readonly #journalFile: string;
  readonly #journal = new Set<number>();
  readonly agentId: string;
  #abort: AbortController | null = null;
  #stopped = false;
  #lastEventId: string | null = null;
  /** Resolves when the agent stopped (by stop() or a refused key). */
  readonly done: Promise<void>;
  #resolveDone!: () => void;
  #rejectDone!: (err: Error) => void;
  /** Counts for tests and the log. */
  readonly stats = { printed: 0, failedAttempts: 0, connections: 0 };

  constructor(opts: PrintAgentOptions) {
    this.#opts = opts;
    mkdirSync(opts.stateDir, { recursive: true });
    const idFile = join(opts.stateDir, 'agent-id');
    let id: string;
    try {
      id = readFileSync(idFile, 'utf8').trim();
    } catch {
      id = '';
    }
    if (!/^[A-Za-z0-9-]{8,64}$/.test(id)) {
      id = randomUUID();
      writeFileSync(idFile, id);
    }
    this.agentId = id;
    this.#journalFile = join(opts.stateDir, 'printed.json');
    try {
      for (const n of JSON.parse(readFileSync(this.#journalFile, 'utf8')) as unknown[]) {
        if (typeof n === 'number') this.#journal.add(n);
      }
    } catch {
      // no journal yet
    }
    this.#queue = new PrintQueue({
      sendOptions: opts.sendOptions,
      firstRetryMs: opts.firstRetryMs,
      maxRetryMs: opts.maxRetryMs,
      statusRetryMs: opts.statusRetryMs,
      log: opts.log,
      onPrinted: async (job) => {
        this.stats.printed += 1;
        this.#journal.add(job.id);
        this.#saveJournal();
        void this.#acknowledge(job.id);
      },
      onFailed: async (job, error, problem) => {
        this.stats.failedAttempts += 1;
        await this.#post(`/api/print-agent/jobs/${job.id}/fail`, {
          error: error.slice(0, 500),
          ...(problem ? { problem } : {}),
        });
      },
    });
    this.#queue.markDone(this.#journal);
    this.done = new Promise((resolve, reject) => {
      this.#resolveDone = resolve;
      this.#rejectDone = reject;
    });
  }

  #log(message: string): void {
    this.#opts.log?.(message);
  }

  #saveJournal(): void {
    const tmp = `${this.#journalFile}.tmp`;
    writeFileSync(tmp, JSON.stringify([...this.#journal]));
    renameSync(tmp, this.#journalFile);
  }

  async #post(path: string, body: unknown): Promise<Response> {
    const res = await fetch(new URL(path, this.#opts.server), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.#opts.key}`,
        'x-agent-id': this.agentId,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 401) this.#refused();
    return res;
  }

  /** Acknowledges until the server took it (or says the job is gone), then drops it from the journal. */
  async #acknowledge(id: number): Promise<void> {
    let delay = 1000;
    while (!this.#stopped) {
      try {
        const res = await this.#post(`/api/print-agent/jobs/${id}/ack`, {});
        if (res.ok || res.status === 404) {
          this.#journal.delete(id);
          this.#saveJournal();
          return;
        }
      } catch {
        // the server is away: keep the journal entry and try again
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 15_000);
    }
  }

  #refused(): void {
    if (this.#stopped) return;
    this.#log('the server refused the agent key (wrong or revoked): stopping');
    this.#stopped = true;
    this.#abort?.abort();
    this.#queue.stop();
    this.#rejectDone(new AgentKeyRefused('agent key refused (401)'));
  }

  /** Connects and keeps connecting until stopped. */
  start(): this {
    for (const id of this.#journal) void this.#acknowledge(id);
    void this.#loop();
    return this;
  }

  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#abort?.abort();
    this.#queue.stop();
    this.#resolveDone();
  }

  async #loop(): Promise<void> {
    let delay = 1000;
    while (!this.#stopped) {
      const started = Date.now();
      try {
        await this.#stream();
      } catch (err) {
        if (this.#stopped) break;
        this.#log(`stream: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (this.#stopped) break;
      if (Date.now() - started > 30_000) delay = 1000;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 15_000);
    }
  }

  async #stream(): Promise<void> {
    const abort = new AbortController();
    this.#abort = abort;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#opts.key}`,
      'x-agent-id': this.agentId,
      accept: 'text/event-stream',
    };
    if (this.#lastEventId) headers['last-event-id'] = this.#lastEventId;
    const res = await fetch(new URL('/api/print-agent/jobs', this.#opts.server), {
      headers,
      signal: abort.signal,
    });
    if (res.status === 401) {
      this.#refused();
      return;
    }
    if (!res.ok || !res.body) throw new Error(`server answered ${res.status}`);
    this.stats.connections += 1;
    this.#log(`connected to ${this.#opts.server} as agent ${this.agentId}`);
    const parser = createParser({
      onEvent: (event) => {
        if (event.event !== 'job') return;
        if (event.id) this.#lastEventId = event.id;
        let job: WireJob;
        try {
          job = JSON.parse(event.data) as WireJob;
        } catch {
          return;
        }
        this.#queue.add({ id: job.id, printer: job.printer, data: Buffer.from(job.data, 'base64') });
      },
    });
    const idleMs = this.#opts.idleTimeoutMs ?? 45_000;
    let idle = setTimeout(() => abort.abort(), idleMs);
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        clearTimeout(idle);
        idle = setTimeout(() => abort.abort(), idleMs);
        parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
      }
    } finally {
      clearTimeout(idle);
    }
    throw new Error('stream ended');
  }
}
