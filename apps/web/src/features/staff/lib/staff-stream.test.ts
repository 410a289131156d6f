import { expect, test, vi } from 'vitest';
import { openStaffStream, type StreamStatus } from './staff-stream.ts';
import type { StaffStreamEvent } from './board-state.ts';

/** A scripted EventSource: named listeners, readyState and error. */
class FakeSource {
  static all: FakeSource[] = [];
  readyState = 0;
  listeners = new Map<string, (e: MessageEvent) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, fn);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(name: string, id: number, data: unknown) {
    this.listeners.get(name)?.(
      new MessageEvent(name, { data: JSON.stringify(data), lastEventId: String(id) }),
    );
  }
}

test('resumes from the loaded position, goes live on `ready`, and reopens from the last applied id when the browser gives up', async () => {
  vi.useFakeTimers();
  FakeSource.all = [];
  const events: StaffStreamEvent[] = [];
  const statuses: StreamStatus[] = [];
  const close = openStaffStream({
    place: 'bistro',
    token: 'tok',
    lastEventId: 40,
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
    onReset: () => undefined,
    createEventSource: (url) => new FakeSource(url) as unknown as EventSource,
  });
  const first = FakeSource.all[0]!;
  expect(first.url).toContain('last_event_id=40');
  expect(first.url).toContain('access_token=tok');
  expect(first.url).toContain('place=bistro');
  first.emit('order.created', 41, { order: { id: 1 } });
  first.emit('ready', 41, { last_event_id: 41 });
  expect(statuses).toEqual(['connecting', 'live']);
  expect(events.map((e) => [e.id, e.type])).toEqual([
    [41, 'order.created'],
    [41, 'ready'],
  ]);

  // The browser retries by itself while CONNECTING: nothing for us to do but show it.
  first.readyState = 0;
  first.onerror?.();
  expect(statuses.at(-1)).toBe('reconnecting');
  expect(FakeSource.all).toHaveLength(1);

  // CLOSED: we open a new stream from the last id we saw.
  first.readyState = 2;
  first.onerror?.();
  await vi.advanceTimersByTimeAsync(1000);
  expect(FakeSource.all).toHaveLength(2);
  expect(FakeSource.all[1]!.url).toContain('last_event_id=41');
  close();
  expect(FakeSource.all[1]!.closed).toBe(true);
  vi.useRealTimers();
});
