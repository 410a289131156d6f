/**
 * Per-account counters (failed logins, reset e-mails; issue "Security hardening" #8), counted once for every server
 * process: in Redis when REDIS_URL is set (a hash per key, one Lua script per hit so concurrent hits never lose a
 * count), else — and while Redis does not answer — in the database's `account_counters` table (one upsert per hit,
 * atomic on SQLite and PostgreSQL). Nothing is kept in a process's memory, so N processes behind a load balancer
 * slow a password guesser exactly as one process does.
 *
 * A counter's times are the server clock's (the test clock in tests), so its windows are exact under a pinned
 * clock; Redis' own expiry (real time, renewed on each hit) only clears keys nobody touches any more.
 */
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SharedLimits } from '../../lib/shared-limits.ts';

export interface CounterState {
  /** Hits within the counter's window. */
  count: number;
  /** The last hit, epoch ms. */
  lastAt: number;
}

/** How a counter's window runs: from the first hit (fixed) or from the last (sliding: each hit renews it). */
export type WindowKind = 'fixed' | 'sliding';

/** KEYS[1]; ARGV: at, window ms, '1' sliding. A hit after the window's end starts a new one. */
const HIT_LUA = `
local at = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local expires = tonumber(redis.call('HGET', KEYS[1], 'e') or '0')
local count = 1
if expires <= at then
  expires = at + window
else
  count = tonumber(redis.call('HGET', KEYS[1], 'c') or '0') + 1
  if ARGV[3] == '1' then expires = at + window end
end
redis.call('HSET', KEYS[1], 'c', count, 'l', at, 'e', expires)
redis.call('PEXPIRE', KEYS[1], window)
return count
`;

const FALLBACK = Symbol('fallback');

export class AccountCounters {
  readonly #db: Kysely<Database>;
  readonly #shared: SharedLimits | null;

  constructor(db: Kysely<Database>, shared: SharedLimits | null) {
    this.#db = db;
    this.#shared = shared?.mode === 'redis' ? shared : null;
  }

  /** Redis first when configured; the database when Redis is absent or does not answer. */
  async #either<T>(
    remote: (redis: Redis, prefix: string) => Promise<T>,
    database: () => Promise<T>,
  ): Promise<T> {
    if (!this.#shared) return database();
    const value = await this.#shared.run<T | typeof FALLBACK>(remote, () => FALLBACK);
    return value === FALLBACK ? database() : value;
  }

  /** The counter of `key` at `now`, or null when it has no hit in its current window. */
  async get(key: string, now: number): Promise<CounterState | null> {
    return this.#either(
      async (redis, prefix) => {
        const [c, l, e] = await redis.hmget(`${prefix}acct:${key}`, 'c', 'l', 'e');
        if (c === null || l === null || e === null || Number(e) <= now) return null;
        return { count: Number(c), lastAt: Number(l) };
      },
      async () => {
        const row = await this.#db
          .selectFrom('account_counters')
          .select(['count', 'last_at'])
          .where('key', '=', key)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        return row ? { count: Number(row.count), lastAt: Number(row.last_at) } : null;
      },
    );
  }

  /** Counts one hit at `at`: the count within the window, this hit included. */
  async hit(key: string, at: number, windowMs: number, kind: WindowKind): Promise<number> {
    const sliding = kind === 'sliding';
    return this.#either(
      async (redis, prefix) =>
        Number(await redis.eval(HIT_LUA, 1, `${prefix}acct:${key}`, at, windowMs, sliding ? '1' : '0')),
      async () => {
        const expires = at + windowMs;
        const ended = sql<boolean>`account_counters.expires_at <= ${at}`;
        const row = await this.#db
          .insertInto('account_counters')
          .values({ key, count: 1, last_at: at, expires_at: expires })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              count: sql<number>`case when ${ended} then 1 else account_counters.count + 1 end`,
              last_at: at,
              expires_at: sliding
                ? expires
                : sql<number>`case when ${ended} then ${expires} else account_counters.expires_at end`,
            }),
          )
          .returning('count')
          .executeTakeFirstOrThrow();
        // Now and then, forget the counters whose window ended (random keys from a sprayer included).
        if (Math.random() < 0.02) {
          await this.#db.deleteFrom('account_counters').where('expires_at', '<=', at).execute();
        }
        return Number(row.count);
      },
    );
  }

  /** Forgets `key` (after a successful login). */
  async clear(key: string): Promise<void> {
    await this.#either(
      async (redis, prefix) => {
        await redis.del(`${prefix}acct:${key}`);
      },
      async () => {
        await this.#db.deleteFrom('account_counters').where('key', '=', key).execute();
      },
    );
  }
}
