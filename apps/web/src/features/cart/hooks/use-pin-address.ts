/**
 * Fills the delivery address from the map pin (issue 24, minor): each pin the guest drops or drags asks the
 * server's reverse geocoder (GET geocode/reverse, GEOCODER_URL) for the street, number and postal code in the
 * guest's language, and puts them into the fields the guest has left empty — or that an earlier pin filled and the
 * guest has not changed since; what the guest typed is never overwritten. Only the latest pin's answer counts. Off
 * on the installation (status 'off'), failing or finding nothing: the fields stay for typing, with no error.
 */
import { useRef, useState } from 'react';
import type { ReverseGeocodeResponse } from '@trapeza/domain/contracts/geocode';
import { api } from '../../../lib/api-client.ts';

export type PinAddressField = 'street' | 'number' | 'postalCode';

export interface PinAddressForm {
  get: (field: PinAddressField) => string;
  set: (field: PinAddressField, value: string) => void;
}

export type PinAddressState = 'idle' | 'looking' | 'filled' | 'none';

const reverseGeocode = (lat: number, lng: number, lang: string) =>
  api.get<ReverseGeocodeResponse>(
    `geocode/reverse?lat=${lat.toFixed(6)}&lng=${lng.toFixed(6)}&lang=${encodeURIComponent(lang)}`,
    { timeoutMs: 8_000 },
  );

export function usePinAddress(form: PinAddressForm, lang: string) {
  const [state, setState] = useState<PinAddressState>('idle');
  const latest = useRef(0);
  const off = useRef(false);
  // What the last pin put into each field: a field still holding it may be replaced by the next pin.
  const filled = useRef<Partial<Record<PinAddressField, string>>>({});

  const onPin = (p: { lat: number; lng: number }) => {
    if (off.current) return;
    const ask = ++latest.current;
    setState('looking');
    reverseGeocode(p.lat, p.lng, lang)
      .then((res) => {
        if (ask !== latest.current) return;
        if (res.status === 'off') off.current = true;
        if (res.status !== 'ok') return setState(res.status === 'off' ? 'idle' : 'none');
        const parts: Record<PinAddressField, string | null> = {
          street: res.street ?? (res.number ? null : res.address),
          number: res.number,
          postalCode: res.postal_code,
        };
        let any = false;
        for (const field of ['street', 'number', 'postalCode'] as const) {
          const now = form.get(field).trim();
          const mine = now === '' || now === filled.current[field];
          if (!mine) continue;
          const value = parts[field] ?? '';
          form.set(field, value);
          if (value) any = true;
          filled.current[field] = value;
        }
        setState(any ? 'filled' : 'none');
      })
      .catch(() => {
        if (ask === latest.current) setState('none');
      });
  };
  return { onPin, state };
}
