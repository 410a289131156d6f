/**
 * The platform console's calls (`/api/platform/…`, issue "White label for real"). Platform staff belong to no brand,
 * so these calls never carry the page's `client` (or a `place`): the bearer token alone says who asks. Errors are
 * the app's `ApiRequestError` (spec §8 numbers), with the server's field details for the forms.
 *
 * Shapes are the platform contract's (packages/domain/src/contracts/platform.ts, the server's request and answer
 * schemas), imported as types only so zod stays out of the chunk; bodies are the schemas' input types.
 */
import type { z } from 'zod';
import type {
  PlatformClient,
  PlatformClientCreate,
  PlatformClientUpdate,
  PlatformInviteAccept,
  PlatformInviteCreate,
  PlatformInviteCreated,
  PlatformInviteInfo,
  PlatformPlaceCreate,
  PlatformPlaceCreated,
} from '@trapeza/domain/contracts/platform';
import type { StoreAuthResponse } from '@trapeza/domain/contracts/users';
import { config } from '../../../config.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { langHeader } from '../../../lib/lang-header.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

/** What the brand form edits: every field of a new brand, all given (the form starts from defaults). */
export type BrandDraft = Required<z.input<typeof PlatformClientCreate>>;

function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json', ...langHeader() };
  const token = useSessionStore.getState().authToken;
  if (token) h.authorization = `Bearer ${token}`;
  if (json) h['content-type'] = 'application/json';
  return h;
}

export async function platformRequest<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}/${path}`, {
      method: options.method ?? 'GET',
      headers: headers(options.body !== undefined),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiRequestError(2, null, null, 'No response from the server');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text === '' ? null : JSON.parse(text);
  } catch {
    if (response.ok) throw new ApiRequestError(3, response.status, null, 'Unreadable response');
  }
  if (!response.ok) {
    const body = data !== null && typeof data === 'object' ? (data as ApiRequestError['body']) : null;
    throw new ApiRequestError(1, response.status, body, body?.message ?? `HTTP ${response.status}`);
  }
  return data as T;
}

/** Platform staff sign in without a `client` header (they belong to no brand). */
export const platformLogin = (email: string, password: string) =>
  platformRequest<StoreAuthResponse>('login', { method: 'POST', body: { email, password } });

export const listClients = () => platformRequest<PlatformClient[]>('platform/clients');
export const createClient = (body: z.input<typeof PlatformClientCreate>) =>
  platformRequest<PlatformClient>('platform/clients', { method: 'POST', body });
export const updateClient = (id: number, body: z.input<typeof PlatformClientUpdate>) =>
  platformRequest<PlatformClient>(`platform/clients/${id}`, { method: 'PUT', body });
export const verifyDomain = (id: number) =>
  platformRequest<PlatformClient>(`platform/clients/${id}/domain/verify`, { method: 'POST', body: {} });
export const createPlace = (clientId: number, body: z.input<typeof PlatformPlaceCreate>) =>
  platformRequest<PlatformPlaceCreated>(`platform/clients/${clientId}/places`, { method: 'POST', body });
export const createInvite = (clientId: number, body: z.input<typeof PlatformInviteCreate>) =>
  platformRequest<PlatformInviteCreated>(`platform/clients/${clientId}/invites`, { method: 'POST', body });
export const getInvite = (token: string) =>
  platformRequest<PlatformInviteInfo>(`platform/invites/${encodeURIComponent(token)}`);
export const acceptInvite = (token: string, body: z.input<typeof PlatformInviteAccept>) =>
  platformRequest<StoreAuthResponse>(`platform/invites/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    body,
  });

/**
 * The field problems of a 400 or 409 answer: `details` as [{ path, message }] or { field: message }, or a 409's
 * `field` naming the one field that is taken.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.body) return {};
  const body = error.body as Record<string, unknown>;
  const out: Record<string, string> = {};
  const details = body.details;
  if (Array.isArray(details)) {
    for (const d of details as { path?: unknown; field?: unknown; message?: unknown }[]) {
      const key = Array.isArray(d.path) ? d.path.join('.') : String(d.path ?? d.field ?? '');
      if (key) out[key] = String(d.message ?? body.message ?? '');
    }
  } else if (
    details &&
    typeof details === 'object' &&
    typeof (details as { field?: unknown }).field === 'string'
  ) {
    // The platform API's refusals name their one field: { code, message, details: { field } }.
    out[(details as { field: string }).field] = String(body.message ?? '');
  } else if (details && typeof details === 'object') {
    for (const [k, v] of Object.entries(details as Record<string, unknown>)) {
      out[k] = typeof v === 'string' ? v : String(body.message ?? '');
    }
  }
  if (typeof body.field === 'string') out[body.field] = String(body.message ?? '');
  return out;
}
