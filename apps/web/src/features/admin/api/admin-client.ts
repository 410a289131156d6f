/**
 * Admin calls go through the app's headers (`apiHeaders`: bearer token, accept) with the `client` and `place` of
 * the place being edited instead of the guest's, and add the verbs and multipart body the guest client never needs.
 * Errors are the same `ApiRequestError` (spec §8 numbers), so the shared error message works here too.
 */
import { ApiRequestError, apiHeaders } from '../../../lib/api-client.ts';
import { config } from '../../../config.ts';
import { useAdminPlaceStore } from '../hooks/admin-place-store.ts';

export interface AdminRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** multipart upload (images); the browser sets the boundary */
  form?: FormData;
  /** false for calls that name no place (admin/places, login) */
  scoped?: boolean;
  signal?: AbortSignal;
}

export function adminHeaders(scoped = true): Record<string, string> {
  const headers = apiHeaders(null);
  delete headers.place;
  const place = useAdminPlaceStore.getState().place;
  if (scoped && place) {
    headers.client = place.clientSlug;
    headers.place = place.slug;
  }
  return headers;
}

async function send(path: string, options: AdminRequestOptions): Promise<Response> {
  const headers = adminHeaders(options.scoped ?? true);
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(`${config.apiBase}/${path.replace(/^\//, '')}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(2, null, null, 'No response from the server');
  }
}

async function failure(response: Response): Promise<ApiRequestError> {
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // not JSON: keep the status only
  }
  const body = data !== null && typeof data === 'object' ? (data as ApiRequestError['body']) : null;
  return new ApiRequestError(1, response.status, body, body?.message ?? `HTTP ${response.status}`);
}

export async function adminRequest<T>(path: string, options: AdminRequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  try {
    return (text === '' ? null : JSON.parse(text)) as T;
  } catch {
    throw new ApiRequestError(3, response.status, null, 'Unreadable response');
  }
}

/** A file answer (CSV export) as a Blob, with the server's file name when it gives one. */
export async function adminDownload(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, {});
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

/** The field problems of a 400 validation_error (details: [{ path, message }] or { field: message }). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.body) return {};
  const details = error.body.details as unknown;
  const out: Record<string, string> = {};
  if (Array.isArray(details)) {
    for (const d of details as { path?: unknown; message?: unknown; key?: unknown }[]) {
      const key = Array.isArray(d.path) ? d.path.join('.') : String(d.path ?? d.key ?? '');
      if (key) out[key] = String(d.message ?? '');
    }
  } else if (details && typeof details === 'object') {
    for (const [k, v] of Object.entries(details as Record<string, unknown>)) {
      out[k] = typeof v === 'string' ? v : JSON.stringify(v);
    }
  }
  return out;
}
