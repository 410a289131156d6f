import { describe, expect, test } from 'vitest';
import {
  effectiveRoomNumber,
  isValidEmail,
  isValidName,
  isValidPassword,
  isValidPhone,
  validateAddress,
  validateAgreements,
  validateComment,
  validateOrderForm,
  VALIDATION_CODES,
  VALIDATION_MESSAGES,
  type OrderFormInput,
  type OrderFormRules,
} from './validation.ts';
import { compilePhonePattern } from './phone-pattern.ts';

describe('validation: name (spec §5, §9: 3 to 40 characters)', () => {
  test.each([
    ['Ива', true],
    ['Al', false],
    ['  Al  ', false],
    ['a'.repeat(40), true],
    ['a'.repeat(41), false],
    ['Мария Иванова', true],
    ['', false],
    [null, false],
    ['😀😀😀', true], // code points, not UTF-16 units
  ])('§5 name %j valid = %s', (name, ok) => {
    expect(isValidName(name)).toBe(ok);
  });
});

describe('validation: phone (spec §5; designed rule 6–15 digits, optional +, separators)', () => {
  test.each([
    ['0888123456', true],
    ['+359 888 123 456', true],
    ['+359-888-123-456', true],
    ['(02) 987 65 43', true],
    ['088.812.3456', true],
    ['123456', true],
    ['12345', false],
    ['1234567890123456', false], // 16 digits
    ['123456789012345', true], // 15 digits
    ['0888 12a 456', false],
    ['++359888123456', false],
    ['359+888123456', false],
    ['', false],
    [null, false],
    ['   ', false],
  ])('§5 phone %j valid = %s', (phone, ok) => {
    expect(isValidPhone(phone)).toBe(ok);
  });

  test.each([
    ['+359888123456', '^\\+359\\d{9}$', true],
    ['+359 888 123 456', '^\\+359\\d{9}$', true], // matched after removing separators
    ['0888123456', '^\\+359\\d{9}$', false],
    ['0888123456', '/^08\\d{8}$/', true],
    ['0888123456', '/^08\\d{8}$/g', true],
    ['0888123456', '([invalid', true], // an invalid venue regex is ignored
    ['0888123456', '', true],
    ['12345', '.*', false], // the base rule still applies
  ])('§5 phone %j with venue regex %j valid = %s', (phone, regex, ok) => {
    expect(isValidPhone(phone, compilePhonePattern(regex))).toBe(ok);
  });
});

describe('validation: e-mail and password (spec §5; password designed ≥ 8)', () => {
  test.each([
    ['guest@demo.test', true],
    ['a.b+c@sub.example.bg', true],
    [' guest@demo.test ', true],
    ['guest@demo', false],
    ['guest@demo.t', false],
    ['@demo.test', false],
    ['guest demo@test.bg', false],
    ['guest@@demo.test', false],
    ['guest@.test', false],
    ['', false],
    [null, false],
    [`${'a'.repeat(250)}@x.bg`, false],
    // One mailbox only (issue "Security hardening" #10): no lists, quotes, brackets, comments.
    ['a,victim@demo.test', false],
    ['a;victim@demo.test', false],
    ['a@x.bg,victim@demo.test', false],
    ['Name <victim@demo.test>', false],
    ['<victim@demo.test>', false],
    ['"a b"@demo.test', false],
    ['a(comment)@demo.test', false],
    ['a\\b@demo.test', false],
    ['a\nb@demo.test', false],
    ['.a@demo.test', false],
    ['a.@demo.test', false],
    ['a..b@demo.test', false],
    ['a@-demo.test', false],
    ['a@demo-.test', false],
    ['a@demo..test', false],
    ['a@[127.0.0.1]', false],
    ['a@demo.123', false],
    [`${'a'.repeat(65)}@demo.test`, false],
    ["o'brien+tag@demo-bistro.co.uk", true],
    ['мария@пример.бг', true],
    ['a@xn--e1afmkfd.xn--90ae', true],
  ])('§5 e-mail %j valid = %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
  });

  test.each([
    ['12345678', true],
    ['1234567', false],
    ['        ', false],
    ['pass word', true],
    ['a'.repeat(128), true],
    ['a'.repeat(129), false],
    ['', false],
    [null, false],
  ])('§5 password %j valid = %s', (password, ok) => {
    expect(isValidPassword(password)).toBe(ok);
  });
});

