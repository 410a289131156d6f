/** Where the server and the browser read the time; rules never call Date.now() themselves but take `now: Date`. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests and demos: fixed until set or advanced. */
export interface FixedClock extends Clock {
  set(date: Date | string | number): void;
  advance(ms: number): void;
}

/** Creates a clock frozen at `start`; `set` and `advance` move it. Each `now()` returns a fresh Date copy. */
export function fixedClock(start: Date | string | number): FixedClock {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (date) => {
      t = new Date(date).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
