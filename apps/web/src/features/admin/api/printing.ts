/** Printers and print agent keys of the place (issue "Kitchen and bar tickets"). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminPrintAgentKey,
  AdminPrintAgentKeyCreated,
  AdminPrinter,
  AdminPrinterBody,
} from '@trapeza/domain/contracts/printing';
import { adminRequest } from './admin-client.ts';

export type AdminPrinterRow = z.infer<typeof AdminPrinter>;
export type PrinterInput = z.input<typeof AdminPrinterBody>;
export type AdminPrintAgentKeyRow = z.infer<typeof AdminPrintAgentKey>;
export type CreatedAgentKey = z.infer<typeof AdminPrintAgentKeyCreated>;

const printingKeys = {
  printers: (place: string) => ['admin', place, 'printers'] as const,
  agentKeys: (place: string) => ['admin', place, 'print-agent-keys'] as const,
};

export const printersQuery = (place: string) =>
  queryOptions({
    queryKey: printingKeys.printers(place),
    queryFn: () => adminRequest<AdminPrinterRow[]>('admin/printers'),
  });
export const agentKeysQuery = (place: string) =>
  queryOptions({
    queryKey: printingKeys.agentKeys(place),
    queryFn: () => adminRequest<AdminPrintAgentKeyRow[]>('admin/print-agent-keys'),
  });

export const createPrinter = (body: PrinterInput) =>
  adminRequest<AdminPrinterRow>('admin/printers', { method: 'POST', body });
export const updatePrinter = (id: number, body: Partial<PrinterInput>) =>
  adminRequest<AdminPrinterRow>(`admin/printers/${id}`, { method: 'PUT', body });
export const deletePrinter = (id: number) =>
  adminRequest<unknown>(`admin/printers/${id}`, { method: 'DELETE' });
export const testPrint = (id: number) =>
  adminRequest<unknown>(`admin/printers/${id}/test`, { method: 'POST' });
export const createAgentKey = (name: string) =>
  adminRequest<CreatedAgentKey>('admin/print-agent-keys', { method: 'POST', body: { name } });
export const revokeAgentKey = (id: number) =>
  adminRequest<unknown>(`admin/print-agent-keys/${id}`, { method: 'DELETE' });
