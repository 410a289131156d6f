/**
 * Cookie flags (issue 11 security): SameSite=Lax and path / always, Secure on https. The browser's cookie jar hides
 * the attributes from `document.cookie`, so the written string is captured from the setter.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { deleteCookie, getCookie, setCookie } from './cookies.ts';

function captureWrites(): string[] {
  const writes: string[] = [];
  const original = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    original?.set?.call(document, value);
  });
  return writes;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

test('auth_token on http: SameSite=Lax, path /, max-age from the hours, not Secure; readable back', () => {
  const writes = captureWrites();
  setCookie('auth_token', 'abc.def', 2);
  expect(writes[0]).toBe('auth_token=abc.def; max-age=7200; path=/; samesite=lax');
  expect(getCookie('auth_token')).toBe('abc.def');
  deleteCookie('auth_token');
  expect(getCookie('auth_token')).toBeNull();
});

test('on https every cookie is Secure', () => {
  vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
  const writes = captureWrites();
  setCookie('auth_token', 'abc', 1);
  expect(writes[0]).toMatch(/; samesite=lax; secure$/);
});

test('a session cookie (no lifetime) has no max-age: it ends with the browser session', () => {
  const writes = captureWrites();
  setCookie('welcome_seen_bistro', '1', null);
  expect(writes[0]).toBe('welcome_seen_bistro=1; path=/; samesite=lax');
  expect(getCookie('welcome_seen_bistro')).toBe('1');
  deleteCookie('welcome_seen_bistro');
});
