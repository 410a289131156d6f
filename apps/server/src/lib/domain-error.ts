/**
 * The one error type of the server (issue 22 #3). Every expected failure of every module is a `DomainError`: a
 * stable `code` (the spec's where it names one), the HTTP status, a message safe to show, and its details in one
 * shape, `[{ path, code, message }]` (schema validation answers the same shape). The guest's text, `message_trans`,
 * is not chosen here: the error handler (plugins/errors.ts) looks the code up in lib/error-texts.ts in the
 * request's language, so a module never needs the language to refuse.
 *
 * Wire shape (spec §8): `{ code, message, message_trans?, details?, …fields, payload: { message: code } }`.
 */
import { LANGUAGES, type Language } from '@trapeza/domain/i18n';

/**
 * One problem of a refused request: the field (dotted path, '' for the whole input), its code, a message; a detail
 * may add what its reaction needs (login_slowed: `retry_after`), never replace these three.
 */
export interface ErrorDetail {
  path: string;
  code: string;
  message: string;
  [extra: string]: unknown;
}

/** A text in each of the five languages (spec §1). */
export type LocalizedText = Record<Language, string>;

export interface DomainErrorExtra {
  details?: ErrorDetail[];
  /**
   * Fields answered beside `code` at the top level, where a contract puts them (StoreOrderError: the ids of the
   * lines to remove, the missing amount, the failing fields; the shared cart or bill a phone must catch up with).
   */
  fields?: Record<string, unknown>;
  /** The guest's text when the catalogue's cannot say it (it names a product, a number of seconds). */
  text?: LocalizedText;
  /** Sent as the Retry-After header (a 429 that knows when the next try is allowed). */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: string;
  readonly statusCode: number;
  readonly details: ErrorDetail[] | undefined;
  readonly fields: Record<string, unknown> | undefined;
  readonly text: LocalizedText | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(statusCode: number, code: string, message: string, extra: DomainErrorExtra = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = extra.details;
    this.fields = extra.fields;
    this.text = extra.text;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

export function notFound(code: string, message: string): DomainError {
  return new DomainError(404, code, message);
}

/** A detail of the one shape; `path` given as segments is written dotted (`product_variants.0.price`). */
export function detail(path: string | readonly PropertyKey[], code: string, message: string): ErrorDetail {
  return { path: typeof path === 'string' ? path : path.map(String).join('.'), code, message };
}

/** A text written for each language by a function (it names a product, a number of seconds). */
export function localize(write: (lang: Language) => string): LocalizedText {
  return Object.fromEntries(LANGUAGES.map((l) => [l, write(l)])) as LocalizedText;
}

/** What a schema validation issue looks like (Ajv's or fastify-type-provider-zod's, with the zod issue in params). */
export interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: unknown;
}

/** Schema validation issues in the one detail shape: the field's dotted path, the zod (or Ajv) code, the message. */
export function validationDetails(issues: readonly ValidationIssue[]): ErrorDetail[] {
  return issues.map((v) => {
    const issue = (v.params as { issue?: { code?: unknown } } | undefined)?.issue;
    const code = typeof issue?.code === 'string' ? issue.code : (v.keyword ?? 'invalid');
    return detail((v.instancePath ?? '').split('/').filter(Boolean), code, v.message ?? 'invalid');
  });
}
