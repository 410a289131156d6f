/**
 * The order modal's values (spec §3 order form fields), their check by the domain (validateOrderForm) and the §7
 * payload each order type sends. No rule is decided here: requiredness, limits and flags are the domain's.
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { cartLines, type Cart, type OrderComment } from '@trapeza/domain/cart';
import { exactTimeFlag } from '@trapeza/domain/dates';
import type { OrderType } from '@trapeza/domain/order-status';
import {
  effectiveRoomNumber,
  validateOrderForm,
  type OrderFormRules,
  type ValidationCode,
} from '@trapeza/domain/validation';
import type { StoreOrderProduct } from '@trapeza/domain/contracts/orders';
import type { OrderRequest } from '../api/orders.ts';

export interface OrderFormValues {
  orderType: string;
  name: string;
  phone: string;
  email: string;
  street: string;
  number: string;
  floor: string;
  apartment: string;
  bell: string;
  entrance: string;
  postalCode: string;
  addressDetails: string;
  regionId: string;
  lat: number | null;
  lng: number | null;
  timeMode: 'asap' | 'exact';
  /** 'DD.MM' (spec §5: a day.month string combined with the year). */
  orderDate: string;
  /** 'HH:MM' */
  orderTime: string;
  roomNumber: string;
  additionalOrderType: string;
  pickupPlaceId: string;
  paymentMethod: string;
  cutlery: '' | 'yes' | 'no';
  cutleryCount: number;
  promoInput: string;
  /** The promo code the guest applied; only an applied code is sent (spec §5). */
  promoApplied: string;
  agreeCombined: boolean;
  agreeTerms: boolean;
  agreePrivacy: boolean;
}

export const EMPTY_ORDER_FORM: OrderFormValues = {
  orderType: '',
  name: '',
  phone: '',
  email: '',
  street: '',
  number: '',
  floor: '',
  apartment: '',
  bell: '',
  entrance: '',
  postalCode: '',
  addressDetails: '',
  regionId: '',
  lat: null,
  lng: null,
  timeMode: 'asap',
  orderDate: '',
  orderTime: '',
  roomNumber: '',
  additionalOrderType: '',
  pickupPlaceId: '',
  paymentMethod: '',
  cutlery: '',
  cutleryCount: 1,
  promoInput: '',
  promoApplied: '',
  agreeCombined: false,
  agreeTerms: false,
  agreePrivacy: false,
};

/** The form field that shows each domain code. */
export const FIELD_OF_CODE: Record<ValidationCode, keyof OrderFormValues> = {
  invalid_name: 'name',
  invalid_phone: 'phone',
  invalid_email: 'email',
  invalid_password: 'name',
  invalid_address: 'street',
  street_number_required: 'number',
  street_number_too_long: 'number',
  floor_required: 'floor',
  floor_too_long: 'floor',
  apartment_required: 'apartment',
  apartment_too_long: 'apartment',
  bell_required: 'bell',
  bell_too_long: 'bell',
  entrance_required: 'entrance',
  entrance_too_long: 'entrance',
  region_required: 'regionId',
  order_date_required: 'orderDate',
  order_time_required: 'orderTime',
  room_number_required: 'roomNumber',
  payment_method_required: 'paymentMethod',
  cutlery_required: 'cutlery',
  order_type_required: 'additionalOrderType',
  pickup_place_required: 'pickupPlaceId',
  comment_too_long: 'orderType',
  terms_not_accepted: 'agreeTerms',
  privacy_not_accepted: 'agreePrivacy',
  terms_and_privacy_not_accepted: 'agreeCombined',
  required_checkbox_not_ticked: 'agreeCombined',
  online_payment_requires_login: 'paymentMethod',
};

/** The payload field of a server validation answer → the form field. */
export const FIELD_OF_PAYLOAD: Record<string, keyof OrderFormValues> = {
  client_name: 'name',
  client_phone: 'phone',
  client_email: 'email',
  client_address: 'street',
  street_number: 'number',
  floor_number: 'floor',
  ap_number: 'apartment',
  bell_number: 'bell',
  entrance_number: 'entrance',
  regionId: 'regionId',
  delivery_time: 'orderTime',
  pickup_time: 'orderTime',
  room_number: 'roomNumber',
  payment_method: 'paymentMethod',
  cutlery: 'cutlery',
  additional_order_type: 'additionalOrderType',
  pickupPlaceId: 'pickupPlaceId',
};

export type OrderFormRulesInput = Omit<OrderFormRules, 'orderType'>;

