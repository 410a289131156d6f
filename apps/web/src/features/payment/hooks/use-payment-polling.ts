/**
 * Holds the payment state while polling (spec §4): the start and end flags and the outcome. `restart()` asks again
 * after a time-out or an answer without a state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentStatus } from '@trapeza/domain/contracts/payments';
import { pollPaymentStatus, type PollOutcome, type StatusCheck } from '../lib/poll-payment.ts';
import { needsSignIn } from '../lib/payment-error.ts';

export interface PaymentPolling {
  /** Payment start flag: polling is under way. */
  checking: boolean;
  /** Payment end flag with its outcome; null while checking. */
  outcome: PollOutcome | null;
  /** The last state the server answered. */
  status: PaymentStatus | null;
  restart: () => void;
}

export function usePaymentPolling(
  check: StatusCheck | null,
  options: { intervalMs?: number; timeoutMs?: number } = {},
): PaymentPolling {
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<PollOutcome | null>(null);
  const [status, setStatus] = useState<PaymentStatus | null>(null);
  const checkRef = useRef(check);
  useEffect(() => {
    checkRef.current = check;
  }, [check]);
  const active = check !== null;
  const { intervalMs, timeoutMs } = options;

  useEffect(() => {
    const current = checkRef.current;
    if (!current) return;
    const controller = new AbortController();
    setOutcome(null);
    pollPaymentStatus(current, {
      signal: controller.signal,
      intervalMs,
      timeoutMs,
      onStatus: setStatus,
      stopOn: (err) => (needsSignIn(err) ? 'signedOut' : null),
    }).then(
      setOutcome,
      () => undefined, // aborted: the page moved on
    );
    return () => controller.abort();
  }, [active, round, intervalMs, timeoutMs]);

  const restart = useCallback(() => setRound((r) => r + 1), []);
  return { checking: active && outcome === null, outcome, status, restart };
}
