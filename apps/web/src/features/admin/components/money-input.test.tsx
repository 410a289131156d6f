import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { adminBundle } from '../i18n/loaders.ts';
import { MoneyInput } from './money-input.tsx';

beforeAll(() => loadFeatureBundle('admin', adminBundle, 'bg'));

describe('MoneyInput', () => {
  it('sends what is typed as minor units', async () => {
    const onChange = vi.fn();
    render(<MoneyInput label="Цена" value={null} optional onChange={onChange} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Цена'), '12,5');
    expect(onChange).toHaveBeenLastCalledWith(1250);
    await user.tab();
    expect((screen.getByLabelText('Цена') as HTMLInputElement).value).toBe('12.50');
  });

  it('shows an amount in minor units as a decimal and flags text that is not money', async () => {
    const onChange = vi.fn();
    render(<MoneyInput label="Цена" value={990} onChange={onChange} />);
    const input = screen.getByLabelText('Цена');
    expect((input as HTMLInputElement).value).toBe('9.90');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '1.234');
    expect(onChange).toHaveBeenLastCalledWith(123);
    await user.tab();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Въведете сума, напр. 12.50')).toBeTruthy();
  });

  it('keeps its name while invalid: the error describes the input instead', async () => {
    render(<MoneyInput label="Цена" value={990} hint="с ДДС" onChange={() => undefined} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Цена'));
    await user.tab();
    const input = screen.getByRole('textbox', { name: 'Цена' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['с ДДС', 'Въведете сума, напр. 12.50']);
  });

  // Issue 21: the money input is the console's Field, validating inline like the text and number inputs.
  it('says nothing while typing; the error shows once the field was left, in the Field look', async () => {
    render(<MoneyInput label="Цена" value={990} onChange={() => undefined} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Цена');
    await user.clear(input);
    await user.type(input, '12,x');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Въведете сума, напр. 12.50')).toBeNull();
    await user.tab();
    const error = screen.getByText('Въведете сума, напр. 12.50');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    // The shared Field's wrapper marks itself invalid (its red border), as the other admin inputs do.
    expect(input.closest('[data-invalid]')).not.toBeNull();
    await user.clear(input);
    await user.type(input, '12,5');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.closest('[data-invalid]')).toBeNull();
  });

  it('shows the error at once after a save attempt (showError), before the field was left', () => {
    const { rerender } = render(<MoneyInput label="Цена" value={null} onChange={() => undefined} />);
    const input = screen.getByLabelText('Цена');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    rerender(<MoneyInput label="Цена" value={null} showError onChange={() => undefined} />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Въведете сума, напр. 12.50').id).toBe(input.getAttribute('aria-describedby'));
  });
});
