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

  constructor(
    statusCode: number,
    code: string,
    message: string,
    extra: { details?: unknown; messageTrans?: string } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = extra.details;
    this.messageTrans = extra.messageTrans;
  }
}

export function notFound(code: string, message: string): DomainError {
  return new DomainError(404, code, message);
}

export function badRequest(code: string, message: string, details?: unknown): DomainError {
  return new DomainError(400, code, message, { details });
}
