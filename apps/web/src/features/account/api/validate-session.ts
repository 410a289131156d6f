/** POST users/validate: the bare `false` means the session no longer stands (spec §4). */
import type { StoreValidateResponse } from '@trapeza/domain/contracts/users';
import { api } from '../../../lib/api-client.ts';

export const validateSession = () => api.post<StoreValidateResponse>('users/validate');
