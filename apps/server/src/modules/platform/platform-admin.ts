/**
 * The first platform administrator (`npm run create-admin`, issue 15): a SUPER_ADMIN of no brand. The rules are
 * the platform's (packages/domain/src/platform.ts): a valid e-mail not yet used by platform staff, a password of
 * at least 12 characters. Stored like every account: lower-case e-mail, argon2id hash.
 */
import {
  isValidPlatformPassword,
  PLATFORM_PASSWORD_MIN_LENGTH,
  type PlatformRole,
} from '@trapeza/domain/platform';
import { isValidEmail } from '@trapeza/domain/validation';
import type { AppDatabase } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/passwords.ts';

export type PlatformAdminErrorCode = 'invalid_email' | 'invalid_password' | 'email_taken';

export class PlatformAdminError extends Error {
  readonly code: PlatformAdminErrorCode;
  constructor(code: PlatformAdminErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export async function createPlatformAdmin(
  db: AppDatabase,
  input: { email: string; password: string; role?: PlatformRole; now?: Date },
): Promise<{ id: number; email: string; role: PlatformRole }> {
  const email = input.email.trim().toLowerCase();
  const role = input.role ?? 'SUPER_ADMIN';
  if (!isValidEmail(email))
    throw new PlatformAdminError('invalid_email', `"${input.email}" is not an e-mail address`);
  if (!isValidPlatformPassword(input.password)) {
    throw new PlatformAdminError(
      'invalid_password',
      `the password must have at least ${PLATFORM_PASSWORD_MIN_LENGTH} characters`,
    );
  }
  const taken = () => new PlatformAdminError('email_taken', `a platform account ${email} already exists`);
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('client_id', 'is', null)
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing) throw taken();
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await db
      .insertInto('users')
      .values({
        client_id: null,
        email,
        password_hash: passwordHash,
        first_name: '',
        last_name: '',
        role,
        points: 0,
        accumulated_amount: 0,
        banned: 0,
        created_at: (input.now ?? new Date()).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email, role };
  } catch (err) {
    // Two runs at once: the partial unique index (users_platform_email_uq) caught the second.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}