/** Runs the domain's order-form validation on the modal's values. */
export function checkOrderForm(
  v: OrderFormValues,
  orderType: OrderType,
  rules: OrderFormRulesInput,
  comment: string,
): ValidationCode[] {
  const exact = v.timeMode === 'exact';
  return validateOrderForm(
    {
      name: v.name,
      phone: v.phone,
      email: v.email,
      address: {
        street: v.street,
        number: v.number,
        floor: v.floor,
        apartment: v.apartment,
        bell: v.bell,
        entrance: v.entrance,
      },
      regionId: v.regionId === '' ? null : Number(v.regionId),
      orderDate: exact ? v.orderDate : null,
      orderTime: exact ? v.orderTime : null,
      roomNumber: v.roomNumber,
      paymentMethod: v.paymentMethod,
      cutlery: v.cutlery === '' ? null : v.cutlery === 'yes',
      cutleryCount: v.cutleryCount,
      additionalOrderType: v.additionalOrderType,
      comment,
      pickupPlaceId: v.pickupPlaceId === '' ? null : Number(v.pickupPlaceId),
      combined: v.agreeCombined,
      terms: v.agreeTerms,
      privacy: v.agreePrivacy,
    },
    { ...rules, orderType },
  );
}

export interface PayloadContext {
  cart: Cart;
  comments: OrderComment[];
  orderComment: string;
  /** The stored order token (table session or an earlier order's). */
  token: string | null;
  tokenRoomNumber: string | null;
  cutleryOn: boolean;
  deviceId: string;
  deliveryZone: { kind: 'region' | 'radius' | 'shape'; id: number } | null;
}

const blankToNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The §7 payload of the chosen order type. */
export function buildOrderRequest(v: OrderFormValues, type: OrderType, ctx: PayloadContext): OrderRequest {
  // The cart lines as kept under to_order (every §3 field); the server reads ids, quantities and ingredients.
  const products = cartLines(ctx.cart).map((l): StoreOrderProduct => ({ ...l }));
  const order_comment = ctx.comments.length > 0 ? ctx.comments : null;
  if (type === ORDER_TYPES.SPOT) {
    return {
      type: 1,
      body: { session: ctx.token ?? '', products, order_comment, userDeviceData: ctx.deviceId },
    };
  }
  const time = v.timeMode === 'exact' ? `${v.orderDate} ${v.orderTime}`.trim() : '';
  const cutlery: 0 | 1 | null = ctx.cutleryOn && v.cutlery !== '' ? (v.cutlery === 'yes' ? 1 : 0) : null;
  const count = cutlery === 1 ? Math.max(1, Math.floor(v.cutleryCount)) : 0;
  const common = {
    products,
    client_name: blankToNull(v.name),
    client_phone: blankToNull(v.phone),
    client_email: blankToNull(v.email),
    token: ctx.token,
    order_comment,
    exact_time_selected: exactTimeFlag(time),
    payment_method: blankToNull(v.paymentMethod),
    cutlery,
    promo_code: blankToNull(v.promoApplied),
    order_text_comment: blankToNull(ctx.orderComment),
    userDeviceData: ctx.deviceId,
  };
  switch (type) {
    case ORDER_TYPES.DELIVERY: {
      const zone = ctx.deliveryZone;
      return {
        type: 2,
        body: {
          ...common,
          client_address: v.addressDetails.trim()
            ? `${v.street.trim()} / ${v.addressDetails.trim()}`
            : v.street.trim(),
          street_number: blankToNull(v.number),
          floor_number: blankToNull(v.floor),
          ap_number: blankToNull(v.apartment),
          bell_number: blankToNull(v.bell),
          entrance_number: blankToNull(v.entrance),
          delivery_postal_code: blankToNull(v.postalCode),
          delivery_time: time,
          regionId: v.regionId === '' ? null : Number(v.regionId),
          deliveryRadiusId: zone?.kind === 'radius' ? zone.id : null,
          deliveryShapeId: zone?.kind === 'shape' ? zone.id : null,
          lat: v.lat,
          lng: v.lng,
          delivery_address_lat: v.lat,
          delivery_address_lng: v.lng,
          count_cutlery: count,
        },
      };
    }
    case ORDER_TYPES.PREORDER:
      return {
        type: 3,
        body: {
          ...common,
          pickup_time: time,
          pickupPlaceId: v.pickupPlaceId === '' ? null : Number(v.pickupPlaceId),
          count_cutlery: count,
        },
      };
    case ORDER_TYPES.ROOM:
      return {
        type: 6,
        body: {
          ...common,
          pickup_time: time,
          room_number: effectiveRoomNumber(v.roomNumber, ctx.tokenRoomNumber),
          additional_order_type: blankToNull(v.additionalOrderType),
        },
      };
    default:
      return {
        type: 7,
        body: {
          ...common,
          pickup_time: time,
          pickupPlaceId: v.pickupPlaceId === '' ? null : Number(v.pickupPlaceId),
          client_address: null,
        },
      };
  }
}
