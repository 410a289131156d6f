/**
 * A minimal Server-Sent Events reader for tests: `fetch` with a streaming body, parsed into events as a browser's
 * EventSource would (id, event, data; comments ignored).
 */
interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

export interface SseConnection {
  status: number;
  contentType: string | null;
  messages: SseMessage[];
  /** Resolves with the first message (after `from` already seen) that matches, or rejects after `ms`. */
  waitFor(match: (m: SseMessage) => boolean, ms?: number): Promise<SseMessage>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  const conn: SseConnection = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    messages,
    waitFor(match, ms = 1000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = messages.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
            return true;
          }
          return false;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(messages)}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    close() {
      abort.abort();
    },
  };
  if (!res.body || res.status !== 200) return conn;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          let hasField = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const val = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') id = val;
            else if (field === 'event') event = val;
            else if (field === 'data') data.push(val);
            else continue;
            hasField = true;
          }
          if (!hasField || data.length === 0) continue;
          messages.push({ id, event, data: data.join('\n') });
          for (const w of [...waiters]) w();
        }
      }
    } catch {
      // aborted
    }
  })();
  return conn;
}
