/**
 * Calls of the staff console through the app's one client (lib/api-client.ts): the shared headers (client, the
 * staff's place, bearer token), every verb, and files (QR codes, the print sheet), with the same error
 * classification.
 */
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

interface StaffRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  place: string;
  signal?: AbortSignal;
}

/** A JSON call of the staff API. */
export function staffRequest<T>(path: string, options: StaffRequestOptions): Promise<T> {
  return apiRequest<T>(path, options);
}

/** A file of the staff API (QR SVG, PDF sheet) as a Blob, fetched with the headers an <img> or link cannot send. */
export async function staffBlob(path: string, options: StaffRequestOptions): Promise<Blob> {
  return (await apiRequest<Response>(path, { ...options, as: 'response' })).blob();
}

/** The API's error code of a refused call (e.g. `illegal_status_transition`), or null. */
export function staffErrorCode(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  return error.body?.code ?? null;
}
