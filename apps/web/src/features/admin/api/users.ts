/** Staff users and roles in reach, the client brand and the audit trail. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminAuditResponse,
  AdminClientBrand,
  AdminClientBrandBody,
  AdminStaffCreateBody,
  AdminStaffUpdateBody,
  AdminStaffUser,
  AdminStaffUsersResponse,
} from '@trapeza/domain/contracts/admin';
import { adminRequest } from './admin-client.ts';

export type AdminStaffUserRow = AdminStaffUser;
export type StaffCreateInput = z.input<typeof AdminStaffCreateBody>;
export type StaffUpdateInput = z.input<typeof AdminStaffUpdateBody>;
export type ClientBrandInput = z.input<typeof AdminClientBrandBody>;
export type AuditEntry = z.infer<typeof AdminAuditResponse>[number];

export const usersKeys = {
  users: (place: string) => ['admin', place, 'users'] as const,
  brand: (place: string) => ['admin', place, 'client-brand'] as const,
  audit: (place: string, limit: number) => ['admin', place, 'audit', limit] as const,
};

export const staffUsersQuery = (place: string) =>
  queryOptions({
    queryKey: usersKeys.users(place),
    queryFn: () => adminRequest<AdminStaffUsersResponse>('admin/users'),
  });
export const createStaffUser = (body: StaffCreateInput) =>
  adminRequest<AdminStaffUserRow & { invited: boolean }>('admin/users', { method: 'POST', body });
export const updateStaffUser = (id: number, body: StaffUpdateInput) =>
  adminRequest<AdminStaffUserRow>(`admin/users/${id}`, { method: 'PATCH', body });
export const resetStaffPassword = (id: number) =>
  adminRequest<{ ok: true }>(`admin/users/${id}/reset-password`, { method: 'POST' });

export const clientBrandQuery = (place: string) =>
  queryOptions({
    queryKey: usersKeys.brand(place),
    queryFn: () => adminRequest<AdminClientBrand>('admin/client'),
  });
export const saveClientBrand = (body: ClientBrandInput) =>
  adminRequest<AdminClientBrand>('admin/client', { method: 'PUT', body });

export const auditQuery = (place: string, limit: number) =>
  queryOptions({
    queryKey: usersKeys.audit(place, limit),
    queryFn: () => adminRequest<AuditEntry[]>(`admin/audit?limit=${limit}`),
  });
