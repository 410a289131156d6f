/** Order types, their price and discount tiers, delivery radiuses and polygons, and regions. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminOrderType,
  AdminOrderTypeDiscountsBody,
  AdminOrderTypePricesBody,
  AdminRadiusBody,
  AdminRegion,
  AdminRegionCreateBody,
  AdminShapeBody,
} from '@trapeza/domain/contracts/admin';
import { adminRequest } from './admin-client.ts';

export type AdminOrderTypeRow = z.infer<typeof AdminOrderType>;
export type AdminRegionRow = z.infer<typeof AdminRegion>;
export type PriceTiers = z.input<typeof AdminOrderTypePricesBody>;
export type DiscountTiers = z.input<typeof AdminOrderTypeDiscountsBody>;
export type RadiusInput = z.input<typeof AdminRadiusBody>;
export type ShapeInput = z.input<typeof AdminShapeBody>;
export type RegionInput = z.input<typeof AdminRegionCreateBody>;

const zoneKeys = {
  orderTypes: (place: string) => ['admin', place, 'order-types'] as const,
  regions: (place: string) => ['admin', place, 'regions'] as const,
};

export const orderTypesQuery = (place: string) =>
  queryOptions({
    queryKey: zoneKeys.orderTypes(place),
    queryFn: () => adminRequest<AdminOrderTypeRow[]>('admin/order-types'),
  });
export const regionsQuery = (place: string) =>
  queryOptions({
    queryKey: zoneKeys.regions(place),
    queryFn: () => adminRequest<AdminRegionRow[]>('admin/regions'),
  });

export const createOrderType = (type: number) =>
  adminRequest<AdminOrderTypeRow>('admin/order-types', { method: 'POST', body: { type, active: 1 } });
export const setOrderTypeActive = (id: number, active: 0 | 1) =>
  adminRequest<AdminOrderTypeRow>(`admin/order-types/${id}`, { method: 'PUT', body: { active } });
export const savePrices = (id: number, body: PriceTiers) =>
  adminRequest<unknown>(`admin/order-types/${id}/prices`, { method: 'PUT', body });
export const saveDiscounts = (id: number, body: DiscountTiers) =>
  adminRequest<unknown>(`admin/order-types/${id}/discounts`, { method: 'PUT', body });

export const createRadius = (orderTypeId: number, body: RadiusInput) =>
  adminRequest<unknown>(`admin/order-types/${orderTypeId}/radiuses`, { method: 'POST', body });
export const updateRadius = (id: number, body: RadiusInput) =>
  adminRequest<unknown>(`admin/radiuses/${id}`, { method: 'PUT', body });
export const deleteRadius = (id: number) =>
  adminRequest<unknown>(`admin/radiuses/${id}`, { method: 'DELETE' });

export const createShape = (orderTypeId: number, body: ShapeInput) =>
  adminRequest<unknown>(`admin/order-types/${orderTypeId}/shapes`, { method: 'POST', body });
export const updateShape = (id: number, body: ShapeInput) =>
  adminRequest<unknown>(`admin/shapes/${id}`, { method: 'PUT', body });
export const deleteShape = (id: number) => adminRequest<unknown>(`admin/shapes/${id}`, { method: 'DELETE' });

export const createRegion = (body: RegionInput) =>
  adminRequest<AdminRegionRow>('admin/regions', { method: 'POST', body });
export const updateRegion = (id: number, body: Partial<RegionInput>) =>
  adminRequest<AdminRegionRow>(`admin/regions/${id}`, { method: 'PUT', body });
export const deleteRegion = (id: number) =>
  adminRequest<unknown>(`admin/regions/${id}`, { method: 'DELETE' });
