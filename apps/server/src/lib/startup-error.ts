/**
 * A problem that makes starting pointless (bad configuration, database unreachable). `server.ts` prints its
 * message as one line and exits non-zero, so an operator sees the cause without a stack trace to scroll through.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
