/** Guest devices barred from ordering at the place (spec §6): the staff API the board's block button uses. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StaffBlockedDevice, StaffDeviceResult } from '@trapeza/domain/contracts/staff';
import { adminRequest } from './admin-client.ts';

export type BlockedDeviceRow = z.infer<typeof StaffBlockedDevice>;

export const blockedDevicesQuery = (place: string) =>
  queryOptions({
    queryKey: ['admin', place, 'blocked-devices'] as const,
    queryFn: () => adminRequest<BlockedDeviceRow[]>('staff/devices/blocked'),
  });

/** POST staff/devices/unblock: the device may order here again (idempotent). */
export const unblockDevice = (deviceId: string) =>
  adminRequest<z.infer<typeof StaffDeviceResult>>('staff/devices/unblock', {
    method: 'POST',
    body: { deviceId },
  });
