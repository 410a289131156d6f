/** GET admin/places: the places the signed-in user may administer (spec §6 scope). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminPlacesResponse } from '@trapeza/domain/contracts/admin';
import { adminRequest } from './admin-client.ts';

export type AdminPlace = z.infer<typeof AdminPlacesResponse>[number];

export const adminPlacesQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['admin', 'places', token],
    queryFn: () => adminRequest<AdminPlace[]>('admin/places', { scoped: false }),
    enabled: token !== null,
    retry: false,
  });