describe('validation: address details (spec §5, §9)', () => {
  const full = {
    street: 'ул. Витоша',
    number: '12А',
    floor: '3',
    apartment: '7',
    bell: 'Иванови',
    entrance: 'Б',
  };
  test.each([
    [full, []],
    [{ ...full, number: '1234567890' }, []],
    [{ ...full, number: '12345678901' }, ['street_number_too_long']],
    [{ ...full, number: '' }, ['street_number_required']],
    [{ ...full, floor: '  ' }, ['floor_required']],
    [{ ...full, floor: 'x'.repeat(21) }, ['floor_too_long']],
    [{ ...full, apartment: null }, ['apartment_required']],
    [{ ...full, apartment: 'x'.repeat(21) }, ['apartment_too_long']],
    [{ ...full, bell: undefined }, ['bell_required']],
    [{ ...full, bell: 'x'.repeat(20) }, []],
    [{ ...full, bell: 'x'.repeat(21) }, ['bell_too_long']],
    [{ ...full, entrance: '' }, ['entrance_required']],
    [{ ...full, entrance: 'x'.repeat(21) }, ['entrance_too_long']],
    [{ ...full, street: '' }, ['invalid_address']],
    [
      {},
      [
        'invalid_address',
        'street_number_required',
        'floor_required',
        'apartment_required',
        'bell_required',
        'entrance_required',
      ],
    ],
  ])('§5 address case %# → %j', (address, codes) => {
    expect(validateAddress(address)).toEqual(codes);
  });
});

describe('validation: comment (spec §5: at most 500)', () => {
  test.each([
    ['', []],
    [null, []],
    ['a'.repeat(500), []],
    ['a'.repeat(501), ['comment_too_long']],
    [` ${'a'.repeat(500)} `, []],
  ])('§5 comment of length %#', (comment, codes) => {
    expect(validateComment(comment)).toEqual(codes);
  });
});

describe('validation: agreements (spec §5: separately or together, required checkboxes)', () => {
  const rules = (terms: boolean, privacy: boolean, combined: boolean, ids: string[] = []) => ({
    agreement_terms_required: terms,
    agreement_privacy_required: privacy,
    agreement_combined: combined,
    requiredCheckboxIds: ids,
  });
  test.each([
    [{}, rules(false, false, false), []],
    [{}, rules(true, false, false), ['terms_not_accepted']],
    [{}, rules(false, true, false), ['privacy_not_accepted']],
    [{}, rules(true, true, false), ['terms_and_privacy_not_accepted']],
    [{ terms: true }, rules(true, true, false), ['privacy_not_accepted']],
    [{ privacy: true }, rules(true, true, false), ['terms_not_accepted']],
    [{ terms: true, privacy: true }, rules(true, true, false), []],
    [{ terms: true, privacy: true }, rules(true, true, true), ['terms_and_privacy_not_accepted']],
    [{ combined: true }, rules(true, true, true), []],
    [{}, rules(false, false, true), []],
    [{ checkboxes: { a: true } }, rules(false, false, false, ['a', 'b']), ['required_checkbox_not_ticked']],
    [{ checkboxes: { a: true, b: true } }, rules(false, false, false, ['a', 'b']), []],
  ])('§5 case %#: %j → %j', (input, r, codes) => {
    expect(validateAgreements(input, r)).toEqual(codes);
  });
});

