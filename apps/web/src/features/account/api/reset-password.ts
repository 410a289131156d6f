/**
 * POST users/reset-password (always the same answer, spec §8) and POST users/reset-password/confirm (the token
 * of the e-mailed link and the new password).
 */
import type {
  StoreMessageResponse,
  StoreResetPasswordConfirmRequest,
  StoreResetPasswordRequest,
} from '@trapeza/domain/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { langHeader } from '../../../lib/lang-header.ts';

export const requestPasswordReset = (place: string, body: StoreResetPasswordRequest) =>
  api.post<StoreMessageResponse>('users/reset-password', body, { place, headers: langHeader() });

export const confirmPasswordReset = (body: StoreResetPasswordConfirmRequest) =>
  api.post<StoreMessageResponse>('users/reset-password/confirm', body, { headers: langHeader() });
