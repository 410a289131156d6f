/** The address filled from the map pin (issue 24): empty or pin-filled fields only, the latest pin wins, off stops. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { usePinAddress, type PinAddressField } from './use-pin-address.ts';

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const ok = (street: string, number: string | null = '12') => ({
  status: 'ok',
  address: `${street} ${number ?? ''}, Sofia`,
  street,
  number,
  postal_code: '1000',
});

function fields(initial: Partial<Record<PinAddressField, string>> = {}) {
  const values: Record<PinAddressField, string> = { street: '', number: '', postalCode: '', ...initial };
  return {
    values,
    form: {
      get: (f: PinAddressField) => values[f],
      set: (f: PinAddressField, v: string) => void (values[f] = v),
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('usePinAddress', () => {
  test('fills the empty fields from the pin, in the guest language, and says so', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(ok('Vitosha Blvd')));
    vi.stubGlobal('fetch', fetch);
    const { values, form } = fields();
    const { result } = renderHook(() => usePinAddress(form, 'en'));
    act(() => result.current.onPin({ lat: 42.69, lng: 23.32 }));
    expect(result.current.state).toBe('looking');
    await waitFor(() => expect(result.current.state).toBe('filled'));
    expect(values).toEqual({ street: 'Vitosha Blvd', number: '12', postalCode: '1000' });
    expect(String(fetch.mock.calls[0]![0])).toMatch(
      /geocode\/reverse\?lat=42\.690000&lng=23\.320000&lang=en/,
    );
  });

  test('never overwrites what the guest typed; replaces what the last pin filled', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(ok('First St')))
      .mockResolvedValueOnce(answer(ok('Second St', '7')));
    vi.stubGlobal('fetch', fetch);
    const { values, form } = fields({ number: '5A' });
    const { result } = renderHook(() => usePinAddress(form, 'bg'));
    act(() => result.current.onPin({ lat: 1, lng: 1 }));
    await waitFor(() => expect(values.street).toBe('First St'));
    expect(values.number).toBe('5A');
    act(() => result.current.onPin({ lat: 2, lng: 2 }));
    await waitFor(() => expect(values.street).toBe('Second St'));
    expect(values.number).toBe('5A');
    values.street = 'Typed by the guest';
    fetch.mockResolvedValueOnce(answer(ok('Third St')));
    act(() => result.current.onPin({ lat: 3, lng: 3 }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(result.current.state).not.toBe('looking'));
    expect(values.street).toBe('Typed by the guest');
  });

  test("only the latest pin's answer counts", async () => {
    let release: (r: Response) => void = () => undefined;
    const slow = new Promise<Response>((r) => (release = r));
    const fetch = vi
      .fn()
      .mockReturnValueOnce(slow)
      .mockResolvedValueOnce(answer(ok('Latest St')));
    vi.stubGlobal('fetch', fetch);
    const { values, form } = fields();
    const { result } = renderHook(() => usePinAddress(form, 'bg'));
    act(() => result.current.onPin({ lat: 1, lng: 1 }));
    act(() => result.current.onPin({ lat: 2, lng: 2 }));
    await waitFor(() => expect(values.street).toBe('Latest St'));
    await act(async () => release(answer(ok('Stale St'))));
    expect(values.street).toBe('Latest St');
  });

  test('off on the server: no message, no more calls; a failure leaves the fields for typing', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(
        answer({ status: 'off', address: null, street: null, number: null, postal_code: null }),
      );
    vi.stubGlobal('fetch', fetch);
    const { values, form } = fields();
    const { result } = renderHook(() => usePinAddress(form, 'bg'));
    act(() => result.current.onPin({ lat: 1, lng: 1 }));
    await waitFor(() => expect(result.current.state).toBe('idle'));
    act(() => result.current.onPin({ lat: 2, lng: 2 }));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(values.street).toBe('');

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const other = renderHook(() => usePinAddress(fields().form, 'bg'));
    act(() => other.result.current.onPin({ lat: 1, lng: 1 }));
    await waitFor(() => expect(other.result.current.state).toBe('none'));
  });
});
