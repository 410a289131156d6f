/** Promo codes and registered-user (nth order) discounts. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminPromoCode,
  AdminPromoCodeCreateBody,
  AdminUserDiscount,
  AdminUserDiscountCreateBody,
} from '@trapeza/domain/contracts/admin';
import { adminRequest } from './admin-client.ts';

export type AdminPromoCodeRow = z.infer<typeof AdminPromoCode>;
export type PromoCodeInput = z.input<typeof AdminPromoCodeCreateBody>;
export type AdminUserDiscountRow = z.infer<typeof AdminUserDiscount>;
export type UserDiscountInput = z.input<typeof AdminUserDiscountCreateBody>;

const promoKeys = {
  codes: (place: string) => ['admin', place, 'promo-codes'] as const,
  userDiscounts: (place: string) => ['admin', place, 'user-discounts'] as const,
};

export const promoCodesQuery = (place: string) =>
  queryOptions({
    queryKey: promoKeys.codes(place),
    queryFn: () => adminRequest<AdminPromoCodeRow[]>('admin/promo-codes'),
  });
export const userDiscountsQuery = (place: string) =>
  queryOptions({
    queryKey: promoKeys.userDiscounts(place),
    queryFn: () => adminRequest<AdminUserDiscountRow[]>('admin/user-discounts'),
  });

export const createPromoCode = (body: PromoCodeInput) =>
  adminRequest<AdminPromoCodeRow>('admin/promo-codes', { method: 'POST', body });
export const updatePromoCode = (id: number, body: Partial<PromoCodeInput>) =>
  adminRequest<AdminPromoCodeRow>(`admin/promo-codes/${id}`, { method: 'PUT', body });
export const deletePromoCode = (id: number) =>
  adminRequest<unknown>(`admin/promo-codes/${id}`, { method: 'DELETE' });

export const createUserDiscount = (body: UserDiscountInput) =>
  adminRequest<AdminUserDiscountRow>('admin/user-discounts', { method: 'POST', body });
export const updateUserDiscount = (id: number, body: Partial<UserDiscountInput>) =>
  adminRequest<AdminUserDiscountRow>(`admin/user-discounts/${id}`, { method: 'PUT', body });
export const deleteUserDiscount = (id: number) =>
  adminRequest<unknown>(`admin/user-discounts/${id}`, { method: 'DELETE' });
