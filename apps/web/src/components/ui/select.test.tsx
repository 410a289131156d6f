import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterSelect } from './select.tsx';

describe('FilterSelect', () => {
  it('offers "all" first, then the choices; names the select; hands over the chosen value', async () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        label="Status"
        allLabel="All statuses"
        value="paid"
        choices={[
          { value: 'ordered', label: 'Ordered' },
          { value: 'paid', label: 'Paid' },
        ]}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect(select.value).toBe('paid');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'All statuses'],
      ['ordered', 'Ordered'],
      ['paid', 'Paid'],
    ]);
    const user = userEvent.setup();
    await user.selectOptions(select, 'ordered');
    expect(onChange).toHaveBeenLastCalledWith('ordered');
    await user.selectOptions(select, 'All statuses');
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
