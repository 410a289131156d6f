// `npm run create-admin -- --email ops@example.test`: creates a platform SUPER_ADMIN (an account of no brand, who
// signs in at /platform). The password is read from standard input, never from the command line: typed without
// echo (and typed twice) on a terminal, else the first line of what is piped in. At least 12 characters. Uses the
// server's configuration (DATA_DIR, DATABASE_URL) and migrates the database first if needed. Any problem: one line
// on standard error and exit code 1.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { read } from 'read';
import { isValidEmail } from '@trapeza/domain/validation';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { createPlatformAdmin } from '../apps/server/src/modules/platform/platform-admin.ts';

class UsageError extends Error {}

async function readPipedLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  throw new UsageError('no password on standard input (pipe it in, or run in a terminal)');
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedLine();
  const ask = (prompt: string) =>
    read({ prompt, silent: true, replace: '', input: process.stdin, output: process.stderr });
  const first = await ask('Password (at least 12 characters): ');
  const second = await ask('Repeat the password: ');
  if (first !== second) throw new UsageError('the two passwords differ');
  return first;
}

async function main(): Promise<void> {
  let email: string | undefined;
  try {
    ({
      values: { email },
    } = parseArgs({ options: { email: { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}; usage: npm run create-admin -- --email you@example.com`);
  }
  if (!email) throw new UsageError('usage: npm run create-admin -- --email you@example.com');
  if (!isValidEmail(email)) throw new UsageError(`"${email}" is not an e-mail address`);
  const password = await readPassword();
  const config = loadConfig();
  const handle = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(handle.db);
    const admin = await createPlatformAdmin(handle.db, { email, password });
    console.log(
      `Created platform administrator ${admin.email} (${admin.role}); sign in at ${config.publicUrl}/platform`,
    );
  } finally {
    await handle.close();
  }
}

try {
  await main();
} catch (err) {
  console.error(`create-admin: ${(err as Error).message || String(err)}`);
  process.exitCode = 1;
}
