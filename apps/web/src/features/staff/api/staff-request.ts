/**
 * Calls of the staff console. The shared client has no PATCH and answers JSON only; the staff screens need both
 * (status and table changes are PATCH, QR codes and the print sheet are files), so this thin wrapper reuses the
 * shared headers (client, place, bearer token) and error classification.
 */
import type { ApiError } from '@trapeza/domain/contracts/menu';
import { config } from '../../../config.ts';
import { ApiRequestError, apiHeaders } from '../../../lib/api-client.ts';

interface StaffRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  place: string;
  signal?: AbortSignal;
}

async function send(path: string, options: StaffRequestOptions): Promise<Response> {
  const headers = apiHeaders(options.place);
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}/${path.replace(/^\//, '')}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(2, null, null, 'No response from the server');
  }
  if (!response.ok) {
    let body: Partial<ApiError> | null = null;
    try {
      body = (await response.json()) as Partial<ApiError>;
    } catch {
      // Not JSON: the status alone classifies it.
    }
    throw new ApiRequestError(1, response.status, body, body?.message ?? `HTTP ${response.status}`);
  }
  return response;
}

/** A JSON call of the staff API. */
export async function staffRequest<T>(path: string, options: StaffRequestOptions): Promise<T> {
  const response = await send(path, options);
  const text = await response.text();
  return (text === '' ? null : JSON.parse(text)) as T;
}

/** A file of the staff API (QR SVG, PDF sheet) as a Blob, fetched with the headers an <img> or link cannot send. */
export async function staffBlob(path: string, options: StaffRequestOptions): Promise<Blob> {
  return (await send(path, options)).blob();
}

/** The API's error code of a refused call (e.g. `illegal_status_transition`), or null. */
export function staffErrorCode(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  return error.body?.code ?? null;
}
