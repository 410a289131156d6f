/**
 * An expected failure a service reports to the caller: a stable `code` (the spec's where it names one), the HTTP
 * status, and a message safe to show. The error handler answers it as `{ code, message, message_trans?, details? }`.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: string;
  readonly statusCode: number;
  readonly details: unknown;
  readonly messageTrans: string | undefined;
  /** Sent as the Retry-After header (a 429 that knows when the next try is allowed). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    extra: { details?: unknown; messageTrans?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = extra.details;
    this.messageTrans = extra.messageTrans;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

export function notFound(code: string, message: string): DomainError {
  return new DomainError(404, code, message);
}
