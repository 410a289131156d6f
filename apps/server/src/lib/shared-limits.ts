/**
 * Where the rate and abuse limits count (issue "Scale out", item 3). With `REDIS_URL` every limit — the API-wide
 * per-IP limit and the route limits of @fastify/rate-limit (plugins/security.ts, login, registration, reset,
 * promo codes) and the per-IP / per-table-session abuse limits (lib/abuse-limits.ts) — is counted once in Redis, so
 * N processes behind a load balancer allow what one process allows. Without `REDIS_URL` each process counts these
 * in its own memory (one process: exact; N processes: N times the allowance, never a legitimate guest refused
 * longer). The per-account login and reset counts (modules/users/account-counters.ts) are never per process: Redis,
 * else the database.
 *
 * Redis going away while the server runs never fails a request: each count falls back to the process's own memory
 * (a warning in the log at most every 30 s, and an info line when Redis answers again), and `/api/ready` reports it.
 * Redis unreachable at start, when configured, is a startup error naming REDIS_URL: an operator who asked for
 * shared limits is told at once instead of silently running per process.
 */
import { Redis } from 'ioredis';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { StartupError } from './startup-error.ts';

export interface LimitsLog {
  warn(obj: unknown, msg: string): void;
  info(obj: unknown, msg: string): void;
}

/** Redis answers slower than this count as "down" for that request (the count then falls back to the process). */
const COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 3_000;
const WARN_EVERY_MS = 30_000;

/** INCR with the window set on the first hit: [count, milliseconds left]. */
const INCR_LUA = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/**
 * Several windows at once (a table session's and its IP's): when any has reached its max, nothing is counted and
 * the milliseconds until that window ends are returned; else each is counted and -1 returned.
 */
const TAKE_LUA = `
local window = tonumber(ARGV[1])
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[i + 1]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then
      redis.call('PEXPIRE', KEYS[i], window)
      ttl = window
    end
    return ttl
  end
end
for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], window) end
end
return -1
`;

type ScriptedRedis = Redis & {
  trapezaIncr(key: string, windowMs: number): Promise<[number, number]>;
  trapezaTake(...args: (string | number)[]): Promise<number>;
};

/** A fixed window of one key. */
interface Window {
  count: number;
  resetAt: number;
}

/**
 * Every LocalWindows of this process, for the browser journeys' reset (NODE_ENV=test: `POST /api/__test/reset`
 * starts the counts afresh with the database, so a journey file is never refused by the logins of the files before
 * it). Weak: a dropped limiter is not kept alive by this list.
 */
const everyLocalWindows = new Set<WeakRef<LocalWindows>>();

/** Empties every in-process count (test reset only; counts kept in Redis are not touched). */
export function clearLocalWindows(): void {
  for (const ref of everyLocalWindows) {
    const windows = ref.deref();
    if (windows) windows.clear();
    else everyLocalWindows.delete(ref);
  }
}

