/**
 * Trusted devices (issue "Security hardening" #8, the "device cookie" of OWASP's advice against online password
 * guessing): a browser that signed in to an account receives an HttpOnly cookie holding, for that account, a random
 * device id and its HMAC under the server's secret. Failed logins from devices without it are counted per account
 * (and slow every untrusted device down); a trusted device's failures are counted for that device alone, so an
 * attacker's failures never slow down the owner's phone, and a stolen password list cannot be tried faster by
 * forging the cookie (the HMAC binds the id to the account).
 *
 * One cookie per browser, up to MAX_ENTRIES accounts (a shared till where several waiters sign in): entries
 * `<id>.<mac>` joined by `~`, newest first. Stateless, so every process recognises every other's cookies (the
 * secret is the JWT secret all processes share).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'trapeza_device';
/** A device stays trusted this long after its last successful login. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const MAX_ENTRIES = 8;
const ENTRY = /^[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{22}$/;

export class TrustedDevices {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = createHmac('sha256', secret).update('trapeza trusted device').digest();
  }

  #mac(accountKey: string, id: string): string {
    return createHmac('sha256', this.#key).update(`${accountKey}\n${id}`).digest('base64url').slice(0, 22);
  }

  #entries(cookie: string | undefined): string[] {
    if (!cookie || cookie.length > 1024) return [];
    return cookie
      .split('~')
      .filter((e) => ENTRY.test(e))
      .slice(0, MAX_ENTRIES);
  }

  /** The device id the cookie holds for this account, or null (no cookie, or none valid for it). */
  deviceOf(cookie: string | undefined, accountKey: string): string | null {
    for (const entry of this.#entries(cookie)) {
      const [id = '', mac = ''] = entry.split('.');
      const expected = Buffer.from(this.#mac(accountKey, id));
      const given = Buffer.from(mac);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
    }
    return null;
  }

  /** The cookie value after a successful login to `accountKey`: its entry first (kept or new), older ones after. */
  remember(cookie: string | undefined, accountKey: string): string {
    const id = this.deviceOf(cookie, accountKey) ?? randomBytes(16).toString('base64url');
    const entry = `${id}.${this.#mac(accountKey, id)}`;
    const others = this.#entries(cookie).filter((e) => e !== entry);
    return [entry, ...others].slice(0, MAX_ENTRIES).join('~');
  }
}
