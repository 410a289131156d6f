/**
 * Password hashing with argon2id (architecture decision). Parameters follow the OWASP password storage cheat sheet
 * (m = 19 MiB, t = 2, p = 1); argon2id is @node-rs/argon2's default algorithm, and the encoded hash carries its own
 * parameters, so hashes made with other settings (the demo seed's) still verify.
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for anything that is not a valid encoded hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account to check, so that the answer time of a login does
 * not tell whether the e-mail has a profile.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
