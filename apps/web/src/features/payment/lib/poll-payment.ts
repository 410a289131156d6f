/**
 * Status polling (spec §4 "payment status is held in state and re-checked by polling the status calls"): asks
 * until the server answers a final state. Only the server's answer says paid — the provider's return to our page
 * proves nothing (payments.md §4).
 */
import type { PaymentStatus } from '@trapeza/domain/contracts/payments';

/**
 * `error`: the server answered without a state (One Touch: 'Възникна грешка при плащането'). `signedOut`: the
 * server will not say without a sign-in (a return to a browser that has none: issue 24 #2), so asking again every
 * 2 s is pointless until the guest signs in.
 */
export type PollOutcome = 'paid' | 'failed' | 'timeout' | 'error' | 'signedOut';

/** One status question: the state, or null when the answer carried none. Throwing counts as "ask again". */
export type StatusCheck = (signal: AbortSignal) => Promise<PaymentStatus | null>;

export interface PollOptions {
  signal: AbortSignal;
  /** Pause between questions. */
  intervalMs?: number;
  /** Give up after this long (the payment may still complete: the page offers to check again). */
  timeoutMs?: number;
  /** A state counted as final besides paid/failed, e.g. `none` once the payment was cancelled. */
  onStatus?: (status: PaymentStatus | null) => void;
  /** A failed question that ends the polling with this outcome (e.g. 401/403 login required → signedOut). */
  stopOn?: (error: unknown) => PollOutcome | null;
}

const POLL_INTERVAL_MS = 2_000;
const POLL_TIMEOUT_MS = 120_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Asks `check` every `intervalMs` until paid, failed, an answer without state, or the time-out. */
export async function pollPaymentStatus(check: StatusCheck, options: PollOptions): Promise<PollOutcome> {
  const { signal, intervalMs = POLL_INTERVAL_MS, timeoutMs = POLL_TIMEOUT_MS } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let status: PaymentStatus | null | undefined;
    try {
      status = await check(signal);
    } catch (err) {
      if (signal.aborted) throw err;
      const stop = options.stopOn?.(err);
      if (stop) return stop;
      status = undefined; // no answer (weak connection, time-out): ask again
    }
    if (status !== undefined) options.onStatus?.(status);
    if (status === 'paid' || status === 'failed') return status;
    if (status === null) return 'error';
    if (Date.now() + intervalMs > deadline) return 'timeout';
    await sleep(intervalMs, signal);
  }
}
