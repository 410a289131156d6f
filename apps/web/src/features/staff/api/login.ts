/** POST login for the staff screens (guests and staff alike; the token carries the role). */
import type { StoreAuthResponse, StoreLoginRequest } from '@trapeza/domain/contracts/users';
import { staffRequest } from './staff-request.ts';

export const staffLogin = (place: string, body: StoreLoginRequest) =>
  staffRequest<StoreAuthResponse>('login', { place, method: 'POST', body });
