import { describe, expect, test } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { isValidPhone } from '@trapeza/domain/validation';
import { usePhonePattern } from './use-phone-pattern.ts';

describe("the venue's phone rule in the browser (issue 23 #3)", () => {
  test('no rule: nothing to load, the default check only', () => {
    const { result } = renderHook(() => usePhonePattern(''));
    expect(result.current).toBeNull();
  });

  test('a rule arrives compiled by the linear-time engine and applies', async () => {
    const { result } = renderHook(() => usePhonePattern('^\\+359\\d{9}$'));
    await waitFor(() => expect(result.current).not.toBeNull());
    expect(isValidPhone('+359 888 123 456', result.current)).toBe(true);
    expect(isValidPhone('0888 123 456', result.current)).toBe(false);
  });

  test("the probe's catastrophic pattern does not freeze the tab", async () => {
    const { result } = renderHook(() => usePhonePattern('^\\+?(\\d|\\d|\\d|\\d)+\\D$'));
    await waitFor(() => expect(result.current).not.toBeNull());
    const started = performance.now();
    expect(isValidPhone('123456789012345', result.current)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });

  test('a pattern the engine cannot compile is ignored', async () => {
    const { result, rerender } = renderHook(({ s }) => usePhonePattern(s), {
      initialProps: { s: '^\\+44' },
    });
    await waitFor(() => expect(result.current?.source).toBe('^\\+44'));
    rerender({ s: '(\\d)\\1' });
    expect(result.current).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current).toBeNull();
    expect(isValidPhone('0888 123 456', result.current)).toBe(true);
  });
});
