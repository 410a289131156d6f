import { describe, expect, test } from 'vitest';
import type { OrderType } from '@trapeza/domain/order-status';
import {
  checkOrderForm,
  EMPTY_ORDER_FORM,
  FIELD_OF_CODE,
  type OrderFormRulesInput,
  type OrderFormValues,
} from './order-form.ts';

const rules: OrderFormRulesInput = {
  phonePattern: null,
  required_delivery_pickup_times: true,
  cutleryOptionOn: true,
  regionsEnabled: false,
  pickupPlacesEnabled: false,
  roomAdditionalOrderTypes: ['breakfast', 'lunch'],
  tokenRoomNumber: null,
  loggedIn: false,
  agreement_terms_required: true,
  agreement_privacy_required: true,
  agreement_combined: true,
};
const contact: Partial<OrderFormValues> = {
  name: 'Иван Петров',
  phone: '+359 888 123 456',
  paymentMethod: 'cash',
  cutlery: 'no',
  agreeCombined: true,
};
const address: Partial<OrderFormValues> = {
  street: 'ул. Граф Игнатиев',
  number: '12',
  floor: '3',
  apartment: '7',
  bell: 'Петров',
  entrance: 'А',
};

const check = (type: OrderType, v: Partial<OrderFormValues>, r: Partial<OrderFormRulesInput> = {}) =>
  checkOrderForm({ ...EMPTY_ORDER_FORM, ...v }, type, { ...rules, ...r }, '');

describe('order form per order type (spec §5, domain validateOrderForm)', () => {
  test.each<[string, OrderType, Partial<OrderFormValues>, Partial<OrderFormRulesInput>, string[]]>([
    ['spot needs only the agreement', 1, {}, {}, ['terms_and_privacy_not_accepted']],
    ['spot with the agreement is complete', 1, { agreeCombined: true }, {}, []],
    [
      'delivery needs contact, address and payment',
      2,
      { agreeCombined: true },
      { cutleryOptionOn: false, required_delivery_pickup_times: false },
      [
        'invalid_name',
        'invalid_phone',
        'invalid_address',
        'street_number_required',
        'floor_required',
        'apartment_required',
        'bell_required',
        'entrance_required',
        'payment_method_required',
      ],
    ],
    [
      'delivery with a too long street number',
      2,
      { ...contact, ...address, number: '12345678901' },
      { required_delivery_pickup_times: false },
      ['street_number_too_long'],
    ],
    [
      'delivery by region needs a region',
      2,
      { ...contact, ...address },
      { regionsEnabled: true, required_delivery_pickup_times: false },
      ['region_required'],
    ],
    [
      'delivery with required times needs date and time',
      2,
      { ...contact, ...address },
      {},
      ['order_date_required', 'order_time_required'],
    ],
    [
      'delivery complete',
      2,
      { ...contact, ...address, timeMode: 'exact', orderDate: '04.03', orderTime: '12:30' },
      {},
      [],
    ],
    [
      'pickup needs cutlery choice and payment',
      3,
      { name: 'Иван', phone: '0888123456', agreeCombined: true },
      { required_delivery_pickup_times: false },
      ['payment_method_required', 'cutlery_required'],
    ],
    [
      'card payment needs login',
      3,
      { ...contact, paymentMethod: 'card' },
      { required_delivery_pickup_times: false },
      ['online_payment_requires_login'],
    ],
    [
      'room needs room number and the additional order type',
      6,
      contact,
      {},
      ['room_number_required', 'order_type_required'],
    ],
    [
      'room number from the token',
      6,
      { ...contact, additionalOrderType: 'lunch' },
      { tokenRoomNumber: '101' },
      [],
    ],
    [
      'served on spot needs contact',
      7,
      { agreeCombined: true, cutlery: 'no' },
      {},
      ['invalid_name', 'invalid_phone', 'payment_method_required'],
    ],
  ])('%s', (_name, type, values, r, codes) => {
    expect(check(type, values, r)).toEqual(codes);
  });

  test('every domain code has a form field to show it on', () => {
    for (const code of check(2, {}, { regionsEnabled: true })) expect(FIELD_OF_CODE[code]).toBeDefined();
  });
});
