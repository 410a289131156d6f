/**
 * One Server-Sent Events stream over the event bus: catch-up from the stored events after `Last-Event-ID`, then
 * live events, each sent once and in id order (the bus delivers in id order, so anything at or below the last id
 * sent is a duplicate of the catch-up and is dropped). A `ready` event carries the stream position even when
 * nothing happens, so that the browser's automatic reconnect always sends a Last-Event-ID. Comments every
 * `heartbeatMs` keep proxies and load balancers from closing an idle stream.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, detail } from './domain-error.ts';
import { MAX_CATCH_UP, type BusEvent, type EventBus } from '../plugins/events.ts';

interface StreamMessage {
  event: string;
  data: unknown;
}

/**
 * Caps on open streams (issue "Security hardening" #6: 300 of 300 streams from one address were accepted): at most
 * `perIp` from one client address and `total` in all. A stream over a cap is refused before it starts with 429
 * `rate_limited`, a reason in `details[0].code` (`streams_per_ip` or `streams_total`) and Retry-After; the browser's
 * EventSource gives up on a non-200 answer, and the screens fall back to polling as when a stream drops.
 *
 * Counted per process, on purpose: what a stream costs (a socket, a file descriptor, its buffers, a bus
 * subscription) is the process's own, so the cap is exactly this process's protection; with N processes behind a
 * load balancer one address may hold at most N × `perIp` streams, still bounded. A count shared in Redis or the
 * database would outlive a crashed process (its streams gone, its count not) and refuse guests for nothing.
 */
export class StreamCaps {
  readonly #byIp = new Map<string, number>();
  #total = 0;
  readonly perIp: number;
  readonly total: number;

  constructor(perIp: number, total: number) {
    this.perIp = perIp;
    this.total = total;
  }

  /** How many streams are open (tests, /metrics-style checks). */
  get open(): number {
    return this.#total;
  }

  /** Takes a slot for `ip`; answers the release (call once), or throws the 429. */
  acquire(ip: string): () => void {
    const mine = this.#byIp.get(ip) ?? 0;
    if (mine >= this.perIp)
      throw full('streams_per_ip', `Too many open event streams from this address (${this.perIp})`);
    if (this.#total >= this.total) throw full('streams_total', 'Too many open event streams on this server');
    this.#byIp.set(ip, mine + 1);
    this.#total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      const left = (this.#byIp.get(ip) ?? 1) - 1;
      if (left <= 0) this.#byIp.delete(ip);
      else this.#byIp.set(ip, left);
    };
  }
}

function full(code: string, message: string): DomainError {
  return new DomainError(429, 'rate_limited', message, {
    details: [detail('', code, message)],
    retryAfterSeconds: 10,
  });
}

export interface EventStreamOptions {
  bus: EventBus;
  placeId: number;
  /** Resume after this id (the Last-Event-ID header, else the query), or null for live events only. */
  lastEventId: number | null;
  /** Only events of this guest session. */
  session?: string;
  /** What to send for an event, or null to skip it (guest streams see less). */
  map: (event: BusEvent) => StreamMessage | null;
  heartbeatMs: number;
  /** Open streams, so that a closing server can end them (else it waits for them forever). */
  open: Set<() => void>;
  /** Per-IP and total caps (refused before the stream starts). */
  caps?: StreamCaps;
}

/**
 * The wire frame of an event for a mapping, built once and shared: a live event is one object handed to every
 * subscribed stream, so 200 boards cost one JSON.stringify instead of 200 (bench/staff-events).
 */
const frames = new WeakMap<BusEvent, Map<EventStreamOptions['map'], string | null>>();
function frameOf(event: BusEvent, map: EventStreamOptions['map']): string | null {
  let byMap = frames.get(event);
  if (!byMap) {
    byMap = new Map();
    frames.set(event, byMap);
  }
  let frame = byMap.get(map);
  if (frame === undefined) {
    const message = map(event);
    frame = message
      ? `id: ${event.id}\nevent: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`
      : null;
    byMap.set(map, frame);
  }
  return frame;
}

/** A client that reads slower than this much buffered output is cut off; it reconnects and catches up. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Browsers wait this long before reconnecting. */
const RETRY_MS = 2000;

/** Reads `Last-Event-ID` (header) or `last_event_id` (query); null when neither is a non-negative integer. */
export function requestedLastEventId(request: FastifyRequest, fromQuery: number | undefined): number | null {
  const raw = request.headers['last-event-id'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (header !== undefined && /^\d{1,15}$/.test(header.trim())) return Number(header.trim());
  return fromQuery ?? null;
}

/** Takes over the reply and streams until the client goes away or the server closes. */
export async function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: EventStreamOptions,
): Promise<void> {
  const { bus, placeId } = opts;
  const release = opts.caps?.acquire(request.ip) ?? (() => undefined);
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies buffer responses by default; SSE must go through at once.
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${RETRY_MS}\n\n`);

  let closed = false;
  let lastSent = 0;
  let catchingUp = true;
  const pending: BusEvent[] = [];

  const close = (): void => {
    if (closed) return;
    closed = true;
    release();
    unsubscribe();
    clearInterval(heartbeat);
    opts.open.delete(close);
    if (!res.writableEnded) res.end();
  };
  const write = (chunk: string): void => {
    if (closed) return;
    res.write(chunk);
    if (res.writableLength > MAX_BUFFERED_BYTES) close();
  };
  const send = (event: BusEvent): void => {
    if (event.id <= lastSent) return;
    lastSent = event.id;
    if (opts.session !== undefined && event.session !== opts.session) return;
    const frame = frameOf(event, opts.map);
    if (frame !== null) write(frame);
  };

  const unsubscribe = bus.subscribe(placeId, (event) => {
    if (catchingUp) pending.push(event);
    else send(event);
  });
  const heartbeat = setInterval(() => write(': ping\n\n'), opts.heartbeatMs);
  heartbeat.unref();
  opts.open.add(close);
  request.raw.on('close', close);
  res.on('close', close);
  res.on('error', close);

  try {
    if (opts.lastEventId === null) {
      lastSent = await bus.lastId(placeId);
    } else {
      const missed = await bus.since(placeId, opts.lastEventId, { session: opts.session });
      if (missed.length >= MAX_CATCH_UP || (await bus.isPruned(opts.lastEventId))) {
        // Too far behind: what was missed is gone or too much. The client reloads its lists, then goes on.
        lastSent = await bus.lastId(placeId);
        write(`event: reset\ndata: {}\n\n`);
      } else {
        lastSent = opts.lastEventId;
        for (const event of missed) send(event);
      }
    }
    catchingUp = false;
    for (const event of pending.splice(0)) send(event);
    write(`id: ${lastSent}\nevent: ready\ndata: ${JSON.stringify({ last_event_id: lastSent })}\n\n`);
  } catch (err) {
    request.log.error({ err }, 'event stream: catch-up failed');
    close();
  }
}
