/**
 * Issue 21 #2: the date-and-time field that replaces the native datetime-local input. Its value is the same local
 * text ("2026-12-01T09:05"), its segments are spin buttons named by the field's label in the console's locale
 * (Bulgarian: day.month.year, 24-hour clock), the arrows step them, the calendar button is named in that language,
 * and an error is shown under the field and tied to it.
 */
import { afterAll, describe, expect, test, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchFeatureLanguage } from '../../test/render-with-providers.tsx';
import { adminBundle } from '../../features/admin/i18n/loaders.ts';
import { DateTimeField } from './date-time-field.tsx';

afterAll(() => switchFeatureLanguage('admin', adminBundle, 'en'));

function Field({
  start,
  seen,
  error,
  withTime = true,
}: {
  start: string;
  seen: (v: string) => void;
  error?: string;
  withTime?: boolean;
}) {
  const [value, setValue] = useState(start);
  return (
    <DateTimeField
      label="Валиден до"
      value={value}
      error={error}
      withTime={withTime}
      onChange={(v) => {
        seen(v);
        setValue(v);
      }}
    />
  );
}

const segment = (type: string) =>
  screen.getByRole('spinbutton', { name: new RegExp(`^${type},\\s+Валиден до$`) });

describe('DateTimeField', () => {
  test('shows the local text as Bulgarian segments and hands back the same format when stepped', async () => {
    await switchFeatureLanguage('admin', adminBundle, 'bg');
    const seen = vi.fn();
    render(<Field start="2026-12-01T09:05" seen={seen} />);
    const group = screen.getByRole('group', { name: 'Валиден до' });
    // Bulgarian order and 24-hour clock: 01.12.2026 г., 09:05
    const order = [...group.querySelectorAll('[role="spinbutton"]')].map((e) => e.getAttribute('data-type'));
    expect(order).toEqual(['day', 'month', 'year', 'hour', 'minute']);
    expect(segment('час').getAttribute('aria-valuemax')).toBe('23');
    const user = userEvent.setup();
    segment('минута').focus();
    await user.keyboard('{ArrowUp}');
    expect(seen).toHaveBeenLastCalledWith('2026-12-01T09:06');
    segment('ден').focus();
    await user.keyboard('{ArrowDown}');
    expect(seen).toHaveBeenLastCalledWith('2026-12-31T09:06');
    expect(screen.getByRole('button', { name: /Календар/ })).toBeTruthy();
  });

  test('an error is said under the field and describes every segment, which are marked invalid', async () => {
    await switchFeatureLanguage('admin', adminBundle, 'bg');
    render(
      <Field start="2026-12-01T09:05" seen={() => undefined} error="Краят трябва да е след началото." />,
    );
    const message = screen.getByText('Краят трябва да е след началото.');
    const year = segment('година');
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect((year.getAttribute('aria-describedby') ?? '').split(' ')).toContain(message.id);
  });

  test('empty: placeholders, and an empty value stays empty', async () => {
    await switchFeatureLanguage('admin', adminBundle, 'en');
    render(<DateTimeField label="Valid from" value="" onChange={() => undefined} />);
    const year = screen.getByRole('spinbutton', { name: /^year,\s+Valid from$/ });
    expect(year.getAttribute('aria-valuenow')).toBeNull();
    expect(year.getAttribute('aria-invalid')).toBeNull();
  });

  test('a year typed digit by digit is handed on only once it has four digits', async () => {
    await switchFeatureLanguage('admin', adminBundle, 'bg');
    const seen = vi.fn();
    render(<Field start="" seen={seen} withTime={false} />);
    const user = userEvent.setup();
    await user.click(segment('ден'));
    await user.keyboard('0501202');
    // Year 202 so far: not a date the form should filter or save by.
    expect(seen).not.toHaveBeenCalled();
    expect(segment('година').getAttribute('aria-valuenow')).toBe('202');
    await user.keyboard('6');
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenLastCalledWith('2026-01-05');
  });
});
