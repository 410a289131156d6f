/**
 * The one configured HTTP client of the web app (spec §7, §8; issue 22 #3): base /api, `client` and `place` headers
 * from the chosen place, a bearer token when one is set, and the generic error classification of spec §8:
 * #1 the server answered with an error, #2 no answer (server down or weak internet), #3 anything else.
 * Every verb, JSON or FormData bodies, JSON or file answers: the staff, admin and platform consoles wrap this.
 */
import type { ApiError } from '@trapeza/domain/contracts/menu';
import { config } from '../config.ts';
import { ORDER_TOKEN_HEADER } from '@trapeza/domain/tokens';
import { carriesWireDecimals } from '@trapeza/domain/contracts/wire-paths';
import { pageClient } from './page-brand.ts';
import { orderTokenFor, useSessionStore } from '../stores/session-store.ts';

/** Spec §8 generic error numbers. */
export type ApiErrorKind = 1 | 2 | 3;

export class ApiRequestError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly body: Partial<ApiError> | null;
  constructor(kind: ApiErrorKind, status: number | null, body: Partial<ApiError> | null, message: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
  /** Whether the request failed because the browser is offline. */
  get offline(): boolean {
    return this.kind === 2 && typeof navigator !== 'undefined' && navigator.onLine === false;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Overrides the chosen place (query functions pass the place of their key, so a cache never mixes places). */
  place?: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Extra headers for this call, e.g. `lang` so the server answers and mails in the guest's language; an empty value
   * is a header not sent as far as the server is concerned (a platform call names no `client`).
   */
  headers?: Record<string, string>;
  /** A multipart body (uploads) instead of `body`; the browser sets its boundary. */
  form?: FormData;
  /** 'response': the answer itself (a file, its name in Content-Disposition), once it is known to be a success. */
  as?: 'response';
  /** The request outlives the page (a log sent while the tab closes). */
  keepalive?: boolean;
  /** The browser's HTTP cache for this call, e.g. 'no-store' to ask the server itself. */
  cache?: RequestCache;
}

/** The headers every call carries (spec §7), and the order token of the place's table or room session. */
function apiHeaders(place?: string | null): Record<string, string> {
  const session = useSessionStore.getState();
  const headers: Record<string, string> = { accept: 'application/json' };
  // The page's brand (none on a console page of a host no brand serves: platform staff sign in without one).
  const client = pageClient();
  if (client) headers.client = client;
  const chosen = place ?? session.placeSlug;
  if (chosen) headers.place = chosen;
  const orderToken = orderTokenFor(chosen);
  if (orderToken) headers[ORDER_TOKEN_HEADER] = orderToken;
  if (session.authToken) headers.authorization = `Bearer ${session.authToken}`;
  return headers;
}

/**
 * Money (issue 25 #1): the guest calls carry decimals of the venue currency on the wire, the app holds integer minor
 * units. This is the one place the browser converts: payloads on the way out, answers (error answers too) on the
 * way in, with the contracts' own rule (wire-money.ts, loaded on demand: the guest's initial JS budget; the import
 * runs beside the request). Staff and admin calls are minor units both ways (wire-paths.ts).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // Only the calls that carry decimals wait for the converter: the others keep their timing, and work offline even
  // when its chunk was never loaded.
  const money = carriesWireDecimals(path) ? import('@trapeza/domain/contracts/wire-money') : null;
  const body = money && options.body !== undefined ? (await money).toWire(path, options.body) : options.body;
  const headers = { ...apiHeaders(options.place), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const signals: AbortSignal[] = [];
  if (options.signal) signals.push(options.signal);
  if (options.timeoutMs) signals.push(AbortSignal.timeout(options.timeoutMs));
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}/${path.replace(/^\//, '')}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals),
      ...(options.keepalive ? { keepalive: true } : {}),
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError' && options.signal?.aborted) throw error;
    throw new ApiRequestError(2, null, null, 'No response from the server');
  }
  if (options.as && response.ok) return response as T;
  let data: unknown = null;
  try {
    const text = await response.text();
    data = text === '' ? null : JSON.parse(text);
    if (money) data = (await money).fromWire(path, data);
  } catch {
    if (response.ok) throw new ApiRequestError(3, response.status, null, 'Unreadable response');
  }
  if (!response.ok) {
    const body = data !== null && typeof data === 'object' ? (data as Partial<ApiError>) : null;
    throw new ApiRequestError(1, response.status, body, body?.message ?? `HTTP ${response.status}`);
  }
  return data as T;
}

/** Classifies any thrown value into the spec §8 numbers. */
export function errorKind(error: unknown): ApiErrorKind {
  return error instanceof ApiRequestError ? error.kind : 3;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
};
