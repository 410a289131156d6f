/** Tables, rooms and halls with their QR codes (PLACE_ADMIN and above). */
import type { z } from 'zod';
import type {
  AdminHall as AdminHallSchema,
  AdminTable,
  AdminTableCreateBody,
  AdminTableUpdateBody,
} from '@trapeza/domain/contracts/staff';
import { staffBlob, staffRequest } from './staff-request.ts';

/** GET staff/tables?include_inactive=1: every table and room, deactivated ones too. */
export const getTables = (place: string) =>
  staffRequest<AdminTable[]>('staff/tables?include_inactive=1', { place });

/** A hall (the contract exports the schema only). */
export type AdminHall = z.infer<typeof AdminHallSchema>;

export const getHalls = (place: string) => staffRequest<AdminHall[]>('staff/halls', { place });

export const createTable = (place: string, body: AdminTableCreateBody) =>
  staffRequest<AdminTable>('staff/tables', { place, method: 'POST', body });

/** Rename, change seats or hall, deactivate (active 0: its QR code stops working) or reactivate. */
export const updateTable = (place: string, id: number, body: AdminTableUpdateBody) =>
  staffRequest<AdminTable>(`staff/tables/${id}`, { place, method: 'PATCH', body });

/** A new token: the old QR code stops working at once. */
export const regenerateTableToken = (place: string, id: number) =>
  staffRequest<AdminTable>(`staff/tables/${id}/regenerate-token`, { place, method: 'POST' });

/** The table's QR code as an SVG blob (the call needs the staff headers, so no plain <img src>). */
export const getTableQr = (place: string, id: number) => staffBlob(`staff/tables/${id}/qr.svg`, { place });

/** The printable A4 sheet: one table (`ids`) or every active one. */
export const getQrSheet = (place: string, lang: string, ids?: number[]) =>
  staffBlob(
    `staff/tables/qr-sheet.pdf?lang=${encodeURIComponent(lang)}${ids ? `&ids=${ids.join(',')}` : ''}`,
    {
      place,
    },
  );
