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
import { apiRequest } from '../../../lib/api-client.ts';
import { langHeader } from '../../../lib/lang-header.ts';

/** What the brand form edits: every field of a new brand, all given (the form starts from defaults). */
export type BrandDraft = Required<z.input<typeof PlatformClientCreate>>;

/** Through the app's one client, with none of a brand's or a place's headers: the bearer token alone says who asks. */
function platformRequest<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown } = {},
): Promise<T> {
  return apiRequest<T>(path, {
    ...options,
    // '' : no brand, no place, no order token (the server reads an empty header as none).
    place: '',
    headers: { client: '', ...langHeader() },
  });
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

/** The field problems of a refused call, by field (details: [{ path, code, message }]). */
export { fieldErrors } from '../../../lib/field-errors.ts';
