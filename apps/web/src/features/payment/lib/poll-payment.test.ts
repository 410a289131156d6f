import { describe, expect, test, vi } from 'vitest';
import type { PaymentStatus } from '@trapeza/domain/contracts/payments';
import { pollPaymentStatus } from './poll-payment.ts';

/** A status check answering `answers` in turn (an Error is thrown, like a lost connection). */
function checks(answers: (PaymentStatus | null | Error)[]) {
  const fn = vi.fn(async () => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return next === undefined ? 'pending' : next;
  });
  return fn;
}

describe('pollPaymentStatus (spec §4: status re-checked by polling until final)', () => {
  const signal = () => new AbortController().signal;

  test.each([
    ['paid after two pending answers', ['pending', 'pending', 'paid'], 'paid', 3],
    ['failed at once', ['failed'], 'failed', 1],
    [
      'an answer without a state → error (One Touch: Възникна грешка при плащането)',
      ['pending', null],
      'error',
      2,
    ],
    ['a lost connection is asked again', [new Error('offline'), 'paid'], 'paid', 2],
  ] as const)('%s', async (_name, answers, outcome, calls) => {
    const check = checks([...answers]);
    await expect(pollPaymentStatus(check, { signal: signal(), intervalMs: 1 })).resolves.toBe(outcome);
    expect(check).toHaveBeenCalledTimes(calls);
  });

  test('stops asking once paid: no question after the final answer', async () => {
    const check = checks(['paid']);
    await pollPaymentStatus(check, { signal: signal(), intervalMs: 1 });
    await new Promise((r) => setTimeout(r, 20));
    expect(check).toHaveBeenCalledTimes(1);
  });

  test('gives up at the time-out while the state stays pending', async () => {
    const check = checks([]);
    await expect(pollPaymentStatus(check, { signal: signal(), intervalMs: 5, timeoutMs: 30 })).resolves.toBe(
      'timeout',
    );
    expect(check.mock.calls.length).toBeGreaterThan(1);
    expect(check.mock.calls.length).toBeLessThan(10);
  });

  test('an abort ends the polling', async () => {
    const controller = new AbortController();
    const check = checks([]);
    const run = pollPaymentStatus(check, { signal: controller.signal, intervalMs: 50 });
    controller.abort(new Error('left the page'));
    await expect(run).rejects.toThrow('left the page');
  });

  test('every answer is reported (the page holds the payment state)', async () => {
    const seen: (PaymentStatus | null)[] = [];
    await pollPaymentStatus(checks(['pending', 'paid']), {
      signal: signal(),
      intervalMs: 1,
      onStatus: (s) => seen.push(s),
    });
    expect(seen).toEqual(['pending', 'paid']);
  });
});
