/** Printing calls of the staff console: waiting jobs (the printer alert), reprints, tickets for the browser. */
import type { StaffPrintJobsResponse, StaffTicketsResponse } from '@trapeza/domain/contracts/printing';
import { staffRequest } from './staff-request.ts';

export type PrintKind = 'tickets' | 'receipt';

export const getPrintJobs = (place: string) =>
  staffRequest<StaffPrintJobsResponse>('staff/print-jobs', { place });

export const printOrder = (place: string, orderId: number, kind: PrintKind) =>
  staffRequest<unknown>(`staff/orders/${orderId}/print`, { place, method: 'POST', body: { kind } });

export const getTickets = (place: string, orderId: number, kind: PrintKind) =>
  staffRequest<StaffTicketsResponse>(`staff/orders/${orderId}/tickets?kind=${kind}`, { place });
