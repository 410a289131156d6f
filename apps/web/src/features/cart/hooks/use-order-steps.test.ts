import { describe, expect, test } from 'vitest';
import { stepOf, stepsFor } from './use-order-steps.ts';

describe('order form steps on a phone (issue 21 #3)', () => {
  test.each([
    ['a table session (type 1 fixed): one step', 1, [1], ['pay']],
    ['table chosen among others: how, then confirm', 1, [1, 2, 3], ['how', 'pay']],
    ['no type chosen yet: all three', null, [1, 2, 3], ['how', 'details', 'pay']],
    ['delivery: all three', 2, [2, 3], ['how', 'details', 'pay']],
    ['pickup as the only type: its time, details, confirm', 3, [3], ['how', 'details', 'pay']],
    ['room fixed by the room QR: time, details, confirm', 6, [6], ['how', 'details', 'pay']],
  ] as const)('%s', (_name, type, offered, steps) => {
    expect(stepsFor({ type, offered: [...offered] })).toEqual(steps);
  });

  test.each([
    ['orderType', 'how'],
    ['orderTime', 'how'],
    ['pickupPlaceId', 'how'],
    ['phone', 'details'],
    ['regionId', 'details'],
    ['roomNumber', 'details'],
    ['paymentMethod', 'pay'],
    ['agreeCombined', 'pay'],
  ] as const)('a refused %s brings the guest back to the "%s" step', (field, step) => {
    expect(stepOf(field)).toBe(step);
  });
});
