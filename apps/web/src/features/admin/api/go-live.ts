/** The venue's go-live checklist and live flag (issue 16 #2): GET / PATCH admin/go-live. */
import { queryOptions } from '@tanstack/react-query';
import type { AdminGoLiveBody, AdminGoLiveResponse } from '@trapeza/domain/contracts/admin';
import { adminRequest } from './admin-client.ts';

export const goLiveQuery = (place: string) =>
  queryOptions({
    queryKey: ['admin', place, 'go-live'] as const,
    queryFn: () => adminRequest<AdminGoLiveResponse>('admin/go-live'),
    // The items tick from data the other screens change: read again whenever the home opens.
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const saveGoLive = (body: AdminGoLiveBody) =>
  adminRequest<AdminGoLiveResponse>('admin/go-live', { method: 'PATCH', body });
