/**
 * A tiny time-bounded cache of values built asynchronously. The heavy menu answers (every product with its variants,
 * images, allergens…) are the same for every guest of a place in the same order context; building and encoding
 * them costs ~15 ms, sending a cached string almost nothing. The order path reads a venue's configuration (settings,
 * order types with their tiers and zones, regions) on every order the same way. Concurrent misses of one key share
 * one build. Staleness is bounded by the TTL; writers call `clear(prefix)` to publish at once. Cached values are
 * shared between requests: callers never mutate them.
 */
export interface TtlCache<T> {
  get(key: string, produce: () => Promise<T>): Promise<T>;
  /** Drops every entry (or those whose key starts with `prefix`). */
  clear(prefix?: string): void;
}

/** Serialized JSON answers. */
export type JsonCache = TtlCache<string>;

export function createTtlCache<T>(ttlMs: number, maxEntries = 1_000): TtlCache<T> {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
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

export function createJsonCache(ttlMs: number, maxEntries = 1_000): JsonCache {
  return createTtlCache<string>(ttlMs, maxEntries);
}
