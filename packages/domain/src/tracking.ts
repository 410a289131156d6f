/**
 * Guest tracking rules (spec §4, §7, §9): page time counts only while the guest is active — 60 s without activity
 * pauses it, activity is noticed with a 250 ms debounce —, a page time is logged only when over 2 s and stored only
 * when under 300 s; the attribution cookie keeps the last touch's campaign parameters for 30 days. Pure: times are
 * passed in, nothing here reads the clock.
 */
import { ATTRIBUTION_COOKIE_MAX_AGE_SECONDS } from './tokens.ts';

/** Spec §9: idle time-out of page-time counting. */
export const PAGE_IDLE_TIMEOUT_MS = 60_000;
/** Spec §9: activity events are debounced by 250 ms. */
export const ACTIVITY_DEBOUNCE_MS = 250;
/** Spec §9: page time is logged only when over 2 s … */
export const PAGE_TIME_LOG_MIN_MS = 2_000;
/** … and stored only when under 300 s. */
export const PAGE_TIME_STORE_MAX_MS = 300_000;

/** Whether the client sends a page time of `ms` (over 2 s). */
export function shouldLogPageTime(ms: number): boolean {
  return Number.isFinite(ms) && ms > PAGE_TIME_LOG_MIN_MS;
}

/** Whether the server keeps a page time of `ms` (over 2 s and under 300 s). */
export function shouldStorePageTime(ms: number): boolean {
  return shouldLogPageTime(ms) && ms < PAGE_TIME_STORE_MAX_MS;
}

/**
 * Active time on one page. Time between two activities counts in full while the gap is under the idle time-out;
 * after the time-out only the time-out itself counts (the guest may have read that long), the rest is idle.
 */
export interface PageTimer {
  readonly startedAt: number;
  /** Active milliseconds up to the last activity. */
  readonly activeMs: number;
  readonly lastActivityAt: number;
}

export function startPageTimer(now: number): PageTimer {
  return { startedAt: now, activeMs: 0, lastActivityAt: now };
}

/** Active time counted up to `now` (the part after the last activity counts up to the idle time-out). */
export function activeTime(timer: PageTimer, now: number): number {
  return timer.activeMs + Math.min(Math.max(0, now - timer.lastActivityAt), PAGE_IDLE_TIMEOUT_MS);
}

/** The guest did something at `now`: counting resumes from here. */
export function recordActivity(timer: PageTimer, now: number): PageTimer {
  if (now <= timer.lastActivityAt) return timer;
  return { ...timer, activeMs: activeTime(timer, now), lastActivityAt: now };
}

/** Whether counting is paused at `now` (no activity for the idle time-out). */
export function isIdle(timer: PageTimer, now: number): boolean {
  return now - timer.lastActivityAt >= PAGE_IDLE_TIMEOUT_MS;
}

/**
 * The `logs/spent_time_on_page` times of a page left at `now`: the end is `now`, the start lies the active time
 * before it, so the server's end − start is the active time. Null when it is not to be logged (2 s or less).
 */
export function pageTimeEntry(timer: PageTimer, now: number): { startTime: number; endTime: number } | null {
  const ms = activeTime(timer, now);
  return shouldLogPageTime(ms) ? { startTime: now - ms, endTime: now } : null;
}

/** The attribution cookie (spec §3): last touch's campaign parameters, 30 days. */
export const ATTRIBUTION_COOKIE = 'attribution';
export const ATTRIBUTION_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'call_id', 'cid'] as const;
export type AttributionParam = (typeof ATTRIBUTION_PARAMS)[number];
export type Attribution = Partial<Record<AttributionParam, string>> & { last_touch: number };
export { ATTRIBUTION_COOKIE_MAX_AGE_SECONDS };

/**
 * The attribution of a visit with `params` at `now`: a new last touch when the URL carries any of the parameters
 * (values trimmed and capped at 200 characters), else null (the cookie stays as it is).
 */
export function attributionFrom(params: URLSearchParams, now: number): Attribution | null {
  const found: Partial<Record<AttributionParam, string>> = {};
  for (const key of ATTRIBUTION_PARAMS) {
    const value = params.get(key)?.trim();
    if (value) found[key] = value.slice(0, 200);
  }
  return Object.keys(found).length > 0 ? { ...found, last_touch: now } : null;
}
