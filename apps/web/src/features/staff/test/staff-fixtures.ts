/** Typed staff test data on the contract types. */
import type { StaffOrder, StaffUserNeed } from '@trapeza/domain/contracts/staff';

export function staffOrder(over: Partial<StaffOrder> & Pick<StaffOrder, 'id'>): StaffOrder {
  return {
    key: `K${over.id}`,
    number: null,
    type: 1,
    status: 'ordered',
    next_statuses: ['cooked_spot', 'served_spot', 'paid', 'rejected'],
    created_at: '2026-12-01T10:00:00.000Z',
    updated_at: '2026-12-01T10:00:00.000Z',
    table: { id: 3, number: '3', kind: 'table' },
    room_number: null,
    requested_time: null,
    scheduled_start: null,
    exact_time_selected: 0,
    payment_method: 'cash',
    payment_status: 'none',
    bill_wanted: 0,
    bill_payment_method: null,
    customer: null,
    address: null,
    pickup_place_id: null,
    additional_order_type: null,
    cutlery: 0,
    count_cutlery: 0,
    promo_code: null,
    comment: null,
    user_id: null,
    device_id: null,
    lines: [
      {
        id: 1,
        product_id: 10,
        variant_id: 11,
        name: 'Шопска салата',
        size: '350 г',
        quantity: 2,
        unit_price: 890,
        box_fee: 0,
        discount: 0,
        line_total: 1780,
        comment: 'без лук',
        ingredients: [
          { ingredient_id: 5, type: 'removable', name: 'Лук', price: 0 },
          { ingredient_id: 6, type: 'addable', name: 'Сирене', price: 150 },
        ],
      },
    ],
    price: {
      subtotal: 1780,
      discount_total: 0,
      delivery_fee: 0,
      box_fee: 0,
      cutlery_fee: 0,
      payment_fee: 0,
      accumulated_amount_used: 0,
      total: 1780,
      currency: 'BGN',
    },
    history: [],
    ...over,
  };
}

export function userNeed(over: Partial<StaffUserNeed> & Pick<StaffUserNeed, 'id'>): StaffUserNeed {
  return {
    type: 'bring_ice',
    text: null,
    status: 'open',
    table: { id: 3, number: '3', kind: 'table' },
    session: 's1',
    created_at: '2026-12-01T10:00:00.000Z',
    done_at: null,
    ...over,
  };
}