/** Fixed-window counters in this process's memory (the counting without Redis, and the fallback). */
export class LocalWindows {
  readonly #windows = new Map<string, Window>();
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: { maxKeys?: number; now?: () => number } = {}) {
    this.#maxKeys = options.maxKeys ?? 100_000;
    this.#now = options.now ?? Date.now;
    everyLocalWindows.add(new WeakRef(this));
  }

  /** Forgets every count. */
  clear(): void {
    this.#windows.clear();
  }

  /** Counts one hit: the count so far in the window and the milliseconds left. */
  incr(key: string, windowMs: number): { current: number; ttl: number } {
    const now = this.#now();
    const w = this.#window(key, now, windowMs);
    w.count++;
    return { current: w.count, ttl: w.resetAt - now };
  }

  /** All-or-nothing: the milliseconds to wait when one window is full (nothing counted), else null (all counted). */
  take(entries: readonly (readonly [key: string, max: number])[], windowMs: number): number | null {
    const now = this.#now();
    const windows = entries.map(([key, max]) => [this.#window(key, now, windowMs), max] as const);
    for (const [w, max] of windows) if (w.count >= max) return w.resetAt - now;
    for (const [w] of windows) w.count++;
    return null;
  }

  #window(key: string, now: number, windowMs: number): Window {
    let w = this.#windows.get(key);
    if (w && w.resetAt > now) return w;
    if (w) this.#windows.delete(key);
    if (this.#windows.size >= this.#maxKeys) this.#sweep(now);
    w = { count: 0, resetAt: now + windowMs };
    this.#windows.set(key, w);
    return w;
  }

  #sweep(now: number): void {
    for (const [key, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(key);
    // Still full: drop the oldest-inserted keys (a sprayer of random keys evicts its own entries first).
    while (this.#windows.size >= this.#maxKeys) {
      const oldest = this.#windows.keys().next().value;
      if (oldest === undefined) break;
      this.#windows.delete(oldest);
    }
  }
}

/** What @fastify/rate-limit hands a store's `child()` at run time: the merged params with the route (its types say RouteOptions). */
interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** A password in a URL never reaches a log line or an error message. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

export class SharedLimits {
  readonly #redis: ScriptedRedis | null;
  readonly #prefix: string;
  readonly #log: LimitsLog;
  #degradedSince: number | null = null;
  #lastWarn = 0;

  private constructor(redis: Redis | null, prefix: string, log: LimitsLog) {
    this.#redis = redis as ScriptedRedis | null;
    this.#prefix = prefix;
    this.#log = log;
    if (this.#redis) {
      this.#redis.defineCommand('trapezaIncr', { numberOfKeys: 1, lua: INCR_LUA });
      this.#redis.defineCommand('trapezaTake', { lua: TAKE_LUA });
    }
  }

  /** Per-process counting (no REDIS_URL). */
  static inProcess(log: LimitsLog): SharedLimits {
    return new SharedLimits(null, '', log);
  }

  /**
   * Connects to Redis when `url` is set (keys under `prefix`); throws StartupError naming REDIS_URL when it does not
   * answer within 3 s.
   */
  static async connect(url: string | null, prefix: string, log: LimitsLog): Promise<SharedLimits> {
    if (!url) return SharedLimits.inProcess(log);
    const redis = new Redis(url, {
      lazyConnect: true,
      // A count never waits for a reconnect: it falls back to the process at once.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    // Errors are reported through the counts' fallback; without a listener ioredis would print each retry.
    redis.on('error', () => undefined);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        redis.connect().then(() => redis.ping()),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS} ms`)),
            CONNECT_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (err) {
      redis.disconnect();
      throw new StartupError(
        `REDIS_URL ${redactUrl(url)} is unreachable (${(err as Error).message || String(err)}); ` +
          'start Redis or unset REDIS_URL to count limits per process',
      );
    } finally {
      clearTimeout(timer);
    }
    return new SharedLimits(redis, prefix, log);
  }

  /** 'redis' when configured, else 'process'. */
  get mode(): 'redis' | 'process' {
    return this.#redis ? 'redis' : 'process';
  }

  /** For /api/ready: null when Redis answers (or is not configured), else the problem. */
  async problem(): Promise<string | null> {
    const redis = this.#redis;
    if (!redis) return null;
    if (redis.status !== 'ready') return `Redis connection ${redis.status}`;
    try {
      await redis.ping();
      return null;
    } catch (err) {
      return (err as Error).message || String(err);
    }
  }

  async close(): Promise<void> {
    const redis = this.#redis;
    if (!redis) return;
    await redis.quit().catch(() => redis.disconnect());
  }

  /** Runs the count on Redis when it answers, else in this process (and says so in the log). */
  async run<T>(remote: (redis: ScriptedRedis, prefix: string) => Promise<T>, local: () => T): Promise<T> {
    const redis = this.#redis;
    if (!redis) return local();
    if (redis.status !== 'ready') {
      this.#degraded(`Redis connection ${redis.status}`);
      return local();
    }
    try {
      const value = await remote(redis, this.#prefix);
      if (this.#degradedSince !== null) {
        this.#log.info(
          { downMs: Date.now() - this.#degradedSince },
          'Redis answers again: rate and abuse limits are shared across processes again',
        );
        this.#degradedSince = null;
      }
      return value;
    } catch (err) {
      this.#degraded((err as Error).message || String(err));
      return local();
    }
  }

  #degraded(problem: string): void {
    const now = Date.now();
    this.#degradedSince ??= now;
    if (now - this.#lastWarn < WARN_EVERY_MS) return;
    this.#lastWarn = now;
    this.#log.warn(
      { problem },
      'Redis (REDIS_URL) unreachable: rate and abuse limits are counted per process until it answers again',
    );
  }

  /** Counts one hit of `key` in a fixed window (the @fastify/rate-limit store and the simple counters). */
  incr(key: string, windowMs: number, local: LocalWindows): Promise<{ current: number; ttl: number }> {
    return this.run(
      async (redis, prefix) => {
        const [current, ttl] = await redis.trapezaIncr(prefix + key, windowMs);
        return { current: Number(current), ttl: Number(ttl) };
      },
      () => local.incr(key, windowMs),
    );
  }

  /** All-or-nothing count of several windows (LocalWindows.take's contract): ms to wait, or null. */
  take(entries: readonly (readonly [key: string, max: number])[], windowMs: number, local: LocalWindows) {
    return this.run(
      async (redis, prefix) => {
        const ttl = Number(
          await redis.trapezaTake(
            entries.length,
            ...entries.map(([key]) => prefix + key),
            windowMs,
            ...entries.map(([, max]) => max),
          ),
        );
        return ttl < 0 ? null : Math.max(1, ttl);
      },
      () => local.take(entries, windowMs),
    );
  }

  /** Sliding-window attempts (a sorted set of times): how many of `key` are newer than `since`. */
  recentAttempts(key: string, since: number, local: () => number): Promise<number> {
    return this.run(async (redis, prefix) => {
      const result = await redis
        .multi()
        .zremrangebyscore(prefix + key, '-inf', `(${since}`)
        .zcard(prefix + key)
        .exec();
      const [err, count] = result?.[1] ?? [new Error('no answer'), 0];
      if (err) throw err;
      return Number(count);
    }, local);
  }

  /** Adds one attempt at `at` to `key`, kept for `windowMs`. */
  addAttempt(key: string, at: number, windowMs: number, local: () => void): Promise<void> {
    return this.run(async (redis, prefix) => {
      const member = `${at}:${Math.random().toString(36).slice(2, 10)}`;
      const result = await redis
        .multi()
        .zadd(prefix + key, at, member)
        .pexpire(prefix + key, windowMs)
        .exec();
      const failed = result?.find(([err]) => err);
      if (failed) throw failed[0];
    }, local);
  }

  /** Forgets `key`'s attempts. */
  clearAttempts(key: string, local: () => void): Promise<void> {
    return this.run(async (redis, prefix) => {
      await redis.del(prefix + key);
    }, local);
  }

  /**
   * A @fastify/rate-limit store counting here: the plugin-wide limit under `rl:all:`, each route's own limit under
   * its method and matched route URL (`rl:POST/api/login:`), so `/%61pi/login` and `/api/login` are one count.
   */
  rateLimitStore(): FastifyRateLimitStoreCtor {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the store class closes over this instance
    const shared = this;
    class Store implements FastifyRateLimitStore {
      readonly #namespace: string;
      readonly #local = new LocalWindows();
      constructor(_params?: unknown, namespace = 'rl:all:') {
        this.#namespace = namespace;
      }
      incr(
        key: string,
        cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
        timeWindow: number,
      ): void {
        shared.incr(this.#namespace + key, timeWindow, this.#local).then(
          (res) => cb(null, res),
          (err: Error) => cb(err),
        );
      }
      child(routeOptions: unknown): FastifyRateLimitStore {
        const info = (routeOptions as ChildParams).routeInfo ?? {};
        const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
        return new Store(routeOptions, `rl:${method}${info.url ?? ''}:`);
      }
    }
    return Store;
  }
}
