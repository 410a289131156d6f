/** Cookies as the spec sets them (§3): a lifetime in hours (null: a session cookie), path /, secure on https. */
export function setCookie(name: string, value: string, hours: number | null): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; secure' : '';
  const maxAge = hours === null ? '' : `; max-age=${Math.round(hours * 3600)}`;
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${maxAge}; path=/; samesite=lax${secure}`;
}

export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const key = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(key)) return decodeURIComponent(part.slice(key.length));
  }
  return null;
}

export function deleteCookie(name: string): void {
  setCookie(name, '', 0);
}
