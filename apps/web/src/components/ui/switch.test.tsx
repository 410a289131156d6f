import { describe, expect, test, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Switch } from './switch.tsx';

describe('Switch (issue 21 #2)', () => {
  test('a real checkbox with the switch role, named by aria-label or its text, toggled by a tap on the text or Space', async () => {
    const user = userEvent.setup();
    const states: boolean[] = [];
    const onChange = vi.fn((e: { target: HTMLInputElement }) => states.push(e.target.checked));
    render(
      <Switch label="В наличност" aria-label="Баница: в наличност" checked={false} onChange={onChange} />,
    );
    const box = screen.getByRole<HTMLInputElement>('switch', { name: 'Баница: в наличност' });
    expect(box.type).toBe('checkbox');
    await user.click(screen.getByText('В наличност'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(states).toEqual([true]);
    box.focus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  test('disabled: no toggle, and the label says so to the pointer', async () => {
    const onChange = vi.fn();
    render(<Switch label="Активно" disabled onChange={onChange} />);
    await userEvent.setup().click(screen.getByText('Активно'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Активно').closest('label')?.dataset.disabled).toBe('true');
  });
});
