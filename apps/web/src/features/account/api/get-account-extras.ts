/**
 * What login loads besides the user (spec §4): GET check-registered-user-discount, GET
 * accumulated-order-amount-setting-place and, when the place's payments module is on, GET users/payment-instruments.
 */
import type { z } from 'zod';
import type { StoreAccumulatedAmountSettingResponse } from '@trapeza/domain/contracts/menu';
import type {
  StorePaymentInstrumentsResponse,
  StoreRegisteredUserDiscountResponse,
} from '@trapeza/domain/contracts/users';
import { api } from '../../../lib/api-client.ts';

export const getRegisteredUserDiscount = (place: string) =>
  api.get<StoreRegisteredUserDiscountResponse>('check-registered-user-discount', { place });

export const getAccumulatedAmount = (place: string) =>
  api.get<z.infer<typeof StoreAccumulatedAmountSettingResponse>>('accumulated-order-amount-setting-place', {
    place,
  });

export const getPaymentInstruments = (place: string) =>
  api.get<StorePaymentInstrumentsResponse>('users/payment-instruments', { place });
