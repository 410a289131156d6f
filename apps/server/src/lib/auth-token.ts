/**
 * The bearer token (architecture: JWT with the role in the claims). HS256 with the configured secret; the clock is
 * passed in so tests can move time. Claims: `sub` user id, `role`, `clientId` (users are client-scoped; null for platform staff) and `pwv`,
 * a fingerprint of the password hash, so that a password change or reset ends every older session.
 */
import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { hasAccess, isRole, type Role } from '@trapeza/domain/roles';

/** Guests stay signed in for 30 days; staff tokens are short-lived (a lost waiter phone should not stay a key). */
const GUEST_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const STAFF_TOKEN_TTL_SECONDS = 12 * 3600;

const ISSUER = 'trapeza';
const AUDIENCE = 'trapeza-api';

export interface TokenClaims {
  userId: number;
  role: Role;
  /** null for platform staff, who belong to no brand. */
  clientId: number | null;
  /** password-hash fingerprint, see passwordVersion */
  pwv: string;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** Whether a role counts as staff for the token lifetime (anything from PDF_MENU_ADMIN up). */
function isStaffRole(role: Role): boolean {
  return hasAccess(role, 'PDF_MENU_ADMIN');
}

/** A short, non-reversible fingerprint of the password hash; changes whenever the password changes. */
export function passwordVersion(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

export class AuthTokens {
  readonly #key: Uint8Array;
  readonly #now: () => Date;

  constructor(secret: string, now: () => Date) {
    this.#key = new TextEncoder().encode(secret);
    this.#now = now;
  }

  /** Signs a token for the user; the lifetime depends on the role. */
  async sign(claims: TokenClaims): Promise<IssuedToken> {
    const now = this.#now();
    const iat = Math.floor(now.getTime() / 1000);
    const ttl = isStaffRole(claims.role) ? STAFF_TOKEN_TTL_SECONDS : GUEST_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({ role: claims.role, clientId: claims.clientId, pwv: claims.pwv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(this.#key);
    return { token, expiresAt: new Date((iat + ttl) * 1000) };
  }

  /** The claims of a valid token; 'expired' or 'invalid' otherwise (bad signature, shape, issuer…). */
  async verify(token: string): Promise<TokenClaims | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.#now(),
      });
      const userId = Number(payload.sub);
      const { role, clientId, pwv } = payload as { role?: unknown; clientId?: unknown; pwv?: unknown };
      if (!Number.isInteger(userId) || userId <= 0) return 'invalid';
      if (!isRole(role) || (typeof clientId !== 'number' && clientId !== null) || typeof pwv !== 'string')
        return 'invalid';
      return { userId, role, clientId, pwv };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) return 'expired';
      return 'invalid';
    }
  }
}
