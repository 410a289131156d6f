import { useState } from 'react';
import { beforeEach, expect, test, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookingCalendar } from './booking-calendar.tsx';
import { useBookingLanguage } from '../test/booking-test-utils.tsx';

beforeEach(async () => {
  await useBookingLanguage('en');
});

function Host({ onSelect, busy = ['2026-03-05'] }: { onSelect: (d: string) => void; busy?: string[] }) {
  const [month, setMonth] = useState('2026-03');
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <BookingCalendar
      month={month}
      onMonthChange={setMonth}
      selected={selected}
      onSelect={(d) => {
        setSelected(d);
        onSelect(d);
      }}
      min="2026-03-03"
      max="2026-05-02"
      busy={new Set(busy)}
      lang="en"
    />
  );
}

const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;

test('past dates, dates beyond booking_days_ahead and busy dates cannot be chosen; the tab stop is the first bookable day', async () => {
  const onSelect = vi.fn();
  render(<Host onSelect={onSelect} />);
  expect(screen.getByRole('grid', { name: 'March 2026' })).toBeTruthy();
  expect(day('2026-03-02').getAttribute('aria-disabled')).toBe('true');
  expect(day('2026-03-02').getAttribute('aria-label')).toMatch(/Monday, March 2, 2026 – cannot be booked/);
  expect(day('2026-03-05').getAttribute('aria-disabled')).toBe('true');
  expect(day('2026-03-05').getAttribute('aria-label')).toMatch(/Thursday, March 5, 2026 – fully booked/);
  expect(day('2026-03-04').getAttribute('aria-disabled')).toBeNull();
  expect(day('2026-03-03').tabIndex).toBe(0);
  expect(day('2026-03-04').tabIndex).toBe(-1);

  const user = userEvent.setup();
  await user.click(day('2026-03-05'));
  await user.click(day('2026-03-02'));
  expect(onSelect).not.toHaveBeenCalled();
  await user.click(day('2026-03-06'));
  expect(onSelect).toHaveBeenCalledWith('2026-03-06');
  expect(day('2026-03-06').getAttribute('aria-pressed')).toBe('true');
  // Nothing before the first bookable month, nothing after the last.
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous month' }).disabled).toBe(true);
});

test('keyboard: arrows by day and week, Home/End within the week, Page Up/Down by month, Enter chooses, busy days are passed over but not chosen', async () => {
  const onSelect = vi.fn();
  render(<Host onSelect={onSelect} />);
  const user = userEvent.setup();
  act(() => day('2026-03-03').focus());

  await user.keyboard('{ArrowLeft}');
  expect(document.activeElement).toBe(day('2026-03-03')); // not before today
  await user.keyboard('{ArrowRight}');
  expect(document.activeElement).toBe(day('2026-03-04'));
  await user.keyboard('{ArrowRight}');
  expect(document.activeElement).toBe(day('2026-03-05')); // busy: focusable, announced, not choosable
  await user.keyboard('{Enter}');
  expect(onSelect).not.toHaveBeenCalled();
  await user.keyboard('{ArrowDown}');
  expect(document.activeElement).toBe(day('2026-03-12'));
  await user.keyboard('{End}');
  expect(document.activeElement).toBe(day('2026-03-15')); // Sunday
  await user.keyboard('{Home}');
  expect(document.activeElement).toBe(day('2026-03-09')); // Monday
  await user.keyboard('{ArrowUp}');
  expect(document.activeElement).toBe(day('2026-03-03')); // clamped at today (2 March is past)

  await user.keyboard('{PageDown}');
  expect(screen.getByRole('grid', { name: 'April 2026' })).toBeTruthy();
  expect(document.activeElement).toBe(day('2026-04-03'));
  expect(day('2026-04-03').tabIndex).toBe(0);
  await user.keyboard('{PageDown}');
  expect(screen.getByRole('grid', { name: 'May 2026' })).toBeTruthy();
  expect(document.activeElement).toBe(day('2026-05-02')); // clamped at the last bookable date
  await user.keyboard('{PageUp}{PageUp}');
  expect(screen.getByRole('grid', { name: 'March 2026' })).toBeTruthy();
  await user.keyboard('{ArrowRight}{Enter}');
  expect(onSelect).toHaveBeenCalledTimes(1);
  expect(onSelect).toHaveBeenLastCalledWith(document.activeElement?.getAttribute('data-date'));
});