describe('validation: fields each order type requires (spec §5)', () => {
  const RULES: OrderFormRules = {
    orderType: 2,
    phonePattern: null,
    required_delivery_pickup_times: false,
    cutleryOptionOn: false,
    regionsEnabled: false,
    pickupPlacesEnabled: false,
    roomAdditionalOrderTypes: [],
    tokenRoomNumber: null,
    loggedIn: false,
    agreement_terms_required: false,
    agreement_privacy_required: false,
    agreement_combined: false,
  };
  const FORM: OrderFormInput = {
    name: 'Иван Петров',
    phone: '0888123456',
    email: '',
    address: { street: 'ул. Витоша', number: '1', floor: '2', apartment: '3', bell: '4', entrance: 'А' },
    paymentMethod: 'cash',
  };

  test.each<[string, Partial<OrderFormInput>, Partial<OrderFormRules>, string[]]>([
    ['complete delivery', {}, {}, []],
    ['bad name and phone', { name: 'Ив', phone: '12' }, {}, ['invalid_name', 'invalid_phone']],
    ['bad optional e-mail', { email: 'x@y' }, {}, ['invalid_email']],
    ['venue phone regex', {}, { phonePattern: compilePhonePattern('^\\+359') }, ['invalid_phone']],
    [
      'delivery needs the address',
      { address: null },
      {},
      [
        'invalid_address',
        'street_number_required',
        'floor_required',
        'apartment_required',
        'bell_required',
        'entrance_required',
      ],
    ],
    ['delivery needs a region when regions are on', {}, { regionsEnabled: true }, ['region_required']],
    ['region given', { regionId: 3 }, { regionsEnabled: true }, []],
    [
      'date and time when required',
      {},
      { required_delivery_pickup_times: true },
      ['order_date_required', 'order_time_required'],
    ],
    [
      'date and time given',
      { orderDate: '05.03', orderTime: 'asap' },
      { required_delivery_pickup_times: true },
      [],
    ],
    ['payment method', { paymentMethod: '' }, {}, ['payment_method_required']],
    ['online payment needs login', { paymentMethod: 'epay' }, {}, ['online_payment_requires_login']],
    ['card payment needs login', { paymentMethod: 'card' }, {}, ['online_payment_requires_login']],
    [
      'Bizum (online through Redsys) needs login',
      { paymentMethod: 'bizum' },
      {},
      ['online_payment_requires_login'],
    ],
    ['cash needs no login', { paymentMethod: 'cash' }, {}, []],
    ['logged-in online payment', { paymentMethod: 'epay' }, { loggedIn: true }, []],
    ['cutlery choice when the option is on', {}, { cutleryOptionOn: true }, ['cutlery_required']],
    ['cutlery "no" is a choice', { cutlery: false }, { cutleryOptionOn: true }, []],
    ['comment too long', { comment: 'x'.repeat(501) }, {}, ['comment_too_long']],
    ['terms', {}, { agreement_terms_required: true }, ['terms_not_accepted']],
    ['preorder skips the address', { address: null }, { orderType: 3 }, []],
    [
      'preorder pickup place',
      { address: null },
      { orderType: 3, pickupPlacesEnabled: true },
      ['pickup_place_required'],
    ],
    ['preorder pickup place given', { pickupPlaceId: 2 }, { orderType: 3, pickupPlacesEnabled: true }, []],
    [
      'preorder date and time',
      {},
      { orderType: 3, required_delivery_pickup_times: true },
      ['order_date_required', 'order_time_required'],
    ],
    ['room needs a room number', {}, { orderType: 6 }, ['room_number_required']],
    ['room number from the form', { roomNumber: '101' }, { orderType: 6 }, []],
    ['room number from the token', {}, { orderType: 6, tokenRoomNumber: '102' }, []],
    [
      'room additional order type',
      { roomNumber: '1' },
      { orderType: 6, roomAdditionalOrderTypes: ['breakfast'] },
      ['order_type_required'],
    ],
    [
      'room additional order type given',
      { roomNumber: '1', additionalOrderType: 'breakfast' },
      { orderType: 6, roomAdditionalOrderTypes: ['breakfast'] },
      [],
    ],
    [
      'room dates are not asked',
      { roomNumber: '1' },
      { orderType: 6, required_delivery_pickup_times: true },
      [],
    ],
    [
      'table order needs no contact data',
      { name: '', phone: '', paymentMethod: null },
      { orderType: 1, cutleryOptionOn: true },
      [],
    ],
    ['served on spot needs contact data', { name: '', address: null }, { orderType: 7 }, ['invalid_name']],
  ])('§5 %s', (_name, form, rules, codes) => {
    expect(validateOrderForm({ ...FORM, ...form }, { ...RULES, ...rules })).toEqual(codes);
  });

  test.each([
    ['101', null, '101'],
    [' 101 ', '', '101'],
    ['101', '202', '202'],
    [null, null, null],
    ['', '  ', null],
  ])('§5 room number from form %j and token %j = %j', (form, token, expected) => {
    expect(effectiveRoomNumber(form, token)).toBe(expected);
  });
});

describe('validation codes and messages (spec §8)', () => {
  test.each(VALIDATION_CODES)('%s has Bulgarian and English text', (code) => {
    expect(VALIDATION_MESSAGES[code].bg).toMatch(/[а-яА-Я]/);
    expect(VALIDATION_MESSAGES[code].en).toMatch(/[a-zA-Z]/);
  });
  test('the message map has exactly the listed codes', () => {
    expect(Object.keys(VALIDATION_MESSAGES).sort()).toEqual([...VALIDATION_CODES].sort());
  });
});
