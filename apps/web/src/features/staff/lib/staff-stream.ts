/**
 * The board's connection to `GET /api/staff/events`. EventSource cannot send headers, so the token and the
 * tenancy go in the query (`access_token`, `client`, `place`); the first connection resumes from the loaded
 * lists' `last_event_id`. On a dropped connection the browser reconnects by itself and sends `Last-Event-ID`
 * (which the server prefers to the query); when it gives up (the stream closed for good, e.g. a restart answered
 * an error) we open a new one from the last id we applied, with a growing pause.
 */
import type { StaffEventType } from '@trapeza/domain/contracts/staff';
import { config } from '../../../config.ts';
import { pageClient } from '../../../lib/page-brand.ts';
import type { StaffStreamEvent } from './board-state.ts';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface StaffStreamOptions {
  place: string;
  token: string;
  /** Resume after this event id (the loaded lists' position). */
  lastEventId: number;
  onEvent: (event: StaffStreamEvent) => void;
  onStatus: (status: StreamStatus) => void;
  /** The history no longer reaches back far enough: reload the lists. */
  onReset: () => void;
  /**
   * Asked before opening a new stream after the browser gave up on one; false stops for good (e.g. the token
   * expired: the screen asks to log in again instead of knocking forever).
   */
  beforeReconnect?: () => Promise<boolean>;
  /** The data events to listen to (default: the board's); `ready` and `reset` always. */
  events?: readonly string[];
  /** For tests. */
  createEventSource?: (url: string) => EventSource;
}

// Listed here rather than imported from the contract: a value import would bring zod into the staff chunk.
const NAMED_EVENTS: readonly (StaffEventType | 'ready' | 'reset')[] = [
  'order.created',
  'order.status_changed',
  'order.table_changed',
  'order.payment_changed',
  'user_need.created',
  'user_need.done',
  'feedback.created',
  'ready',
  'reset',
];
const MAX_RETRY_MS = 15_000;

function staffEventsUrl(place: string, token: string, lastEventId: number): string {
  const q = new URLSearchParams({
    client: pageClient(),
    place,
    access_token: token,
    last_event_id: String(lastEventId),
  });
  return `${config.apiBase}/staff/events?${q.toString()}`;
}

/** Opens the stream; returns the function that closes it for good. */
export function openStaffStream(options: StaffStreamOptions): () => void {
  const create = options.createEventSource ?? ((url: string) => new EventSource(url));
  let lastId = options.lastEventId;
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = 1000;
  let closed = false;

  const connect = () => {
    if (closed) return;
    const es = create(staffEventsUrl(options.place, options.token, lastId));
    source = es;
    for (const name of options.events ? [...options.events, 'ready', 'reset'] : NAMED_EVENTS) {
      es.addEventListener(name, (e) => {
        const message = e as MessageEvent<string>;
        const id = Number(message.lastEventId);
        let data: unknown;
        try {
          data = message.data ? JSON.parse(message.data) : {};
        } catch {
          return;
        }
        if (Number.isFinite(id) && id > lastId) lastId = id;
        if (name === 'ready') {
          retryMs = 1000;
          options.onStatus('live');
        }
        if (name === 'reset') options.onReset();
        options.onEvent({ id: Number.isFinite(id) ? id : 0, type: name, data });
      });
    }
    es.onerror = () => {
      options.onStatus('reconnecting');
      if (es.readyState === 2 /* CLOSED */) {
        es.close();
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          void (options.beforeReconnect?.() ?? Promise.resolve(true)).then(
            (go) => {
              if (go) connect();
            },
            () => connect(),
          );
        }, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      }
    };
  };

  options.onStatus('connecting');
  connect();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    source?.close();
  };
}
