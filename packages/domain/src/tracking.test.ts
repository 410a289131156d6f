import { describe, expect, test } from 'vitest';
import {
  activeTime,
  attributionFrom,
  isIdle,
  PAGE_IDLE_TIMEOUT_MS,
  pageTimeEntry,
  recordActivity,
  shouldLogPageTime,
  shouldStorePageTime,
  startPageTimer,
} from './tracking.ts';

describe('page-time tracking (spec §9)', () => {
  test('logged only over 2 s, stored only under 300 s', () => {
    expect(shouldLogPageTime(2_000)).toBe(false);
    expect(shouldLogPageTime(2_001)).toBe(true);
    expect(shouldStorePageTime(299_999)).toBe(true);
    expect(shouldStorePageTime(300_000)).toBe(false);
    expect(shouldStorePageTime(1_000)).toBe(false);
  });

  test('60 s without activity pauses counting; activity resumes it', () => {
    let timer = startPageTimer(0);
    expect(activeTime(timer, 30_000)).toBe(30_000);
    expect(isIdle(timer, 59_999)).toBe(false);
    expect(isIdle(timer, 60_000)).toBe(true);
    // Away for ten minutes: only the time-out counts.
    expect(activeTime(timer, 600_000)).toBe(PAGE_IDLE_TIMEOUT_MS);
    timer = recordActivity(timer, 600_000);
    expect(activeTime(timer, 610_000)).toBe(PAGE_IDLE_TIMEOUT_MS + 10_000);
    // An older activity changes nothing.
    expect(recordActivity(timer, 500_000)).toBe(timer);
  });

  test('the logged entry spans the active time and ends now; short visits are not logged', () => {
    const timer = recordActivity(startPageTimer(1_000), 5_000);
    expect(pageTimeEntry(timer, 8_000)).toEqual({ startTime: 1_000, endTime: 8_000 });
    expect(pageTimeEntry(startPageTimer(1_000), 2_500)).toBeNull();
    const idle = startPageTimer(0);
    expect(pageTimeEntry(idle, 1_000_000)).toEqual({ startTime: 1_000_000 - 60_000, endTime: 1_000_000 });
  });
});

describe('attribution (spec §3)', () => {
  test('a URL with campaign parameters is a new last touch; without them nothing changes', () => {
    const params = new URLSearchParams('utm_source=qr&utm_campaign=%20summer%20&cid=7&other=x');
    expect(attributionFrom(params, 123)).toEqual({
      utm_source: 'qr',
      utm_campaign: 'summer',
      cid: '7',
      last_touch: 123,
    });
    expect(attributionFrom(new URLSearchParams('lang=en'), 123)).toBeNull();
    expect(attributionFrom(new URLSearchParams('call_id=' + 'a'.repeat(500)), 1)!.call_id).toHaveLength(200);
  });
});
