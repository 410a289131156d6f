/** POST register: a guest profile at the chosen place's client; answers a token like login. */
import type { StoreAuthResponse, StoreRegisterRequest } from '@trapeza/domain/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { langHeader } from '../../../lib/lang-header.ts';

export const register = (place: string, body: StoreRegisterRequest) =>
  api.post<StoreAuthResponse>('register', body, { place, headers: langHeader() });
