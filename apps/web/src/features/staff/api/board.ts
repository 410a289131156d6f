/** The live board's calls: orders, waiter calls and bill requests, status and table changes (README of the staff module). */
import type {
  StaffOrder,
  StaffOrdersResponse,
  StaffOrderStatusBody,
  StaffUserNeed,
  StaffUserNeedsResponse,
} from '@trapeza/domain/contracts/staff';
import type { StoreTablesMenuResponse } from '@trapeza/domain/contracts/orders';
import { staffRequest } from './staff-request.ts';

/** GET staff/orders?active=1: every order not yet paid or rejected, newest first, with the stream position. */
export const getActiveOrders = (place: string) =>
  staffRequest<StaffOrdersResponse>('staff/orders?active=1&limit=500', { place });

/** GET staff/user-needs?status=open: open waiter calls and bill requests, with the stream position. */
export const getOpenUserNeeds = (place: string) =>
  staffRequest<StaffUserNeedsResponse>('staff/user-needs?status=open', { place });

/** PATCH staff/orders/{id}/status: one step along the domain's transition table; `rejected` needs a reason. */
export const changeOrderStatus = (place: string, id: number, body: StaffOrderStatusBody) =>
  staffRequest<StaffOrder>(`staff/orders/${id}/status`, { place, method: 'PATCH', body });

/** PATCH staff/orders/{id}/table: set, change or (null) clear the order's table. */
export const changeOrderTable = (place: string, id: number, tableId: number | null) =>
  staffRequest<StaffOrder>(`staff/orders/${id}/table`, { place, method: 'PATCH', body: { tableId } });

/** PATCH staff/user-needs/{id}: the waiter call or bill request is done. */
export const markUserNeedDone = (place: string, id: number) =>
  staffRequest<StaffUserNeed>(`staff/user-needs/${id}`, { place, method: 'PATCH', body: { status: 'done' } });

/** GET tablesMenu: the place's active tables and rooms (what a waiter may move an order to). */
export const getTablesMenu = (place: string) =>
  staffRequest<StoreTablesMenuResponse>('tablesMenu', { place });

/** POST staff/devices/block: the device's next orders here answer anon_user_banned (spec §6). */
export const blockDevice = (place: string, deviceId: string) =>
  staffRequest<{ device_id: string; blocked: boolean }>('staff/devices/block', {
    place,
    method: 'POST',
    body: { deviceId },
  });
