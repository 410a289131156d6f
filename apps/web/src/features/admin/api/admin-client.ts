/**
 * Admin calls go through the app's one client (lib/api-client.ts: bearer token, accept, every verb, multipart
 * bodies, files) with the `client` and `place` of the place being edited instead of the guest's. Errors are the same
 * `ApiRequestError` (spec §8 numbers), so the shared error message works here too.
 */
import { apiRequest, type RequestOptions } from '../../../lib/api-client.ts';
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

/** The admin's headers on top of the one client's: the edited place's `client` and `place`, or no place at all. */
function adminOptions(options: AdminRequestOptions): RequestOptions {
  const place = useAdminPlaceStore.getState().place;
  const scoped = (options.scoped ?? true) && place;
  return {
    method: options.method,
    body: options.body,
    form: options.form,
    signal: options.signal,
    // '' sends no place (nor its order token); a scoped call names the edited place and its brand.
    place: scoped ? place.slug : '',
    ...(scoped ? { headers: { client: place.clientSlug } } : {}),
  };
}

export function adminRequest<T>(path: string, options: AdminRequestOptions = {}): Promise<T> {
  return apiRequest<T>(path, adminOptions(options));
}

/** A file answer (CSV export) as a Blob, with the server's file name when it gives one. */
export async function adminDownload(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const response = await apiRequest<Response>(path, { ...adminOptions({}), as: 'response' });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

/** The field problems of a refused call, by field (details: [{ path, code, message }]). */
export { fieldErrors } from '../../../lib/field-errors.ts';
