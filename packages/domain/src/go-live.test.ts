import { describe, expect, test } from 'vitest';
import { goLiveChecklist, workingHoursSet, type GoLiveFacts } from './go-live.ts';

const EMPTY: GoLiveFacts = {
  activeProducts: 0,
  hoursSet: false,
  activeOrderTypes: 0,
  activeTables: 0,
  qrSheetDownloadedAt: null,
  verifiedPaymentAccounts: 0,
  cashOnly: false,
  staffAccounts: 0,
};
const done = (f: Partial<GoLiveFacts>) =>
  Object.fromEntries(goLiveChecklist({ ...EMPTY, ...f }).map((i) => [i.key, i.done]));

describe('go-live checklist', () => {
  test('an empty venue has every item open, in order', () => {
    expect(goLiveChecklist(EMPTY).map((i) => i.key)).toEqual([
      'menu',
      'hours',
      'order_types',
      'tables',
      'payments',
      'staff',
    ]);
    expect(goLiveChecklist(EMPTY).every((i) => !i.done)).toBe(true);
  });
  test('tables need the QR sheet too; payments a tested account or cash only', () => {
    expect(done({ activeTables: 3 }).tables).toBe(false);
    expect(done({ activeTables: 0, qrSheetDownloadedAt: '2026-11-26T00:00:00Z' }).tables).toBe(false);
    expect(done({ activeTables: 3, qrSheetDownloadedAt: '2026-11-26T00:00:00Z' }).tables).toBe(true);
    expect(done({ verifiedPaymentAccounts: 1 }).payments).toBe(true);
    expect(done({ cashOnly: true }).payments).toBe(true);
    expect(done({ activeProducts: 1, activeOrderTypes: 2, staffAccounts: 1, hoursSet: true })).toMatchObject({
      menu: true,
      order_types: true,
      staff: true,
      hours: true,
    });
  });
  test('working hours count when a day has a range', () => {
    expect(workingHoursSet(null)).toBe(false);
    expect(workingHoursSet('not json')).toBe(false);
    expect(workingHoursSet(JSON.stringify({ 1: '-', 2: '-' }))).toBe(false);
    expect(workingHoursSet(JSON.stringify({ 1: '-', 2: '10:00-22:00' }))).toBe(true);
  });
});
