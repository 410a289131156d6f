/** Guest-side logging (spec §7 logs calls): validated, scoped to a place where one is known, stored as JSON. */
import type { SpentTimeOnPageBody, SystemLogBody, UserActionBody } from '@trapeza/domain/contracts/logs';
import { DomainError } from '../../lib/domain-error.ts';
import type { LogsRepository } from './logs.repository.ts';

/** Spec §9: page time is stored only when it lies strictly between 2 s and 300 s. */
const PAGE_TIME_MIN_MS = 2_000;
const PAGE_TIME_MAX_MS = 300_000;
/** A system log's free-form data is capped so a client bug cannot fill the disk. */
const MAX_DATA_CHARS = 10_000;
/** Deeper data is refused before it is serialised: JSON.stringify recurses and would overflow the stack (500). */
const MAX_DATA_DEPTH = 32;

/** Whether `value` nests objects or arrays deeper than `max` levels (iterative, so any depth is safe to check). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

function toMillis(value: number | string): number {
  if (typeof value === 'number') return value;
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : Date.parse(value);
}

export function createLogsService(deps: { repo: LogsRepository; now: () => Date }) {
  const { repo } = deps;

  /** The tenant's place when the headers came, else the body's placeId (beacons cannot send headers). */
  async function placeFor(
    tenantPlaceId: number | null,
    bodyPlaceId: number | null | undefined,
  ): Promise<number | null> {
    if (tenantPlaceId !== null) return tenantPlaceId;
    if (bodyPlaceId == null) return null;
    if (!(await repo.placeExists(bodyPlaceId))) {
      throw new DomainError(404, 'unknown_place', `Unknown place ${bodyPlaceId}`);
    }
    return bodyPlaceId;
  }

  return {
    /** POST logs/spent_time_on_page: stores the page time when 2 s < duration < 300 s. */
    async spentTimeOnPage(tenantPlaceId: number | null, body: SpentTimeOnPageBody) {
      const start = toMillis(body.startTime);
      const end = toMillis(body.endTime);
      if (!Number.isFinite(start) || !Number.isFinite(end)) {
        throw new DomainError(
          400,
          'validation_error',
          'startTime and endTime must be epoch milliseconds or ISO dates',
        );
      }
      const placeId = await placeFor(tenantPlaceId, body.placeId);
      const duration = end - start;
      if (!(duration > PAGE_TIME_MIN_MS && duration < PAGE_TIME_MAX_MS))
        return { ok: true as const, stored: false };
      await repo.insert({
        placeId,
        kind: 'spent_time',
        data: {
          startTime: new Date(start).toISOString(),
          endTime: new Date(end).toISOString(),
          durationMs: duration,
          page: body.page ?? null,
          catHierarchyId: body.catHierarchyId ?? null,
          productId: body.productId ?? null,
        },
        createdAt: deps.now().toISOString(),
      });
      return { ok: true as const, stored: true };
    },

    /** POST logs/make-system-log: a client-side event worth keeping (errors, payment flow steps). */
    async systemLog(tenantPlaceId: number | null, body: SystemLogBody) {
      const data = body.data === undefined ? null : body.data;
      if (nestsDeeperThan(data, MAX_DATA_DEPTH)) {
        throw new DomainError(
          413,
          'payload_too_large',
          `data must nest at most ${MAX_DATA_DEPTH} levels deep`,
        );
      }
      const text = JSON.stringify(data) ?? 'null';
      if (text.length > MAX_DATA_CHARS) {
        throw new DomainError(
          413,
          'payload_too_large',
          `data must serialize to at most ${MAX_DATA_CHARS} characters`,
        );
      }
      await repo.insert({
        placeId: tenantPlaceId,
        kind: 'system',
        data: { action: body.action, data },
        createdAt: deps.now().toISOString(),
      });
      return { ok: true as const, stored: true };
    },

    /** POST logs/user_action: a guest action (opened a category, a product, a modal…). */
    async userAction(tenantPlaceId: number | null, body: UserActionBody) {
      await repo.insert({
        placeId: tenantPlaceId,
        kind: 'user_action',
        data: {
          page: body.page ?? null,
          action_type: body.action_type,
          categoryId: body.categoryId ?? null,
          productId: body.productId ?? null,
        },
        createdAt: deps.now().toISOString(),
      });
      return { ok: true as const, stored: true };
    },
  };
}
export type LogsService = ReturnType<typeof createLogsService>;
