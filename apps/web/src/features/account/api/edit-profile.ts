/** POST users/editProfile: changed fields only; the answer carries a fresh token. */
import type { StoreAuthResponse, StoreEditProfileRequest } from '@trapeza/domain/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { langHeader } from '../../../lib/lang-header.ts';

export const editProfile = (place: string, body: StoreEditProfileRequest) =>
  api.post<StoreAuthResponse>('users/editProfile', body, { place, headers: langHeader() });
