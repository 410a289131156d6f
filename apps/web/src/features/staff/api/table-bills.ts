/** The board's table bills (issue 19): open tables with guests, paid / remaining and shares; "mark paid". */
import type { StaffTableBill } from '@trapeza/domain/contracts/table-party';
import { staffRequest } from './staff-request.ts';

export const getTableBills = (place: string) =>
  staffRequest<{ bills: StaffTableBill[] }>('staff/table-bills', { place });

export const markSharePaid = (place: string, shareId: number) =>
  staffRequest<{ bill: StaffTableBill; closed: boolean }>(`staff/bill-shares/${shareId}/paid`, {
    place,
    method: 'POST',
  });
