/**
 * Designed (spec §7 `userDeviceData`, §6 "ordering can be disallowed per device"): a random id kept in
 * localStorage identifies the device to staff; the native app is recognised by its user-agent token or by the
 * `native_app` flag its web view sets in localStorage.
 */
import { readJson, writeJson } from '../../../lib/storage.ts';

const DEVICE_KEY = 'device_id';

export function deviceId(): string {
  let id = readJson<string | null>(DEVICE_KEY, null);
  if (!id) {
    id =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID()
        : String(Math.random()).slice(2);
    writeJson(DEVICE_KEY, id);
  }
  return id;
}

export function isNativeApp(): boolean {
  const flag = readJson<unknown>('native_app', null);
  return (
    flag === 1 || flag === '1' || flag === true || /TrapezaApp/i.test(globalThis.navigator?.userAgent ?? '')
  );
}

/** A message shown once after a reload (spec §8 invalid_products_for_place: reload with a message). */
const FLASH_KEY = 'order_flash';
export function setFlash(message: string): void {
  try {
    globalThis.sessionStorage?.setItem(FLASH_KEY, message);
  } catch {
    // no session storage: the message is lost with the reload
  }
}
/** Reads the kept message; render may run more than once (Suspense), so it is removed only once shown. */
export function peekFlash(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(FLASH_KEY) ?? null;
  } catch {
    return null;
  }
}
export function clearFlash(): void {
  try {
    globalThis.sessionStorage?.removeItem(FLASH_KEY);
  } catch {
    // nothing kept
  }
}
