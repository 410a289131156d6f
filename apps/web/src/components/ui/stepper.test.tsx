import { describe, expect, test } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Stepper } from './stepper.tsx';

function Demo({ min, max, start }: { min?: number; max?: number; start: number }) {
  const [value, setValue] = useState(start);
  return (
    <Stepper
      value={value}
      onChange={setValue}
      min={min}
      max={max}
      label="Количество на Баница"
      decreaseLabel="Намали Баница"
      increaseLabel="Увеличи Баница"
    />
  );
}

describe('Stepper (issue 21 #2)', () => {
  test('− value + in a named group; the value is a live output; it stops at min and max', async () => {
    const user = userEvent.setup();
    render(<Demo min={1} max={3} start={1} />);
    const group = screen.getByRole('group', { name: 'Количество на Баница' });
    const value = group.querySelector('output')!;
    expect(value.getAttribute('aria-live')).toBe('polite');
    expect(value.textContent).toBe('1');
    const less = screen.getByRole('button', { name: 'Намали Баница' });
    const more = screen.getByRole('button', { name: 'Увеличи Баница' });
    expect(less.getAttribute('aria-disabled')).toBe('true');
    await user.click(less);
    expect(value.textContent).toBe('1');
    await user.click(more);
    expect(value.textContent).toBe('2');
    expect(less.hasAttribute('aria-disabled')).toBe(false);
    // By keyboard: Enter and Space on the focused button; at the maximum it keeps its focus and the value.
    more.focus();
    await user.keyboard('{Enter}');
    expect(value.textContent).toBe('3');
    expect(more.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard(' ');
    expect(value.textContent).toBe('3');
    expect(document.activeElement).toBe(more);
  });

  test('down to zero when the minimum is zero (a cart line: zero removes it)', async () => {
    const user = userEvent.setup();
    render(<Demo start={1} />);
    await user.click(screen.getByRole('button', { name: 'Намали Баница' }));
    expect(screen.getByRole('group').querySelector('output')!.textContent).toBe('0');
  });
});
