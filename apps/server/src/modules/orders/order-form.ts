/**
 * Step 3 of placing an order (orders.service.ts): the form. The domain's validation codes, each with the payload
 * field it points at, plus what only the database knows (the requested time within the venue's hours, the pickup
 * venue among the client's, a hotel's room number) → 400 invalid_order_data with the field codes.
 */
import { compilePhonePattern } from '@trapeza/domain/phone-pattern';
import { checkRequestedTime } from '@trapeza/domain/order-time';
import { cutleryOptionOn, type VenueSettings } from '@trapeza/domain/settings';
import { validateOrderForm, validateComment, type ValidationCode } from '@trapeza/domain/validation';
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import type { StoreFieldError } from '@trapeza/domain/contracts/orders';
import { validationError } from './order-error.ts';
import { splitTime, type OrderCallContext, type OrderDraft } from './order-draft.ts';
import type { OrdersRepository } from './orders.repository.ts';

/** Field of the payload each validation code points at. */
const FIELD_OF: Record<ValidationCode, string> = {
  invalid_name: 'client_name',
  invalid_phone: 'client_phone',
  invalid_email: 'client_email',
  invalid_password: 'password',
  invalid_address: 'client_address',
  street_number_required: 'street_number',
  street_number_too_long: 'street_number',
  floor_required: 'floor_number',
  floor_too_long: 'floor_number',
  apartment_required: 'ap_number',
  apartment_too_long: 'ap_number',
  bell_required: 'bell_number',
  bell_too_long: 'bell_number',
  entrance_required: 'entrance_number',
  entrance_too_long: 'entrance_number',
  region_required: 'regionId',
  order_date_required: 'time',
  order_time_required: 'time',
  room_number_required: 'room_number',
  payment_method_required: 'payment_method',
  cutlery_required: 'cutlery',
  order_type_required: 'additional_order_type',
  pickup_place_required: 'pickupPlaceId',
  comment_too_long: 'order_text_comment',
  terms_not_accepted: 'terms',
  privacy_not_accepted: 'privacy',
  terms_and_privacy_not_accepted: 'terms',
  required_checkbox_not_ticked: 'checkboxes',
  online_payment_requires_login: 'payment_method',
};

export function createOrderForm(deps: { repo: OrdersRepository }) {
  const { repo } = deps;

  /** Step 3: the domain's form validation, each code with its payload field. */
  async function validate(
    d: OrderDraft,
    settings: VenueSettings,
    extra: { regionsEnabled: boolean; tokenRoom: string | null },
    ctx: OrderCallContext,
  ): Promise<void> {
    const { date, time } = splitTime(d.time);
    // Pickup venues: chosen among the client's places offering pickup; required when there are several.
    const pickupPlaces =
      d.type === ORDER_TYPES.PREORDER || d.pickupPlaceId !== null
        ? await repo.listPickupPlaces(ctx.clientId)
        : [];
    const codes = validateOrderForm(
      {
        name: d.name,
        phone: d.phone,
        email: d.email,
        address: {
          street: d.address,
          number: d.streetNumber,
          floor: d.floor,
          apartment: d.apartment,
          bell: d.bell,
          entrance: d.entrance,
        },
        regionId: d.regionId,
        orderDate: date ?? (time ? 'today' : null),
        orderTime: time,
        roomNumber: d.roomNumber,
        paymentMethod: d.paymentMethod,
        cutlery: d.cutlery === null ? null : d.cutlery === 1,
        cutleryCount: d.countCutlery,
        additionalOrderType: d.additionalOrderType,
        comment: d.textComment,
        pickupPlaceId: d.pickupPlaceId,
      },
      {
        orderType: d.type,
        phonePattern: compilePhonePattern(settings.validate_phone_number_regex),
        required_delivery_pickup_times: settings.required_delivery_pickup_times,
        cutleryOptionOn: cutleryOptionOn(settings, d.type),
        // Regions are one of three zone kinds: required only when the venue delivers by region alone.
        regionsEnabled: extra.regionsEnabled && d.lat === null && d.lng === null,
        pickupPlacesEnabled: d.type === ORDER_TYPES.PREORDER && pickupPlaces.length > 1,
        roomAdditionalOrderTypes: settings.room_additional_order_types,
        tokenRoomNumber: extra.tokenRoom,
        // Login for card / online payment is answered with its own §8 code before this (card_payment_requires_login).
        loggedIn: true,
        // The §7 payloads carry no agreement fields; the browser enforces the checkboxes.
        agreement_terms_required: false,
        agreement_privacy_required: false,
        agreement_combined: false,
      },
    );
    const timeField = d.type === ORDER_TYPES.DELIVERY ? 'delivery_time' : 'pickup_time';
    const errors: StoreFieldError[] = codes.map((code) => ({
      field: FIELD_OF[code] === 'time' ? timeField : FIELD_OF[code],
      code,
    }));
    // The requested time: a real, future time within the venue's hours (its time zone), else the time field's code.
    if (d.type !== ORDER_TYPES.SPOT) {
      const requested = checkRequestedTime(d.time, settings, ctx.now);
      if (!requested.ok && !codes.includes(requested.code))
        errors.push({ field: timeField, code: requested.code });
    }
    for (const c of d.comments) {
      if (validateComment(c.comment).length > 0) {
        errors.push({ field: 'order_comment', code: 'comment_too_long' });
        break;
      }
    }
    if (
      d.pickupPlaceId !== null &&
      !pickupPlaces.some((p) => p.id === d.pickupPlaceId) &&
      !errors.some((e) => e.field === 'pickupPlaceId')
    ) {
      errors.push({ field: 'pickupPlaceId', code: 'pickup_place_required' });
    }
    // A hotel (setting is_hotel, spec §3) serves its own rooms: a typed room number must be one of its rooms (a
    // room's QR session already names one). Elsewhere a room order's number is taken as typed.
    if (
      settings.is_hotel &&
      d.type === ORDER_TYPES.ROOM &&
      extra.tokenRoom === null &&
      d.roomNumber !== null &&
      !errors.some((e) => e.field === 'room_number') &&
      !(await repo.isRoomOfPlace(ctx.placeId, d.roomNumber.trim()))
    ) {
      errors.push({ field: 'room_number', code: 'room_number_required' });
    }
    if (errors.length > 0) throw validationError(errors);
  }

  return { validate };
}
