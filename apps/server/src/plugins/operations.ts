/**
 * What an operator needs to run the server (issue "Reliability and security proof"):
 * - request ids: `x-request-id` is taken from the request when it is a sane token (a proxy's id), else generated,
 *   logged on every line of the request (pino's `reqId`) and answered back in `x-request-id`;
 * - `GET /api/ready` (readiness): 200 when the database answers within READY_TIMEOUT_MS, else 503
 *   `service_unavailable` with `retry-after`; `GET /api/health` stays pure liveness;
 * - the abuse limits of orders, waiter calls and bill requests (lib/abuse-limits.ts), when rate limiting is on;
 * - NODE_ENV=test only: `GET /api/__test/slow?ms=` answers after a delay (the graceful-shutdown test).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.ts';
import { AbuseLimiter, LIMITED_ROUTES, rateLimitedError, sessionOf } from '../lib/abuse-limits.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../lib/db-errors.ts';
import type { SharedLimits } from '../lib/shared-limits.ts';
import type { ImageStore } from '../modules/admin/image-store.ts';

const READY_TIMEOUT_MS = 2000;
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Fastify `genReqId`: the caller's `x-request-id` when it is a sane token, else a new UUID. */
export function requestIdFrom(req: IncomingMessage): string {
  const raw = req.headers['x-request-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value !== undefined && REQUEST_ID.test(value) ? value : randomUUID();
}

export interface OperationsOptions {
  database: DatabaseHandle;
  /** Abuse limits on (off with RATE_LIMIT_PER_MINUTE=0, as for benchmarks and most tests). */
  abuseLimits: boolean;
  enableTestRoutes: boolean;
  limiter?: AbuseLimiter;
  /** Reported by /api/ready (Redis when REDIS_URL is set). */
  limits?: SharedLimits;
  /** Reported by /api/ready: where uploaded images go. */
  imageStore?: ImageStore;
}

async function databaseAnswers(database: DatabaseHandle, timeoutMs: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(database.db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    clearTimeout(timer);
  }
}

export function registerOperations(app: FastifyInstance, opts: OperationsOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // While the server closes, in-flight answers close their keep-alive connection, else it would wait for them.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  const Ready = z.object({
    ok: z.boolean(),
    database: z.enum(['sqlite', 'postgres']),
    /** Each dependency: `ok`, `off` (not configured) or what is wrong. */
    checks: z.object({
      database: z.string(),
      redis: z
        .string()
        .describe('ok, off (no REDIS_URL: limits per process) or the problem (limits per process meanwhile)'),
      storage: z
        .string()
        .describe(
          'where uploaded images go: s3 (S3_URL), database, or disk (DATA_DIR/uploads); `<kind>: <problem>` when it fails',
        ),
    }),
  });
  const NotReady = z.object({
    code: z.string(),
    message: z.string(),
    checks: z.object({ database: z.string(), redis: z.string(), storage: z.string() }).optional(),
  });
  r.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness: each dependency (database; Redis when configured; image storage). 503 with retry-after while the database does not answer or the disk of uploads is not writable (Redis and S3 problems are reported, with 200: every process shares them)',
        response: { 200: Ready, 503: NotReady },
      },
    },
    async (request, reply) => {
      const [problem, redisProblem, storageProblem] = await Promise.all([
        databaseAnswers(opts.database, READY_TIMEOUT_MS),
        opts.limits?.mode === 'redis' ? opts.limits.problem() : Promise.resolve(null),
        opts.imageStore ? opts.imageStore.problem() : Promise.resolve(null),
      ]);
      const storage = opts.imageStore?.kind ?? 'disk';
      const checks = {
        database: problem ?? 'ok',
        redis: opts.limits?.mode !== 'redis' ? 'off' : (redisProblem ?? 'ok'),
        // The database store answers with the database (its check above).
        storage: storageProblem === null ? storage : `${storage}: ${storageProblem}`,
      };
      // Redis down is not "not ready": the limits fall back to this process (lib/shared-limits.ts). Nor is S3 down:
      // every process shares the bucket, so taking them all out would turn an image outage into a whole outage.
      if (redisProblem !== null) request.log.warn({ problem: redisProblem }, 'ready: Redis unreachable');
      if (storageProblem !== null)
        request.log.warn({ problem: storageProblem }, 'ready: image storage not writable');
      const storageFails = storageProblem !== null && (opts.imageStore?.problemFailsReadiness ?? true);
      if (problem === null && !storageFails) return { ok: true, database: opts.database.dialect, checks };
      if (problem !== null) request.log.warn({ problem }, 'not ready: database unreachable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          code: 'service_unavailable',
          // Named after what failed: an operator reading the answer looks there first.
          message:
            problem !== null
              ? 'The database is unreachable; try again shortly'
              : 'Uploaded images cannot be stored; try again shortly',
          checks,
        });
    },
  );

  if (opts.abuseLimits) {
    const limiter = opts.limiter ?? new AbuseLimiter();
    app.addHook('preValidation', async (request, reply) => {
      const kind = LIMITED_ROUTES[`${request.method} ${request.routeOptions.url}`];
      if (!kind) return;
      const wait = await limiter.take(kind, request.ip, sessionOf(request));
      if (wait === null) return;
      reply.header('retry-after', String(wait));
      throw rateLimitedError();
    });
  }

  if (opts.enableTestRoutes) {
    r.get(
      '/api/__test/slow',
      { schema: { hide: true, querystring: z.object({ ms: z.coerce.number().int().min(0).max(60_000) }) } },
      async (request) => {
        await new Promise((resolve) => setTimeout(resolve, request.query.ms));
        return { ok: true, waited: request.query.ms };
      },
    );
  }
}
