/** POST login (guests and staff alike; the token carries the role). */
import type { StoreAuthResponse, StoreLoginRequest } from '@trapeza/domain/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { langHeader } from './lang-header.ts';

export const login = (body: StoreLoginRequest) =>
  api.post<StoreAuthResponse>('login', body, { headers: langHeader() });
