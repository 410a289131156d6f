/**
 * The server's one clock. Everything time-dependent (working hours, time-based discounts, token lifetimes) reads
 * `now()` from here, so tests can pin the time. Structurally the domain's `Clock` ({ now(): Date }).
 */
export interface ServerClock {
  now(): Date;
  /** The pinned instant, or null when the real time is used. */
  readonly override: Date | null;
  /** Pins the clock (null releases it). Only reachable over HTTP when NODE_ENV=test. */
  setOverride(instant: Date | null): void;
}

export function createServerClock(): ServerClock {
  let pinned: Date | null = null;
  return {
    now: () => (pinned ? new Date(pinned.getTime()) : new Date()),
    get override() {
      return pinned ? new Date(pinned.getTime()) : null;
    },
    setOverride(instant) {
      pinned = instant ? new Date(instant.getTime()) : null;
    },
  };
}
