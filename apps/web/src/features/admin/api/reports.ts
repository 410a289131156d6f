/** Sales report and its CSV export. */
import { queryOptions } from '@tanstack/react-query';
import type { AdminSalesReport } from '@trapeza/domain/contracts/admin';
import { adminDownload, adminRequest } from './admin-client.ts';

export type { AdminSalesReport };

const range = (from: string, to: string) => new URLSearchParams({ from, to }).toString();

export const salesQuery = (place: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', place, 'reports', 'sales', from, to] as const,
    queryFn: () => adminRequest<AdminSalesReport>(`admin/reports/sales?${range(from, to)}`),
  });

export const downloadSalesCsv = (from: string, to: string, kind: 'days' | 'products' | 'orders') =>
  adminDownload(`admin/reports/sales.csv?${range(from, to)}&kind=${kind}`);
