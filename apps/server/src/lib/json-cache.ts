/**
 * A tiny time-bounded cache of serialized JSON answers. The heavy menu answers (every product with its variants,
 * images, allergens…) are the same for every guest of a place in the same order context; building and encoding
 * them costs ~15 ms, sending a cached string almost nothing. Concurrent misses of one key share one build.
 * Staleness is bounded by the TTL; writers call `clear(prefix)` to publish at once.
 */
export interface JsonCache {
  get(key: string, produce: () => Promise<string>): Promise<string>;
  /** Drops every entry (or those whose key starts with `prefix`). */
  clear(prefix?: string): void;
}

export function createJsonCache(ttlMs: number, maxEntries = 1_000): JsonCache {
  const entries = new Map<string, { value: Promise<string>; expires: number }>();
  return {
    get(key, produce) {
      if (ttlMs <= 0) return produce();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = produce();
      entries.set(key, { value, expires: now + ttlMs });
      // A failed build must not be served from the cache.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear(prefix) {
      if (prefix === undefined) entries.clear();
      else for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
