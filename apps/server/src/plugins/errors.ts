/**
 * The one error handler: every failure becomes `{ code, message, message_trans?, details?, …fields }` JSON with a
 * 4xx or 5xx status, `details` always `[{ path, code, message }]`. The guest's text (`message_trans`) is chosen here
 * and only here, from lib/error-texts.ts in the request's language. 5xx answers never carry internals (the cause is
 * logged instead); 4xx answers say what to fix.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/db-errors.ts';
import { LANGUAGES, type Language } from '@trapeza/domain/i18n';
import { DomainError, validationDetails, type ErrorDetail, type LocalizedText } from '../lib/domain-error.ts';
import { errorText } from '../lib/error-texts.ts';
import { requestLanguage } from '../lib/request-language.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Bad input on this route answers this code and message instead of the generic `validation_error` (a module's
     * own form code: the booking form's `booking_invalid_data`); the details are the same `[{path, code, message}]`.
     */
    invalidInput?: { code: string; message: string };
  }
}

/** Fastify's own 4xx error codes, renamed to the API's snake_case codes. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_VALIDATION: 'validation_error',
};

/**
 * Every code this handler answers with of its own (not a DomainError's): a guest can meet each on any call, so each
 * has its text in the five languages (test/error-texts.test.ts).
 */
export const HANDLER_CODES = [
  ...new Set([
    ...Object.values(FASTIFY_CODES),
    'not_found',
    'bad_request',
    'invalid_body',
    'rate_limited',
    'service_unavailable',
    'internal_error',
  ]),
];

/** Parse errors of @fastify/busboy (multipart uploads), thrown without a status code. */
const MULTIPART_PARSE_ERROR =
  /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header|Part terminated early)/;

/** The guest's language: a `lang` the body names (the booking form sends one), else the request's headers. */
function answerLanguage(request: FastifyRequest): Language {
  const bodyLang = (request.body as { lang?: unknown } | null | undefined)?.lang;
  return LANGUAGES.find((l) => l === bodyLang) ?? requestLanguage(request.headers);
}

/** `message_trans` and the details' messages in the guest's language, where the catalogue has a text. */
function translated(
  request: FastifyRequest,
  code: string,
  own: LocalizedText | undefined,
  details: ErrorDetail[] | undefined,
): { message_trans?: string; details?: ErrorDetail[] } {
  const lang = answerLanguage(request);
  const text = own ?? errorText(code);
  return {
    ...(text ? { message_trans: text[lang] } : {}),
    ...(details
      ? { details: details.map((d) => ({ ...d, message: errorText(d.code)?.[lang] ?? d.message })) }
      : {}),
  };
}

type ZodIssueLike = { path?: PropertyKey[]; message?: string; instancePath?: string };

function describeIssue(issue: ZodIssueLike | undefined): string {
  if (!issue) return 'invalid input';
  const path = issue.path?.length ? issue.path.map(String).join('.') : issue.instancePath?.replace(/^\//, '');
  return path ? `${path}: ${issue.message ?? 'invalid'}` : (issue.message ?? 'invalid');
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({
    code: 'not_found',
    message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    ...translated(request, 'not_found', undefined, undefined),
  });
}

/**
 * Spec §8: a client written from the spec reads an error's code from `payload.message`. Every JSON error answer
 * (`{ code, message, … }` with a 4xx/5xx status, whoever produced it: this handler, a route, a plugin) gets
 * `payload: { message: code }` beside its fields, here, once, after serialization (a route's error schema would
 * otherwise strip it). Error answers are the rare path, so parsing them again costs nothing that matters.
 */
function withSpecPayload(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  const answer = parsed as Record<string, unknown>;
  if (typeof answer.code !== 'string') return body;
  const existing =
    typeof answer.payload === 'object' && answer.payload !== null
      ? (answer.payload as Record<string, unknown>)
      : {};
  if (typeof existing.message === 'string') return body;
  return JSON.stringify({ ...answer, payload: { ...existing, message: answer.code } });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.includes('json')) return payload;
    return withSpecPayload(payload);
  });
  const answerDomainError = (error: DomainError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'domain error 5xx');
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(error.statusCode).send({
      ...error.fields,
      code: error.code,
      message: error.message,
      ...translated(request, error.code, error.text, error.details),
    });
  };
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    if (error instanceof DomainError) return answerDomainError(error, request, reply);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const own = request.routeOptions.config.invalidInput;
      if (own) {
        const details = validationDetails(error.validation);
        return answerDomainError(new DomainError(400, own.code, own.message, { details }), request, reply);
      }
      // path: the field the issue is about, e.g. 'product_variants.0.price' ('' for the whole input).
      const where = error.validationContext ?? 'request';
      const first = error.validation[0]?.params as { issue?: ZodIssueLike } | undefined;
      return reply.code(400).send({
        code: 'validation_error',
        message: `Invalid ${where}: ${describeIssue(first?.issue ?? (error.validation[0] as ZodIssueLike))}`,
        ...translated(request, 'validation_error', undefined, validationDetails(error.validation)),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({
        code: 'internal_error',
        message: 'Internal server error',
        ...translated(request, 'internal_error', undefined, undefined),
      });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or down, SQLite locked: nothing to fix on the client's side but to try again.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          code: 'service_unavailable',
          message: 'The service is briefly unavailable; try again shortly',
          ...translated(request, 'service_unavailable', undefined, undefined),
        });
    }
    if (MULTIPART_PARSE_ERROR.test(error.message) && (error as FastifyError).statusCode === undefined) {
      // busboy's own parse errors (no boundary, truncated body) carry no status: the body is wrong, not the server.
      return reply.code(400).send({
        code: 'invalid_body',
        message: `Invalid multipart body: ${error.message}`,
        ...translated(request, 'invalid_body', undefined, undefined),
      });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const fastifyCode = (error as FastifyError).code;
      const code =
        status === 429
          ? 'rate_limited'
          : (FASTIFY_CODES[fastifyCode] ?? (status === 404 ? 'not_found' : 'bad_request'));
      return reply
        .code(status)
        .send({ code, message: error.message, ...translated(request, code, undefined, undefined) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({
      code: 'internal_error',
      message: 'Internal server error',
      ...translated(request, 'internal_error', undefined, undefined),
    });
  });
}
