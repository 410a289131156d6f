/**
 * POST register: a guest profile at the chosen place's client. The answer is the same whether or not the e-mail
 * has a profile (issue "Security hardening" #10): a mail goes to the address; a new profile is confirmed, and
 * signed in, by POST users/confirm-email with the token of its link.
 */
import type {
  StoreAuthResponse,
  StoreConfirmEmailRequest,
  StoreMessageResponse,
  StoreRegisterRequest,
} from '@trapeza/domain/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { langHeader } from '../../../lib/lang-header.ts';

export const register = (place: string, body: StoreRegisterRequest) =>
  api.post<StoreMessageResponse>('register', body, { place, headers: langHeader() });

export const confirmEmail = (place: string, body: StoreConfirmEmailRequest) =>
  api.post<StoreAuthResponse>('users/confirm-email', body, { place, headers: langHeader() });
